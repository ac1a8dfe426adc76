#include "passes/tensor_to_tile/convert_tensor_to_tile_ops.h"

#include "absl/status/statusor.h"
#include "backends/registry.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/text/printer/printer.h"
#include "passes/normalize/pass_test_fixture.h"

namespace pto::passes {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

class ConvertTensorToTileOpsTest : public NormalizePassTest {
 protected:
  ConvertTensorToTileOpsTest() : NormalizePassTest(CreateConvertTensorToTileOpsPass()) {}
};

TEST_F(ConvertTensorToTileOpsTest, LoadsComputesStoresAndAllocatesTheOutput) {
  CheckedProgramRewrite(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        return y
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = self.k(x)
        return y
)",
                        R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64], pl.FP32],
          ret0_out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        x_tile = pl.load(x, [0], [64])
        y_tile = pl.tile.add(x_tile, x_tile)
        ret0_store = pl.store(y_tile, [0], ret0_out)
        return ret0_store
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        ret0_out = pl.tensor.create([64], dtype=pl.FP32)
        y: pl.Tensor[[64], pl.FP32] = self.k(x, ret0_out)
        return y
)")
      .status()
      .IgnoreError();
}

// A row vector operand picks the row-expand form; a reduction gets its
// scratch tile (last axis padded to 128); assembling into an Out param is a
// store into it.
TEST_F(ConvertTensorToTileOpsTest, BroadcastReductionAndAssemble) {
  CheckedProgramRewrite(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        s: pl.Tensor[[16, 1], pl.FP32] = pl.row_sum(x)
        y: pl.Tensor[[16, 64], pl.FP32] = pl.sub(x, s)
        out_1: pl.Tensor[[16, 64], pl.FP32] = pl.assemble(out, y, [0, 0])
        return out_1
)",
                        R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        x_tile = pl.load(x, [0, 0], [16, 64])
        tmp_tile = pl.tile.create([16, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        s_tile = pl.tile.row_sum(x_tile, tmp_tile)
        y_tile = pl.tile.row_expand_sub(x_tile, s_tile)
        out_2 = pl.store(y_tile, [0, 0], out)
        return out_2
)")
      .status()
      .IgnoreError();
}

// A slice feeding a matmul loads its window straight into Mat; a
// transposed operand is a zero-copy view of it. Both Mat loads carry
// upstream's bridge marker, which its later passes key on.
TEST_F(ConvertTensorToTileOpsTest, MatmulOperandsLoadIntoMat) {
  CheckedProgramRewrite(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[32, 64], pl.BF16], b: pl.Tensor[[32, 64], pl.BF16], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        a_s: pl.Tensor[[16, 64], pl.BF16] = pl.slice(a, [16, 64], [0, 0])
        c: pl.Tensor[[16, 32], pl.FP32] = pl.matmul(a_s, b, b_trans=True, out_dtype=pl.FP32)
        out_1: pl.Tensor[[16, 32], pl.FP32] = pl.assemble(out, c, [0, 0])
        return out_1
)",
                        R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[32, 64], pl.BF16], b: pl.Tensor[[32, 64], pl.BF16], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        a_s_tile = pl.load(a, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Mat,
                           attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        b_mat = pl.load(b, [0, 0], [32, 64], [32, 64], target_memory=pl.Mem.Mat,
                        attrs={"__compiler_tensor_to_tile_mat_bridge": True})
        b_mat_t = pl.tile.transpose_view(b_mat)
        c_tile = pl.tile.matmul(a_s_tile, b_mat_t)
        out_2 = pl.store(c_tile, [0, 0], out)
        return out_2
)")
      .status()
      .IgnoreError();
}

// Loop-carried values, loop results and branch results become tiles; the
// loop's init is loaded at entry because a converted op reads the value it
// carries.
TEST_F(ConvertTensorToTileOpsTest, TypesFollowThroughControlFlow) {
  CheckedProgramRewrite(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64], pl.FP32]:
        for i, (acc,) in pl.range(4, init_values=(x,)):
            nxt: pl.Tensor[[64], pl.FP32] = pl.add(acc, acc)
            r = pl.yield_(nxt)
        if n > 2:
            e: pl.Tensor[[64], pl.FP32] = pl.exp(r)
            v = pl.yield_(e)
        else:
            v = pl.yield_(r)
        return v
)",
                        R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INDEX],
          ret0_out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        x_tile = pl.load(x, [0], [64])
        for i, (acc,) in pl.range(4, init_values=(x_tile,)):
            nxt_tile = pl.tile.add(acc, acc)
            r = pl.yield_(nxt_tile)
        if n > 2:
            e_tile = pl.tile.exp(r)
            v = pl.yield_(e_tile)
        else:
            v = pl.yield_(r)
        ret0_store = pl.store(v, [0], ret0_out)
        return ret0_store
)")
      .status()
      .IgnoreError();
}

