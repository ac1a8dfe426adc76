// The round-trip helper itself: what it returns, and that it reports a print
// that does not re-parse.

#include "ir/text/testing/roundtrip.h"

#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "gmock/gmock.h"
#include "gtest/gtest-spi.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/text/printer/printer.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

constexpr absl::string_view kTile = "pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]";

std::string Source(absl::string_view value) {
  return absl::StrCat("import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function\n"
                      "    def f(self, t: ", kTile, ") -> ", kTile, ":\n        u: ", kTile,
                      " = ", value, "\n        return u\n");
}

TEST(RoundTripTest, ReturnsTheParseError) {
  Context ctx;
  EXPECT_THAT(PrintRoundTrip(ctx, Source("pl.tile.adds(t, )")), HasSubstr("t.py:"));
}

TEST(RoundTripTest, ReturnsThePrintAndKeepsTheProgram) {
  Context ctx;
  std::optional<ir::Program> parsed;
  RoundTripOptions options;
  options.verify = RoundTripVerify::kReturnError;
  options.structural = true;
  std::string out = PrintRoundTrip(ctx, Source("pl.tile.adds(t, 1.0)"), options, &parsed);
  ASSERT_TRUE(parsed.has_value());
  EXPECT_EQ(out, PrintProgram(*parsed));
  EXPECT_THAT(out, HasSubstr("pl.tile.adds(t, 1.0)"));
}

TEST(RoundTripTest, ReportsAPrintThatDoesNotReparse) {
  // An unregistered op parses only with the option, which the re-parse of
  // the print does not have.
  Context ctx;
  RoundTripOptions options;
  options.parse.allow_unregistered_ops = true;
  EXPECT_NONFATAL_FAILURE(PrintRoundTrip(ctx, Source("pl.foo.bar(t)"), options),
                          "pl.foo.bar");
}

}  // namespace
}  // namespace pto::ir
