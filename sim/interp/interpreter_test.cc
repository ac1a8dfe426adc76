#include "sim/interp/interpreter.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/op_registry.h"
#include "ir/ops/builtin.h"
#include "ir/text/parser/parser.h"
#include "sim/interp/test_util.h"

namespace pto::sim {
namespace {

using ir::DataType;
using testing::Buffer;
using testing::BufferOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::IndexValue;
using testing::IntResult;
using testing::SimProgram;
using testing::Values;


TEST(InterpreterTest, ForLoopWithIterArgs) {
  SimProgram p(R"(
    @pl.function
    def f(self, n: pl.Scalar[pl.INDEX], a: pl.Scalar[pl.INDEX], b: pl.Scalar[pl.INDEX]) -> tuple[pl.Scalar[pl.INDEX], pl.Scalar[pl.INDEX]]:
        for i, (x, y) in pl.range(2, n, 3, init_values=(a, b)):
            x2: pl.Scalar[pl.INDEX] = x + i
            y2: pl.Scalar[pl.INDEX] = y * 2 - x2 // 3
            rx, ry = pl.yield_(x2, y2)
        return rx, ry)");
  // i = 2, 5, 8: x = 1+2=3, y = 10*2-1 = 19; x = 8, y = 38-2 = 36; x = 16, y = 72-5 = 67.
  absl::StatusOr<std::vector<Value>> r =
      p.Run("f", {IndexValue(10), IndexValue(1), IndexValue(10)});
  EXPECT_EQ(IntResult(r, 0), 16);
  EXPECT_EQ(IntResult(r, 1), 67);
  // An empty range yields the inits.
  r = p.Run("f", {IndexValue(2), IndexValue(1), IndexValue(10)});
  EXPECT_EQ(IntResult(r, 0), 1);
  EXPECT_EQ(IntResult(r, 1), 10);
}

TEST(InterpreterTest, EveryLoopKindRunsInOrder) {
  for (const char* kind : {"range", "parallel"}) {
    SimProgram p(absl::StrCat(R"(
    @pl.function
    def f(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        for i, (acc,) in pl.)", kind, R"((4, init_values=(a,)):
            nxt: pl.Scalar[pl.INDEX] = acc * 10 + i
            r: pl.Scalar[pl.INDEX] = pl.yield_(nxt)
        return r)"));
    EXPECT_EQ(IntResult(p.Run("f", {IndexValue(7)})), 70123) << kind;
  }
  // unroll and pipeline carry no values: observe them through stores.
  for (const char* kind : {"unroll(4)", "pipeline(4, stage=2)"}) {
    SimProgram p(absl::StrCat(R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, x: pl.Tensor[[4, 8], pl.FP32], out: pl.Out[pl.Tensor[[4, 8], pl.FP32]]) -> pl.Tensor[[4, 8], pl.FP32]:
        for i in pl.)", kind, R"(:
            t = pl.tile.load(x, [i, 0], [1, 8], [1, 8], target_memory=pl.Mem.Vec)
            u = pl.tile.adds(t, 1.0)
            r = pl.tile.store(u, [i, 0], out)
        return out)"));
    BufferView x = Buffer(DataType::kFP32, {4, 8}, {1, 2, 3, 4, 5, 6, 7, 8, 9});
    BufferView out = testing::Undefined(DataType::kFP32, {4, 8});
    ASSERT_TRUE(p.Run("k", {Value::Of(x), Value::Of(out)}).ok()) << kind;
    std::vector<double> got = Values(out);
    for (size_t i = 0; i < got.size(); ++i) EXPECT_EQ(got[i], 1 + (i % 9) + 1) << kind << " " << i;
  }
}

TEST(InterpreterTest, NegativeStepAndZeroStep) {
  SimProgram p(R"(
    @pl.function
    def f(self, s: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        for i, (acc,) in pl.range(10, 0, s, init_values=(0,)):
            nxt: pl.Scalar[pl.INDEX] = acc + i
            r: pl.Scalar[pl.INDEX] = pl.yield_(nxt)
        return r)");
  EXPECT_EQ(IntResult(p.Run("f", {IndexValue(-3)})), 10 + 7 + 4 + 1);
  absl::StatusOr<std::vector<Value>> zero = p.Run("f", {IndexValue(0)});
  ASSERT_FALSE(zero.ok());
  EXPECT_THAT(zero.status().message(), HasSubstr("step is zero"));
}

TEST(InterpreterTest, IfWithReturnVarsAndEarlyReturn) {
  SimProgram p(R"(
    @pl.function
    def f(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        if a < 4 and a != 0:
            u: pl.Scalar[pl.INDEX] = a + 100
            r: pl.Scalar[pl.INDEX] = pl.yield_(u)
        else:
            r: pl.Scalar[pl.INDEX] = pl.yield_(a)
        if a >= 10:
            v, w = pl.yield_(a, r)
        else:
            v, w = pl.yield_(0, r)
        if not a == 3:
            return w
        return v)");
  EXPECT_EQ(IntResult(p.Run("f", {IndexValue(2)})), 102);
  EXPECT_EQ(IntResult(p.Run("f", {IndexValue(0)})), 0);
  EXPECT_EQ(IntResult(p.Run("f", {IndexValue(12)})), 12);
  EXPECT_EQ(IntResult(p.Run("f", {IndexValue(3)})), 0);  // v
}

TEST(InterpreterTest, WhileLoops) {
  SimProgram p(R"(
    @pl.function
    def f(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        for (x,) in pl.while_(init_values=(a,)):
            pl.cond(x < 10)
            x2: pl.Scalar[pl.INDEX] = x + 1
            r: pl.Scalar[pl.INDEX] = pl.yield_(x2)
        for (p, q) in pl.while_(init_values=(r, 0)):
            pl.cond(p > q)
            p2: pl.Scalar[pl.INDEX] = p - 3
            q2: pl.Scalar[pl.INDEX] = q + 1
            rp, rq = pl.yield_(p2, q2)
        return rq)");
  // x: 3 -> 10; (p, q): (10,0) (7,1) (4,2) -> stop at (4, 2)? 4 > 2 -> (1, 3) stop.
  EXPECT_EQ(IntResult(p.Run("f", {IndexValue(3)})), 3);
  EXPECT_EQ(IntResult(p.Run("f", {IndexValue(50)})), 13);  // p=50..: 50-3k > k until k = 13
}

TEST(InterpreterTest, WhileIterationCapIsAnError) {
  SimProgram p(R"(
    @pl.function
    def f(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        for (x,) in pl.while_(init_values=(a,)):
            pl.cond(x > 0)
            x2: pl.Scalar[pl.INDEX] = x + 1
            r: pl.Scalar[pl.INDEX] = pl.yield_(x2)
        return r)");
  InterpreterOptions options;
  options.max_while_iterations = 1000;
  absl::StatusOr<std::vector<Value>> r = p.Run("f", {IndexValue(1)}, options);
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.status().message(), HasSubstr("while loop exceeded 1000 iterations"));
  EXPECT_THAT(r.status().message(), HasSubstr("test.py:"));
}

TEST(InterpreterTest, FunctionCallsAndTuples) {
  SimProgram p(R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel(x: pl.Tensor[[4, 8], pl.FP32], out: pl.Out[pl.Tensor[[4, 8], pl.FP32]]) -> pl.Tensor[[4, 8], pl.FP32]:
        t = pl.tile.load(x, [0, 0], [4, 8], [4, 8], target_memory=pl.Mem.Vec)
        u = pl.tile.add(t, t)
        r = pl.tile.store(u, [0, 0], out)
        return r
    @pl.function
    def pair(self, a: pl.Scalar[pl.INDEX]) -> tuple[pl.Scalar[pl.INDEX], pl.Scalar[pl.INDEX]]:
        return a, a * 2
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, x: pl.Tensor[[4, 8], pl.FP32], out: pl.InOut[pl.Tensor[[4, 8], pl.FP32]]) -> tuple[pl.Tensor[[4, 8], pl.FP32], pl.Scalar[pl.INDEX]]:
        y: pl.Tensor[[4, 8], pl.FP32] = self.kernel(x, out)
        p: pl.Tuple[pl.Scalar[pl.INDEX], pl.Scalar[pl.INDEX]] = self.pair(3)
        q: pl.Scalar[pl.INDEX] = p[1]
        return y, q)");
  BufferView x = Buffer(DataType::kFP32, {4, 8}, {1, 2, 3});
  BufferView out = testing::Undefined(DataType::kFP32, {4, 8});
  absl::StatusOr<std::vector<Value>> r = p.Run("main", {Value::Of(x), Value::Of(out)});
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(r->size(), 2u);
  EXPECT_EQ(IntResult(r, 1), 6);
  // The store is visible through the caller's buffer (written in place).
  std::vector<double> got = Values(out);
  EXPECT_EQ(got[0], 2.0);
  EXPECT_EQ(got[1], 4.0);
  EXPECT_EQ(got[31], 4.0);
  EXPECT_EQ(Values(BufferOf((*r)[0]))[2], 6.0);
}

TEST(InterpreterTest, DynamicDimsBindFromArguments) {
  SimProgram p(R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, x: pl.Tensor[[N, 8], pl.FP32], out: pl.Out[pl.Tensor[[N, 8], pl.FP32]]) -> pl.Scalar[pl.INDEX]:
        for i in pl.range(N):
            t = pl.tile.load(x, [i, 0], [1, 8], [1, 8], target_memory=pl.Mem.Vec)
            u = pl.tile.muls(t, 3.0)
            r = pl.tile.store(u, [i, 0], out)
        return N)");
  BufferView x = Buffer(DataType::kFP32, {5, 8}, {1, -2});
  BufferView out = testing::Undefined(DataType::kFP32, {5, 8});
  absl::StatusOr<std::vector<Value>> r = p.Run("k", {Value::Of(x), Value::Of(out)});
  EXPECT_EQ(IntResult(r), 5);
  std::vector<double> got = Values(out);
  EXPECT_EQ(got[0], 3.0);
  EXPECT_EQ(got[39], -6.0);
}

TEST(InterpreterTest, ArgumentMismatchesAreErrors) {
  SimProgram p(R"(
    @pl.function
    def f(self, x: pl.Tensor[[4, 8], pl.FP32]) -> pl.Tensor[[4, 8], pl.FP32]:
        return x)");
  auto wrong_shape = p.Run("f", {Value::Of(Buffer(DataType::kFP32, {4, 9}, {}))});
  ASSERT_FALSE(wrong_shape.ok());
  EXPECT_THAT(wrong_shape.status().message(),
              HasSubstr("argument 'x' has shape [4, 9], the parameter [4, 8]"));
  auto wrong_dtype = p.Run("f", {Value::Of(Buffer(DataType::kFP16, {4, 8}, {}))});
  ASSERT_FALSE(wrong_dtype.ok());
  EXPECT_THAT(wrong_dtype.status().message(), HasSubstr("has dtype FP16, the parameter FP32"));
  auto wrong_kind = p.Run("f", {IndexValue(1)});
  ASSERT_FALSE(wrong_kind.ok());
  EXPECT_THAT(wrong_kind.status().message(), HasSubstr("must be a tensor or tile, got a scalar"));
  auto arity = p.Run("f", {});
  ASSERT_FALSE(arity.ok());
  EXPECT_THAT(arity.status().message(), HasSubstr("takes 1 arguments, got 0"));
  auto missing = p.Run("g", {});
  ASSERT_FALSE(missing.ok());
  EXPECT_THAT(missing.status().message(), HasSubstr("no function 'g' in the program; it has: f"));
}

TEST(InterpreterTest, ScalarErrorsCarryTheLocation) {
  SimProgram p(R"(
    @pl.function
    def f(self, a: pl.Scalar[pl.INDEX], b: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        c: pl.Scalar[pl.INDEX] = a // b
        return c)");
  EXPECT_EQ(IntResult(p.Run("f", {IndexValue(-7), IndexValue(2)})), -4);
  auto r = p.Run("f", {IndexValue(1), IndexValue(0)});
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.status().message(), HasSubstr("test.py:8:"));
  EXPECT_THAT(r.status().message(), HasSubstr("integer // by zero"));
}

// An op without a kernel is a Status naming the op and its location.
absl::StatusOr<const ir::Type*> IdentityDeduce(const ir::DeduceContext& dc) {
  return dc.arg(0)->type();
}

TEST(InterpreterTest, UnsupportedOpIsAnErrorNamingIt) {
  ir::OpRegistry ops;
  ops.Register("test.mystery").Arg("x").Deduce(IdentityDeduce);
  ir::Context ctx;
  ir::ParseOptions options;
  options.ops = &ops;
  absl::StatusOr<ir::Program> program =
      ir::ParseProgram(ctx, testing::ProgramText(R"(
    @pl.function
    def f(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        b = pl.test.mystery(a)
        return b)"),
                       "m.py", options);
  ASSERT_TRUE(program.ok()) << program.status().message();
  Interpreter interp(*program);
  auto r = interp.Run("f", {IndexValue(1)});
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.status().message(),
              HasSubstr("m.py:8:13: error: test.mystery: the reference interpreter has no kernel"));
}

TEST(InterpreterTest, UndefinedReadsPropagateOrFail) {
  SimProgram p(R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, x: pl.Tensor[[2, 8], pl.FP32], out: pl.Out[pl.Tensor[[2, 8], pl.FP32]]) -> pl.Tensor[[2, 8], pl.FP32]:
        t = pl.tile.load(x, [0, 0], [2, 8], [2, 8], target_memory=pl.Mem.Vec)
        z = pl.tile.create([2, 8], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        u = pl.tile.add(t, z)
        r = pl.tile.store(u, [0, 0], out)
        return r)");
  BufferView x = Buffer(DataType::kFP32, {2, 8}, {1});
  BufferView out = Buffer(DataType::kFP32, {2, 8}, {0});
  ASSERT_TRUE(p.Run("k", {Value::Of(x), Value::Of(out)}).ok());
  // The sum of a value and uninitialised memory is poison, bit for bit.
  EXPECT_EQ(CountUndefinedInValid(out), 16);
  EXPECT_EQ(testing::Codes(out)[5], 0x7FBADBADu);
  InterpreterOptions strict;
  strict.undefined_reads = UndefinedReads::kError;
  auto r = p.Run("k", {Value::Of(x), Value::Of(out)}, strict);
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.status().message(),
              HasSubstr("tile.add: reads 16 undefined elements of rhs (never written, or outside "
                        "its valid shape)"));
}

TEST(InterpreterTest, EnormousBuffersAreErrorsNotCrashes) {
  SimProgram p(R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        t = pl.tile.create([1048576, 1048576], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        return a)");
  auto r = p.Run("k", {IndexValue(1)});
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.status().message(),
              HasSubstr("tile.create: a buffer of shape [1048576, 1048576] of FP32 exceeds the "
                        "interpreter's limit"));
}


TEST(InterpreterTest, BreakAndContinueInLoopsAndScopes) {
  SimProgram p(R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, x: pl.Tensor[[1, 8], pl.FP32], out: pl.Out[pl.Tensor[[1, 8], pl.FP32]], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[1, 8], pl.FP32]:
        t = pl.tile.load(x, [0, 0], [1, 1], [1, 1], target_memory=pl.Mem.Vec)
        for i in pl.range(8):
            if i == 2:
                continue
            if i >= n:
                with pl.at(level=pl.Level.CORE_GROUP):
                    break
            r = pl.tile.store(t, [0, i], out)
        r2 = pl.tile.store(t, [0, 7], out)
        return r2)");
  BufferView out = Buffer(DataType::kFP32, {1, 8}, {0});
  ASSERT_TRUE(
      p.Run("k", {Value::Of(Buffer(DataType::kFP32, {1, 8}, {5})), Value::Of(out), IndexValue(4)})
          .ok());
  // i = 0, 1, 3 store; 2 is skipped; the loop stops at 4; 7 is stored after it.
  EXPECT_THAT(Values(out), ElementsAre(5, 5, 0, 5, 0, 0, 0, 5));
}


TEST(InterpreterTest, BreakAndContinueKeepTheCarriedValues) {
  SimProgram p(R"(
    @pl.function
    def f(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        for i, (acc,) in pl.range(10, init_values=(0,)):
            if i == 2:
                continue
            if i >= n:
                break
            r: pl.Scalar[pl.INDEX] = pl.yield_(acc + i)
        for (w,) in pl.while_(init_values=(r,)):
            pl.cond(w < 100)
            if w > 5:
                break
            w2: pl.Scalar[pl.INDEX] = pl.yield_(w + 1)
        return w2)");
  // 0 + 1 + 3 + 4 = 8 (2 skipped, stops at 5); 8 > 5 leaves the while at once.
  EXPECT_EQ(IntResult(p.Run("f", {IndexValue(5)})), 8);
  // 0 + 1 = 1, then the while counts 1 -> 6.
  EXPECT_EQ(IntResult(p.Run("f", {IndexValue(2)})), 6);
}

TEST(InterpreterTest, YieldAndReturnLeaveTheScopesThatEndTheirBodies) {
  SimProgram p(R"(
    @pl.function(auto_scope=False)
    def f(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        for i, (x,) in pl.range(n, init_values=(n,)):
            with pl.scope():
                y: pl.Scalar[pl.INDEX] = x + i
                x2 = pl.yield_(y)
        with pl.at(level=pl.Level.CORE_GROUP):
            return x2)");
  EXPECT_EQ(IntResult(p.Run("f", {IndexValue(4)})), 4 + 0 + 1 + 2 + 3);
}

TEST(InterpreterTest, SplitAivRegionsAreRejected) {
  SimProgram p(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        for lane in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            m: pl.Scalar[pl.INDEX] = n + 1
        return m)");
  absl::StatusOr<std::vector<Value>> r = p.Run("f", {IndexValue(4)});
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.status().message(),
              HasSubstr("pl.split_aiv(...) regions are not supported by the interpreter"));
}

}  // namespace
}  // namespace pto::sim
