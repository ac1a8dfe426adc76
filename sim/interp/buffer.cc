#include "sim/interp/buffer.h"

#include <algorithm>
#include <cstring>

#include "ir/check.h"

namespace pto::sim {

using ir::DataType;

Storage::Storage(int64_t bytes)
    : size_(std::max<int64_t>(bytes, 1)),
      bytes_(new uint8_t[2 * static_cast<size_t>(size_)]()) {}

BufferView DeepCopy(const BufferView& v) {
  BufferView copy = v;
  copy.storage = std::make_shared<Storage>(v.storage->size());
  const size_t bytes = static_cast<size_t>(v.storage->size());
  std::memcpy(copy.storage->data(), v.storage->data(), bytes);
  std::memcpy(copy.storage->shadow(), v.storage->shadow(), bytes);
  copy.storage->set_all_defined(v.storage->all_defined());
  return copy;
}

void Storage::MarkAllDefined() {
  std::memset(shadow(), 3, static_cast<size_t>(size_));
  all_defined_ = true;
}

int64_t BufferView::NumElements() const {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

int64_t BufferView::NumValidElements() const {
  int64_t n = 1;
  for (int64_t d : valid) n *= d;
  return n;
}

Dims PackedStrides(DataType dtype, absl::Span<const int64_t> shape, bool col_major) {
  size_t n = shape.size();
  Dims strides(n, 0);
  if (n == 0) return strides;
  int64_t bits = dtype.storage_bits();
  if (col_major && n >= 2) {
    strides[n - 2] = bits;
    strides[n - 1] = bits * shape[n - 2];
    int64_t next = strides[n - 1] * shape[n - 1];
    for (size_t i = n - 2; i-- > 0;) {
      strides[i] = next;
      next *= shape[i];
    }
    return strides;
  }
  int64_t next = bits;
  for (size_t i = n; i-- > 0;) {
    strides[i] = next;
    next *= shape[i];
  }
  return strides;
}

bool IsPacked(const BufferView& view, bool col_major) {
  Dims packed = PackedStrides(view.dtype, view.shape, col_major);
  for (size_t d = 0; d < packed.size(); ++d) {
    if (view.shape[d] > 1 && packed[d] != view.strides[d]) return false;
  }
  return true;
}

uint64_t PoisonBits(DataType dtype) {
  switch (dtype.code()) {
    case DataType::kFP32: return 0x7FBADBADu;
    case DataType::kFP16: return 0x7DBAu;
    case DataType::kBF16: return 0x7FBAu;
    case DataType::kFP8E5M2: return 0x7Du;
    case DataType::kFP8E4M3FN: return 0x7Fu;
    case DataType::kHF8: return 0x80u;
    case DataType::kFP8E8M0: return 0xFFu;
    case DataType::kFP4:
    case DataType::kInt4: return 0xBu;
    default: break;
  }
  return 0xBABABABABABABABAull;
}

BufferView AllocateBuffer(DataType dtype, absl::Span<const int64_t> shape, bool col_major) {
  BufferView v;
  v.dtype = dtype;
  v.shape.assign(shape.begin(), shape.end());
  v.valid = v.shape;
  v.strides = PackedStrides(dtype, shape, col_major);
  int64_t elements = v.NumElements();
  int64_t bytes = (elements * dtype.storage_bits() + 7) / 8;
  v.storage = std::make_shared<Storage>(bytes);
  int bits = dtype.storage_bits();
  uint64_t poison = PoisonBits(dtype);
  uint8_t* data = v.storage->data();
  if (bits == 4) {
    std::fill(data, data + v.storage->size(), static_cast<uint8_t>(poison | (poison << 4)));
  } else {
    for (int64_t i = 0; i < elements; ++i) StoreBitsRaw(data, i * bits, bits, poison);
  }
  return v;
}

void NoteFullyWritten(const BufferView& v, absl::Span<const int64_t> region) {
  if (v.offset != 0 || region.size() != v.rank()) return;
  for (size_t d = 0; d < region.size(); ++d) {
    if (region[d] != v.shape[d]) return;
  }
  int64_t bytes = (v.NumElements() * v.ElementBits() + 7) / 8;
  if (bytes != v.storage->size() || !(IsPacked(v, false) || IsPacked(v, true))) return;
  v.storage->set_all_defined(true);
}

void PoisonAll(const BufferView& v) {
  ForEachIndex(v.shape, [&](absl::Span<const int64_t> index) { StorePoison(v, BitOffset(v, index)); });
}

void PoisonOutsideValid(const BufferView& v) {
  bool full = true;
  for (size_t d = 0; d < v.rank(); ++d) full = full && v.valid[d] >= v.shape[d];
  if (full) return;
  ForEachIndex(v.shape, [&](absl::Span<const int64_t> index) {
    for (size_t d = 0; d < index.size(); ++d) {
      if (index[d] >= v.valid[d]) {
        StorePoison(v, BitOffset(v, index));
        return;
      }
    }
  });
}

int64_t CountUndefinedInValid(const BufferView& v) {
  if (v.storage->all_defined()) return 0;
  int64_t count = 0;
  ForEachIndex(v.valid, [&](absl::Span<const int64_t> index) {
    if (!IsDefinedAt(v, BitOffset(v, index))) ++count;
  });
  return count;
}

}  // namespace pto::sim
