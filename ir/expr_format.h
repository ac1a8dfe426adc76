// The one formatter of IR expressions for diagnostics: op deducers, the
// verifier, structural-equality explanations, codegen and passes all spell
// dims and scalar expressions the way the text form writes them, with the
// operator table's precedences (ir/operators.h) deciding the parentheses.
// It is for humans: nothing parses it, and deep trees are cut off with `...`.
// (The text form itself is ir/text/printer/printer.h, which also names Vars
// uniquely; this one prints names as they are.)
//
//   FormatExpr(n_plus_1_times_n);        // "(N + 1) * N"
//   FormatExpr(ctx.Int(7, kInt32));      // "pl.const(7, pl.INT32)"
//   FormatExpr(call);                    // "pl.tile.add(a, b)"
//   FormatShape(tile->shape());          // "[16, N]"

#ifndef PTO_IR_EXPR_FORMAT_H_
#define PTO_IR_EXPR_FORMAT_H_

#include <string>

#include "ir/expr.h"

namespace pto::ir {

std::string FormatExpr(const Expr* e);
// "[16, N]".
std::string FormatShape(ExprSpan shape);
// Appends FormatExpr(e) / FormatShape(shape) to `out`.
void AppendFormattedExpr(std::string& out, const Expr* e);
void AppendFormattedShape(std::string& out, ExprSpan shape);

// How tightly `e` binds as an operand when printed: its operator's
// precedence, and kUnary for a negative literal (Python reads `-2` as a
// unary minus: `(-2) ** x`). An INDEX constant printed as pl.const(...)
// (`typed_index_consts`) is an atom.
OpPrecedence ExprPrecedence(const Expr* e, bool typed_index_consts);

}  // namespace pto::ir

#endif  // PTO_IR_EXPR_FORMAT_H_