// A scalar read of a tensor in global memory stays one; the param it writes
// is upgraded (In -> InOut: it is also read).
TEST_F(ConvertTensorToTileOpsTest, GlobalScalarAccessStaysAndUpgradesDirection) {
  CheckedProgramRewrite(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, t: pl.Tensor[[8], pl.INT32]) -> pl.Tensor[[8], pl.INT32]:
        v: pl.Scalar[pl.INT32] = pl.tensor.read(t, [0])
        t_1: pl.Tensor[[8], pl.INT32] = pl.tensor.write(t, [1], v)
        return t_1
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, t: pl.Tensor[[8], pl.INT32]) -> pl.Tensor[[8], pl.INT32]:
        r: pl.Tensor[[8], pl.INT32] = self.k(t)
        return r
)",
                        R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, t: pl.InOut[pl.Tensor[[8], pl.INT32]]) -> pl.Tensor[[8], pl.INT32]:
        v: pl.Scalar[pl.INT32] = pl.tensor.read(t, [0])
        t_1: pl.Tensor[[8], pl.INT32] = pl.tensor.write(t, [1], v)
        return t_1
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, t: pl.InOut[pl.Tensor[[8], pl.INT32]]) -> pl.Tensor[[8], pl.INT32]:
        r: pl.Tensor[[8], pl.INT32] = self.k(t)
        return r
)")
      .status()
      .IgnoreError();
}

// A Spmd wrapper forwards the Out param its kernel gained; its caller
// allocates it.
TEST_F(ConvertTensorToTileOpsTest, WrapperForwardsTheNewOutput) {
  CheckedProgramRewrite(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.exp(x)
        return y
    @pl.function(type=pl.FunctionType.Spmd)
    def w(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = self.k(x)
        return y
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = self.w(x, attrs={"core_num": 4})
        return y
)",
                        R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64], pl.FP32],
          ret0_out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        x_tile = pl.load(x, [0], [64])
        y_tile = pl.tile.exp(x_tile)
        ret0_store = pl.store(y_tile, [0], ret0_out)
        return ret0_store
    @pl.function(type=pl.FunctionType.Spmd)
    def w(self, x: pl.Tensor[[64], pl.FP32],
          ret0_out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = self.k(x, ret0_out)
        return y
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        ret0_out = pl.tensor.create([64], dtype=pl.FP32)
        y: pl.Tensor[[64], pl.FP32] = self.w(x, ret0_out, attrs={"core_num": 4})
        return y
)")
      .status()
      .IgnoreError();
}

// A returned buffer filled slice by slice is stored slice by slice into the
// output instead.
TEST_F(ConvertTensorToTileOpsTest, ReturnedAssembleLoopStoresDirectly) {
  CheckedProgramRewrite(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[1, 32], pl.FP32]) -> pl.Tensor[[1, 64], pl.FP32]:
        buf: pl.Tensor[[1, 64], pl.FP32] = pl.create_tensor([1, 64], dtype=pl.FP32)
        for i, (acc,) in pl.range(2, init_values=(buf,)):
            chunk: pl.Tensor[[1, 32], pl.FP32] = pl.slice(x, [1, 32], [0, 0])
            nxt: pl.Tensor[[1, 64], pl.FP32] = pl.assemble(acc, chunk, [0, i * 32])
            r = pl.yield_(nxt)
        return r
)",
                        R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[1, 32], pl.FP32],
          ret0_out: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> pl.Tensor[[1, 64], pl.FP32]:
        for i, (acc,) in pl.range(2, init_values=(ret0_out,)):
            chunk_tile = pl.load(x, [0, 0], [1, 32])
            nxt_tile = pl.store(chunk_tile, [0, i * 32], acc)
            r = pl.yield_(nxt_tile)
        return r
)")
      .status()
      .IgnoreError();
}

