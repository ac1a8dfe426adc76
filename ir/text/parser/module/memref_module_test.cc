// Module-level pl.MemRef declarations (parser/module/memref_module.cc; docs/dsl.md
// "MemRefs"): a use in a Tile annotation is the pinned declaration, prints
// as one, and the errors a user can cause are located.

#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/analysis/verifier.h"
#include "ir/context.h"
#include "ir/memref.h"
#include "ir/text/parser/parser.h"
#include "ir/text/testing/roundtrip.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class ModuleMemRefTest : public ::testing::Test {
 protected:
  // `module` goes before the program; `body` is f's body.
  absl::StatusOr<Program> Parse(absl::string_view module, absl::string_view body) {
    text_ = absl::StrCat("import pypto.language as pl\n", module,
                         "@pl.program\nclass P:\n    @pl.function\n"
                         "    def f(self, a: pl.Tensor[[64, 64], pl.FP32], "
                         "out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> "
                         "pl.Tensor[[64, 64], pl.FP32]:\n",
                         body);
    return ParseProgram(ctx_, text_, "t.py");
  }
  std::string Error(absl::string_view module, absl::string_view body) {
    absl::StatusOr<Program> p = Parse(module, body);
    return p.ok() ? "parsed" : std::string(p.status().message());
  }
  std::string RoundTrip(const Program& p) {
    EXPECT_TRUE(VerifyProgram(p).ok()) << VerifyProgram(p);
    return ExpectPrintIsFixedPoint(p);
  }
  const MemRef* MemRefOf(const Program& p, size_t i) {
    const Var* v =
        p.functions()[0]->body()->As<SeqStmts>()->stmts()[i]->As<AssignStmt>()->var();
    return v->type()->As<ShapedType>()->memref();
  }
  Context ctx_;
  std::string text_;
};

constexpr absl::string_view kTwoUses =
    "        x: pl.Tile[[64, 64], pl.FP32, ping, pl.Mem.Vec] = pl.load(a, [0, 0], [64, 64])\n"
    "        y: pl.Tile[[64, 64], pl.FP32, ping, pl.Mem.Vec] = pl.exp(x)\n"
    "        return pl.store(y, [0, 0], out)\n";

TEST_F(ModuleMemRefTest, AnUnnamedDeclarationIsThePinnedFormNamedAfterItsVariable) {
  absl::StatusOr<Program> p = Parse("ping = pl.MemRef()\n", kTwoUses);
  ASSERT_TRUE(p.ok()) << p.status();
  const MemRef* x = MemRefOf(*p, 0);
  const MemRef* y = MemRefOf(*p, 1);
  ASSERT_NE(x, nullptr);
  ASSERT_NE(y, nullptr);
  EXPECT_TRUE(x->pinned());
  EXPECT_EQ(x->base()->name(), "ping");
  EXPECT_EQ(x->slot_count(), 1u);
  EXPECT_EQ(x->slot_index(), nullptr);
  // Every annotation naming it is the one allocation.
  EXPECT_TRUE(MemRef::SameAllocation(x, y));
  std::string printed = RoundTrip(*p);
  EXPECT_THAT(printed, HasSubstr("x: pl.Tile[[64, 64], pl.FP32, pl.MemRef(\"ping\"), pl.Mem.Vec]"));
}

TEST_F(ModuleMemRefTest, ANamedDeclarationGoesByItsName) {
  absl::StatusOr<Program> p = Parse(
      "ping = pl.MemRef(\"l0c_ping\")\n",
      "        x: pl.Tile[[64, 64], pl.FP32, ping, pl.Mem.Vec] = pl.load(a, [0, 0], [64, 64])\n"
      "        y: pl.Tile[[64, 64], pl.FP32, pl.MemRef(\"l0c_ping\"), pl.Mem.Vec] = pl.exp(x)\n"
      "        return pl.store(y, [0, 0], out)\n");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(MemRefOf(*p, 0)->base()->name(), "l0c_ping");
  // The inline declaration of the same name is the same allocation.
  EXPECT_TRUE(MemRef::SameAllocation(MemRefOf(*p, 0), MemRefOf(*p, 1)));
  EXPECT_THAT(RoundTrip(*p),
              HasSubstr("pl.FP32, pl.MemRef(\"l0c_ping\"), pl.Mem.Vec] = pl.tile.load"));
}

TEST_F(ModuleMemRefTest, SlotsAreSubscriptedByConstantsOrLoopVariables) {
  absl::StatusOr<Program> p = Parse(
      "RING = pl.MemRef(slots=2)\nHUGE = pl.MemRef(slots=2**40)\n",
      "        x: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec, RING[1]] = pl.load(a, [0, 0], [64, 64])\n"
      "        h: pl.Tile[[64, 64], pl.FP32, HUGE[0], pl.Mem.Vec] = pl.exp(x)\n"
      "        for i in pl.range(4):\n"
      "            t: pl.Tile[[64, 64], pl.FP32, RING[i % 2], pl.Mem.Vec] = pl.load(a, [0, 0], "
      "[64, 64])\n"
      "            out = pl.store(t, [0, 0], out)\n"
      "        return out\n");
  ASSERT_TRUE(p.ok()) << p.status();
  const MemRef* x = MemRefOf(*p, 0);
  EXPECT_EQ(x->slot_count(), 2u);
  ASSERT_NE(x->slot_index(), nullptr);
  EXPECT_EQ(MemRefOf(*p, 1)->slot_count(), uint64_t{1} << 40);
  std::string printed = RoundTrip(*p);
  EXPECT_THAT(printed, HasSubstr("pl.MemRef(\"RING\", slots=2)[1], pl.Mem.Vec]"));
  EXPECT_THAT(printed, HasSubstr("pl.MemRef(\"HUGE\", slots=1099511627776)[0], pl.Mem.Vec]"));
  EXPECT_THAT(printed, HasSubstr("pl.MemRef(\"RING\", slots=2)[i % 2], pl.Mem.Vec]"));
}

