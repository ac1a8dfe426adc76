// The library behind `pto-opt`: parse, verify, run a pass pipeline, print.
//
//   OptOptions options;
//   options.passes = "legalize-tile-cast";
//   std::string out, dumps;
//   ir::StringSink sink(&out);
//   absl::Status status = RunOpt(text, "kernel.py", options, sink, &dumps);
//
// Errors are complete diagnostics (`file:line:col: error: ...`) ready for
// stderr. Every diagnostic comes before the first byte of output, so a
// failed run writes nothing - unless the sink itself fails part way, which
// is returned as its error. The output is streamed into the sink (a program
// can be hundreds of megabytes) and ends in a newline.

#ifndef PTO_TOOLS_OPT_DRIVER_H_
#define PTO_TOOLS_OPT_DRIVER_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "ir/text/parser/parser.h"
#include "ir/text/output/text_sink.h"

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
  // With emit "pto": end every op with `loc("file":line:col)`.
  bool emit_source_loc = false;
  // Keep calls of unknown ops as opaque calls (ParseOptions).
  bool allow_unregistered_ops = false;
  // --define=NAME=VALUE closure values, in order (ParseOptions::defines).
  std::vector<ir::Define> defines;
};

// `text` is kept by the run's Context so that every diagnostic, from the
// parser to codegen, quotes the source line it points at.
absl::Status RunOpt(std::string text, absl::string_view filename,
                    const OptOptions& options, ir::TextSink& out, std::string* dumps);
// The same for a text the caller keeps alive and unchanged until it
// returns (pto-opt's input file mapped into memory): read in place, never
// copied.
absl::Status RunOptOnBorrowedText(absl::string_view text, absl::string_view filename,
                                  const OptOptions& options, ir::TextSink& out,
                                  std::string* dumps);

}  // namespace pto::tools

#endif  // PTO_TOOLS_OPT_DRIVER_H_
