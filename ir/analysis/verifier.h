// The IR verifier: is a program well formed?
//
// Passes, the parser and the opt tool run it before and after every
// transformation. It reports every problem it finds, each at the location of
// the offending node, in program order:
//
//   k.py:7:9: error: tile.add: type pl.Tile[[16, 16], pl.FP16, pl.Mem.Vec] does not
//       match the deduced type pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]
//   k.py:9:5: error: 'acc' is used outside the scope that defines it (defined at k.py:5:12)
//
// What it checks:
//   * SSA and scoping. Every Var object is defined once in its function
//     (param, AssignStmt var, loop var, iter arg or return var) and used only
//     after its definition and within its scope: what a For/While body or an
//     If branch defines is not visible after the construct (only its return
//     vars are); iter args are visible in their loop body and in a While's
//     condition. A Var in the shape of a param's type (a dynamic dim such as
//     `N`) counts as defined at function entry. Vars inside types are not
//     checked as uses.
//   * Types. An op call's type is the one its deducer gives for its args and
//     kwargs (after its arity and kwargs are checked against the op's
//     schema); a deducer error is reported too. A function call names a
//     function of the program, matches its arity, passes args that fit the
//     params (FitsFunctionBoundary, ir/type_compat.h: the same sort and a
//     meeting dtype), and has the callee's return type (a return dim that
//     mentions a Var accepts any dim). An AssignStmt's var has its value's
//     type, or an annotation upstream lets override it (AnnotationMayRetype:
//     an INDEX scalar as an integer, a tensor view, a tile's memory space
//     or view).
//   * Control flow. A For/While with iter args ends its body in a YieldStmt
//     matching them in count and type, its return vars match them too, and
//     each iter arg's type is its init's type, where "match" is
//     CarriedTypesAgree (ir/type_compat.h: a tile's memory space may
//     differ). An If with return vars has an else branch and both branches
//     end in a YieldStmt matching them. A YieldStmt is only the last
//     statement of a loop body or If branch. A ReturnStmt may stand
//     anywhere but in a pl.split_aiv region (an early return; the rest of
//     its block is dead code), its values fitting the return types
//     (FitsFunctionBoundary; `return a, b` may give the elements of one
//     declared pl.Tuple), and a function with return types returns on every
//     path (a return, an if whose both branches do, or a scope around one). For bounds are integer scalars of any width (an
//     INT32 bound is cast to index where it is emitted), the loop var an
//     index-like scalar (INT64, UINT64, INDEX); If and While conditions are
//     scalars.
//
// Linear in the size of the program (plus the cost of the op deducers);
// statement/expression nesting deeper than 1000 levels is reported, not
// descended into.
//
//   absl::Status s = VerifyProgram(program);
//   if (!s.ok()) std::cerr << s.message();   // one "FILE:LINE:COL: error: ..." per line
//   for (const Diagnostic& d : CollectDiagnostics(program)) { ... }

#ifndef PTO_IR_ANALYSIS_VERIFIER_H_
#define PTO_IR_ANALYSIS_VERIFIER_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "ir/context.h"
#include "ir/function.h"
#include "ir/source_loc.h"

namespace pto::ir {

struct Diagnostic {
  // Where the problem is; unknown locations fall back to the enclosing
  // statement's, then the function's.
  SourceLoc loc;
  std::string message;
};

// "FILE:LINE:COL: error: MESSAGE".
std::string FormatDiagnostic(const Context& ctx, const Diagnostic& diagnostic);

// Every problem of the program (of one of its functions), in program order.
// Re-deducing call types may intern new types in the program's Context.
std::vector<Diagnostic> CollectDiagnostics(const Program& program);
std::vector<Diagnostic> CollectDiagnostics(const Program& program, const Function* function);

// OK, or InvalidArgument listing every problem, one formatted diagnostic
// per line.
absl::Status VerifyProgram(const Program& program);
// Checks one function; calls resolve against `program`.
absl::Status VerifyFunction(const Program& program, const Function* function);

}  // namespace pto::ir

#endif  // PTO_IR_ANALYSIS_VERIFIER_H_
