#include "fuzz/gen/tile_program_run.h"

#include <cstdint>
#include <utility>

#include "ir/expr.h"
#include "ir/type.h"
#include "sim/interp/interpreter.h"
#include "sim/pto/interpreter.h"

namespace pto::fuzz {

namespace {

// Copies of the inputs, then fresh undefined Out buffers; the outputs.
std::vector<sim::Value> KernelArgs(const TileProgram& tp, const std::vector<sim::BufferView>& inputs,
                                   std::vector<sim::BufferView>& outputs) {
  std::vector<sim::Value> args;
  // A pass may make an input InOut: each run writes its own copy.
  for (const sim::BufferView& in : inputs) args.push_back(sim::Value::Of(sim::DeepCopy(in)));
  for (const TileOutput& o : tp.outputs) {
    const auto* tt = o.param->type()->As<ir::TensorType>();
    std::vector<int64_t> shape;
    for (const ir::Expr* d : tt->shape()) shape.push_back(*ir::AsConstInt(d));
    outputs.push_back(sim::AllocateBuffer(tt->dtype(), shape, /*col_major=*/false));
    args.push_back(sim::Value::Of(outputs.back()));
  }
  return args;
}

}  // namespace

absl::StatusOr<std::vector<sim::BufferView>> RunTileKernel(
    const ir::Program& p, const TileProgram& tp, const std::vector<sim::BufferView>& inputs) {
  std::vector<sim::BufferView> outputs;
  std::vector<sim::Value> args = KernelArgs(tp, inputs, outputs);
  sim::Interpreter interp(p);
  absl::StatusOr<std::vector<sim::Value>> r = interp.Run("kernel", std::move(args));
  if (!r.ok()) return r.status();
  return outputs;
}

absl::StatusOr<std::vector<sim::BufferView>> RunTileKernelAsPto(
    const sim::pto_text::Module& pto, const TileProgram& tp,
    const std::vector<sim::BufferView>& inputs) {
  std::vector<sim::BufferView> outputs;
  std::vector<sim::Value> args = KernelArgs(tp, inputs, outputs);
  sim::pto_text::PtoInterpreter interp(pto);
  absl::Status r = interp.Run("kernel", std::move(args));
  if (!r.ok()) return r;
  return outputs;
}

}  // namespace pto::fuzz
