// Host memory of the reference interpreter: shared storage with a
// definedness shadow, and strided views of it (tensors and tiles).
//
// A Storage is the bytes of one allocation (a tensor parameter, a tile.create,
// an op result) plus a shadow byte per data byte saying which nibbles hold
// defined data (bit 0 the low nibble, bit 1 the high one), so reinterpreting
// views keep definedness at nibble granularity. A BufferView is what a
// tensor or tile Value holds: dtype, shape, valid shape, and per-dim strides
// and an offset in BITS (4-bit dtypes are packed two per byte, low nibble
// first). Views (transpose_view, reinterpret_view, set_validshape,
// tensor.view) share the Storage: they are zero-copy.
//
// Undefined elements (never written, or outside a tile's valid shape) hold
// the dtype's poison pattern (PoisonBits): a recognisable NaN for floats
// that have one (FP32 0x7FBADBAD, FP16 0x7DBA, BF16 0x7FBA, FP8E5M2 0x7D,
// FP8E4M3FN 0x7F, HF8 0x80, FP8E8M0 0xFF), bytes of 0xBA for integers and
// BOOL, and the nibble 0xB for FP4 and INT4.
//
//   BufferView t = AllocateBuffer(DataType::kFP16, {16, 16}, /*col_major=*/false);
//   StoreBits(t, BitOffset(t, {0, 3}), 0x3C00);      // 1.0 at [0, 3], defined
//   IsDefinedAt(t, BitOffset(t, {0, 4}));             // false: poison

#ifndef PTO_SIM_INTERP_BUFFER_H_
#define PTO_SIM_INTERP_BUFFER_H_

#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/types/span.h"
#include "ir/dtype.h"
#include "ir/enums.h"

namespace pto::sim {

using Dims = absl::InlinedVector<int64_t, 4>;

class Storage {
 public:
  // `bytes` of poison-free zero data, all undefined.
  explicit Storage(int64_t bytes);

  int64_t size() const { return size_; }
  uint8_t* data() { return bytes_.get(); }
  const uint8_t* data() const { return bytes_.get(); }
  uint8_t* shadow() { return bytes_.get() + size_; }
  const uint8_t* shadow() const { return bytes_.get() + size_; }

  // True only if every nibble is defined (a fast path for readers; it may
  // stay false after everything was overwritten).
  bool all_defined() const { return all_defined_; }
  void set_all_defined(bool v) { all_defined_ = v; }
  // Marks everything defined (after a whole-buffer write).
  void MarkAllDefined();

 private:
  int64_t size_;
  // The data, then its shadow, in one allocation: the interpreter makes a
  // Storage for every op result.
  std::unique_ptr<uint8_t[]> bytes_;
  bool all_defined_ = false;
};

struct BufferView {
  std::shared_ptr<Storage> storage;
  ir::DataType dtype;
  Dims shape;
  Dims valid;    // per dim <= shape
  Dims strides;  // bits
  int64_t offset = 0;  // bits
  bool is_tile = false;
  std::optional<ir::MemorySpace> memory_space;

