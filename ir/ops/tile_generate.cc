// Tile generators that fill a fresh Vec tile from scalars: tile.ci (an
// integer sequence), tile.tri (a triangular mask) and tile.random (a
// counter-based pseudo-random block).
//
//   s = pl.tile.ci(0, [1, 32], dtype=pl.INT32, descending=False)    # 0, 1, ..., 31
//   m = pl.tile.tri(0, [16, 16], dtype=pl.FP32, upper=False)          # lower triangle
//   r = pl.tile.random(k0, k1, c0, c1, c2, c3, [8, 64], dtype=pl.UINT32, rounds=10)
//
// A scalar operand must have the dtype the hardware reads (ci: the tile's,
// tri and random: INT32). An integer literal stands for that dtype: the DSL
// retypes literals, so their own dtype is not checked.

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

constexpr DataType kCiDTypes[] = {DataType::kInt16, DataType::kInt32, DataType::kUInt16,
                                  DataType::kUInt32};
constexpr DataType kTriDTypes[] = {DataType::kInt8,   DataType::kUInt8,  DataType::kInt16,
                                   DataType::kInt32,  DataType::kUInt16, DataType::kUInt32,
                                   DataType::kFP16,   DataType::kBF16,   DataType::kFP32};
constexpr DataType kRandomDTypes[] = {DataType::kInt32, DataType::kUInt32};
constexpr int kSeedWords = 6;  // key0, key1, counter0..counter3

// Argument `i` is an integer literal or a scalar of `dtype`.
absl::Status ExpectScalarOf(const DeduceContext& dc, size_t i, DataType dtype,
                            absl::string_view what) {
  if (dc.arg(i)->Is<ConstInt>()) return absl::OkStatus();
  const auto* s = dc.arg(i)->type()->As<ScalarType>();
  if (s != nullptr && s->dtype() == dtype) return absl::OkStatus();
  return dc.Error(absl::StrCat("requires ", what, " to be an integer literal or a ", dtype.name(),
                               " scalar, got ", FormatExpr(dc.arg(i))));
}

// The optional valid_shape at argument `i`: constants in (0, shape[d]]. An
// out-parameter: GCC misreads a returned empty InlinedVector as uninitialized.
absl::Status StaticValid(const DeduceContext& dc, size_t i, ExprSpan shape, DimVec* valid) {
  if (dc.num_args() <= i || dc.arg(i) == nullptr) return absl::OkStatus();
  PTO_ASSIGN_OR_RETURN(ExprSpan v, ExpectTuple(dc, i));
  if (v.size() != shape.size()) {
    return dc.Error(absl::StrCat("valid_shape must have rank ", shape.size(), ", got ", v.size()));
  }
  for (size_t d = 0; d < v.size(); ++d) {
    std::optional<int64_t> c = AsConstInt(v[d]);
    if (!c || *c <= 0 || *c > *AsConstInt(shape[d])) {
      return dc.Error(absl::StrCat("requires 0 < valid_shape[", d, "] <= ", FormatExpr(shape[d]),
                                   ", got ", FormatExpr(v[d])));
    }
    valid->push_back(dc.ctx().Index(*c));
  }
  return absl::OkStatus();
}

absl::Status ExpectRank2(const DeduceContext& dc, ExprSpan shape) {
  if (shape.size() == 2) return absl::OkStatus();
  return dc.Error(absl::StrCat("requires a 2-D shape, got rank ", shape.size()));
}

absl::StatusOr<const Type*> DeduceCi(const DeduceContext& dc) {
  DataType dtype = dc.FindKwarg("dtype")->dtype();
  PTO_RETURN_IF_ERROR(ExpectDType(dc, dtype, kCiDTypes, "dtype"));
  PTO_RETURN_IF_ERROR(ExpectScalarOf(dc, 0, dtype, "start"));
  PTO_ASSIGN_OR_RETURN(DimVec shape, ExpectStaticShape(dc, 1));
  if (AsConstInt(shape.back()) == 1) {
    return dc.Error("requires the innermost dimension to be != 1");
  }
  // pto.tci fills only the first row.
  for (size_t d = 0; d + 1 < shape.size(); ++d) {
    if (AsConstInt(shape[d]) != 1) {
      return dc.Error(absl::StrCat("fills only the first row, so leading dimensions must be 1, "
                                   "got ",
                                   FormatShape(shape)));
    }
  }
  return MakeTile(dc, dtype, shape, MemorySpace::kVec);
}

