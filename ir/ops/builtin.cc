#include "ir/ops/builtin.h"

#include "absl/strings/str_cat.h"
#include "ir/check.h"
#include "ir/ops/families.h"

namespace pto::ir {

const OpRegistry& BuiltinOps() {
  static const OpRegistry* const registry = [] {
    auto* r = new OpRegistry();
    RegisterAllOpFamilies(*r);
    return r;
  }();
  return *registry;
}

const Op& BuiltinOp(absl::string_view name) {
  const Op* op = BuiltinOps().Find(name);
  PTO_CHECK(op != nullptr) << "no built-in op " << name;
  return *op;
}

absl::StatusOr<const Call*> MakeCall(Context& ctx, absl::string_view name, ExprSpan args,
                                     absl::Span<const NamedAttr> kwargs, SourceLoc loc) {
  const Op* op = BuiltinOps().Find(name);
  if (op == nullptr) return absl::NotFoundError(absl::StrCat("unknown op '", name, "'"));
  return CreateCall(ctx, *op, args, kwargs, loc);
}

}  // namespace pto::ir
