// Expression-level forms of the hand-written DSL: subscript sugar
// (parser/subscript.cc), enum kwarg values; the IR each builds, upstream's
// rejections, and that the canonical print is a fixed point.

#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/text/parser/parser.h"
#include "ir/text/testing/roundtrip.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class SubscriptTest : public ::testing::Test {
 protected:
  // The printed program, or the error.
  std::string Print(absl::string_view body, bool strict = false) {
    std::string text = absl::StrCat(
        "import pypto.language as pl\n@pl.program", strict ? "(strict_ssa=True)" : "",
        "\nclass P:\n    @pl.function\n    def f(self, x: pl.Tensor[[64, 128], pl.FP32], "
        "i: pl.Scalar[pl.INDEX], n: pl.Scalar[pl.INDEX], tup: pl.Tuple[pl.Scalar[pl.INDEX], "
        "pl.Scalar[pl.INDEX]]):\n        t: pl.Tile[[64, 128], pl.FP32] = pl.load(x, [0, 0], "
        "[64, 128])\n",
        body, "        return\n");
    return PrintRoundTrip(ctx_, text);
  }
  Context ctx_;
};

TEST_F(SubscriptTest, TensorSlicesDropScalarAxes) {
  std::string out = Print("        a = x[8:, i]\n        b = x[i:i + n]\n");
  EXPECT_THAT(out, HasSubstr("a: pl.Tensor[[56], pl.FP32] = pl.tensor.slice(x, [56, 1], [8, i], "
                             "[], [1])"));
  // (i + n) - i simplifies to n, as upstream's simplifier makes it.
  EXPECT_THAT(out, HasSubstr("pl.tensor.slice(x, [n, 128], [i, 0])"));
}

TEST_F(SubscriptTest, TileDynamicUpperNarrowsValidShape) {
  std::string out = Print("        a = t[0:n, 0:32]\n        b = t[:, 100:200]\n");
  // An explicit lower bound clamps the extent at zero, as upstream does.
  EXPECT_THAT(out, HasSubstr("pl.tile.slice(t, [64, 32], [0, 0], "
                             "[pl.max(pl.min(n, 64), 0), 32])"));
  // An overhanging window keeps the part inside the tile.
  EXPECT_THAT(out, HasSubstr("pl.tile.slice(t, [64, 28], [0, 100])"));
}

TEST_F(SubscriptTest, TupleIndexStaysALiteral) {
  EXPECT_THAT(Print("        a = tup[1]\n"), HasSubstr("a: pl.Scalar[pl.INDEX] = tup[1]"));
  EXPECT_THAT(Print("        a = tup[i]\n"),
              HasSubstr("a tuple index must be a non-negative integer literal"));
}

TEST_F(SubscriptTest, Rejections) {
  EXPECT_THAT(Print("        a = x[0:8:2]\n"), HasSubstr("a slice step is not supported"));
  EXPECT_THAT(Print("        a = x[0, 0, 0]\n"),
              HasSubstr("the subscript has 3 indices but the tensor is 2-D"));
  EXPECT_THAT(Print("        a = t[i:, :]\n"),
              HasSubstr("a tile subscript needs a constant lower bound"));
  EXPECT_THAT(Print("        a = t[64:, :]\n"), HasSubstr("positive static extent"));
  EXPECT_THAT(Print("        a = i[0]\n"),
              HasSubstr("only tuples, tensors, tiles and arrays can be indexed"));
  EXPECT_THAT(Print("        x[0, 1] = x\n"), HasSubstr("an element write"));
  EXPECT_THAT(Print("        x[0:8] = x\n"),
              HasSubstr("the tensor window has 8 elements on the value's axis 0, the value 64"));
  EXPECT_THAT(Print("        x[0:64] = t\n"), HasSubstr("must be a tensor"));
  EXPECT_THAT(Print("        x[0:64] = x\n", /*strict=*/true), HasSubstr("strict_ssa"));
}

TEST_F(SubscriptTest, EnumKwargValues) {
  EXPECT_THAT(Print("        pl.system.sync_set(pipe=pl.PipeType.ALL, event_id=1)\n"),
              HasSubstr("pl.system.sync_set(pipe=pl.PipeType.ALL, event_id=1)"));
  // A bare int still reads; it prints as the member.
  EXPECT_THAT(Print("        pl.system.sync_set(pipe=4, event_id=1)\n"),
              HasSubstr("pipe=pl.PipeType.V"));
  EXPECT_THAT(Print("        pl.system.sync_set(pipe=pl.PipeType.Vec, event_id=1)\n"),
              HasSubstr("unknown member 'Vec' of pl.PipeType"));
  EXPECT_THAT(Print("        r = pl.tile.store(t, [0, 0], x, atomic=pld.AtomicType.Sub)\n"),
              HasSubstr("unknown member 'Sub' of pld.AtomicType"));
}

