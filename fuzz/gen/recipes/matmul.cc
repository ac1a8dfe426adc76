// Op recipes for the cube products: tile.matmul/matmul_acc/matmul_bias,
// gemv/gemv_acc/gemv_bias, batch_matmul/batch_matmul_acc (ir/ops/
// tile_matmul.cc) and the MX forms with tile.tget_scale_addr
// (tile_matmul_mx.cc). Operands are created in the L0 buffers directly;
// MX scales come from an MX-layout tensor loaded to Mat and moved.
// Internal to the program generator; see recipe_util.h.

#include <vector>

#include "absl/types/span.h"
#include "fuzz/gen/recipes/families.h"
#include "fuzz/gen/recipes/recipe_util.h"
#include "ir/attr.h"
#include "ir/context.h"
#include "ir/enums.h"
#include "ir/expr.h"

namespace pto::fuzz::recipes {
namespace {

using ir::MemorySpace;

constexpr DataType kCubeDTypes[] = {DataType::kBF16, DataType::kFP16, DataType::kFP32,
                                    DataType::kInt8};
constexpr const char* kAccPhases[] = {"unspecified", "partial", "final"};

DataType AccOf(DataType t) { return t.IsFloat() ? DataType::kFP32 : DataType::kInt32; }

const Var* Create(GenScope& s, DataType dtype, std::vector<int64_t> shape, MemorySpace space) {
  return s.TryOp("tile.create", {s.IndexList(shape)},
                 {{"dtype", AttrValue::DType(dtype)}, {"target_memory", AttrValue::Enum(space)}});
}

int64_t Dim(GenScope& s) { return s.Pick<int64_t>({16, 32, 64}); }

struct Operands {
  const Var* lhs;
  const Var* rhs;
  DataType dtype;
  int64_t m, k, n;
};

bool MakeOperands(GenScope& s, Operands* o, bool row_lhs = false) {
  o->dtype = s.Pick(absl::Span<const DataType>(kCubeDTypes));
  o->m = row_lhs ? 1 : Dim(s);
  o->k = Dim(s);
  o->n = Dim(s);
  o->lhs = Create(s, o->dtype, {o->m, o->k}, MemorySpace::kLeft);
  o->rhs = Create(s, o->dtype, {o->k, o->n}, MemorySpace::kRight);
  return o->lhs != nullptr && o->rhs != nullptr;
}

bool TileMatmul(GenScope& s) {
  Operands o;
  return MakeOperands(s, &o) && s.TryOp("tile.matmul", {o.lhs, o.rhs}) != nullptr;
}

bool TileMatmulAcc(GenScope& s) {
  Operands o;
  if (!MakeOperands(s, &o)) return false;
  const Var* acc = Create(s, AccOf(o.dtype), {o.m, o.n}, MemorySpace::kAcc);
  if (acc == nullptr) return false;
  if (s.Coin()) return s.TryOp("tile.matmul_acc", {acc, o.lhs, o.rhs}) != nullptr;
  return s.TryOp("tile.matmul_acc", {acc, o.lhs, o.rhs, s.Literal(DataType::kBool)}) != nullptr;
}

bool TileMatmulBias(GenScope& s) {
  Operands o;
  if (!MakeOperands(s, &o)) return false;
  const Var* bias = Create(s, AccOf(o.dtype), {1, o.n}, MemorySpace::kBias);
  return bias != nullptr && s.TryOp("tile.matmul_bias", {o.lhs, o.rhs, bias}) != nullptr;
}

NamedAttr Phase(GenScope& s) {
  return {"acc_phase", AttrValue::String(s.Pick(absl::Span<const char* const>(kAccPhases)))};
}

bool TileGemv(GenScope& s) {
  Operands o;
  return MakeOperands(s, &o, /*row_lhs=*/true) &&
         s.TryOp("tile.gemv", {o.lhs, o.rhs}, {Phase(s)}) != nullptr;
}

bool TileGemvAcc(GenScope& s) {
  Operands o;
  if (!MakeOperands(s, &o, /*row_lhs=*/true)) return false;
  const Var* acc = s.TryOp("tile.gemv", {o.lhs, o.rhs});
  return acc != nullptr && s.TryOp("tile.gemv_acc", {acc, o.lhs, o.rhs}, {Phase(s)}) != nullptr;
}

bool TileGemvBias(GenScope& s) {
  Operands o;
  if (!MakeOperands(s, &o, /*row_lhs=*/true)) return false;
  const Var* bias = Create(s, AccOf(o.dtype), {1, o.n}, MemorySpace::kBias);
  return bias != nullptr && s.TryOp("tile.gemv_bias", {o.lhs, o.rhs, bias}, {Phase(s)}) != nullptr;
}

const Var* BatchMatmul(GenScope& s) {
  DataType dtype = s.Pick(absl::Span<const DataType>(kCubeDTypes));
  int64_t b = s.Pick<int64_t>({1, 2, 4});
  int64_t m = Dim(s), k = Dim(s), n = Dim(s);
  const Var* lhs = Create(s, dtype, {b, m, k}, MemorySpace::kLeft);
  const Var* rhs = Create(s, dtype, {s.Coin() ? b : 1, k, n}, MemorySpace::kRight);
  if (lhs == nullptr || rhs == nullptr) return nullptr;
  const Var* c = s.TryOp("tile.batch_matmul", {lhs, rhs});
  if (c == nullptr || s.Coin()) return c;
  return s.TryOp("tile.batch_matmul_acc", {c, lhs, rhs});
}

bool TileBatchMatmul(GenScope& s) { return BatchMatmul(s) != nullptr; }
bool TileBatchMatmulAcc(GenScope& s) {
  // The accumulator is a batch_matmul result; the second call is the acc.
  DataType dtype = s.Pick(absl::Span<const DataType>(kCubeDTypes));
  int64_t m = Dim(s), k = Dim(s), n = Dim(s);
  const Var* lhs = Create(s, dtype, {2, m, k}, MemorySpace::kLeft);
  const Var* rhs = Create(s, dtype, {2, k, n}, MemorySpace::kRight);
  if (lhs == nullptr || rhs == nullptr) return false;
  const Var* c = s.TryOp("tile.batch_matmul", {lhs, rhs});
  return c != nullptr && s.TryOp("tile.batch_matmul_acc", {c, lhs, rhs}) != nullptr;
}

// An MX scale tile in LeftScale/RightScale: an MX-layout UINT8 tensor loaded
// to Mat, then moved.
const Var* Scale(GenScope& s, int64_t rows, int64_t cols, bool left) {
  const Var* t = s.TryOp(
      "tensor.create", {s.IndexList({rows, cols})},
      {{"dtype", AttrValue::DType(DataType::kUInt8)},
       {"layout", AttrValue::Enum(left ? ir::TensorLayout::kMxAZZ : ir::TensorLayout::kMxBNN)}});
  if (t == nullptr) return nullptr;
  const Var* m = s.TryOp("tile.load",
                         {t, s.IndexList({0, 0}), s.IndexList({rows, cols}),
                          s.IndexList({rows, cols})},
                         {{"target_memory", AttrValue::Enum(MemorySpace::kMat)}});
  if (m == nullptr) return nullptr;
  return s.TryOp("tile.move", {m},
                 {{"target_memory", AttrValue::Enum(left ? MemorySpace::kLeftScale
                                                         : MemorySpace::kRightScale)}});
}

struct MxOperands {
  const Var *a, *sa, *b, *sb;
  int64_t m, n;
};

bool MakeMx(GenScope& s, MxOperands* o) {
  o->m = s.Pick<int64_t>({16, 32});
  int64_t k = s.Pick<int64_t>({64, 128});
  o->n = s.Pick<int64_t>({32, 64});
  o->a = Create(s, DataType::kFP8E4M3FN, {o->m, k}, MemorySpace::kLeft);
  o->b = Create(s, DataType::kFP8E4M3FN, {k, o->n}, MemorySpace::kRight);
  o->sa = Scale(s, o->m, k / 32, /*left=*/true);
  o->sb = Scale(s, k / 32, o->n, /*left=*/false);
  return o->a != nullptr && o->b != nullptr && o->sa != nullptr && o->sb != nullptr;
}

bool TileMatmulMx(GenScope& s) {
  MxOperands o;
  return MakeMx(s, &o) && s.TryOp("tile.matmul_mx", {o.a, o.sa, o.b, o.sb}) != nullptr;
}

bool TileMatmulMxAcc(GenScope& s) {
  MxOperands o;
  if (!MakeMx(s, &o)) return false;
  const Var* acc = Create(s, DataType::kFP32, {o.m, o.n}, MemorySpace::kAcc);
  return acc != nullptr && s.TryOp("tile.matmul_mx_acc", {acc, o.a, o.sa, o.b, o.sb}) != nullptr;
}

bool TileMatmulMxBias(GenScope& s) {
  MxOperands o;
  if (!MakeMx(s, &o)) return false;
  const Var* bias = Create(s, DataType::kFP32, {1, o.n}, MemorySpace::kBias);
  return bias != nullptr &&
         s.TryOp("tile.matmul_mx_bias", {o.a, o.sa, o.b, o.sb, bias}) != nullptr;
}

bool TileTGetScaleAddr(GenScope& s) {
  MxOperands o;
  if (!MakeMx(s, &o)) return false;
  return s.Coin() ? s.TryOp("tile.tget_scale_addr", {o.sa, o.a}) != nullptr
                  : s.TryOp("tile.tget_scale_addr", {o.sb, o.b}) != nullptr;
}

constexpr OpRecipe kRecipes[] = {
    PTO_RECIPE("tile.batch_matmul", TileBatchMatmul),
    PTO_RECIPE("tile.batch_matmul_acc", TileBatchMatmulAcc),
    PTO_RECIPE("tile.gemv", TileGemv),
    PTO_RECIPE("tile.gemv_acc", TileGemvAcc),
    PTO_RECIPE("tile.gemv_bias", TileGemvBias),
    PTO_RECIPE("tile.matmul", TileMatmul),
    PTO_RECIPE("tile.matmul_acc", TileMatmulAcc),
    PTO_RECIPE("tile.matmul_bias", TileMatmulBias),
    PTO_RECIPE("tile.matmul_mx", TileMatmulMx),
    PTO_RECIPE("tile.matmul_mx_acc", TileMatmulMxAcc),
    PTO_RECIPE("tile.matmul_mx_bias", TileMatmulMxBias),
    PTO_RECIPE("tile.tget_scale_addr", TileTGetScaleAddr),
};

}  // namespace

absl::Span<const OpRecipe> MatmulRecipes() { return kRecipes; }

}  // namespace pto::fuzz::recipes
