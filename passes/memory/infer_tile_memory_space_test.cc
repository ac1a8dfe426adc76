#include "passes/memory/infer_tile_memory_space.h"

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
using ::testing::Not;

// A kernel over a window `w` whose `body` may read `peer`.
std::string Kernel(absl::string_view body,
                   absl::string_view type = "pl.FunctionType.InCore") {
  return absl::StrCat(R"(import pypto.language as pl
import pypto.language.distributed as pld

@pl.program
class P:
    @pl.function(type=)",
                      type, R"()
    def k(self, w: pld.DistributedTensor[[1, 64], pl.FP32], peer: pl.Scalar[pl.INT32],
          out: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> pl.Tensor[[1, 64], pl.FP32]:
)",
                      body);
}

class InferTileMemorySpaceTest : public ::testing::Test {
 protected:
  ir::Program Parse(absl::string_view text) {
    absl::StatusOr<ir::Program> p = ir::ParseProgram(ctx_, text, "k.py");
    EXPECT_TRUE(p.ok()) << p.status().message() << "\nin:\n" << text;
    return p.ok() ? *p : ctx_.NewProgram("P", {});
  }
  // The pass's result, verified, printed.
  std::string Infer(const ir::Program& p) {
    PassContext pc;
    absl::StatusOr<ir::Program> out = CreateInferTileMemorySpacePass()->Run(p, pc);
    EXPECT_TRUE(out.ok()) << out.status().message();
    if (!out.ok()) return "";
    absl::Status verified = ir::VerifyProgram(*out);
    EXPECT_TRUE(verified.ok()) << verified.message() << "\n" << ir::PrintProgram(*out);
    absl::Status inferred = CheckTileMemoryInferred(*out);
    EXPECT_TRUE(inferred.ok()) << inferred.message() << "\n" << ir::PrintProgram(*out);
    return ir::PrintProgram(*out);
  }

  ir::Context ctx_;
};

TEST_F(InferTileMemorySpaceTest, RemoteLoadLandsInVec) {
  ir::Program p = Parse(Kernel(R"(        recv = pld.tile.remote_load(w, peer, [0, 0], [1, 64])
        out = pl.tile.store(recv, [0, 0], out)
        return out
)"));
  // Before the pass the tile has no space, as upstream prints it.
  EXPECT_THAT(ir::PrintProgram(p), HasSubstr("recv: pl.Tile[[1, 64], pl.FP32] ="));
  absl::Status open = CheckTileMemoryInferred(p);
  EXPECT_THAT(open.message(), HasSubstr("k.py:9:9: error: InferTileMemorySpace: tile 'recv' of "
                                        "function 'k' has no memory space"));
  EXPECT_THAT(Infer(p), HasSubstr("recv: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = "
                                  "pld.tile.remote_load(w, peer, [0, 0], [1, 64])"));
}

TEST_F(InferTileMemorySpaceTest, ViewsAndCarriedValuesFollowTheirSource) {
  ir::Program p = Parse(Kernel(R"(        recv = pld.tile.remote_load(w, peer, [0, 0], [1, 64])
        half = pl.tile.slice(recv, [1, 32], [0, 0])
        alias = half
        for i, (acc,) in pl.range(2, init_values=(alias,)):
            acc_next = pl.yield_(acc)
        if peer == 0:
            r = pl.yield_(acc_next)
        else:
            r = pl.yield_(acc_next)
        out = pl.tile.store(r, [0, 0], out)
        return out
)"));
  std::string text = Infer(p);
  for (const char* var : {"half", "alias", "acc_next", "r"}) {
    EXPECT_THAT(text, HasSubstr(absl::StrCat(var, ": pl.Tile[[1, 32], pl.FP32, pl.Mem.Vec]")))
        << text;
  }
  EXPECT_THAT(text, HasSubstr("(acc,) in pl.range(2, init_values=(alias,))"));
}

// Loads x and y into Mat and moves them into l (Left) and r (Right).
constexpr absl::string_view kLeftRight =
    R"(        a = pl.tile.load(x, [0, 0], [16, 32], target_memory=pl.Mem.Mat)
        b = pl.tile.load(y, [0, 0], [32, 16], target_memory=pl.Mem.Mat)
        l = pl.tile.move(a, target_memory=pl.Mem.Left)
        r = pl.tile.move(b, target_memory=pl.Mem.Right)
)";

// A matmul kernel over x [16, 32] and y [32, 16] whose body is `prologue`
// then `body`.
std::string MatmulKernel(absl::string_view prologue, absl::string_view body = "") {
  return absl::StrCat(R"(import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 32], pl.BF16], y: pl.Tensor[[32, 16], pl.BF16],
          c: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
)",
                      prologue, body);
}

