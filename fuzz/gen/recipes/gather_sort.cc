// Op recipes for on-chip gathers, scatters and sorts (ir/ops/
// tile_gather_scatter.cc, tile_sort.cc) and for the cube/vector crossings
// (tile_cross_core.cc).
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

DataType VecDType(GenScope& s) {
  return s.Pick<DataType>({DataType::kFP32, DataType::kFP16, DataType::kInt32, DataType::kInt16});
}

DataType IndexFor(DataType t) { return t.bytes() == 4 ? DataType::kInt32 : DataType::kInt16; }

bool TileGather(GenScope& s) {
  DataType dtype = VecDType(s);
  const Var* src = s.FreshTile(dtype, {1, 256});
  const Var* idx = s.FreshTile(s.Coin() ? DataType::kInt32 : IndexFor(dtype), {8, 32});
  return src != nullptr && idx != nullptr && s.TryOp("tile.gather", {src, idx, idx}) != nullptr;
}

bool TileGatherb(GenScope& s) {
  DataType dtype = VecDType(s);
  const Var* src = s.FreshTile(dtype, {16, 64});
  const Var* off = s.FreshTile(DataType::kUInt32, {s.Pick<int64_t>({1, 4}), 8});
  if (src == nullptr || off == nullptr) return false;
  std::vector<NamedAttr> kw;
  if (s.Coin()) kw.push_back({"output_dtype", AttrValue::DType(VecDType(s))});
  return s.TryOp("tile.gatherb", {src, off}, kw) != nullptr;
}

bool TileGatherMask(GenScope& s) {
  const Var* src = s.FreshTile(VecDType(s), {8, 64});
  return src != nullptr && s.TryOp("tile.gather_mask", {src},
                                   {{"mask_pattern", AttrValue::Int(s.Int(1, 7))}}) != nullptr;
}

bool TileGatherCompare(GenScope& s) {
  DataType dtype = VecDType(s);
  const Var* src = s.FreshTile(dtype, {8, 64});
  const Var* tmp = s.FreshTile(DataType::kUInt8, {8, 64});
  if (src == nullptr || tmp == nullptr) return false;
  const Var* k = s.TryOp("tile.read", {src, s.IndexList({0, 0})});
  if (k == nullptr) return false;
  return s.TryOp("tile.gather_compare", {src, k, tmp},
                 {{"cmp_mode", AttrValue::Int(s.Int(0, 5))},
                  {"out_cols", AttrValue::Int(s.Pick<int64_t>({16, 64}))}}) != nullptr;
}

bool TileGatherRow(GenScope& s) {
  DataType dtype = s.Pick<DataType>({DataType::kBF16, DataType::kFP16, DataType::kFP32});
  const Var* dst = s.FreshTile(dtype, {16, 64});
  const Var* src = s.FreshTensor(dtype, {256, 64});
  if (dst == nullptr || src == nullptr) return false;
  std::vector<const Expr*> args = {dst, src, s.IndexList({s.Int(0, 15), 0}),
                                   s.IndexList({s.Int(0, 255), 0}), s.IndexList({1, 64})};
  if (s.Coin()) args.push_back(s.IndexList({1, 32}));
  return s.TryOp("tile.gather_row", args, {{"transpose", AttrValue::Bool(false)}}) != nullptr;
}

bool TileScatter(GenScope& s) {
  DataType dtype = VecDType(s);
  const Var* dst = s.FreshTile(dtype, {16, 64});
  const Var* src = s.FreshTile(dtype, {4, 8});
  const Var* idx = s.FreshTile(IndexFor(dtype), {4, 8});
  return dst != nullptr && src != nullptr && idx != nullptr &&
         s.TryOp("tile.scatter", {dst, src, idx}) != nullptr;
}

bool TileScatterMask(GenScope& s) {
  DataType dtype = VecDType(s);
  int pattern = s.Int(1, 7);
  int64_t stride = pattern == 7 ? 1 : pattern <= 2 ? 2 : 4;
  const Var* dst = s.FreshTile(dtype, {8, 16 * stride});
  const Var* src = s.FreshTile(dtype, {8, 16});
  return dst != nullptr && src != nullptr &&
         s.TryOp("tile.scatter_mask", {dst, src},
                 {{"mask_pattern", AttrValue::Int(pattern)}}) != nullptr;
}

bool TileSort32(GenScope& s) {
  DataType dtype = s.Coin() ? DataType::kFP32 : DataType::kFP16;
  const Var* v = s.FreshTile(dtype, {1, 64});
  const Var* idx = s.FreshTile(DataType::kUInt32, {1, 64});
  return v != nullptr && idx != nullptr && s.TryOp("tile.sort32", {v, idx}) != nullptr;
}

