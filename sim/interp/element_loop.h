// Typed, dispatch-free element loops for the kernels.
//
// A kernel picks the compute type of its result dtype once (DispatchCompute:
// float for every float dtype - FP32 exactly, narrower formats decoded
// exactly and rounded half-to-even on store - and the matching C integer
// type for integers), then gathers its operands into dense arrays over the
// result's region (with NumPy broadcasting and definedness), computes in a
// plain loop and scatters the results back. The dtype switch happens once
// per operand, never per element.
//
//   DispatchCompute(out.dtype, [&](auto tag) {
//     using T = typename decltype(tag)::type;
//     Dense<T> a = GatherAs<T>(lhs, region);
//     for (size_t i = 0; i < a.values.size(); ++i) a.values[i] = -a.values[i];
//     ScatterFrom<T>(out, region, a);
//   });

#ifndef PTO_SIM_INTERP_ELEMENT_LOOP_H_
#define PTO_SIM_INTERP_ELEMENT_LOOP_H_

#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "ir/check.h"
#include "ir/dtype.h"
#include "sim/interp/buffer.h"
#include "sim/numerics/float_formats.h"

namespace pto::sim {

template <typename T>
struct TypeTag {
  using type = T;
};

// The compute type of each dtype.
template <ir::DataType::Code C>
struct ComputeOf {
  using type = float;  // every float format
};
template <> struct ComputeOf<ir::DataType::kBool> { using type = uint8_t; };
template <> struct ComputeOf<ir::DataType::kInt4> { using type = int8_t; };
template <> struct ComputeOf<ir::DataType::kInt8> { using type = int8_t; };
template <> struct ComputeOf<ir::DataType::kInt16> { using type = int16_t; };
template <> struct ComputeOf<ir::DataType::kInt32> { using type = int32_t; };
template <> struct ComputeOf<ir::DataType::kInt64> { using type = int64_t; };
template <> struct ComputeOf<ir::DataType::kIndex> { using type = int64_t; };
template <> struct ComputeOf<ir::DataType::kUInt8> { using type = uint8_t; };
template <> struct ComputeOf<ir::DataType::kUInt16> { using type = uint16_t; };
template <> struct ComputeOf<ir::DataType::kUInt32> { using type = uint32_t; };
template <> struct ComputeOf<ir::DataType::kUInt64> { using type = uint64_t; };

// Loads/stores one element of dtype C as its compute type.
template <ir::DataType::Code C>
struct ElementIO {
  using T = typename ComputeOf<C>::type;
  static constexpr ir::DataType kDType = C;

  static T Load(const uint8_t* data, int64_t bit) {
    uint64_t raw = LoadBitsRaw(data, bit, kDType.storage_bits());
    if constexpr (C == ir::DataType::kFP32) {
      uint32_t b = static_cast<uint32_t>(raw);
      float f;
      std::memcpy(&f, &b, 4);
      return f;
    } else if constexpr (std::is_same_v<T, float>) {
      return DecodeToFloat(kDType, static_cast<uint32_t>(raw));
    } else if constexpr (C == ir::DataType::kBool) {
      return raw != 0 ? 1 : 0;
    } else if constexpr (C == ir::DataType::kInt4) {
      return static_cast<int8_t>((raw & 0x8) ? (raw | ~uint64_t{0xF}) : raw);
    } else {
      return static_cast<T>(raw);
    }
  }