TEST_F(ModuleMemRefTest, ADeclarationMaySelectASlot) {
  absl::StatusOr<Program> p = Parse("second = pl.MemRef(slots=4)[3]\n", kTwoUses);
  ASSERT_FALSE(p.ok());  // kTwoUses names `ping`
  p = Parse("ping = pl.MemRef(slots=4)[3]\n", kTwoUses);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_THAT(RoundTrip(*p), HasSubstr("pl.MemRef(\"ping\", slots=4)[3], pl.Mem.Vec]"));
}

TEST_F(ModuleMemRefTest, Errors) {
  constexpr absl::string_view kUse =
      "        x: pl.Tile[[64, 64], pl.FP32, m, pl.Mem.Vec] = pl.load(a, [0, 0], [64, 64])\n"
      "        return pl.store(x, [0, 0], out)\n";
  EXPECT_THAT(Error("m = pl.MemRef(slots=0)\n", kUse),
              HasSubstr("t.py:2:21: error: a declared allocation must have at least one slot, "
                        "got slots=0"));
  EXPECT_THAT(Error("m = pl.MemRef(slots=2)[2]\n", kUse),
              HasSubstr("t.py:2:24: error: slot index 2 is out of range for a declaration with 2 "
                        "slots"));
  EXPECT_THAT(Error("m = pl.MemRef()[0]\n", kUse),
              HasSubstr("a declared allocation with a single slot cannot be subscripted"));
  EXPECT_THAT(Error("m = 4\n", kUse),
              HasSubstr("t.py:7:39: error: expected pl.Mem.<space>, pl.MemRef(...) or "
                        "pl.TileView(...) but found 'm', which is assigned at module level (2:1) "
                        "something other than a pl.MemRef declaration"));
  // A declaration the parser does not model is a user's object: an error
  // where it is used, not where it is assigned.
  EXPECT_THAT(Error("m = pl.MemRef(base, 0, 64)\n", kUse),
              HasSubstr("found 'm', which is assigned at module level (2:1)"));
  EXPECT_THAT(Error("m = pl.MemRef()\n",
                    "        x: pl.Tile[[64, 64], pl.FP32, m[0], pl.Mem.Vec] = "
                    "pl.load(a, [0, 0], [64, 64])\n        return pl.store(x, [0, 0], out)\n"),
              HasSubstr("t.py:7:40: error: 'm' was declared with a single slot, so it cannot be "
                        "subscripted"));
  EXPECT_THAT(Error("m = pl.MemRef(slots=2)\n",
                    "        x: pl.Tile[[64, 64], pl.FP32, m[2], pl.Mem.Vec] = "
                    "pl.load(a, [0, 0], [64, 64])\n        return pl.store(x, [0, 0], out)\n"),
              HasSubstr("t.py:7:41: error: slot index 2 is out of range for 'm', declared with 2 "
                        "slots"));
  // One declaration, one name; one name, one declaration.
  EXPECT_THAT(Error("m = pl.MemRef()\nn = m\n",
                    "        x: pl.Tile[[64, 64], pl.FP32, m, pl.Mem.Vec] = pl.load(a, [0, 0], "
                    "[64, 64])\n"
                    "        y: pl.Tile[[64, 64], pl.FP32, n, pl.Mem.Vec] = pl.exp(x)\n"
                    "        return pl.store(y, [0, 0], out)\n"),
              HasSubstr("t.py:9:39: error: the declared allocation 'm' is also named 'n'"));
  EXPECT_THAT(Error("m = pl.MemRef(\"buf\")\nn = pl.MemRef(\"buf\")\n",
                    "        x: pl.Tile[[64, 64], pl.FP32, m, pl.Mem.Vec] = pl.load(a, [0, 0], "
                    "[64, 64])\n"
                    "        y: pl.Tile[[64, 64], pl.FP32, n, pl.Mem.Vec] = pl.exp(x)\n"
                    "        return pl.store(y, [0, 0], out)\n"),
              HasSubstr("two pl.MemRef declarations are both named 'buf'"));
  // It is only a MemRef: not a value.
  EXPECT_THAT(Error("m = pl.MemRef()\n",
                    "        x: pl.Tile[[64, 64], pl.FP32] = pl.load(a, [0, 0], [m, 64])\n"
                    "        return pl.store(x, [0, 0], out)\n"),
              HasSubstr("'m' is a pl.MemRef declaration: it is only a MemRef in a pl.Tile "
                        "annotation"));
  // A Tile with a MemRef gives its memory space, as with the inline form.
  EXPECT_THAT(Error("m = pl.MemRef()\n",
                    "        x: pl.Tile[[64, 64], pl.FP32, m] = pl.load(a, [0, 0], [64, 64])\n"
                    "        return pl.store(x, [0, 0], out)\n"),
              HasSubstr("a Tile annotation with a pl.MemRef must also give its memory space"));
}

}  // namespace
}  // namespace pto::ir
