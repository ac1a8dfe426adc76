#include "passes/layout/flatten_tile_nd_to_2d.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/analysis/verifier.h"
#include "ir/context.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"

namespace pto::passes {
namespace {

using ::testing::HasSubstr;

// An InCore kernel over x [2, 3, 4] whose `body` follows.
std::string Kernel(absl::string_view body) {
  return absl::StrCat(R"(import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[2, 3, 4], pl.FP32], n: pl.Scalar[pl.INDEX],
          out: pl.Out[pl.Tensor[[2, 3, 4], pl.FP32]]) -> pl.Tensor[[2, 3, 4], pl.FP32]:
)",
                      body);
}

class FlattenTileNdTo2DTest : public ::testing::Test {
 protected:
  ir::Program Parse(absl::string_view text) {
    absl::StatusOr<ir::Program> p = ir::ParseProgram(ctx_, text, "k.py");
    EXPECT_TRUE(p.ok()) << p.status().message() << "\nin:\n" << text;
    return p.ok() ? *p : ctx_.NewProgram("P", {});
  }
  absl::StatusOr<ir::Program> Run(const ir::Program& p) {
    PassContext pc;
    return CreateFlattenTileNdTo2DPass()->Run(p, pc);
  }
  // The pass's result, verified, printed.
  std::string Flatten(absl::string_view text) {
    absl::StatusOr<ir::Program> out = Run(Parse(text));
    EXPECT_TRUE(out.ok()) << out.status().message();
    if (!out.ok()) return "";
    absl::Status verified = ir::VerifyProgram(*out);
    EXPECT_TRUE(verified.ok()) << verified.message() << "\n" << ir::PrintProgram(*out);
    return ir::PrintProgram(*out);
  }
  std::string Error(absl::string_view text) {
    absl::StatusOr<ir::Program> out = Run(Parse(text));
    EXPECT_FALSE(out.ok());
    return out.ok() ? "" : std::string(out.status().message());
  }

  ir::Context ctx_;
};

