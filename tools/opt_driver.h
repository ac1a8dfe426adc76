// The library behind `pto-opt`: parse, verify, run a pass pipeline, print.
//
//   OptOptions options;
//   options.passes = "legalize-tile-cast";
//   std::string dumps;
//   absl::StatusOr<std::string> out = RunOpt(text, "kernel.py", options, &dumps);
//
// Errors are complete diagnostics (`file:line:col: error: ...`) ready for
// stderr; nothing is returned on failure, so a caller never writes partial
// output. The text is returned as printed (a program has no final newline);
// a program can be hundreds of megabytes, so it is not copied to add one.

#ifndef PTO_TOOLS_OPT_DRIVER_H_
#define PTO_TOOLS_OPT_DRIVER_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace pto::tools {

struct OptOptions {
  // "default", "none", or a comma-separated list of pass/pipeline names.
  std::string passes = "default";
  // Target name for //backends:registry; "none" configures no target.
  std::string backend = "a5";
  // Verify the parsed program and the output of every pass.
  bool verify_each = true;
  // Append the IR after every pass to `dumps`.
  bool print_ir_after_all = false;
  // Print assignments without type annotations.
  bool concise = false;
  // "ir" prints the program; "pto" emits PTO for the configured backend.
  std::string emit = "ir";
};

absl::StatusOr<std::string> RunOpt(absl::string_view text, absl::string_view filename,
                                   const OptOptions& options, std::string* dumps);

}  // namespace pto::tools

#endif  // PTO_TOOLS_OPT_DRIVER_H_
