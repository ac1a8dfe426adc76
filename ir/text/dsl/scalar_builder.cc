#include "ir/text/dsl/scalar_builder.h"

#include <limits>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "ir/text/printer/printer.h"

namespace pto::ir {
namespace {

enum class OpClass { kArithmetic, kComparison, kBitwise, kLogical };

OpClass ClassOf(BinaryOp op) {
  if (IsComparison(op)) return OpClass::kComparison;
  if (IsBitwise(op)) return OpClass::kBitwise;
  if (IsLogical(op)) return OpClass::kLogical;
  return OpClass::kArithmetic;
}

absl::Status OperandError(absl::string_view op, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("operator '", op, "' ", what));
}

absl::StatusOr<DataType> ScalarDType(absl::string_view op, const Expr* e) {
  if (const auto* s = e->type()->As<ScalarType>()) {
    // A task id is an opaque handle: no operator applies to it.
    if (s->dtype().IsIdentifier()) {
      return OperandError(op, absl::StrCat("does not accept ", PrintType(s), " operands"));
    }
    return s->dtype();
  }
  return OperandError(op, absl::StrCat("requires scalar operands, got ", PrintType(e->type())));
}

const Expr* MaybeCast(Context& ctx, const Expr* e, DataType from, DataType to, SourceLoc loc) {
  return ScalarNeedsCast(from, to) ? ctx.NewUnary(UnaryOp::kCast, e, to, loc) : e;
}

}  // namespace

absl::StatusOr<const Expr*> MakeScalarBinary(Context& ctx, BinaryOp op, const Expr* lhs,
                                             const Expr* rhs, SourceLoc loc) {
  absl::string_view name = BinaryOpSpelling(op);
  absl::StatusOr<DataType> l = ScalarDType(name, lhs);
  if (!l.ok()) return l.status();
  absl::StatusOr<DataType> r = ScalarDType(name, rhs);
  if (!r.ok()) return r.status();
  OpClass cls = ClassOf(op);
  if (cls == OpClass::kLogical) return ctx.NewBinary(op, lhs, rhs, DataType::kBool, loc);
  if (l->IsBool() || r->IsBool()) return OperandError(name, "does not accept bool operands");
  if (cls == OpClass::kBitwise && (!l->IsInt() || !r->IsInt())) {
    return OperandError(name, absl::StrCat("requires integer operands, got ", l->lower_name(),
                                           " and ", r->lower_name()));
  }
  bool l_num = l->IsInt() || l->IsFloat();
  bool r_num = r->IsInt() || r->IsFloat();
  if (!l_num || !r_num) {
    return OperandError(name, absl::StrCat("requires numeric operands, got ", l->lower_name(),
                                           " and ", r->lower_name()));
  }
  if (l->IsFloat() != r->IsFloat()) {
    return OperandError(name, absl::StrCat("cannot mix ", l->lower_name(), " and ", r->lower_name(),
                                           "; convert one with pl.cast"));
  }
  DataType promoted = PromoteScalarDTypes(*l, *r);
  const Expr* a = MaybeCast(ctx, lhs, *l, promoted, loc);
  const Expr* b = MaybeCast(ctx, rhs, *r, promoted, loc);
  DataType result = cls == OpClass::kComparison ? DataType(DataType::kBool) : promoted;
  return ctx.NewBinary(op, a, b, result, loc);
}

absl::StatusOr<const Expr*> MakeScalarUnary(Context& ctx, UnaryOp op, const Expr* operand,
                                            SourceLoc loc) {
  absl::string_view name = UnaryOpSpelling(op);
  absl::StatusOr<DataType> t = ScalarDType(name, operand);
  if (!t.ok()) return t.status();
  switch (op) {
    case UnaryOp::kNot:
      return ctx.NewUnary(op, operand, DataType::kBool, loc);
    case UnaryOp::kBitNot:
      if (!t->IsInt()) {
        return OperandError(name,
                            absl::StrCat("requires an integer operand, got ", t->lower_name()));
      }
      return ctx.NewUnary(op, operand, *t, loc);
    case UnaryOp::kNeg:
    case UnaryOp::kAbs:
      if (!t->IsInt() && !t->IsFloat()) {
        return OperandError(name,
                            absl::StrCat("requires a numeric operand, got ", t->lower_name()));
      }
      if (op == UnaryOp::kNeg) {
        // A negated literal is a literal: `-1` prints and parses as one, so
        // Neg(1) could not survive a round trip.
        if (const auto* c = operand->As<ConstInt>()) {
          if (c->value() == std::numeric_limits<int64_t>::min()) {
            return OperandError(name, "negating the smallest INT64 value overflows");
          }
          if (c->dtype() == DataType::kIndex) return ctx.Index(-c->value());
          return ctx.Int(-c->value(), c->dtype(), loc);
        }
        if (const auto* c = operand->As<ConstFloat>()) return ctx.Float(-c->value(), c->dtype(), loc);
      }
      return ctx.NewUnary(op, operand, *t, loc);
    case UnaryOp::kCast:
      break;
  }
  return absl::InvalidArgumentError("use MakeScalarCast for casts");
}

absl::StatusOr<const Expr*> MakeScalarCast(Context& ctx, const Expr* operand, DataType dtype,
                                           SourceLoc loc) {
  if (!operand->type()->Is<ScalarType>()) {
    return absl::InvalidArgumentError(
        absl::StrCat("pl.cast: expected a scalar, got ", PrintType(operand->type())));
  }
  if (operand->type()->As<ScalarType>()->dtype().IsIdentifier() || dtype.IsIdentifier()) {
    return absl::InvalidArgumentError("pl.cast: a pl.TASK_ID converts to or from nothing");
  }
  return ctx.NewUnary(UnaryOp::kCast, operand, dtype, loc);
}

}  // namespace pto::ir
