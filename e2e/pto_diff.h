// Runs a kernel through the IR interpreter and its PTO through the PTO
// interpreter on the same inputs, and reports the first output element
// they disagree on: the check that codegen preserves what a program means
// (e2e/pto_differential_test.cc, e2e/pto_mutation_test.cc).
//
//   absl::StatusOr<KernelDiff> d = DiffKernel(lowered, "k", pto_text);
//   if (d.ok() && d->skipped.empty()) EXPECT_EQ(d->diff, "");

#ifndef PTO_E2E_PTO_DIFF_H_
#define PTO_E2E_PTO_DIFF_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/function.h"

namespace pto::e2e {

struct KernelDiff {
  // Why the kernel was not run ("" when it was): inputs this harness cannot
  // make (dynamic shapes, tuple params, communication contexts), an IR run
  // that fails, or an op the PTO interpreter does not run yet.
  std::string skipped;
  // "" when every tensor element the IR run defines is defined and equal,
  // bit for bit, after the PTO run; else the first difference.
  std::string diff;
};

// Errors: the PTO does not read back, or its run fails (a located error).
absl::StatusOr<KernelDiff> DiffKernel(const ir::Program& lowered, absl::string_view function,
                                      absl::string_view pto_text);

// Parses `dsl`, runs the default pipeline for `arch` and emits PTO; then,
// with `mutate` applied to that PTO text, DiffKernel.
absl::StatusOr<KernelDiff> DiffProgram(absl::string_view dsl, absl::string_view arch,
                                       absl::string_view function,
                                       std::string (*mutate)(std::string) = nullptr);

}  // namespace pto::e2e

#endif  // PTO_E2E_PTO_DIFF_H_
