// Writing a tool's output so that a failed run leaves no partial output.
//
//   absl::Status status = WriteOutput(path, "pto-opt", [&](ir::TextSink& out) {
//     return RunOpt(text, filename, options, out, &dumps);  // may fail part way
//   });
//
// The producer streams into a sink and may fail after it has written part of
// the output (PTO emission fails in a later function after the earlier ones
// were produced). What the destination ends up holding depends on what it is:
//
//   * a path naming a regular file, or nothing yet: the output streams into
//     `PATH.tmp-TOOL`, renamed over PATH on success and removed on failure;
//   * a stream (stdout) redirected to a regular file with nothing past the
//     write position (`> out.py` truncates, `>> log` appends): streamed into,
//     and cut back to where the output began on failure;
//   * anything else (a pipe, a terminal, a device such as /dev/null, a file
//     opened in the middle): the output is kept in memory and written only
//     once it is complete. A device is written in place, never replaced.
//
// Errors are the producer's own (complete diagnostics) or, for I/O,
// "TOOL: error: cannot write NAME: REASON".

#ifndef PTO_TOOLS_OUTPUT_FILE_H_
#define PTO_TOOLS_OUTPUT_FILE_H_

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "ir/text/output/text_sink.h"

namespace pto::tools {

using OutputProducer = absl::FunctionRef<absl::Status(ir::TextSink&)>;

// Writes to `path`; "-" is stdout (see WriteOutputStream).
absl::Status WriteOutput(const std::string& path, absl::string_view tool,
                         OutputProducer produce);

// Writes to an open stream the caller owns, named `name` in messages.
absl::Status WriteOutputStream(std::FILE* stream, absl::string_view name,
                               absl::string_view tool, OutputProducer produce);

// Writes several files under `dir` (each a path relative to it and its
// contents), creating the folders they need: all are written under
// temporary names first and renamed only when every one was written, so a
// failure to write leaves none of them. Returns the final paths, in order.
// Errors: "cannot write PATH: REASON".
absl::StatusOr<std::vector<std::string>> WriteFiles(
    const std::string& dir, absl::Span<const std::pair<std::string, std::string>> files,
    absl::string_view tool);

}  // namespace pto::tools

#endif  // PTO_TOOLS_OUTPUT_FILE_H_