TEST_F(FlattenTileNdTo2DTest, LoadsComputeAndStoresFlatten) {
  std::string text = Flatten(Kernel(R"(        t = pl.tile.load(x, [0, 0, 0], [2, 3, 4])
        e = pl.tile.exp(t)
        s = pl.tile.row_sum(e, pl.tile.create([2, 3, 4], dtype=pl.FP32))
        b = pl.tile.row_expand_sub(e, s)
        o = pl.tile.store(b, [0, 0, 0], out)
        return o
)"));
  EXPECT_THAT(text, HasSubstr("t: pl.Tile[[6, 4], pl.FP32, pl.Mem.Vec] = "
                              "pl.tile.load(x, [0, 0, 0], [2, 3, 4], [2, 3, 4], "
                              "target_memory=pl.Mem.Vec)"));
  EXPECT_THAT(text, HasSubstr("e: pl.Tile[[6, 4], pl.FP32, pl.Mem.Vec] = pl.tile.exp(t)"));
  EXPECT_THAT(text, HasSubstr("s: pl.Tile[[6, 1], pl.FP32, pl.Mem.Vec"));
  EXPECT_THAT(text, HasSubstr("pl.tile.store(b, [0, 0, 0], out, [2, 3, 4])"));
}

TEST_F(FlattenTileNdTo2DTest, CreateFullAssembleAndCarriedValues) {
  std::string text = Flatten(Kernel(R"(        page = pl.tile.full([1, 3, 4], dtype=pl.FP32, value=1.0)
        acc = pl.tile.create([2, 3, 4], dtype=pl.FP32)
        acc2 = pl.tile.assemble(acc, page, [1, 0, 0])
        for i, (c,) in pl.range(2, init_values=(acc2,)):
            d = pl.tile.add(c, c)
            r = pl.yield_(d)
        if n == 0:
            q = pl.yield_(r)
        else:
            q = pl.yield_(acc2)
        o = pl.tile.store(q, [0, 0, 0], out)
        return o
)"));
  EXPECT_THAT(text, HasSubstr("pl.tile.full([3, 4], dtype=pl.FP32, value=1.0)"));
  EXPECT_THAT(text, HasSubstr("pl.tile.create([6, 4], dtype=pl.FP32"));
  // Row 1 * 3 + 0 of the flattened target.
  EXPECT_THAT(text, HasSubstr("pl.tile.assemble(acc, page, [3, 0])"));
  EXPECT_THAT(text, HasSubstr("r: pl.Tile[[6, 4], pl.FP32, pl.Mem.Vec] = pl.yield_(d)"));
  EXPECT_THAT(text, HasSubstr("q: pl.Tile[[6, 4], pl.FP32, pl.Mem.Vec] = pl.yield_(r)"));
}

TEST_F(FlattenTileNdTo2DTest, AReshapeTheUserWroteIsKeptAndFlattenedForTheStore) {
  std::string text = Flatten(R"(import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[2, 4], pl.FP32],
          out: pl.Out[pl.Tensor[[2, 1, 4], pl.FP32]]) -> pl.Tensor[[2, 1, 4], pl.FP32]:
        t = pl.tile.load(x, [0, 0], [2, 4])
        r3 = pl.tile.reshape(t, [2, 1, 4])
        o = pl.tile.store(r3, [0, 0, 0], out)
        return o
)");
  EXPECT_THAT(text, HasSubstr("r3: pl.Tile[[2, 1, 4], pl.FP32, pl.Mem.Vec] = "
                              "pl.tile.reshape(t, [2, 1, 4])\n"
                              "        flat_tile: pl.Tile[[2, 4], pl.FP32, pl.Mem.Vec] = "
                              "pl.tile.reshape(r3, [2, 4])\n"
                              "        o: pl.Tensor[[2, 1, 4], pl.FP32] = "
                              "pl.tile.store(flat_tile, [0, 0, 0], out, [2, 1, 4])"));
}

TEST_F(FlattenTileNdTo2DTest, TwoDimensionalProgramsComeBackUnchanged) {
  ir::Program p = Parse(R"(import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[8, 4], pl.FP32],
          out: pl.Out[pl.Tensor[[8, 4], pl.FP32]]) -> pl.Tensor[[8, 4], pl.FP32]:
        t = pl.tile.load(x, [0, 0], [8, 4])
        o = pl.tile.store(t, [0, 0], out)
        return o
)");
  absl::StatusOr<ir::Program> out = Run(p);
  ASSERT_TRUE(out.ok());
  EXPECT_TRUE(out->SameAs(p));
}

TEST_F(FlattenTileNdTo2DTest, WhatCannotBeFlattenedIsALocatedError) {
  EXPECT_THAT(Error(Kernel(R"(        t = pl.tile.load(x, [0, 0, 0], [2, 3, 4])
        v = pl.tile.read(t, [0, 1, 2])
        o = pl.tile.store(t, [0, 0, 0], out)
        return o
)")),
              HasSubstr("k.py:9:13: error: FlattenTileNdTo2D: tile.read on a rank-3 tile cannot "
                        "be flattened"));
  // The written rows 0..1 of each of the two pages are not one band.
  EXPECT_THAT(Error(Kernel(R"(        page = pl.tile.full([2, 2, 4], dtype=pl.FP32, value=1.0)
        acc = pl.tile.create([2, 3, 4], dtype=pl.FP32)
        acc2 = pl.tile.assemble(acc, page, [0, 0, 0])
        o = pl.tile.store(acc2, [0, 0, 0], out)
        return o
)")),
              HasSubstr("error: FlattenTileNdTo2D: tile.assemble writes [2, 2, 4] into [2, 3, 4]: "
                        "its rows are not contiguous once flattened"));
}

}  // namespace
}  // namespace pto::passes
