#include "ir/text/testing/roundtrip.h"

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "gtest/gtest.h"
#include "ir/analysis/structural_equal.h"
#include "ir/analysis/structural_hash.h"
#include "ir/analysis/verifier.h"
#include "ir/text/printer/printer.h"

namespace pto::ir {

std::string PrintRoundTrip(Context& ctx, absl::string_view text, const RoundTripOptions& options,
                           std::optional<Program>* parsed) {
  absl::StatusOr<Program> p = ParseProgram(ctx, text, "t.py", options.parse);
  if (!p.ok()) return std::string(p.status().message());
  if (parsed != nullptr) parsed->emplace(*p);
  if (options.verify != RoundTripVerify::kNo) {
    absl::Status v = VerifyProgram(*p);
    if (!v.ok() && options.verify == RoundTripVerify::kReturnError) {
      return std::string(v.message());
    }
    EXPECT_TRUE(v.ok()) << v;
  }
  return ExpectPrintIsFixedPoint(*p, options.structural);
}

std::string ExpectPrintIsFixedPoint(const Program& p, bool structural) {
  std::string out = PrintProgram(p);
  Context ctx2;
  absl::StatusOr<Program> q = ParseProgram(ctx2, out, "t2.py");
  EXPECT_TRUE(q.ok()) << q.status() << "\n" << out;
  if (!q.ok()) return out;
  EXPECT_EQ(PrintProgram(*q), out);
  if (structural) {
    EXPECT_EQ(p.functions().size(), q->functions().size()) << out;
    for (const Function* f : p.functions()) {
      const Function* g = q->FindFunction(f->name());
      absl::Status eq = CheckStructuralEqual(f, g);
      EXPECT_TRUE(eq.ok()) << f->name() << ": " << eq << "\n" << out;
      if (eq.ok()) {
        EXPECT_EQ(StructuralHash(f), StructuralHash(g)) << f->name();
      }
    }
  }
  return out;
}

}  // namespace pto::ir
