// What a `pto-run` run reads and writes, for both kinds of input (a DSL
// program, tools/run_driver.h; a PTO module, tools/pto_file_run.h):
// reproducible random inputs, scalar inputs from 0-d .npy files, and the
// .npy outputs, written all or nothing.
//
//   std::mt19937_64 rng(seed);
//   PTO_ASSIGN_OR_RETURN(BufferView x, RandomBuffer(DataType::kFP16, {16, 16}, false, rng));
//   std::vector<Output> outputs;
//   AddBufferOutput("out", out_buffer, outputs);
//   PTO_ASSIGN_OR_RETURN(RunResult r, FinishRun("dir", outputs));

#ifndef PTO_TOOLS_RUN_IO_H_
#define PTO_TOOLS_RUN_IO_H_

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "ir/dtype.h"
#include "sim/interp/value.h"
#include "sim/npy/npy.h"

namespace pto::sim {

struct RunResult {
  // Paths written, in parameter order then return order.
  std::vector<std::string> files;
  // E.g. "out.npy: 12 of 256 elements are undefined (poison)".
  std::vector<std::string> warnings;
  // E.g. "signal windows end at zero on all 4 ranks: signal".
  std::vector<std::string> notes;
};

// Floats uniform in [-1, 1) rounded to the dtype, FP8E8M0 exponents in
// 2^[-8, 8], integers uniform over their range.
absl::StatusOr<BufferView> RandomBuffer(ir::DataType dtype, absl::Span<const int64_t> shape,
                                        bool col_major, std::mt19937_64& rng);

// A scalar input: from the 0-d .npy file at `path` when given, else random
// (integers in [0, 16), floats in [-1, 1)) when `random`; else an error
// telling the user how to pass `name`.
absl::StatusOr<Scalar> ScalarInput(absl::string_view name, ir::DataType dtype,
                                   const std::optional<std::string>& path, bool random,
                                   std::mt19937_64& rng);

// "[16, 16]".
std::string DescribeDims(absl::Span<const int64_t> dims);

// One output file: its final name and contents.
struct Output {
  std::string name;
  NpyArray array;
  int64_t undefined = 0;
  int64_t elements = 0;
};
void AddBufferOutput(const std::string& name, const BufferView& v, std::vector<Output>& out);
// A buffer, a scalar (0-d), or a tuple as `<name>_<j>` per element.
void AddValueOutput(const std::string& name, const Value& v, std::vector<Output>& out);

// Writes every output to `out_dir` (under temporary names, renamed only when
// all were written: a failure leaves nothing), with a warning per output
// holding undefined elements. Two outputs of one name are an error.
absl::StatusOr<RunResult> FinishRun(const std::string& out_dir, const std::vector<Output>& outputs);

}  // namespace pto::sim

#endif  // PTO_TOOLS_RUN_IO_H_