bool TileMrgsort1(GenScope& s) {
  DataType dtype = s.Coin() ? DataType::kFP32 : DataType::kFP16;
  const Var* v = s.FreshTile(dtype, {1, 256});
  return v != nullptr &&
         s.TryOp("tile.mrgsort_format1", {v, s.ctx().Index(s.Pick<int64_t>({64, 128}))}) !=
             nullptr;
}

bool TileMrgsort2(GenScope& s) {
  DataType dtype = s.Coin() ? DataType::kFP32 : DataType::kFP16;
  const Var* a = s.FreshTile(dtype, {1, 128});
  const Var* tmp = s.FreshTile(dtype, {1, 512});
  if (a == nullptr || tmp == nullptr) return false;
  std::vector<const Expr*> args = {a, a};
  if (s.Coin()) args.push_back(a);
  args.push_back(tmp);
  return s.TryOp("tile.mrgsort_format2", args, {{"exhausted", AttrValue::Bool(s.Coin())}}) !=
         nullptr;
}

// --- cube/vector crossings ------------------------------------------------------

const Var* AccTile(GenScope& s) {
  return s.TryOp("tile.create", {s.IndexList({s.Pick<int64_t>({32, 64}), 64})},
                 {{"dtype", AttrValue::DType(DataType::kFP32)},
                  {"target_memory", AttrValue::Enum(MemorySpace::kAcc)}});
}

bool TilePush(GenScope& s, const char* op) {
  const Var* t = AccTile(s);
  if (t == nullptr) return false;
  const Expr* args[] = {t};
  NamedAttr kw[] = {{"split", AttrValue::Int(s.Int(0, 2))}};
  return EmitEffect(s, op, args, kw);
}

bool TilePop(GenScope& s, const char* op) {
  NamedAttr kw[] = {{"split", AttrValue::Int(s.Int(0, 2))}};
  return EmitEffect(s, op, {}, kw);
}

bool TileAivShard(GenScope& s) {
  const Var* t = AccTile(s);
  return t != nullptr &&
         s.TryOp("tile.aiv_shard", {t}, {{"split", AttrValue::Int(s.Int(0, 2))}}) != nullptr;
}

bool TileAicGather(GenScope& s) {
  const Var* t = s.FreshTile(s.Coin() ? DataType::kBF16 : DataType::kFP16, {32, 64});
  return t != nullptr &&
         s.TryOp("tile.aic_gather", {t}, {{"split", AttrValue::Int(s.Int(0, 2))}}) != nullptr;
}

bool TensorSplit(GenScope& s, const char* op) {
  const Var* x = s.FreshTensor(s.Coin() ? DataType::kBF16 : DataType::kFP32, {64, 64});
  return x != nullptr && s.TryOp(op, {x}, {{"split", AttrValue::Int(s.Int(0, 2))}}) != nullptr;
}

constexpr OpRecipe kRecipes[] = {
    PTO_RECIPE("tensor.aic_gather", TensorSplit, "tensor.aic_gather"),
    PTO_RECIPE("tensor.aiv_shard", TensorSplit, "tensor.aiv_shard"),
    PTO_RECIPE("tile.aic_gather", TileAicGather),
    PTO_RECIPE("tile.aiv_shard", TileAivShard),
    PTO_RECIPE("tile.gather", TileGather),
    PTO_RECIPE("tile.gather_compare", TileGatherCompare),
    PTO_RECIPE("tile.gather_mask", TileGatherMask),
    PTO_RECIPE("tile.gather_row", TileGatherRow),
    PTO_RECIPE("tile.gatherb", TileGatherb),
    PTO_RECIPE("tile.mrgsort_format1", TileMrgsort1),
    PTO_RECIPE("tile.mrgsort_format2", TileMrgsort2),
    PTO_RECIPE("tile.scatter", TileScatter),
    PTO_RECIPE("tile.scatter_mask", TileScatterMask),
    PTO_RECIPE("tile.sort32", TileSort32),
    PTO_RECIPE("tile.tpop_from_aic", TilePop, "tile.tpop_from_aic"),
    PTO_RECIPE("tile.tpop_from_aiv", TilePop, "tile.tpop_from_aiv"),
    PTO_RECIPE("tile.tpush_to_aic", TilePush, "tile.tpush_to_aic"),
    PTO_RECIPE("tile.tpush_to_aiv", TilePush, "tile.tpush_to_aiv"),
};

}  // namespace

absl::Span<const OpRecipe> GatherSortRecipes() { return kRecipes; }

}  // namespace pto::fuzz::recipes