TEST_F(InferTileMemorySpaceTest, MatmulOperandsMoveIntoLeftAndRight) {
  ir::Program p = Parse(MatmulKernel(R"(        a = pl.tile.load(x, [0, 0], [16, 32])
        b = pl.tile.load(y, [0, 0], [32, 16])
        z = pl.tile.matmul(a, b)
        o = pl.tile.store(z, [0, 0], out)
        return o
)"));
  std::string text = Infer(p);
  EXPECT_THAT(text, HasSubstr("a_Left: pl.Tile[[16, 32], pl.BF16, pl.Mem.Left] = "
                              "pl.tile.move(a, target_memory=pl.Mem.Left)\n"
                              "        b_Right: pl.Tile[[32, 16], pl.BF16, pl.Mem.Right] = "
                              "pl.tile.move(b, target_memory=pl.Mem.Right)\n"
                              "        z: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = "
                              "pl.tile.matmul(a_Left, b_Right)\n"));
  // tile.store reads an Acc tile where it is (Vec or Acc): no move.
  EXPECT_THAT(text, HasSubstr("pl.tile.store(z, [0, 0], out)"));
}

TEST_F(InferTileMemorySpaceTest, AnAccumulatorReadByTheVectorUnitMovesOncePerBlock) {
  ir::Program p = Parse(MatmulKernel(kLeftRight, R"(        z = pl.tile.matmul(l, r)
        w = pl.tile.add(z, z)
        if c == 0:
            u = pl.tile.mul(z, w)
            v = pl.yield_(u)
        else:
            u2 = pl.tile.sub(z, w)
            v = pl.yield_(u2)
        o = pl.tile.store(v, [0, 0], out)
        return o
)"));
  std::string text = Infer(p);
  // The Acc-to-Vec copy lands row-major without a scatter layout, as the
  // cube-to-vector path delivers it; both operands of the add read one copy.
  const std::string move =
      "z_Vec: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.move(z, target_memory=pl.Mem.Vec, "
      "blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)";
  EXPECT_THAT(text, HasSubstr(move + "\n        w: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = "
                                     "pl.tile.add(z_Vec, z_Vec)\n"));
  // The branches read the copy made before the if; none is made again.
  EXPECT_THAT(text, HasSubstr("pl.tile.mul(z_Vec, w)"));
  EXPECT_THAT(text, HasSubstr("pl.tile.sub(z_Vec, w)"));
  EXPECT_EQ(text.find("z_Vec_1"), std::string::npos) << text;
  // No move reaches l and r, which are in the spaces matmul reads.
  EXPECT_THAT(text, HasSubstr("pl.tile.matmul(l, r)"));
}

TEST_F(InferTileMemorySpaceTest, AMoveMadeInABranchStaysInIt) {
  ir::Program p = Parse(MatmulKernel(kLeftRight, R"(        z = pl.tile.matmul(l, r)
        if c == 0:
            u = pl.tile.exp(z)
            v = pl.yield_(u)
        else:
            u2 = pl.tile.neg(z)
            v = pl.yield_(u2)
        w = pl.tile.abs(z)
        s = pl.tile.add(v, w)
        o = pl.tile.store(s, [0, 0], out)
        return o
)"));
  std::string text = Infer(p);
  // Each branch and the statement after the if make their own copy: a copy
  // made in one branch does not exist in the other, nor after the if.
  EXPECT_THAT(text, HasSubstr("            z_Vec: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = "
                              "pl.tile.move(z,"));
  EXPECT_THAT(text, HasSubstr("pl.tile.exp(z_Vec)"));
  EXPECT_THAT(text, HasSubstr("pl.tile.neg(z_Vec_1)"));
  EXPECT_THAT(text, HasSubstr("pl.tile.abs(z_Vec_2)"));
}

TEST_F(InferTileMemorySpaceTest, AnAccumulatorIsCreatedWhereTheLoopKeepsIt) {
  // The accumulator a loop carries is created in Acc, where matmul_acc
  // writes it, so no move enters or leaves the loop; an if's result carried
  // into the loop is retyped alike, its branches keeping what they yield.
  ir::Program p = Parse(MatmulKernel(kLeftRight, R"(        acc0 = pl.tile.create([16, 16], dtype=pl.FP32)
        for i, (acc,) in pl.range(4, init_values=(acc0,)):
            nxt = pl.tile.matmul_acc(acc, l, r)
            res = pl.yield_(nxt)
        if c == 0:
            z0 = pl.tile.create([16, 16], dtype=pl.FP32, target_memory=pl.Mem.Mat)
            sel = pl.yield_(z0)
        else:
            sel = pl.yield_(res)
        for j, (acc2,) in pl.range(4, init_values=(sel,)):
            nxt2 = pl.tile.matmul_acc(acc2, l, r)
            res2 = pl.yield_(nxt2)
        o = pl.tile.store(res2, [0, 0], out)
        return o
)"));
  std::string text = Infer(p);
  EXPECT_THAT(text, HasSubstr("acc0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = "
                              "pl.tile.create([16, 16], dtype=pl.FP32, target_memory=pl.Mem.Acc)"));
  EXPECT_THAT(text, HasSubstr("res: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.yield_(nxt)"));
  EXPECT_THAT(text, HasSubstr("sel: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.yield_(z0)"));
  EXPECT_THAT(text, HasSubstr("z0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat]"));
  EXPECT_THAT(text, HasSubstr("pl.tile.store(res2, [0, 0], out)"));
  EXPECT_THAT(text, Not(HasSubstr("pl.tile.move(acc"))) << text;
}

TEST_F(InferTileMemorySpaceTest, PlacedTilesAndOtherFunctionsAreUntouched) {
  // Every tile already has a space: the program itself comes back.
  ir::Program placed = Parse(Kernel(R"(        x = pl.tile.create([1, 64], dtype=pl.FP32, target_memory=pl.Mem.Mat)
        y = pl.tile.move(x, target_memory=pl.Mem.Vec)
        out = pl.tile.store(y, [0, 0], out)
        return out
)"));
  PassContext pc;
  absl::StatusOr<ir::Program> same = CreateInferTileMemorySpacePass()->Run(placed, pc);
  ASSERT_TRUE(same.ok());
  EXPECT_TRUE(same->SameAs(placed));
  EXPECT_THAT(ir::PrintProgram(*same), HasSubstr("pl.Mem.Mat"));

  // An Orchestration function is not a kernel: its tiles are left open, and
  // the property only speaks of InCore functions.
  ir::Program orch = Parse(Kernel(R"(        recv = pld.tile.remote_load(w, peer, [0, 0], [1, 64])
        out = pl.tile.store(recv, [0, 0], out)
        return out
)",
                                  "pl.FunctionType.Orchestration"));
  absl::StatusOr<ir::Program> untouched = CreateInferTileMemorySpacePass()->Run(orch, pc);
  ASSERT_TRUE(untouched.ok());
  EXPECT_TRUE(untouched->SameAs(orch));
  EXPECT_TRUE(CheckTileMemoryInferred(orch).ok());
  EXPECT_THAT(ir::PrintProgram(orch), Not(HasSubstr("pl.Mem.Vec")));
}

}  // namespace
}  // namespace pto::passes
