#include "ir/diagnostic.h"

#include <string>

#include "gtest/gtest.h"
#include "ir/context.h"

namespace pto::ir {
namespace {

TEST(DiagnosticTest, QuotesTheAdoptedLineWithACaret) {
  Context ctx;
  ctx.AdoptSource("k.py", "def k():\n    x = y\n\tz = w\r\n");
  uint16_t file = ctx.AddFile("k.py");
  EXPECT_EQ(FormatError(ctx, SourceLoc{2, 9, file}, "undefined name 'y'"),
            "k.py:2:9: error: undefined name 'y'\n    x = y\n        ^");
  // A tab before the column is kept so the caret lines up; '\r' is dropped.
  EXPECT_EQ(FormatError(ctx, SourceLoc{3, 6, file}, "m"), "k.py:3:6: error: m\n\tz = w\n\t    ^");
}

TEST(DiagnosticTest, LastLineWithoutNewlineAndLinesPastTheEnd) {
  Context ctx;
  ctx.AdoptSource("a.py", "one\ntwo");
  uint16_t file = ctx.AddFile("a.py");
  EXPECT_EQ(FormatError(ctx, SourceLoc{2, 1, file}, "m"), "a.py:2:1: error: m\ntwo\n^");
  EXPECT_EQ(FormatError(ctx, SourceLoc{9, 1, file}, "m"), "a.py:9:1: error: m");
}

TEST(DiagnosticTest, WithoutTextOrLocationOnlyTheFirstLine) {
  Context ctx;
  uint16_t file = ctx.AddFile("b.py");
  EXPECT_EQ(FormatError(ctx, SourceLoc{1, 1, file}, "m"), "b.py:1:1: error: m");
  EXPECT_EQ(FormatError(ctx, SourceLoc{}, "m"), "<unknown>: error: m");
  absl::Status s = LocatedError(ctx, SourceLoc{1, 2, file}, "m");
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(s.message(), "b.py:1:2: error: m");
}

TEST(DiagnosticTest, AdoptedTextKeepsItsAddressAsFilesAreAdded) {
  Context ctx;
  absl::string_view text = ctx.AdoptSource("a.py", "x = 1\n");
  for (int i = 0; i < 100; ++i) ctx.AdoptSource("f" + std::to_string(i) + ".py", "y\n");
  EXPECT_EQ(text, "x = 1\n");
  EXPECT_EQ(ctx.source_files().Line(SourceLoc{1, 1, ctx.AddFile("a.py")}), "x = 1");
}

TEST(DiagnosticTest, BorrowedTextIsQuotedInPlaceAndReplacesAnAdoptedOne) {
  Context ctx;
  ctx.AdoptSource("m.py", "old = 1\n");
  const std::string mapped = "a = 1\nb = c\n";  // stands for a mapped file
  absl::string_view kept = ctx.BorrowSource("m.py", mapped);
  EXPECT_EQ(kept.data(), mapped.data());  // a view, not a copy
  uint16_t file = ctx.AddFile("m.py");
  EXPECT_EQ(FormatError(ctx, SourceLoc{2, 5, file}, "undefined name 'c'"),
            "m.py:2:5: error: undefined name 'c'\nb = c\n    ^");
  Context empty;
  empty.BorrowSource("e.py", "");
  EXPECT_EQ(empty.source_files().Line(SourceLoc{1, 1, empty.AddFile("e.py")}), "");
}

}  // namespace
}  // namespace pto::ir