// On a target whose TGATHER takes flat indices, a matrix gather is one
// instruction over row-major indices.
TEST_F(ConvertTensorToTileOpsTest, GatherUsesFlatIndicesWhereTheTargetDoes) {
  backend_ = *backends::FindBackend("a5");
  CheckedProgramRewrite(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 16], pl.FP32], idx: pl.Tensor[[4, 3], pl.INT32]) -> pl.Tensor[[4, 3], pl.FP32]:
        g: pl.Tensor[[4, 3], pl.FP32] = pl.tensor.gather(x, dim=-1, index=idx)
        return g
)",
                        R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 16], pl.FP32], idx: pl.Tensor[[4, 3], pl.INT32],
          ret0_out: pl.Out[pl.Tensor[[4, 3], pl.FP32]]) -> pl.Tensor[[4, 3], pl.FP32]:
        src = pl.load(x, [0, 0], [4, 16])
        ix = pl.load(idx, [0, 0], [4, 3])
        ci = pl.tile.ci(pl.const(0, pl.INT32), [1, 4], dtype=pl.INT32)
        rows = pl.tile.reshape(ci, [4, 1])
        base = pl.tile.muls(rows, pl.const(16, pl.INT32))
        flat = pl.tile.row_expand_add(ix, base)
        tmp = pl.tile.create([4, 3], dtype=pl.INT32, target_memory=pl.Mem.Vec)
        g = pl.tile.gather(src, flat, tmp)
        g_tile: pl.Tile[[4, 3], pl.FP32, pl.Mem.Vec] = g
        ret0_store = pl.store(g_tile, [0, 0], ret0_out)
        return ret0_store
)")
      .status()
      .IgnoreError();
  // Elsewhere it gathers row by row.
  backend_ = *backends::FindBackend("a2a3");
  absl::StatusOr<ir::Program> rows = Run(ParseFunctions(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 16], pl.FP32], idx: pl.Tensor[[4, 3], pl.INT32]) -> pl.Tensor[[4, 3], pl.FP32]:
        g: pl.Tensor[[4, 3], pl.FP32] = pl.tensor.gather(x, dim=-1, index=idx)
        return g
)"));
  ASSERT_TRUE(rows.ok()) << rows.status();
  EXPECT_THAT(ir::PrintProgram(*rows),
              AllOf(HasSubstr("pl.range(4, init_values="), HasSubstr("pl.tile.gather("),
                    HasSubstr("pl.tile.assemble(")));
}

TEST_F(ConvertTensorToTileOpsTest, BulkAndScalarStoresToOneTensorAreRejected) {
  EXPECT_THAT(ErrorOfProgram(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[1, 16], pl.INT32], out: pl.Out[pl.Tensor[[1, 16], pl.INT32]]) -> pl.Tensor[[1, 16], pl.INT32]:
        t: pl.Tensor[[1, 16], pl.INT32] = pl.add(x, x)
        o1: pl.Tensor[[1, 16], pl.INT32] = pl.assemble(out, t, [0, 0])
        o2: pl.Tensor[[1, 16], pl.INT32] = pl.tensor.write(o1, [0, 3], pl.const(7, pl.INT32))
        return o2
)"),
              AllOf(HasSubstr("t.py:9:"), HasSubstr("ConvertTensorToTileOps: 'out' is written both"),
                    HasSubstr("pl.write")));
}

TEST_F(ConvertTensorToTileOpsTest, AnOpWithoutATileFormCannotTakeAConvertedOperand) {
  EXPECT_THAT(ErrorOfProgram(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[8, 8], pl.FP32], i: pl.Tensor[[8, 2], pl.INT32], s: pl.Tensor[[8, 2], pl.FP32]) -> pl.Tensor[[8, 8], pl.FP32]:
        y: pl.Tensor[[8, 8], pl.FP32] = pl.exp(x)
        z: pl.Tensor[[8, 8], pl.FP32] = pl.tensor.scatter(y, dim=-1, index=i, src=s)
        return z
)"),
              AllOf(HasSubstr("t.py:9:"), HasSubstr("tensor.scatter takes operand 1 (y) "
                                                   "as a tensor, but it is now a tile")));
}

TEST_F(ConvertTensorToTileOpsTest, APutOfAComputedValueIsRejected) {
  EXPECT_THAT(ErrorOfProgram(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, dst: pl.Out[pld.DistributedTensor[[16, 64], pl.FP16]], x: pl.Tensor[[16, 64], pl.FP16], peer: pl.Scalar[pl.INT32]):
        y: pl.Tensor[[16, 64], pl.FP16] = pl.exp(x)
        pld.tensor.put(dst, peer, y)
)"),
              HasSubstr("pld.tensor.put: the source must be a tensor in global memory"));
}

