// Attribute values: the values of call kwargs.
//
// An AttrValue is a 16-byte tagged value. Its kind says how the value is
// stored and how the text form spells it: enum kinds hold the enum's integer
// value but print as `pl.Mem.Vec`, `'round'`, `pl.FP16` and so on.
//
//   AttrValue m = AttrValue::Enum(RoundMode::kRint);   // prints 'rint'
//   m.kind();          // AttrKind::kRoundMode
//   m.As<RoundMode>();  // RoundMode::kRint
//   AttrValue::DType(DataType::kFP16).dtype();

#ifndef PTO_IR_ATTR_H_
#define PTO_IR_ATTR_H_

#include <cstdint>
#include "absl/strings/string_view.h"

#include "ir/check.h"
#include "ir/dtype.h"
#include "ir/enums.h"

namespace pto::ir {

enum class AttrKind : uint8_t {
  kBool,
  kInt,
  kFloat,
  kString,
  kDataType,
  kMemorySpace,
  kTileLayout,
  kTensorLayout,
  kPadValue,
  kRoundMode,
  kSaturationMode,
  kAtomicType,
  kArgDirection,
};

absl::string_view AttrKindName(AttrKind kind);

template <typename E>
struct AttrKindOf;
template <> struct AttrKindOf<MemorySpace> { static constexpr AttrKind kKind = AttrKind::kMemorySpace; };
template <> struct AttrKindOf<TileLayout> { static constexpr AttrKind kKind = AttrKind::kTileLayout; };
template <> struct AttrKindOf<TensorLayout> { static constexpr AttrKind kKind = AttrKind::kTensorLayout; };
template <> struct AttrKindOf<PadValue> { static constexpr AttrKind kKind = AttrKind::kPadValue; };
template <> struct AttrKindOf<RoundMode> { static constexpr AttrKind kKind = AttrKind::kRoundMode; };
template <> struct AttrKindOf<SaturationMode> { static constexpr AttrKind kKind = AttrKind::kSaturationMode; };
template <> struct AttrKindOf<AtomicType> { static constexpr AttrKind kKind = AttrKind::kAtomicType; };
template <> struct AttrKindOf<ArgDirection> { static constexpr AttrKind kKind = AttrKind::kArgDirection; };

class AttrValue {
 public:
  static AttrValue Bool(bool b) { return AttrValue(AttrKind::kBool, b ? 1 : 0); }
  static AttrValue Int(int64_t i) { return AttrValue(AttrKind::kInt, i); }
  static AttrValue Float(double f) {
    AttrValue v(AttrKind::kFloat, 0);
    v.f_ = f;
    return v;
  }
  // `s` must outlive the value: use Context::SaveString for IR attributes.
  static AttrValue String(absl::string_view s) {
    AttrValue v(AttrKind::kString, 0);
    v.s_ = s.data();
    v.size_ = static_cast<uint32_t>(s.size());
    return v;
  }
  static AttrValue DType(DataType t) { return AttrValue(AttrKind::kDataType, t.code()); }
  template <typename E>
  static AttrValue Enum(E e) {
    return AttrValue(AttrKindOf<E>::kKind, static_cast<int64_t>(e));
  }
  // An integer-valued attribute of an enum-like kind (validated by the caller).
  static AttrValue OfKind(AttrKind kind, int64_t value) { return AttrValue(kind, value); }

  AttrKind kind() const { return kind_; }
  bool bool_value() const { return Expect(AttrKind::kBool), i_ != 0; }
  int64_t int_value() const { return Expect(AttrKind::kInt), i_; }
  double float_value() const { return Expect(AttrKind::kFloat), f_; }
  absl::string_view string_value() const {
    return Expect(AttrKind::kString), absl::string_view(s_, size_);
  }
  DataType dtype() const {
    Expect(AttrKind::kDataType);
    return DataType(static_cast<DataType::Code>(i_));
  }
  template <typename E>
  E As() const {
    Expect(AttrKindOf<E>::kKind);
    return static_cast<E>(i_);
  }
  // The stored integer of any integer-backed kind (everything but float and
  // string).
  int64_t raw_int() const {
    PTO_CHECK(kind_ != AttrKind::kFloat && kind_ != AttrKind::kString);
    return i_;
  }

  friend bool operator==(const AttrValue& a, const AttrValue& b);
  friend bool operator!=(const AttrValue& a, const AttrValue& b) { return !(a == b); }

 private:
  AttrValue(AttrKind kind, int64_t i) : kind_(kind), i_(i) {}
  void Expect(AttrKind kind) const {
    PTO_CHECK(kind_ == kind) << "attribute is " << AttrKindName(kind_) << ", not "
                             << AttrKindName(kind);
  }

  AttrKind kind_;
  uint32_t size_ = 0;
  union {
    int64_t i_;
    double f_;
    const char* s_;
  };
};

}  // namespace pto::ir

#endif  // PTO_IR_ATTR_H_
