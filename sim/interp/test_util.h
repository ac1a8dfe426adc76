// Test helpers for the reference interpreter: parse a program from text, build
// host buffers from plain values, run a function, read results back.
//
//   SimProgram p(R"(
//   @pl.function
//   def f(self, x: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:
//       return x)");
//   auto out = p.Run("f", {Value::Of(Floats(DataType::kFP32, {4}, {1, 2, 3, 4}))});

#ifndef PTO_SIM_INTERP_TEST_UTIL_H_
#define PTO_SIM_INTERP_TEST_UTIL_H_

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/text/parser/parser.h"
#include "sim/interp/interpreter.h"
#include "sim/numerics/element_convert.h"

namespace pto::sim::testing {

// Wraps function definitions (written at 4-space indentation, as methods of
// the program class) into a complete program text.
inline std::string ProgramText(absl::string_view functions) {
  return absl::StrCat("import pypto.language as pl\n\n@pl.program\nclass P:\n", functions, "\n");
}

class SimProgram {
 public:
  explicit SimProgram(absl::string_view functions) {
    absl::StatusOr<ir::Program> p = ir::ParseProgram(ctx_, ProgramText(functions), "test.py");
    EXPECT_TRUE(p.ok()) << p.status().message();
    if (p.ok()) program_ = std::make_unique<ir::Program>(*p);
  }
  bool ok() const { return program_ != nullptr; }
  const ir::Program& program() const { return *program_; }
  ir::Context& ctx() { return ctx_; }

  absl::StatusOr<std::vector<Value>> Run(absl::string_view function, std::vector<Value> args,
                                         InterpreterOptions options = {}) {
    if (!ok()) return absl::InternalError("program did not parse");
    Interpreter interp(*program_, options);
    return interp.Run(function, std::move(args));
  }

 private:
  ir::Context ctx_;
  std::unique_ptr<ir::Program> program_;
};

// A defined, packed row-major buffer with `values` converted to `dtype`
// (half-to-even; integers wrap).
inline BufferView Buffer(ir::DataType dtype, Dims shape, const std::vector<double>& values,
                         bool is_tile = false) {
  BufferView v = AllocateBuffer(dtype, shape, false);
  v.is_tile = is_tile;
  int64_t i = 0;
  ForEachIndex(shape, [&](absl::Span<const int64_t> index) {
    double x = values.empty() ? 0.0 : values[static_cast<size_t>(i) % values.size()];
    ExactNumber e = ExactNumber::FromDouble(x);
    StoreBits(v, BitOffset(v, index), EncodeElement(dtype, e, ir::RoundMode::kRint, false));
    ++i;
  });
  return v;
}

// A fully undefined (poisoned) buffer.
inline BufferView Undefined(ir::DataType dtype, Dims shape) {
  return AllocateBuffer(dtype, shape, false);
}

// Element values in row-major order of the whole shape; undefined elements
// read as NaN.
inline std::vector<double> Values(const BufferView& v) {
  std::vector<double> out;
  ForEachIndex(v.shape, [&](absl::Span<const int64_t> index) {
    int64_t bit = BitOffset(v, index);
    if (!IsDefinedAt(v, bit)) {
      out.push_back(NAN);
    } else {
      out.push_back(DecodeElement(v.dtype, LoadBits(v, bit)).ToDouble());
    }
  });
  return out;
}

// Raw element codes in row-major order.
inline std::vector<uint64_t> Codes(const BufferView& v) {
  std::vector<uint64_t> out;
  ForEachIndex(v.shape, [&](absl::Span<const int64_t> index) {
    out.push_back(LoadBits(v, BitOffset(v, index)));
  });
  return out;
}

// 0, 1, ..., n - 1.
inline std::vector<double> Iota(int n) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i) v.push_back(i);
  return v;
}

// An INDEX scalar argument.
inline Value IndexValue(int64_t v) { return Value::Of(Scalar::Int(ir::DataType::kIndex, v)); }

// The integer scalar at result `i` of a run, or a sentinel after a
// (reported) failure so the caller's EXPECT_EQ also fails.
inline int64_t IntResult(const absl::StatusOr<std::vector<Value>>& r, size_t i = 0) {
  EXPECT_TRUE(r.ok()) << r.status().message();
  if (!r.ok() || r->size() <= i || (*r)[i].scalar() == nullptr) return -999999;
  return (*r)[i].scalar()->i;
}

inline const BufferView& BufferOf(const Value& v) {
  const BufferView* b = v.buffer();
  EXPECT_NE(b, nullptr) << "not a buffer: " << v.KindName();
  static const BufferView empty;
  return b ? *b : empty;
}

}  // namespace pto::sim::testing

#endif  // PTO_SIM_INTERP_TEST_UTIL_H_
