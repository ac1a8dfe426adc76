// Region copies shared by the data-movement kernels (memory.cc, dist.cc):
// bounds checks of a window against a tensor, walks over a window, and the
// raw element copy that carries definedness along.
//
//   PTO_RETURN_IF_ERROR(CheckWindow(ctx, "reads", offsets, region, src.shape));
//   int64_t undefined = CopyRegion(src, WindowWalk(src, offsets, true), dst,
//                                  WindowWalk(dst, zeros, false), region);

#ifndef PTO_SIM_INTERP_TRANSFER_H_
#define PTO_SIM_INTERP_TRANSFER_H_

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "sim/interp/element_loop.h"
#include "sim/interp/kernel.h"

namespace pto::sim {

// `region` at `offsets` lies inside `shape`; else an error "<verb> past the
// end of dimension d ...".
absl::Status CheckWindow(const KernelContext& ctx, absl::string_view verb,
                         absl::Span<const int64_t> offsets, absl::Span<const int64_t> region,
                         absl::Span<const int64_t> shape);

// A walk over `v` starting at `offsets`; with `limit`, indices past v's
// valid shape read as undefined.
OperandWalk WindowWalk(const BufferView& v, absl::Span<const int64_t> offsets, bool limit);

// Copies raw elements (one dtype) over `region`; an element is defined at
// the destination when it was at the source. Returns the undefined count.
int64_t CopyRegion(const BufferView& src, const OperandWalk& src_walk, const BufferView& dst,
                   const OperandWalk& dst_walk, absl::Span<const int64_t> region);

}  // namespace pto::sim

#endif  // PTO_SIM_INTERP_TRANSFER_H_