  size_t rank() const { return shape.size(); }
  int64_t NumElements() const;
  int64_t NumValidElements() const;
  int ElementBits() const { return dtype.storage_bits(); }
};

// Packed strides (bits): row-major, or with the trailing two dims swapped
// (column-major tiles, DN tensors).
Dims PackedStrides(ir::DataType dtype, absl::Span<const int64_t> shape, bool col_major);
// Whether `view` is packed in either order (the precondition of reshaping
// views).
bool IsPacked(const BufferView& view, bool col_major);

// A fresh, fully undefined (poisoned) buffer with packed strides; valid shape
// = shape.
BufferView AllocateBuffer(ir::DataType dtype, absl::Span<const int64_t> shape, bool col_major);

// `v` over a private copy of its storage (data and definedness): what a
// caller that runs a program twice on the same inputs hands each run, since
// an InOut argument is written in place.
BufferView DeepCopy(const BufferView& v);

// The poison pattern of one element of `dtype`.
uint64_t PoisonBits(ir::DataType dtype);

inline int64_t BitOffset(const BufferView& v, absl::Span<const int64_t> index) {
  int64_t off = v.offset;
  for (size_t d = 0; d < index.size(); ++d) off += index[d] * v.strides[d];
  return off;
}

// --- Element access by bit offset -----------------------------------------------------

inline uint64_t LoadBitsRaw(const uint8_t* data, int64_t bit, int bits) {
  const uint8_t* p = data + (bit >> 3);
  switch (bits) {
    case 4:
      return (bit & 4) ? (*p >> 4) : (*p & 0xF);
    case 8:
      return *p;
    case 16: {
      uint16_t v;
      std::memcpy(&v, p, 2);
      return v;
    }
    case 32: {
      uint32_t v;
      std::memcpy(&v, p, 4);
      return v;
    }
    default: {
      uint64_t v;
      std::memcpy(&v, p, 8);
      return v;
    }
  }
}

inline void StoreBitsRaw(uint8_t* data, int64_t bit, int bits, uint64_t value) {
  uint8_t* p = data + (bit >> 3);
  switch (bits) {
    case 4:
      if (bit & 4) {
        *p = static_cast<uint8_t>((*p & 0x0F) | ((value & 0xF) << 4));
      } else {
        *p = static_cast<uint8_t>((*p & 0xF0) | (value & 0xF));
      }
      return;
    case 8:
      *p = static_cast<uint8_t>(value);
      return;
    case 16: {
      uint16_t v = static_cast<uint16_t>(value);
      std::memcpy(p, &v, 2);
      return;
    }
    case 32: {
      uint32_t v = static_cast<uint32_t>(value);
      std::memcpy(p, &v, 4);
      return;
    }
    default:
      std::memcpy(p, &value, 8);
      return;
  }
}

inline bool IsDefinedRaw(const Storage& s, int64_t bit, int bits) {
  if (s.all_defined()) return true;
  const uint8_t* p = s.shadow() + (bit >> 3);
  switch (bits) {
    case 4:
      return (*p & ((bit & 4) ? 2 : 1)) != 0;
    case 8:
      return *p == 3;
    case 16:
      return p[0] == 3 && p[1] == 3;
    case 32: {
      uint32_t v;
      std::memcpy(&v, p, 4);
      return v == 0x03030303u;
    }
    default: {
      uint64_t v;
      std::memcpy(&v, p, 8);
      return v == 0x0303030303030303ull;
    }
  }
}

inline void SetDefinedRaw(Storage& s, int64_t bit, int bits, bool defined) {
  uint8_t* p = s.shadow() + (bit >> 3);
  if (!defined) s.set_all_defined(false);
  if (bits == 4) {
    uint8_t m = (bit & 4) ? 2 : 1;
    *p = static_cast<uint8_t>(defined ? (*p | m) : (*p & ~m));
    return;
  }
  std::memset(p, defined ? 3 : 0, static_cast<size_t>(bits / 8));
}

inline uint64_t LoadBits(const BufferView& v, int64_t bit) {
  return LoadBitsRaw(v.storage->data(), bit, v.ElementBits());
}
inline bool IsDefinedAt(const BufferView& v, int64_t bit) {
  return IsDefinedRaw(*v.storage, bit, v.ElementBits());
}
// Stores a defined element.
inline void StoreBits(const BufferView& v, int64_t bit, uint64_t value) {
  StoreBitsRaw(v.storage->data(), bit, v.ElementBits(), value);
  SetDefinedRaw(*v.storage, bit, v.ElementBits(), true);
}
// Stores the poison pattern and marks the element undefined.
inline void StorePoison(const BufferView& v, int64_t bit) {
  StoreBitsRaw(v.storage->data(), bit, v.ElementBits(), PoisonBits(v.dtype));
  SetDefinedRaw(*v.storage, bit, v.ElementBits(), false);
}

// Calls fn(bit_offset, index) for every element of `v` in row-major index
// order of its shape (not just the valid part).
template <typename Fn>
void ForEachIndex(absl::Span<const int64_t> extents, Fn&& fn) {
  size_t rank = extents.size();
  for (int64_t e : extents) {
    if (e <= 0) return;
  }
  Dims index(rank, 0);
  while (true) {
    fn(absl::Span<const int64_t>(index));
    size_t d = rank;
    while (d > 0) {
      --d;
      if (++index[d] < extents[d]) break;
      index[d] = 0;
      if (d == 0) return;
    }
    if (rank == 0) return;
  }
}

// Called after defined data was written to all of `region` of `v`: when that
// is every byte of the storage, readers may skip the shadow from now on.
void NoteFullyWritten(const BufferView& v, absl::Span<const int64_t> region);

// Marks every element of `v` undefined (poison): what a scratch operand holds
// after the op that borrowed it.
void PoisonAll(const BufferView& v);

// Marks every element outside `v.valid` undefined (poison).
void PoisonOutsideValid(const BufferView& v);

// Number of undefined elements within `v.valid`.
int64_t CountUndefinedInValid(const BufferView& v);

}  // namespace pto::sim

#endif  // PTO_SIM_INTERP_BUFFER_H_