  static void Store(uint8_t* data, int64_t bit, T v) {
    uint64_t raw;
    if constexpr (C == ir::DataType::kFP32) {
      uint32_t b;
      std::memcpy(&b, &v, 4);
      raw = b;
    } else if constexpr (std::is_same_v<T, float>) {
      raw = EncodeFromFloat(kDType, v);
    } else if constexpr (C == ir::DataType::kBool) {
      raw = v != 0 ? 1 : 0;
    } else {
      raw = static_cast<uint64_t>(v);
    }
    StoreBitsRaw(data, bit, kDType.storage_bits(), raw);
  }
};

// Value conversion between compute types without undefined behaviour: a
// float into an integer type truncates toward zero and saturates (NaN -> 0).
template <typename T, typename S>
T ConvertValue(S s) {
  if constexpr (std::is_integral_v<T> && std::is_floating_point_v<S>) {
    if (s != s) return T{0};
    if (s <= static_cast<S>(std::numeric_limits<T>::min())) return std::numeric_limits<T>::min();
    if (s >= static_cast<S>(std::numeric_limits<T>::max())) return std::numeric_limits<T>::max();
    return static_cast<T>(s);
  } else {
    return static_cast<T>(s);
  }
}

// Calls f(ElementIO<C>{}) for the dtype.
template <typename F>
decltype(auto) DispatchDType(ir::DataType t, F&& f) {
  using ir::DataType;
  switch (t.code()) {
    case DataType::kBool: return f(ElementIO<DataType::kBool>{});
    case DataType::kInt4: return f(ElementIO<DataType::kInt4>{});
    case DataType::kInt8: return f(ElementIO<DataType::kInt8>{});
    case DataType::kInt16: return f(ElementIO<DataType::kInt16>{});
    case DataType::kInt32: return f(ElementIO<DataType::kInt32>{});
    case DataType::kInt64: return f(ElementIO<DataType::kInt64>{});
    case DataType::kIndex: return f(ElementIO<DataType::kIndex>{});
    case DataType::kUInt8: return f(ElementIO<DataType::kUInt8>{});
    case DataType::kUInt16: return f(ElementIO<DataType::kUInt16>{});
    case DataType::kUInt32: return f(ElementIO<DataType::kUInt32>{});
    case DataType::kUInt64: return f(ElementIO<DataType::kUInt64>{});
    case DataType::kFP4: return f(ElementIO<DataType::kFP4>{});
    case DataType::kFP8E4M3FN: return f(ElementIO<DataType::kFP8E4M3FN>{});
    case DataType::kFP8E5M2: return f(ElementIO<DataType::kFP8E5M2>{});
    case DataType::kFP16: return f(ElementIO<DataType::kFP16>{});
    case DataType::kFP32: return f(ElementIO<DataType::kFP32>{});
    case DataType::kFP8E8M0: return f(ElementIO<DataType::kFP8E8M0>{});
    case DataType::kBF16: return f(ElementIO<DataType::kBF16>{});
    case DataType::kHF8: return f(ElementIO<DataType::kHF8>{});
    case DataType::kTaskId: break;  // a runtime handle, never an element
  }
  PTO_UNREACHABLE() << "dtype code " << static_cast<int>(t.code());
}

// Calls f(TypeTag<T>{}) with the compute type of `t`.
template <typename F>
decltype(auto) DispatchCompute(ir::DataType t, F&& f) {
  return DispatchDType(t, [&](auto io) {
    using T = typename decltype(io)::T;
    return f(TypeTag<T>{});
  });
}

// Elements a Dense holds without a heap allocation: kernels gather each
// operand once per op call, and the tiles of most kernels are this small.
inline constexpr size_t kDenseInline = 128;

// Values over a region in row-major order, with a definedness flag each.
template <typename T>
struct Dense {
  absl::InlinedVector<T, kDenseInline> values;
  absl::InlinedVector<uint8_t, kDenseInline> defined;
  int64_t undefined = 0;  // count of zero flags
};

// How an operand is walked over a result region: per result dim, the bit
// stride (0 when broadcast) and the operand's valid limit along it.
struct OperandWalk {
  Dims strides;
  Dims limits;
  int64_t base = 0;
};

// Right-aligned NumPy broadcasting of `v` onto a region of rank `rank`.
inline OperandWalk WalkFor(const BufferView& v, size_t rank) {
  OperandWalk w;
  w.base = v.offset;
  w.strides.assign(rank, 0);
  w.limits.assign(rank, std::numeric_limits<int64_t>::max());
  size_t lead = rank - std::min(rank, v.rank());
  for (size_t d = lead; d < rank; ++d) {
    size_t sd = d - lead;
    if (v.shape[sd] == 1) {
      w.strides[d] = 0;
      // Every index reads element 0, defined only when it is inside valid.
      w.limits[d] = v.valid[sd] >= 1 ? std::numeric_limits<int64_t>::max() : 0;
    } else {
      w.strides[d] = v.strides[sd];
      w.limits[d] = v.valid[sd];
    }
  }
  return w;
}

// Calls fn(linear, bit, in_valid) over `region` in row-major order.
template <typename Fn>
void WalkRegion(absl::Span<const int64_t> region, const OperandWalk& w, Fn&& fn) {
  size_t rank = region.size();
  for (int64_t e : region) {
    if (e <= 0) return;
  }
  if (rank == 0) {
    fn(int64_t{0}, w.base, true);
    return;
  }
  int64_t inner = region[rank - 1];
  int64_t inner_stride = w.strides[rank - 1];
  int64_t inner_limit = std::min(inner, w.limits[rank - 1]);
  Dims index(rank, 0);
  int64_t linear = 0;
  while (true) {
    int64_t off = w.base;
    bool row_ok = true;
    for (size_t d = 0; d + 1 < rank; ++d) {
      off += index[d] * w.strides[d];
      row_ok = row_ok && index[d] < w.limits[d];
    }
    for (int64_t j = 0; j < inner; ++j) {
      fn(linear++, off + j * inner_stride, row_ok && j < inner_limit);
    }
    size_t d = rank - 1;
    while (true) {
      if (d == 0) return;
      --d;
      if (++index[d] < region[d]) break;
      index[d] = 0;
    }
  }
}

inline int64_t RegionSize(absl::Span<const int64_t> region) {
  int64_t n = 1;
  for (int64_t e : region) n *= std::max<int64_t>(e, 0);
  return n;
}

// Reads `v` over `region` (broadcast as needed) as T.
template <typename T>
Dense<T> GatherAs(const BufferView& v, absl::Span<const int64_t> region) {
  Dense<T> out;
  int64_t n = RegionSize(region);
  out.values.assign(static_cast<size_t>(n), T{});
  out.defined.assign(static_cast<size_t>(n), 1);
  OperandWalk w = WalkFor(v, region.size());
  const Storage& storage = *v.storage;
  const uint8_t* data = storage.data();
  int bits = v.ElementBits();
  DispatchDType(v.dtype, [&](auto io) {
    using IO = decltype(io);
    WalkRegion(region, w, [&](int64_t i, int64_t bit, bool in_valid) {
      bool ok = in_valid && IsDefinedRaw(storage, bit, bits);
      if (ok) {
        out.values[i] = ConvertValue<T>(IO::Load(data, bit));
      } else {
        out.defined[i] = 0;
        ++out.undefined;
        if constexpr (std::is_same_v<T, float>) {
          out.values[i] = std::numeric_limits<float>::quiet_NaN();
        }
      }
    });
  });
  return out;
}

// Writes `d` into `v` over `region` (no broadcasting: v's own indices);
// undefined entries become poison.
template <typename T>
void ScatterFrom(const BufferView& v, absl::Span<const int64_t> region, const Dense<T>& d) {
  OperandWalk w;
  w.base = v.offset;
  w.strides.assign(v.strides.begin(), v.strides.end());
  w.limits.assign(region.size(), std::numeric_limits<int64_t>::max());
  Storage& storage = *v.storage;
  uint8_t* data = storage.data();
  int bits = v.ElementBits();
  uint64_t poison = PoisonBits(v.dtype);
  bool any_undefined = false;
  DispatchDType(v.dtype, [&](auto io) {
    using IO = decltype(io);
    using S = typename IO::T;
    WalkRegion(region, w, [&](int64_t i, int64_t bit, bool) {
      if (d.defined[i]) {
        IO::Store(data, bit, ConvertValue<S>(d.values[i]));
        SetDefinedRaw(storage, bit, bits, true);
      } else {
        any_undefined = true;
        StoreBitsRaw(data, bit, bits, poison);
        SetDefinedRaw(storage, bit, bits, false);
      }
    });
  });
  if (!any_undefined) NoteFullyWritten(v, region);
}

// Writes raw element codes (not values) into `v` over `region`.
inline void ScatterCodes(const BufferView& v, absl::Span<const int64_t> region,
                         const Dense<uint64_t>& codes) {
  OperandWalk w;
  w.base = v.offset;
  w.strides.assign(v.strides.begin(), v.strides.end());
  w.limits.assign(region.size(), std::numeric_limits<int64_t>::max());
  bool any_undefined = false;
  WalkRegion(region, w, [&](int64_t i, int64_t bit, bool) {
    if (codes.defined[i]) {
      StoreBits(v, bit, codes.values[i]);
    } else {
      any_undefined = true;
      StorePoison(v, bit);
    }
  });
  if (!any_undefined) NoteFullyWritten(v, region);
}

}  // namespace pto::sim

#endif  // PTO_SIM_INTERP_ELEMENT_LOOP_H_
