// MakeInputs (tile_program_gen.h): the In buffers of a generated kernel,
// filled from its data_seed by SplitMix64 in each input's TileInput::Fill.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "fuzz/gen/tile_gen.h"
#include "fuzz/gen/tile_program_gen.h"
#include "sim/numerics/element_convert.h"
#include "sim/numerics/float_formats.h"

namespace pto::fuzz {
namespace {

using ir::DataType;

// SplitMix64: a small, fast, well-mixed generator for the input data.
class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [-1, 1].
  double Symmetric() { return static_cast<double>(Next() >> 11) * 0x1.0p-52 - 1.0; }

 private:
  uint64_t state_;
};

uint64_t DrawElement(Rng& rng, DataType dtype, const TileInput& in) {
  uint64_t mask = sim::ElementMask(dtype);
  if (in.fill == TileInput::Fill::kAnyBits) return rng.Next() & mask;
  if (dtype.IsFloat()) {
    float bound = static_cast<float>(in.range);
    float f = std::clamp(static_cast<float>(rng.Symmetric() * in.range), -bound, bound);
    if (dtype == DataType::kFP32) {
      uint32_t bits;
      std::memcpy(&bits, &f, 4);
      return bits;
    }
    return sim::EncodeFromFloat(dtype, f) & mask;
  }
  double lo = std::max(-in.range, static_cast<double>(sim::IntMin(dtype)));
  double hi = std::min(in.range, static_cast<double>(sim::IntMax(dtype)));
  double x = lo + (hi - lo) * (rng.Symmetric() + 1) / 2;
  return static_cast<uint64_t>(static_cast<int64_t>(std::llround(x))) & mask;
}

}  // namespace

std::vector<sim::BufferView> MakeInputs(const TileProgram& program) {
  std::vector<sim::BufferView> buffers;
  for (size_t k = 0; k < program.inputs.size(); ++k) {
    const TileInput& in = program.inputs[k];
    const auto* tt = in.param->type()->As<ir::TensorType>();
    std::vector<int64_t> shape = *tile_gen::StaticShape(tt->shape());
    sim::BufferView buf = sim::AllocateBuffer(tt->dtype(), shape, /*col_major=*/false);
    Rng rng(program.data_seed ^ (0x5851F42D4C957F2Dull * (k + 1)));
    sim::ForEachIndex(shape, [&](absl::Span<const int64_t> index) {
      sim::StoreBits(buf, sim::BitOffset(buf, index), DrawElement(rng, tt->dtype(), in));
    });
    buffers.push_back(std::move(buf));
  }
  return buffers;
}

}  // namespace pto::fuzz