TEST_F(SubscriptTest, MergeSortRejections) {
  EXPECT_THAT(Print("        a = pl.mrgsort(t, t, block_len=64)\n"),
              HasSubstr("tile.mrgsort: block_len= (format1) takes no 'src1' (format2)"));
  EXPECT_THAT(Print("        a = pl.mrgsort(t, t)\n"),
              HasSubstr("tile.mrgsort: format2 needs the scratch tile tmp="));
  EXPECT_THAT(Print("        a = pl.mrgsort(t)\n"),
              HasSubstr("needs block_len= (format1) or at least src0 and src1"));
  EXPECT_THAT(Print("        a = pl.tensor.mrgsort(x, x, tmp=x)\n"),
              HasSubstr("a tensor merge sort makes its own scratch"));
  EXPECT_THAT(Print("        a = pl.tensor.mrgsort(x, x, src3=x)\n"), HasSubstr("src3 needs src2"));
  EXPECT_THAT(Print("        a = pl.tile.mgather(x, t, coalesce=\"col\")\n"),
              HasSubstr("tile.mgather: coalesce must be 'row', 'elem', 0 or 1, got 'col'"));
  EXPECT_THAT(Print("        a = pl.tile.gather_mask(t, mask_pattern=pl.tile.MaskPattern.P9)\n"),
              HasSubstr("unknown member 'P9' of pl.tile.MaskPattern"));
  EXPECT_THAT(Print("        a = pl.tensor.gather(x, kvalue=1.0, cmp_mode=\"gte\", out_cols=8)\n"),
              HasSubstr("tensor.gather_compare: cmp_mode must be 'eq', 'ne', 'lt', 'le', 'gt', "
                        "'ge' or 0-5, got 'gte'"));
  EXPECT_THAT(Print("        a = pl.fillpad(x, 3.5)\n"),
              HasSubstr("tensor.fillpad: pad_value takes a pl.PadValue or 0, 0.0, math.inf, "
                        "-math.inf; got 3.5"));
  EXPECT_THAT(Print("        a = pl.fillpad(x, pad_value=\"zero\")\n"),
              HasSubstr("tensor.fillpad: pad_value takes a pl.PadValue or 0, 0.0, math.inf, "
                        "-math.inf; got the string 'zero'"));
}

TEST_F(SubscriptTest, TypedConstStartIsKept) {
  // Only an INDEX literal takes the dtype: the canonical print of a typed
  // start must parse back to itself.
  EXPECT_THAT(Print("        a = pl.tile.ci(pl.const(7, pl.INT32), [1, 32], dtype=pl.INT16)\n"),
              HasSubstr("pl.tile.ci(pl.const(7, pl.INT32), [1, 32], dtype=pl.INT16"));
  EXPECT_THAT(Print("        a = pl.tile.ci(7, [1, 32], dtype=pl.INT16)\n"),
              HasSubstr("pl.tile.ci(pl.const(7, pl.INT16), [1, 32], dtype=pl.INT16"));
}

TEST_F(SubscriptTest, AnyExpressionIsAStatement) {
  std::string out = Print("        pl.const(0, pl.INT64)\n        i + 1\n");
  EXPECT_THAT(out, HasSubstr("\n        pl.const(0, pl.INT64)\n        i + 1\n"));
}

// A float literal is interned like an integer one: a chain of scalings by one
// factor shares one constant, and a different factor gets its own.
TEST(FloatLiteralTest, LiteralsAreShared) {
  Context ctx;
  absl::StatusOr<Program> p = ParseProgram(ctx,
      "import pypto.language as pl\n"
      "@pl.program\n"
      "class P:\n"
      "    @pl.function\n"
      "    def f(self, t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]):\n"
      "        a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.muls(t, 0.5)\n"
      "        b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.muls(a, 0.50)\n"
      "        c: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.muls(b, 0.25)\n"
      "        return\n",
      "t.py");
  ASSERT_TRUE(p.ok()) << p.status();
  Stmts body = p->functions()[0]->body()->As<SeqStmts>()->stmts();
  ASSERT_EQ(body.size(), 4u);
  auto factor = [&](int i) { return body[i]->As<AssignStmt>()->value()->As<Call>()->args()[1]; };
  EXPECT_EQ(factor(0), factor(1));
  EXPECT_NE(factor(1), factor(2));
  EXPECT_EQ(factor(2)->As<ConstFloat>()->value(), 0.25);
}

}  // namespace
}  // namespace pto::ir
