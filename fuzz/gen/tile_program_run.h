// RunTileKernel: interprets the kernel of a generated tile program (or of a
// program derived from it: re-parsed, hand-written, lowered) on given
// inputs, with fresh Out buffers of the generated program's output types,
// so that the fuzzers and tests can compare outputs across versions.
//
//   std::vector<sim::BufferView> in = MakeInputs(tp);
//   absl::StatusOr<std::vector<sim::BufferView>> want = RunTileKernel(tp.program, tp, in);
//   absl::StatusOr<std::vector<sim::BufferView>> got = RunTileKernel(lowered, tp, in);
//   absl::StatusOr<std::vector<sim::BufferView>> pto = RunTileKernelAsPto(module, tp, in);

#ifndef PTO_FUZZ_GEN_TILE_PROGRAM_RUN_H_
#define PTO_FUZZ_GEN_TILE_PROGRAM_RUN_H_

#include <vector>

#include "absl/status/statusor.h"
#include "fuzz/gen/tile_program_gen.h"
#include "ir/function.h"
#include "sim/interp/buffer.h"
#include "sim/pto/module.h"

namespace pto::fuzz {

// The Out buffers (one per tp.outputs) after running `p`'s "kernel" on
// copies of `inputs`, or the interpreter's error. The Out buffers start
// undefined.
absl::StatusOr<std::vector<sim::BufferView>> RunTileKernel(
    const ir::Program& p, const TileProgram& tp, const std::vector<sim::BufferView>& inputs);

// The same for the kernel's PTO (codegen's output, read by
// sim/pto/reader.h), run by the PTO interpreter.
absl::StatusOr<std::vector<sim::BufferView>> RunTileKernelAsPto(
    const sim::pto_text::Module& pto, const TileProgram& tp,
    const std::vector<sim::BufferView>& inputs);

}  // namespace pto::fuzz

#endif  // PTO_FUZZ_GEN_TILE_PROGRAM_RUN_H_