// A value a tile op reads as a tensor stays one, unless what it is made of
// became a tile: the assemble of a loaded slice is a store even though
// pl.load reads its result.
TEST_F(ConvertTensorToTileOpsTest, ATensorATileOpReadsConvertsWhenItsSourceDid) {
  CheckedProgramRewrite(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, src: pl.InOut[pld.DistributedTensor[[1, 64], pl.FP32]], out: pl.Out[pl.Tensor[[1, 64], pl.FP32]], plain: pl.InOut[pl.Tensor[[1, 64], pl.FP32]]) -> pl.Tensor[[1, 64], pl.FP32]:
        s: pld.DistributedTensor[[1, 32], pl.FP32] = pl.slice(src, [1, 32], [0, 0])
        p1: pl.Tensor[[1, 64], pl.FP32] = pl.assemble(plain, s, [0, 0])
        t = pl.load(p1, [0, 0], [1, 64])
        r = pl.store(t, [0, 0], out)
        return r
)",
                        R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, src: pl.InOut[pld.DistributedTensor[[1, 64], pl.FP32]], out: pl.Out[pl.Tensor[[1, 64], pl.FP32]], plain: pl.InOut[pl.Tensor[[1, 64], pl.FP32]]) -> pl.Tensor[[1, 64], pl.FP32]:
        s_tile = pl.load(src, [0, 0], [1, 32])
        p1 = pl.store(s_tile, [0, 0], plain)
        t = pl.load(p1, [0, 0], [1, 64])
        r = pl.store(t, [0, 0], out)
        return r
)")
      .status()
      .IgnoreError();
}

// A loop carrying a parameter (through an alias) that its body makes a
// tile: the conversion starts again with the parameter loaded at entry.
TEST_F(ConvertTensorToTileOpsTest, ACarriedTensorTheBodyMakesATileIsLoadedFirst) {
  CheckedProgramRewrite(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        a: pl.Tensor[[64], pl.FP32] = x
        for i, (acc,) in pl.range(4, init_values=(a,)):
            nxt: pl.Tensor[[64], pl.FP32] = pl.exp(x)
            r = pl.yield_(nxt)
        return r
)",
                        R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64], pl.FP32],
          ret0_out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        x_tile = pl.load(x, [0], [64])
        a = x_tile
        for i, (acc,) in pl.range(4, init_values=(a,)):
            nxt_tile = pl.tile.exp(x_tile)
            r = pl.yield_(nxt_tile)
        ret0_store = pl.store(r, [0], ret0_out)
        return ret0_store
)")
      .status()
      .IgnoreError();
}

TEST_F(ConvertTensorToTileOpsTest, AnAtomicAssembleIntoATileIsRejected) {
  EXPECT_THAT(ErrorOfProgram(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        t: pl.Tensor[[16, 128], pl.FP32] = pl.create_tensor([16, 128], dtype=pl.FP32)
        s: pl.Tensor[[16, 64], pl.FP32] = pl.add(x, x)
        t1: pl.Tensor[[16, 128], pl.FP32] = pl.assemble(t, s, [0, 64], atomic=pl.AtomicType.Add)
        o: pl.Tensor[[16, 128], pl.FP32] = pl.assemble(out, t1, [0, 0])
        return o
)"),
              AllOf(HasSubstr("t.py:10:"), HasSubstr("tensor.assemble: atomic=AtomicType.Add needs "
                                                   "a tensor in global memory as the target")));
}

TEST_F(ConvertTensorToTileOpsTest, AGatherAlongAnotherAxisIsRejected) {
  EXPECT_THAT(ErrorOfProgram(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 16], pl.FP32], idx: pl.Tensor[[2, 16], pl.INT32]) -> pl.Tensor[[2, 16], pl.FP32]:
        g: pl.Tensor[[2, 16], pl.FP32] = pl.tensor.gather(x, dim=0, index=idx)
        return g
)"),
              AllOf(HasSubstr("t.py:8:"),
                    HasSubstr("tensor.gather: gathers along the last axis of a rank-2 or "
                              "rank-3 input only")));
}

TEST_F(ConvertTensorToTileOpsTest, TileLevelProgramsAreLeftAlone) {
  ir::Program p = ParseFunctions(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t = pl.load(x, [0], [64])
        o = pl.store(t, [0], out)
        return o
)");
  absl::StatusOr<ir::Program> out = Run(p);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_TRUE(out->SameAs(p));
}

}  // namespace
}  // namespace pto::passes
