// Op recipes for casts: tile.cast and tensor.cast, with the kwargs in every
// spelling the DSL accepts (ir/ops/tile_cast.cc).
// Internal to the program generator; see recipe_util.h.

#include <algorithm>
#include <optional>
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

// tile.cast / tensor.cast kwargs in any of the spellings the DSL accepts.
std::vector<NamedAttr> CastKwargs(GenScope& s, DataType target) {
  std::vector<NamedAttr> kw = {{"target_type", AttrValue::DType(target)}};
  if (!s.OneIn(4)) {
    auto mode = static_cast<ir::RoundMode>(s.Int(0, ir::EnumSize<ir::RoundMode>() - 1));
    switch (s.Int(0, 3)) {
      case 0: kw.push_back({"mode", AttrValue::String(ir::EnumName(mode))}); break;
      case 1: kw.push_back({"mode", AttrValue::Int(static_cast<int>(mode))}); break;
      default: kw.push_back({"mode", AttrValue::Enum(mode)}); break;
    }
  }
  switch (s.Int(0, 5)) {
    case 0: kw.push_back({"saturation_mode", AttrValue::String("on")}); break;
    case 1: kw.push_back({"saturation_mode", AttrValue::String("off")}); break;
    case 2: kw.push_back({"saturation_mode", AttrValue::Int(s.Int(0, 1))}); break;
    case 3:
      kw.push_back({"saturation_mode", AttrValue::Enum(s.Coin() ? ir::SaturationMode::kOn
                                                                : ir::SaturationMode::kOff)});
      break;
    default: break;
  }
  return kw;
}

DataType OtherDType(GenScope& s, DataType from) {
  DataType to = s.AnyDType();
  if (to == from) to = from == DataType::kFP32 ? DataType::kFP16 : DataType::kFP32;
  return to;
}

bool TileCast(GenScope& s) {
  const Var* t = s.AnyTile();
  if (t == nullptr) return false;
  DataType target = OtherDType(s, TileOf(t)->dtype());
  std::vector<NamedAttr> kw = CastKwargs(s, target);
  std::vector<const Expr*> args = {t};
  if (s.OneIn(4)) args.push_back(s.AnyTile());
  return s.TryOp("tile.cast", args, kw) != nullptr;
}

bool TensorCast(GenScope& s) {
  const Var* t = s.AnyTensor();
  if (t == nullptr) return false;
  DataType target = OtherDType(s, TensorOf(t)->dtype());
  const Expr* args[] = {t};
  return s.TryOp("tensor.cast", args, CastKwargs(s, target)) != nullptr;
}

constexpr OpRecipe kRecipes[] = {
    PTO_RECIPE("tensor.cast", TensorCast),
    PTO_RECIPE("tile.cast", TileCast),
};

}  // namespace

absl::Span<const OpRecipe> CastRecipes() { return kRecipes; }

}  // namespace pto::fuzz::recipes
