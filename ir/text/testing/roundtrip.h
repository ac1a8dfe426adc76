// Round-trip checks for the text form's unit tests: parse a program, print
// it, and expect the print to be a fixed point (it re-parses in a fresh
// Context and re-prints byte for byte), optionally verified and
// structurally equal to the program it came from.
//
//   Context ctx;
//   RoundTripOptions options;
//   options.verify = RoundTripVerify::kExpectOk;
//   std::string out = PrintRoundTrip(ctx, text, options);  // or the parse error
//   EXPECT_THAT(out, HasSubstr("x: pl.Scalar[pl.INDEX] = 3"));
//
// Failures are gtest non-fatal failures, so a test reads on to its own
// expectations on the returned text.

#ifndef PTO_IR_TEXT_TESTING_ROUNDTRIP_H_
#define PTO_IR_TEXT_TESTING_ROUNDTRIP_H_

#include <optional>
#include <string>

#include "absl/strings/string_view.h"
#include "ir/context.h"
#include "ir/text/parser/parser.h"

namespace pto::ir {

enum class RoundTripVerify {
  kNo,           // the program is not verified
  kExpectOk,     // a verifier error is a test failure; the print is still returned
  kReturnError,  // a verifier error is returned in place of the print
};

struct RoundTripOptions {
  // Options of the first parse only (the re-parse reads the print alone).
  ParseOptions parse;
  RoundTripVerify verify = RoundTripVerify::kNo;
  // Also expect the re-parse to be structurally equal to the program and to
  // hash the same, function by function matched by name (the printer puts
  // callees first).
  bool structural = false;
};

// Parses `text` in `ctx` as "t.py": on a parse error returns its message.
// Otherwise verifies as `options` say, stores the program in `*parsed` when
// given, and returns ExpectPrintIsFixedPoint's print.
std::string PrintRoundTrip(Context& ctx, absl::string_view text,
                           const RoundTripOptions& options = {},
                           std::optional<Program>* parsed = nullptr);

// Prints `p` and expects the print to re-parse (as "t2.py", in a fresh
// Context), to re-print identically and, when `structural`, to be
// structurally equal to `p` (RoundTripOptions::structural). Returns the print.
std::string ExpectPrintIsFixedPoint(const Program& p, bool structural = true);

}  // namespace pto::ir

#endif  // PTO_IR_TEXT_TESTING_ROUNDTRIP_H_
