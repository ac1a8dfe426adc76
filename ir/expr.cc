#include "ir/expr.h"

#include <limits>

#include "ir/function.h"
#include "ir/op.h"

namespace pto::ir {

std::optional<int64_t> AsConstInt(const Expr* e) {
  if (const auto* c = e->As<ConstInt>()) return c->value();
  return std::nullopt;
}

std::optional<int64_t> AsIntLiteral(const Expr* e) {
  if (const auto* u = e->As<UnaryExpr>(); u != nullptr && u->op() == UnaryOp::kNeg) {
    std::optional<int64_t> v = AsConstInt(u->operand());
    // -INT64_MIN does not exist; such a literal is not a constant here.
    if (v.has_value() && *v != std::numeric_limits<int64_t>::min()) return -*v;
    return std::nullopt;
  }
  return AsConstInt(e);
}

bool IsComparison(BinaryOp op) { return op >= BinaryOp::kEq && op <= BinaryOp::kGe; }
bool IsLogical(BinaryOp op) { return op >= BinaryOp::kAnd && op <= BinaryOp::kXor; }
bool IsBitwise(BinaryOp op) { return op >= BinaryOp::kBitAnd && op <= BinaryOp::kShr; }

const AttrValue* Call::FindKwarg(absl::string_view name) const {
  if (is_function_call()) return nullptr;
  int key = target_.op->FindKwarg(name);
  if (key < 0) return nullptr;
  for (const Kwarg& k : kwargs()) {
    if (k.key == key) return &k.value;
  }
  return nullptr;
}

absl::string_view Call::callee_name() const {
  return is_function_call() ? target_.callee->name() : target_.op->name();
}

}  // namespace pto::ir
