// `pto-run` on a PTO module (a `.pto` file, as `pto-opt --emit=pto` writes
// it): runs one function with the PTO interpreter (sim/pto/interpreter.h)
// on .npy data.
//
//   RunOptions options;              // tools/run_driver.h
//   options.function = "kernel";     // optional when the module has one
//   options.inputs = {{"x", "x.npy"}};
//   options.out_dir = "out";
//   absl::StatusOr<RunResult> r = RunPtoFile(text, "kernel.pto", options);
//
// Parameters. A PTO function's parameters are `%arg0`, `%arg1`, ...; each is
// bound by that name without the `%` (`arg0`), or, for a pointer, by the
// name of the tensor view the kernel makes of it (`%x =
// pto.make_tensor_view %arg0, ...` binds as `x`), which is the DSL
// parameter's name. A pointer takes an .npy file of its element type; one
// without a file gets the extent of its view, when that view's shape and
// strides are constants, filled reproducibly under --seed and left
// undefined (an output) otherwise. Scalars take a 0-d file or --seed; the
// SPMD identity parameters (`%__pypto_spmd_block_idx`, `_num`) run the
// kernel as block 0 of 1.
//
// Outputs: every pointer's memory after the run, as `<name>.npy`, in
// parameter order (PTO does not say which parameters a kernel writes).
// Multi-rank runs and pass pipelines are for DSL programs only.

#ifndef PTO_TOOLS_PTO_FILE_RUN_H_
#define PTO_TOOLS_PTO_FILE_RUN_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tools/run_driver.h"

namespace pto::sim {

absl::StatusOr<RunResult> RunPtoFile(std::string text, absl::string_view filename,
                                     const RunOptions& options);

}  // namespace pto::sim

#endif  // PTO_TOOLS_PTO_FILE_RUN_H_
