// parser_fuzzer: arbitrary bytes -> ParseProgram.
//
// Properties, for every input:
//   * parsing never crashes, leaks or aborts;
//   * a rejection is an InvalidArgument whose message is a located
//     diagnostic, `fuzz.py:LINE:COL: error: ...`;
//   * an accepted program either verifies or is reported by the verifier as
//     InvalidArgument with one `FILE:LINE:COL: error: ...` line per problem;
//   * its printed form re-parses and re-prints identically (print is a
//     fixed point of parse . print), and for a program that verifies the
//     reparse is structurally equal to it.

#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "fuzz/located_diagnostic.h"
#include "fuzz/max_input.h"
#include "ir/analysis/structural_equal.h"
#include "ir/analysis/verifier.h"
#include "ir/check.h"
#include "ir/context.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"

namespace ir = pto::ir;

namespace {

constexpr absl::string_view kFile = "fuzz.py";

// Inputs are capped at 4 KiB, like RE2's fuzzer: parsing, verifying and
// printing are linear, so longer inputs only lower the exec rate, and 4 KiB
// already holds several functions, deep nesting (the parser's depth limit
// is 256) and every token kind.
constexpr size_t kMaxInput = 4096;

}  // namespace

extern "C" size_t PtoFuzzMaxInput() { return kMaxInput; }

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > kMaxInput) return 0;
  absl::string_view text(reinterpret_cast<const char*>(data), size);
  ir::Context ctx;
  absl::StatusOr<ir::Program> program = ir::ParseProgram(ctx, text, kFile);
  if (!program.ok()) {
    const absl::Status& s = program.status();
    PTO_CHECK(s.code() == absl::StatusCode::kInvalidArgument) << s;
    PTO_CHECK(pto::fuzz::IsLocatedDiagnostic(s.message(), kFile)) << "unlocated parse error: " << s;
    return 0;
  }

  absl::Status verified = ir::VerifyProgram(*program);
  if (!verified.ok()) {
    PTO_CHECK(verified.code() == absl::StatusCode::kInvalidArgument) << verified;
    for (absl::string_view line : absl::StrSplit(verified.message(), '\n')) {
      PTO_CHECK(pto::fuzz::IsLocatedDiagnostic(line, kFile)) << "unlocated verifier line: " << line;
    }
  }

  std::string printed = ir::PrintProgram(*program);
  ir::Context ctx2;
  absl::StatusOr<ir::Program> reparsed = ir::ParseProgram(ctx2, printed, kFile);
  PTO_CHECK(reparsed.ok()) << "printed program does not parse: " << reparsed.status() << "\n"
                           << printed;
  std::string reprinted = ir::PrintProgram(*reparsed);
  PTO_CHECK(reprinted == printed) << "print is not a fixed point:\n"
                                  << printed << "\n----- reprinted -----\n"
                                  << reprinted;
  if (verified.ok()) {
    absl::Status equal = ir::CheckStructuralEqual(*program, *reparsed);
    PTO_CHECK(equal.ok()) << "reparse differs: " << equal << "\n" << printed;
  }
  return 0;
}
