#include "ir/ops/system_checks.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/context.h"
#include "ir/ops/pipe_type.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {

absl::StatusOr<const Type*> NoValue(const DeduceContext& dc) { return dc.ctx().GetUnknownType(); }

absl::Status ExpectStringKwargIn(const DeduceContext& dc, absl::string_view name,
                                 std::initializer_list<absl::string_view> allowed) {
  const AttrValue* v = dc.FindKwarg(name);
  if (v == nullptr) return absl::OkStatus();
  for (absl::string_view a : allowed) {
    if (v->string_value() == a) return absl::OkStatus();
  }
  return dc.Error(absl::StrCat(name, " must be one of '", absl::StrJoin(allowed, "', '"),
                               "', got '", v->string_value(), "'"));
}

absl::Status ExpectOptionalIntKwargIn(const DeduceContext& dc, absl::string_view name, int64_t lo,
                                      int64_t hi) {
  const AttrValue* v = dc.FindKwarg(name);
  if (v == nullptr) return absl::OkStatus();
  int64_t i = v->int_value();
  if (i < lo || i > hi) {
    return dc.Error(absl::StrCat(name, " must be in [", lo, ", ", hi, "], got ", i));
  }
  return absl::OkStatus();
}

absl::Status ExpectPipeKwarg(const DeduceContext& dc, absl::string_view name) {
  const AttrValue* v = dc.FindKwarg(name);
  if (v == nullptr || PipeTypeFromInt(v->int_value())) return absl::OkStatus();
  return dc.Error(absl::StrCat(name, " must be a PipeType (0 = MTE1 .. ", kNumPipeTypes - 1,
                               " = ALL), got ", v->int_value()));
}

absl::Status ExpectHandle(const DeduceContext& dc, size_t i, HandleKind kind,
                          absl::string_view producer) {
  const Type* t = dc.arg(i)->type();
  if (const auto* h = t->As<HandleType>(); h != nullptr && h->handle_kind() == kind) {
    return absl::OkStatus();
  }
  return dc.Error(absl::StrCat(dc.op().args()[i].name, " must be a ", HandleTypeSpelling(kind),
                               " (from ", producer, "), got ",
                               t->Is<HandleType>()
                                   ? HandleTypeSpelling(t->As<HandleType>()->handle_kind())
                                   : TypeKindName(t)));
}

absl::Status ExpectScalarOf(const DeduceContext& dc, size_t i, DataType dtype) {
  PTO_ASSIGN_OR_RETURN(const ScalarType* s, ExpectScalar(dc, i));
  if (s->dtype() != dtype) {
    return dc.Error(absl::StrCat(dc.op().args()[i].name, " must be a pl.Scalar[pl.", dtype.name(),
                                 "], got pl.Scalar[pl.", s->dtype().name(), "]"));
  }
  return absl::OkStatus();
}

}  // namespace pto::ir
