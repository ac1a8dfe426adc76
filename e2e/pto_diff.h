// Runs a kernel through the IR interpreter and its PTO through the PTO
// interpreter on the same inputs, and reports the first output element
// they disagree on: the check that codegen preserves what a program means
// (e2e/pto_differential_test.cc, e2e/pto_mutation_test.cc).
//
//   ir::Context ctx;
//   absl::StatusOr<CompiledPto> c = CompileToPto(ctx, text, "k.py", "a5");
//   absl::StatusOr<KernelDiff> d = DiffKernel(c->lowered, "k", module_read_from_c_pto);
//   if (d.ok() && d->skipped.empty()) EXPECT_EQ(d->diff, "");

#ifndef PTO_E2E_PTO_DIFF_H_
#define PTO_E2E_PTO_DIFF_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "codegen/pto_emitter.h"
#include "ir/context.h"
#include "ir/function.h"
#include "sim/pto/module.h"

namespace pto::e2e {

// A program lowered for a target and its kernels emitted as one PTO module
// (codegen::IsPtoKernel: orchestration is left out).
struct CompiledPto {
  ir::Program lowered;
  std::string pto;
};

// Parses `dsl` into `ctx` (which must outlive the result), runs `pipeline`
// ("default", "none", ...) for `arch` and emits the kernels. Errors are the
// parser's, a pass's or codegen's.
absl::StatusOr<CompiledPto> CompileToPto(ir::Context& ctx, absl::string_view dsl,
                                         absl::string_view filename, absl::string_view arch,
                                         absl::string_view pipeline = "default",
                                         const codegen::PtoOptions& options = {});

struct KernelDiff {
  // Why the kernel was not run ("" when it was): inputs this harness cannot
  // make (dynamic shapes, strided tensors, tuple params, window parameters - the collectives
  // run as PTO in e2e/pto_collectives_test), or an IR run that fails.
  std::string skipped;
  // "" when every tensor element the IR run defines is defined and equal,
  // bit for bit, after the PTO run; else the first difference.
  std::string diff;
};

// Runs `function` of `lowered` and of its PTO `module` on the same inputs.
// Errors: the PTO run fails (a located error).
absl::StatusOr<KernelDiff> DiffKernel(const ir::Program& lowered, absl::string_view function,
                                      const sim::pto_text::Module& module);

// CompileToPto with the default pipeline; then, with `mutate` applied to
// the PTO text, DiffKernel. Errors also: the PTO does not read back.
absl::StatusOr<KernelDiff> DiffProgram(absl::string_view dsl, absl::string_view arch,
                                       absl::string_view function,
                                       std::string (*mutate)(std::string) = nullptr);

}  // namespace pto::e2e

#endif  // PTO_E2E_PTO_DIFF_H_