absl::StatusOr<const Type*> DeduceTri(const DeduceContext& dc) {
  DataType dtype = dc.FindKwarg("dtype")->dtype();
  PTO_RETURN_IF_ERROR(ExpectDType(dc, dtype, kTriDTypes, "dtype"));
  PTO_RETURN_IF_ERROR(ExpectScalarOf(dc, 0, DataType::kInt32, "diagonal"));
  PTO_ASSIGN_OR_RETURN(DimVec shape, ExpectStaticShape(dc, 1));
  PTO_RETURN_IF_ERROR(ExpectRank2(dc, shape));
  DimVec valid;
  PTO_RETURN_IF_ERROR(StaticValid(dc, 2, shape, &valid));
  return MakeTileWithValid(dc, dtype, shape, MemorySpace::kVec, valid);
}

absl::StatusOr<const Type*> DeduceRandom(const DeduceContext& dc) {
  DataType dtype = dc.FindKwarg("dtype")->dtype();
  PTO_RETURN_IF_ERROR(ExpectDType(dc, dtype, kRandomDTypes, "dtype"));
  int64_t rounds = dc.FindKwarg("rounds")->int_value();
  if (rounds != 7 && rounds != 10) {
    return dc.Error(absl::StrCat("requires rounds to be 7 or 10, got ", rounds));
  }
  for (int i = 0; i < kSeedWords; ++i) {
    PTO_RETURN_IF_ERROR(ExpectScalarOf(dc, i, DataType::kInt32, dc.op().args()[i].name));
  }
  PTO_ASSIGN_OR_RETURN(DimVec shape, ExpectStaticShape(dc, kSeedWords));
  PTO_RETURN_IF_ERROR(ExpectRank2(dc, shape));
  DimVec valid;
  PTO_RETURN_IF_ERROR(StaticValid(dc, kSeedWords + 1, shape, &valid));
  return MakeRowMajorTile(dc, dtype, shape, MemorySpace::kVec, valid);
}

}  // namespace

void RegisterTileGenerateOps(OpRegistry& registry) {
  registry.Register("tile.ci")
      .Category(OpCategory::kTile)
      .Doc("A [1, N] Vec tile holding start, start +/- 1, ... (pto.tci).")
      .Arg("start")
      .Arg("shape")
      .Kwarg("dtype", AttrKind::kDataType, AttrValue::DType(DataType::kInt32))
      .Kwarg("descending", AttrKind::kBool, AttrValue::Bool(false))
      .Deduce(DeduceCi);
  registry.Register("tile.tri")
      .Category(OpCategory::kTile)
      .Doc("A 2-D lower (or upper) triangular 0/1 mask tile (pto.ttri).")
      .Arg("diagonal")
      .Arg("shape")
      .OptionalArg("valid_shape")
      .Kwarg("dtype", AttrKind::kDataType, AttrValue::DType(DataType::kInt32))
      .Kwarg("upper", AttrKind::kBool, AttrValue::Bool(false))
      .Deduce(DeduceTri);
  registry.Register("tile.random")
      .Category(OpCategory::kTile)
      .Doc("A 2-D tile of counter-based pseudo-random integers (pto.trandom).")
      .Arg("key0")
      .Arg("key1")
      .Arg("counter0")
      .Arg("counter1")
      .Arg("counter2")
      .Arg("counter3")
      .Arg("shape")
      .OptionalArg("valid_shape")
      .Kwarg("dtype", AttrKind::kDataType, AttrValue::DType(DataType::kUInt32))
      .Kwarg("rounds", AttrKind::kInt, AttrValue::Int(10))
      .Deduce(DeduceRandom);
}

}  // namespace pto::ir
