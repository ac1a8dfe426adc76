// Runtime values of the reference interpreter.
//
// A Value is nothing (the result of a side-effect-only call), a Scalar, a
// buffer (a tensor or a tile: a BufferView sharing its Storage) or a tuple
// of Values (MakeTuple, multi-result calls, and the lists of offsets/shapes
// that op calls take). Copying a Value is cheap: buffers and tuples share
// their contents.
//
//   Value v = Value::Of(Scalar::Int(DataType::kIndex, 4));
//   if (const Scalar* s = v.scalar()) { ... }
//   Value t = Value::Of(AllocateBuffer(DataType::kFP32, {16, 16}, false));
//   t.buffer()->shape;        // {16, 16}

#ifndef PTO_SIM_INTERP_VALUE_H_
#define PTO_SIM_INTERP_VALUE_H_

#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "sim/interp/buffer.h"
#include "sim/numerics/scalar.h"

namespace pto::sim {

class Value {
 public:
  Value() = default;
  static Value Of(Scalar s) { return Value(Rep(std::move(s))); }
  static Value Of(BufferView b) { return Value(Rep(std::move(b))); }
  static Value Tuple(std::vector<Value> elements) {
    return Value(Rep(std::make_shared<const std::vector<Value>>(std::move(elements))));
  }

  bool is_none() const { return std::holds_alternative<std::monostate>(rep_); }
  const Scalar* scalar() const { return std::get_if<Scalar>(&rep_); }
  const BufferView* buffer() const { return std::get_if<BufferView>(&rep_); }
  const std::vector<Value>* tuple() const {
    const auto* t = std::get_if<std::shared_ptr<const std::vector<Value>>>(&rep_);
    return t ? t->get() : nullptr;
  }
  // "scalar", "tensor", "tile", "tuple" or "none", for messages.
  std::string KindName() const;

 private:
  using Rep = std::variant<std::monostate, Scalar, BufferView,
                           std::shared_ptr<const std::vector<Value>>>;
  explicit Value(Rep rep) : rep_(std::move(rep)) {}
  Rep rep_;
};

inline std::string Value::KindName() const {
  if (scalar()) return "scalar";
  if (const BufferView* b = buffer()) return b->is_tile ? "tile" : "tensor";
  if (tuple()) return "tuple";
  return "none";
}

}  // namespace pto::sim

#endif  // PTO_SIM_INTERP_VALUE_H_
