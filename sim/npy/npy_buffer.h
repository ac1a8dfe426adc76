// Conversions between .npy arrays (sim/npy/npy.h) and interpreter buffers.
//
//   absl::StatusOr<BufferView> x = BufferFromNpy(array, DataType::kBF16, {16, 16},
//                                                /*col_major=*/false, "x");
//   NpyArray out = NpyFromBuffer(result);   // logical row-major, raw codes

#ifndef PTO_SIM_NPY_NPY_BUFFER_H_
#define PTO_SIM_NPY_NPY_BUFFER_H_

#include <optional>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "sim/interp/buffer.h"
#include "sim/npy/npy.h"

namespace pto::sim {

// The logical shape `a` holds as an array of `dtype` (the packed last dim of
// a 4-bit dtype counts two elements per byte).
std::vector<int64_t> LogicalShapeOf(const NpyArray& a, ir::DataType dtype);

// A defined buffer of `dtype` and `shape` holding `a`'s elements. The file
// must have exactly NpyDescrFor(dtype) and NpyShapeFor(dtype, shape); errors
// name `what` (e.g. "input 'x'").
absl::StatusOr<BufferView> BufferFromNpy(const NpyArray& a, ir::DataType dtype,
                                         absl::Span<const int64_t> shape, bool col_major,
                                         absl::string_view what);

// The buffer's elements over its whole shape, in row-major order, as raw
// codes (undefined elements hold their poison pattern).
NpyArray NpyFromBuffer(const BufferView& v);

}  // namespace pto::sim

#endif  // PTO_SIM_NPY_NPY_BUFFER_H_
