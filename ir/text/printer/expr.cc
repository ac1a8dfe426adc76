// Expressions of the text form: upstream PyPTO's printed spelling, with
// minimal parentheses; attrs and calls.

#include "ir/text/printer/printer_impl.h"

#include "ir/ops/pipe_type.h"

#include "absl/strings/ascii.h"
#include "ir/expr_format.h"

namespace pto::ir::printer_impl {

namespace {

using P = OpPrecedence;

// Binary operators in call form print qualified: pl.min(a, b).
constexpr absl::string_view kCallPrefix = "pl.";

// Whether a binary tree has only integer-constant leaves (it then prints
// typed leaves, so that upstream's parser, which folds literal arithmetic,
// rebuilds the tree). The scan is budgeted so that printing stays linear on
// deep trees; beyond the budget the tree counts as not pure.
bool IsPureConstIntTree(const Expr* e, int* budget) {
  if (--*budget < 0) return false;
  if (e->Is<ConstInt>()) return true;
  const auto* b = e->As<BinaryExpr>();
  return b != nullptr && IsPureConstIntTree(b->lhs(), budget) &&
         IsPureConstIntTree(b->rhs(), budget);
}


}  // namespace

// --- Expressions ---------------------------------------------------------------

OpPrecedence Printer::PrecOf(const Expr* e) const { return ExprPrecedence(e, typed_consts_); }

void Printer::PrintChild(const OperatorInfo& parent, const Expr* child, bool is_left) {
  bool parens = NeedsParens(parent, PrecOf(child), is_left);
  if (parens) out_.push_back('(');
  PrintExprText(child);
  if (parens) out_.push_back(')');
}

void Printer::PrintBinary(const BinaryExpr* b) {
  const OperatorInfo& info = OperatorOf(b->op());
  if (info.form == OpForm::kCall) {
    Append(kCallPrefix);
    Append(info.spelling);
    out_.push_back('(');
    PrintExprText(b->lhs());
    Append(", ");
    PrintExprText(b->rhs());
    out_.push_back(')');
    return;
  }
  bool saved = typed_consts_;
  int budget = 64;
  if (!typed_consts_ && IsPureConstIntTree(b, &budget)) typed_consts_ = true;
  PrintChild(info, b->lhs(), /*is_left=*/true);
  out_.push_back(' ');
  Append(info.spelling);
  out_.push_back(' ');
  PrintChild(info, b->rhs(), /*is_left=*/false);
  typed_consts_ = saved;
}

void Printer::PrintUnary(const UnaryExpr* u) {
  const OperatorInfo& info = OperatorOf(u->op());
  Append(info.spelling);
  switch (info.form) {
    case OpForm::kPrefix: {
      // A word operator (`not`) is followed by a space, a symbol is not.
      if (absl::ascii_isalpha(static_cast<unsigned char>(info.spelling.back()))) {
        out_.push_back(' ');
      }
      bool parens = PrecOf(u->operand()) < info.precedence;
      if (parens) out_.push_back('(');
      PrintExprText(u->operand());
      if (parens) out_.push_back(')');
      return;
    }
    case OpForm::kCall:
      out_.push_back('(');
      PrintExprText(u->operand());
      out_.push_back(')');
      return;
    case OpForm::kCast:
    case OpForm::kInfix:
      out_.push_back('(');
      PrintExprText(u->operand());
      Append(", pl.");
      Append(u->dtype().name());
      out_.push_back(')');
      return;
  }
}

void Printer::AppendDoubleQuoted(absl::string_view s) {
  out_.push_back('"');
  for (char c : s) {
    if (c == '"' || c == '\\') out_.push_back('\\');
    out_.push_back(c);
  }
  out_.push_back('"');
}

void Printer::PrintAttr(const AttrValue& v) {
  switch (v.kind()) {
    case AttrKind::kBool:
      Append(v.bool_value() ? "True" : "False");
      return;
    case AttrKind::kInt:
      AppendInt(&out_, v.int_value());
      return;
    case AttrKind::kFloat:
      AppendFloat(&out_, v.float_value());
      return;
    case AttrKind::kString:
      AppendQuoted(&out_, v.string_value());
      return;
    case AttrKind::kDataType:
      Append("pl.");
      Append(v.dtype().name());
      return;
    case AttrKind::kMemorySpace:
      AppendEnum(&out_, v.As<MemorySpace>());
      return;
    case AttrKind::kTileLayout:
      AppendEnum(&out_, v.As<TileLayout>());
      return;
    case AttrKind::kTensorLayout:
      AppendEnum(&out_, v.As<TensorLayout>());
      return;
    case AttrKind::kPadValue:
      AppendEnum(&out_, v.As<PadValue>());
      return;
    case AttrKind::kAtomicType:
      AppendEnum(&out_, v.As<AtomicType>());
      return;
    case AttrKind::kArgDirection:
      AppendEnum(&out_, v.As<ArgDirection>());
      return;
    // Cast modes print as their quoted DSL names.
    case AttrKind::kRoundMode:
      AppendQuoted(&out_, EnumName(v.As<RoundMode>()));
      return;
    case AttrKind::kSaturationMode:
      AppendQuoted(&out_, EnumName(v.As<SaturationMode>()));
      return;
  }
}

// Int kwargs upstream's printer spells as enum members: the pipes of the
// sync ops and an int `atomic` (pld.tile.put's).
bool Printer::PrintIntKwargAsEnum(absl::string_view op, absl::string_view key, int64_t v) {
  if (key == "set_pipe" || key == "wait_pipe" ||
      (key == "pipe" && (op == "system.sync_set" || op == "system.sync_wait"))) {
    std::optional<PipeType> p = PipeTypeFromInt(v);
    if (!p) return false;
    Append("pl.PipeType.");
    Append(PipeTypeName(*p));
    return true;
  }
  if (key == "atomic" && (v == static_cast<int64_t>(AtomicType::kNone) ||
                          v == static_cast<int64_t>(AtomicType::kAdd))) {
    AppendEnum(&out_, static_cast<AtomicType>(v));
    return true;
  }
  return false;
}

void Printer::PrintTypedConsts(const Expr* e) {
  const bool saved = typed_consts_;
  typed_consts_ = true;
  PrintExprText(e);
  typed_consts_ = saved;
}

void Printer::PrintExprText(const Expr* e) {
  switch (e->kind()) {
    case NodeKind::kVar:
    case NodeKind::kIterArg:
      Append(NameOf(e->As<Var>()));
      return;
    case NodeKind::kConstInt: {
      const auto* c = e->As<ConstInt>();
      if (c->dtype() == DataType::kIndex && !typed_consts_) {
        AppendInt(&out_, c->value());
        return;
      }
      Append("pl.const(");
      AppendInt(&out_, c->value());
      Append(", pl.");
      Append(c->dtype().name());
      out_.push_back(')');
      return;
    }
    case NodeKind::kConstFloat: {
      const auto* c = e->As<ConstFloat>();
      if (c->dtype() == DataType::kFP32) {
        AppendFloat(&out_, c->value());
        return;
      }
      Append("pl.const(");
      AppendFloat(&out_, c->value());
      Append(", pl.");
      Append(c->dtype().name());
      out_.push_back(')');
      return;
    }
    case NodeKind::kConstBool:
      Append(e->As<ConstBool>()->value() ? "True" : "False");
      return;
    case NodeKind::kCall:
      PrintCall(e->As<Call>());
      return;
    case NodeKind::kMakeTuple: {
      out_.push_back('[');
      PrintExprList(e->As<MakeTuple>()->elements());
      out_.push_back(']');
      return;
    }
    case NodeKind::kTupleGetItem: {
      const auto* g = e->As<TupleGetItem>();
      bool parens = PrecOf(g->tuple()) < P::kCall;
      if (parens) out_.push_back('(');
      PrintExprText(g->tuple());
      if (parens) out_.push_back(')');
      out_.push_back('[');
      AppendInt(&out_, g->index());
      out_.push_back(']');
      return;
    }
    case NodeKind::kBinary:
      PrintBinary(e->As<BinaryExpr>());
      return;
    case NodeKind::kUnary:
      PrintUnary(e->As<UnaryExpr>());
      return;
    default:
      PTO_UNREACHABLE() << "not an expression kind: " << static_cast<int>(e->kind());
  }
}

}  // namespace pto::ir::printer_impl
