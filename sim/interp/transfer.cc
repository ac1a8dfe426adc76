#include "sim/interp/transfer.h"

#include <limits>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace pto::sim {
namespace {

std::string FormatDims(absl::Span<const int64_t> dims) {
  return absl::StrCat("[", absl::StrJoin(dims, ", "), "]");
}

}  // namespace

// Checks that `region` at `offsets` lies inside `shape`.
absl::Status CheckWindow(const KernelContext& ctx, absl::string_view verb,
                         absl::Span<const int64_t> offsets, absl::Span<const int64_t> region,
                         absl::Span<const int64_t> shape) {
  for (size_t d = 0; d < region.size(); ++d) {
    if (region[d] == 0) continue;
    if (offsets[d] < 0 || offsets[d] + region[d] > shape[d]) {
      return ctx.Error(absl::StrCat(verb, " past the end of dimension ", d, ": offset ",
                                    offsets[d], " + extent ", region[d], " is outside [0, ",
                                    shape[d], "] (offsets ", FormatDims(offsets), ", extent ",
                                    FormatDims(region), ", tensor shape ", FormatDims(shape),
                                    ")"));
    }
  }
  return absl::OkStatus();
}

// Copies raw elements (same dtype) `src` -> `dst` over `region`; an element
// is defined if it is within src's limits and defined there.
int64_t CopyRegion(const BufferView& src, const OperandWalk& src_walk, const BufferView& dst,
                   const OperandWalk& dst_walk, absl::Span<const int64_t> region) {
  int64_t n = RegionSize(region);
  std::vector<uint64_t> codes(static_cast<size_t>(n));
  std::vector<uint8_t> defined(static_cast<size_t>(n), 1);
  int64_t undefined = 0;
  int bits = src.ElementBits();
  const Storage& storage = *src.storage;
  WalkRegion(region, src_walk, [&](int64_t i, int64_t bit, bool in_valid) {
    if (in_valid && IsDefinedRaw(storage, bit, bits)) {
      codes[i] = LoadBitsRaw(storage.data(), bit, bits);
    } else {
      defined[i] = 0;
      ++undefined;
    }
  });
  WalkRegion(region, dst_walk, [&](int64_t i, int64_t bit, bool) {
    if (defined[i]) {
      StoreBits(dst, bit, codes[i]);
    } else {
      StorePoison(dst, bit);
    }
  });
  if (undefined == 0 && dst_walk.base == dst.offset) NoteFullyWritten(dst, region);
  return undefined;
}

OperandWalk WindowWalk(const BufferView& v, absl::Span<const int64_t> offsets, bool limit) {
  OperandWalk w;
  w.base = v.offset;
  w.strides = v.strides;
  w.limits.assign(v.rank(), std::numeric_limits<int64_t>::max());
  for (size_t d = 0; d < v.rank(); ++d) {
    w.base += offsets[d] * v.strides[d];
    if (limit) w.limits[d] = v.valid[d] - offsets[d];
  }
  return w;
}

}  // namespace pto::sim
