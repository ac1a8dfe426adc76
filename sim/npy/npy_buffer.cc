#include "sim/npy/npy_buffer.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace pto::sim {

std::vector<int64_t> LogicalShapeOf(const NpyArray& a, ir::DataType dtype) {
  std::vector<int64_t> shape = a.shape;
  if (dtype.bits() == 4 && !shape.empty()) shape.back() *= 2;
  return shape;
}

absl::StatusOr<BufferView> BufferFromNpy(const NpyArray& a, ir::DataType dtype,
                                         absl::Span<const int64_t> shape, bool col_major,
                                         absl::string_view what) {
  std::string want_descr = NpyDescrFor(dtype);
  if (a.descr != want_descr) {
    return absl::InvalidArgumentError(absl::StrCat(what, ": expected dtype ", want_descr, " (",
                                                   dtype.name(), "), got ", a.descr));
  }
  std::vector<int64_t> want_shape = NpyShapeFor(dtype, shape);
  if (a.shape != want_shape) {
    return absl::InvalidArgumentError(
        absl::StrCat(what, ": expected shape (", absl::StrJoin(want_shape, ", "), ") for ",
                     dtype.name(), " [", absl::StrJoin(shape, ", "), "], got (",
                     absl::StrJoin(a.shape, ", "), ")"));
  }
  BufferView v = AllocateBuffer(dtype, shape, col_major);
  int item = a.ItemSize();
  const auto* data = reinterpret_cast<const uint8_t*>(a.data.data());
  int64_t row = shape.empty() ? 1 : shape.back();
  int64_t row_bytes = dtype.bits() == 4 ? (row + 1) / 2 : row * item;
  int64_t i = 0;
  ForEachIndex(shape, [&](absl::Span<const int64_t> index) {
    uint64_t code;
    if (dtype.bits() == 4) {
      int64_t r = i / row;
      int64_t j = i % row;
      uint8_t byte = data[r * row_bytes + j / 2];
      code = (j % 2 == 0) ? (byte & 0xF) : (byte >> 4);
    } else {
      code = LoadBitsRaw(data, i * item * 8, item * 8);
      if (dtype.IsBool()) code = code != 0 ? 1 : 0;
    }
    StoreBits(v, BitOffset(v, index), code);
    ++i;
  });
  return v;
}

NpyArray NpyFromBuffer(const BufferView& v) {
  NpyArray a;
  a.descr = NpyDescrFor(v.dtype);
  a.shape = NpyShapeFor(v.dtype, v.shape);
  int item = a.ItemSize();
  int64_t row = v.shape.empty() ? 1 : v.shape.back();
  int64_t row_bytes = v.dtype.bits() == 4 ? (row + 1) / 2 : row * item;
  int64_t rows = row == 0 ? 0 : v.NumElements() / row;
  a.data.assign(static_cast<size_t>(rows * row_bytes), '\0');
  auto* data = reinterpret_cast<uint8_t*>(a.data.data());
  int64_t i = 0;
  ForEachIndex(v.shape, [&](absl::Span<const int64_t> index) {
    uint64_t code = LoadBits(v, BitOffset(v, index));
    if (v.dtype.bits() == 4) {
      int64_t r = i / row;
      int64_t j = i % row;
      uint8_t& byte = data[r * row_bytes + j / 2];
      byte = static_cast<uint8_t>((j % 2 == 0) ? ((byte & 0xF0) | (code & 0xF))
                                               : ((byte & 0x0F) | ((code & 0xF) << 4)));
    } else {
      StoreBitsRaw(data, i * item * 8, item * 8, code);
    }
    ++i;
  });
  return a;
}

}  // namespace pto::sim
