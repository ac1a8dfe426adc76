// Small on-core arrays (pl.Array[N, dtype]): fixed extent, integer, BOOL or
// TASK_ID elements, kept in scalar registers / on the stack, never in GM.
//
//   tids = pl.array.create(4, pl.TASK_ID)               # pl.Array[4, pl.TASK_ID]
//   t = pl.array.get_element(tids, i)                   # pl.Scalar[pl.TASK_ID]
//   tids2 = pl.array.update_element(tids, 0, t)         # pl.Array[4, pl.TASK_ID]
//
// Updates are functional: update_element returns a new array value equal to
// `array` but for element `index` (codegen may update in place when the old
// value is dead). An index outside [0, N) is the program's error. A value of
// INDEX dtype may be stored into any integer array and the reverse, as
// PyPTO allows (`arr[i] = i` with a loop index).

#include "absl/strings/str_cat.h"
#include "ir/ops/dist_checks.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

absl::StatusOr<const ArrayType*> ExpectArray(const DeduceContext& dc, size_t i) {
  if (const auto* a = dc.arg(i)->type()->As<ArrayType>()) return a;
  return dc.Error(absl::StrCat("array must be an ArrayType, got ", TypeKindName(dc.arg(i)->type())));
}

absl::StatusOr<const Type*> DeduceCreate(const DeduceContext& dc) {
  std::optional<int64_t> extent = AsConstInt(dc.arg(0));
  if (!extent) {
    return dc.Error(absl::StrCat("extent must be a compile-time integer, got ",
                                 FormatExpr(dc.arg(0))));
  }
  if (*extent <= 0) return dc.Error(absl::StrCat("extent must be positive, got ", *extent));
  PTO_ASSIGN_OR_RETURN(DataType dtype, RequireDTypeKwarg(dc, "dtype"));
  if (!dtype.IsInt() && dtype != DataType::kBool && dtype != DataType::kTaskId) {
    return dc.Error(
        absl::StrCat("dtype must be an integer, BOOL or TASK_ID, got ", dtype.name()));
  }
  return dc.ctx().GetArrayType(dtype, *extent);
}

absl::StatusOr<const Type*> DeduceGetElement(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const ArrayType* array, ExpectArray(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectIntegerScalar(dc, 1));
  return dc.ctx().GetScalarType(array->dtype());
}

absl::StatusOr<const Type*> DeduceUpdateElement(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const ArrayType* array, ExpectArray(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectIntegerScalar(dc, 1));
  PTO_ASSIGN_OR_RETURN(const ScalarType* value, ExpectScalar(dc, 2));
  DataType a = array->dtype();
  DataType v = value->dtype();
  bool index_mix = (v == DataType::kIndex && a.IsInt()) || (a == DataType::kIndex && v.IsInt());
  if (v != a && !index_mix) {
    return dc.Error(absl::StrCat("value dtype ", v.name(), " must match the array dtype ",
                                 a.name()));
  }
  return array;
}

}  // namespace

void RegisterArrayOps(OpRegistry& registry) {
  registry.Register("array.create")
      .Category(OpCategory::kSystem)
      .Doc("A new on-core array of `extent` elements of `dtype` (integer, BOOL or TASK_ID).")
      .Arg("extent")
      .Kwarg("dtype", AttrKind::kDataType)
      .Deduce(DeduceCreate);
  registry.Register("array.get_element")
      .Category(OpCategory::kSystem)
      .Doc("Element `index` of an array.")
      .Arg("array")
      .Arg("index")
      .Deduce(DeduceGetElement);
  registry.Register("array.update_element")
      .Category(OpCategory::kSystem)
      .Doc("The array with element `index` replaced by `value` (a new value; no mutation).")
      .Arg("array")
      .Arg("index")
      .Arg("value")
      .Deduce(DeduceUpdateElement);
}

}  // namespace pto::ir
