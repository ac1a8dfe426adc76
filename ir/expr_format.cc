#include "ir/expr_format.h"

#include <cmath>

#include "absl/strings/str_cat.h"
#include "ir/float_literal.h"
#include "ir/function.h"
#include "ir/op.h"
#include "ir/operators.h"

namespace pto::ir {
namespace {

// Diagnostics never need more; it also bounds the recursion on hostile trees.
constexpr int kMaxFormatDepth = 32;

using P = OpPrecedence;

OpPrecedence PrecOf(const Expr* e) { return ExprPrecedence(e, /*typed_index_consts=*/false); }

void Append(std::string& out, const Expr* e, int depth);

void AppendArgs(std::string& out, ExprSpan args, int depth) {
  for (size_t i = 0; i < args.size(); ++i) {
    if (i > 0) out += ", ";
    Append(out, args[i], depth + 1);
  }
}

void AppendOperand(std::string& out, const Expr* e, bool parens, int depth) {
  if (parens) out += "(";
  Append(out, e, depth + 1);
  if (parens) out += ")";
}

void Append(std::string& out, const Expr* e, int depth) {
  if (e == nullptr) {
    out += "<null>";
    return;
  }
  if (depth > kMaxFormatDepth) {
    out += "...";
    return;
  }
  switch (e->kind()) {
    case NodeKind::kVar:
    case NodeKind::kIterArg: {
      absl::string_view name = e->As<Var>()->name();
      absl::StrAppend(&out, name.empty() ? absl::string_view("<unnamed>") : name);
      return;
    }
    case NodeKind::kConstInt: {
      const auto* c = e->As<ConstInt>();
      if (c->dtype() == DataType::kIndex) {
        absl::StrAppend(&out, c->value());
      } else {
        absl::StrAppend(&out, "pl.const(", c->value(), ", pl.", c->dtype().name(), ")");
      }
      return;
    }
    case NodeKind::kConstFloat: {
      const auto* c = e->As<ConstFloat>();
      FloatLiteral literal(c->value());
      if (c->dtype() == DataType::kFP32) {
        absl::StrAppend(&out, literal.view());
      } else {
        absl::StrAppend(&out, "pl.const(", literal.view(), ", pl.", c->dtype().name(), ")");
      }
      return;
    }
    case NodeKind::kConstBool:
      out += e->As<ConstBool>()->value() ? "True" : "False";
      return;
    case NodeKind::kCall: {
      const auto* c = e->As<Call>();
      if (c->op() != nullptr) {
        absl::StrAppend(&out, DslOpPrefix(c->op()->name()), c->op()->name(), "(");
      } else {
        absl::StrAppend(&out, "self.", c->callee() ? c->callee()->name() : "<null>", "(");
      }
      AppendArgs(out, c->args(), depth);
      out += ")";
      return;
    }
    case NodeKind::kMakeTuple:
      out += "[";
      AppendArgs(out, e->As<MakeTuple>()->elements(), depth);
      out += "]";
      return;
    case NodeKind::kTupleGetItem: {
      const auto* t = e->As<TupleGetItem>();
      AppendOperand(out, t->tuple(), PrecOf(t->tuple()) < P::kCall, depth);
      absl::StrAppend(&out, "[", t->index(), "]");
      return;
    }
    case NodeKind::kBinary: {
      const auto* b = e->As<BinaryExpr>();
      const OperatorInfo& info = OperatorOf(b->op());
      if (info.form == OpForm::kCall) {
        absl::StrAppend(&out, info.spelling, "(");
        Append(out, b->lhs(), depth + 1);
        out += ", ";
        Append(out, b->rhs(), depth + 1);
        out += ")";
        return;
      }
      AppendOperand(out, b->lhs(), NeedsParens(info, PrecOf(b->lhs()), /*is_left=*/true), depth);
      absl::StrAppend(&out, " ", info.spelling, " ");
      AppendOperand(out, b->rhs(), NeedsParens(info, PrecOf(b->rhs()), /*is_left=*/false), depth);
      return;
    }
    case NodeKind::kUnary: {
      const auto* u = e->As<UnaryExpr>();
      const OperatorInfo& info = OperatorOf(u->op());
      absl::StrAppend(&out, info.spelling);
      switch (info.form) {
        case OpForm::kPrefix:
          if (u->op() == UnaryOp::kNot) out += " ";
          AppendOperand(out, u->operand(), PrecOf(u->operand()) < info.precedence, depth);
          return;
        case OpForm::kCall:
          AppendOperand(out, u->operand(), /*parens=*/true, depth);
          return;
        case OpForm::kCast:
        case OpForm::kInfix:
          out += "(";
          Append(out, u->operand(), depth + 1);
          absl::StrAppend(&out, ", pl.", u->dtype().name(), ")");
          return;
      }
      return;
    }
    default:
      out += "<not an expression>";
      return;
  }
}

}  // namespace

OpPrecedence ExprPrecedence(const Expr* e, bool typed_index_consts) {
  switch (e->kind()) {
    case NodeKind::kBinary:
      return OperatorOf(e->As<BinaryExpr>()->op()).precedence;
    case NodeKind::kUnary:
      return OperatorOf(e->As<UnaryExpr>()->op()).precedence;
    case NodeKind::kConstInt: {
      const auto* c = e->As<ConstInt>();
      bool bare = c->dtype() == DataType::kIndex && !typed_index_consts;
      return bare && c->value() < 0 ? P::kUnary : P::kAtom;
    }
    case NodeKind::kConstFloat: {
      const auto* c = e->As<ConstFloat>();
      bool negative = std::signbit(c->value()) && std::isfinite(c->value());
      return c->dtype() == DataType::kFP32 && negative ? P::kUnary : P::kAtom;
    }
    default:
      return P::kAtom;
  }
}

void AppendFormattedExpr(std::string& out, const Expr* e) { Append(out, e, 0); }

void AppendFormattedShape(std::string& out, ExprSpan shape) {
  out += "[";
  AppendArgs(out, shape, 0);
  out += "]";
}

std::string FormatExpr(const Expr* e) {
  std::string out;
  AppendFormattedExpr(out, e);
  return out;
}

std::string FormatShape(ExprSpan shape) {
  std::string out;
  AppendFormattedShape(out, shape);
  return out;
}

}  // namespace pto::ir
