// The shape rule of tile.reinterpret_view and tensor.reinterpret_view:
// viewing the same bytes as another element type.
//
// Without a requested shape the physically contiguous axis is scaled by the
// byte ratio (a wider target needs a static, divisible extent). A requested
// shape must hold exactly as many bytes as the source. A partial valid shape
// survives only the automatic shape, scaled the same way.
//
//   ReinterpretPlan plan;
//   PTO_ASSIGN_OR_RETURN(plan, PlanReinterpret(dc, {shape, valid, DataType::kFP32,
//                                                   DataType::kInt8, /*axis=*/1,
//                                                   std::nullopt}));
//   // FP32 [16, 16] -> INT8 [16, 64]

#ifndef PTO_IR_OPS_REINTERPRET_VIEW_H_
#define PTO_IR_OPS_REINTERPRET_VIEW_H_

#include <optional>

#include "absl/status/statusor.h"
#include "ir/ops/type_inference.h"

namespace pto::ir {

struct ReinterpretRequest {
  ExprSpan source_shape;
  ExprSpan source_valid;  // the effective valid shape (the shape when full)
  DataType source_dtype;
  DataType target_dtype;
  size_t contiguous_axis;
  std::optional<ExprSpan> requested_shape;
};

struct ReinterpretPlan {
  DimVec shape;
  DimVec valid_shape;
};

// Byte-addressable ints of 8..64 bits, FP16, BF16 and FP32.
bool IsReinterpretableDType(DataType dtype);

// A zero pad reads the same in every dtype; max/min do not survive.
PadValue ReinterpretedPad(PadValue source);

// Errors carry the op prefix.
absl::StatusOr<ReinterpretPlan> PlanReinterpret(const DeduceContext& dc,
                                                const ReinterpretRequest& request);

}  // namespace pto::ir

#endif  // PTO_IR_OPS_REINTERPRET_VIEW_H_
