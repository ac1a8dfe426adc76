#include "ir/ops/cast_saturation.h"

namespace pto::ir {

std::optional<SaturationMode> DefaultSaturationModeFor(DataType dst) {
  if (dst.IsInt()) return SaturationMode::kOn;
  return std::nullopt;
}

SaturationMode EmittedSaturationMode(std::optional<SaturationMode> explicit_mode, DataType dst) {
  if (explicit_mode) return *explicit_mode;
  // A float destination's "target behaviour" is the IEEE non-saturating one.
  return DefaultSaturationModeFor(dst).value_or(SaturationMode::kOff);
}

std::optional<SaturationMode> SaturationModeToRecord(std::optional<SaturationMode> requested,
                                                     DataType dst) {
  if (!requested || requested == DefaultSaturationModeFor(dst)) return std::nullopt;
  return requested;
}

std::optional<SaturationMode> SaturationModeOf(const Call& cast) {
  const AttrValue* target = cast.FindKwarg("target_type");
  if (target == nullptr || target->kind() != AttrKind::kDataType) return std::nullopt;
  if (const AttrValue* mode = cast.FindKwarg("saturation_mode");
      mode != nullptr && mode->kind() == AttrKind::kSaturationMode) {
    return mode->As<SaturationMode>();
  }
  return DefaultSaturationModeFor(target->dtype());
}

void CanonicalizeCastKwargs(const Op& op, ExprSpan, KwargList& kwargs) {
  int target_key = op.FindKwarg("target_type");
  int mode_key = op.FindKwarg("saturation_mode");
  if (target_key < 0 || mode_key < 0) return;
  std::optional<DataType> target;
  for (const Kwarg& k : kwargs) {
    if (k.key == target_key && k.value.kind() == AttrKind::kDataType) target = k.value.dtype();
  }
  if (!target) return;
  for (auto it = kwargs.begin(); it != kwargs.end(); ++it) {
    if (it->key == mode_key && it->value.kind() == AttrKind::kSaturationMode &&
        !SaturationModeToRecord(it->value.As<SaturationMode>(), *target)) {
      kwargs.erase(it);
      return;
    }
  }
}

}  // namespace pto::ir
