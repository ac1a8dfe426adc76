#include "passes/outline/outline_incore_scopes.h"

#include <vector>

#include "absl/strings/str_replace.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/mutator.h"
#include "passes/normalize/pass_test_fixture.h"

namespace pto::passes {
namespace {

using ::testing::HasSubstr;

class OutlineIncoreScopesTest : public NormalizePassTest {
 protected:
  OutlineIncoreScopesTest() : NormalizePassTest(CreateOutlineIncoreScopesPass()) {}
};

TEST_F(OutlineIncoreScopesTest, ScopeBecomesAnInCoreFunctionAndTheParentOrchestrates) {
  CheckedProgramRewrite(R"(
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        a: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        with pl.at(level=pl.Level.CORE_GROUP):
            y: pl.Tensor[[64], pl.FP32] = pl.add(a, a)
            z: pl.Tensor[[64], pl.FP32] = pl.mul(y, x)
        r: pl.Tensor[[64], pl.FP32] = pl.add(z, y)
        return r
)",
                        R"(
    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_0(self, a: pl.Tensor[[64], pl.FP32], x: pl.Tensor[[64], pl.FP32]) -> tuple[pl.Tensor[[64], pl.FP32], pl.Tensor[[64], pl.FP32]]:
        y: pl.Tensor[[64], pl.FP32] = pl.add(a, a)
        z: pl.Tensor[[64], pl.FP32] = pl.mul(y, x)
        return y, z
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        a: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        ret = self.main_incore_0(a, x)
        y = ret[0]
        z = ret[1]
        r: pl.Tensor[[64], pl.FP32] = pl.add(z, y)
        return r
)").status().IgnoreError();
}

TEST_F(OutlineIncoreScopesTest, WrittenTensorsAreOutOrInOutAndReturnedAsThemselves) {
  CheckedProgramRewrite(R"(
    @pl.function
    def main(self, dst: pl.Tensor[[64], pl.FP32], acc: pl.Tensor[[64], pl.FP32], src: pl.Tensor[[32], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        buf: pl.Tensor[[16, 128], pl.FP32] = pl.create_tensor([16, 128], dtype=pl.FP32)
        with pl.at(level=pl.Level.CORE_GROUP):
            t = pl.tile.full([16, 128], dtype=pl.FP32, value=0.0)
            pl.store(t, [0, 0], buf)
            u: pl.Tensor[[64], pl.FP32] = pl.assemble(dst, src, [0])
            head: pl.Tensor[[32], pl.FP32] = pl.tensor.slice(acc, [32], [0], [], [])
            v: pl.Tensor[[64], pl.FP32] = pl.assemble(acc, head, [32])
        r: pl.Tensor[[16, 128], pl.FP32] = pl.add(buf, buf)
        s: pl.Tensor[[64], pl.FP32] = pl.add(u, v)
        return s
)",
                        R"(
    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_0(self, buf: pl.Out[pl.Tensor[[16, 128], pl.FP32]], dst: pl.Out[pl.Tensor[[64], pl.FP32]], src: pl.Tensor[[32], pl.FP32], acc: pl.InOut[pl.Tensor[[64], pl.FP32]]) -> tuple[pl.Tensor[[64], pl.FP32], pl.Tensor[[64], pl.FP32], pl.Tensor[[16, 128], pl.FP32]]:
        t = pl.tile.full([16, 128], dtype=pl.FP32, value=0.0)
        buf_store: pl.Tensor[[16, 128], pl.FP32] = pl.store(t, [0, 0], buf)
        u: pl.Tensor[[64], pl.FP32] = pl.assemble(dst, src, [0])
        head: pl.Tensor[[32], pl.FP32] = pl.tensor.slice(acc, [32], [0], [], [])
        v: pl.Tensor[[64], pl.FP32] = pl.assemble(acc, head, [32])
        return dst, acc, buf
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, dst: pl.Tensor[[64], pl.FP32], acc: pl.Tensor[[64], pl.FP32], src: pl.Tensor[[32], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        buf: pl.Tensor[[16, 128], pl.FP32] = pl.create_tensor([16, 128], dtype=pl.FP32)
        ret = self.main_incore_0(buf, dst, src, acc)
        u = ret[0]
        v = ret[1]
        buf_1 = ret[2]
        r: pl.Tensor[[16, 128], pl.FP32] = pl.add(buf_1, buf_1)
        s: pl.Tensor[[64], pl.FP32] = pl.add(u, v)
        return s
)").status().IgnoreError();
}

TEST_F(OutlineIncoreScopesTest, NamesCountersAndPlacement) {
  CheckedProgramRewrite(R"(
    @pl.function
    def f(self, x: pl.Tensor[[64], pl.FP32], c: pl.Scalar[pl.BOOL]) -> pl.Tensor[[64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):
            a: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        if c:
            with pl.at(level=pl.Level.CORE_GROUP):
                b: pl.Tensor[[64], pl.FP32] = pl.add(a, x)
            r: pl.Tensor[[64], pl.FP32] = pl.yield_(b)
        else:
            r: pl.Tensor[[64], pl.FP32] = pl.yield_(a)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):
            pl.add(r, r)
        return r
    @pl.function(type=pl.FunctionType.Orchestration)
    def g(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):
            a: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        return a
)",
                        R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        a: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        return a
    @pl.function(type=pl.FunctionType.InCore)
    def f_incore_1(self, a: pl.Tensor[[64], pl.FP32], x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        b: pl.Tensor[[64], pl.FP32] = pl.add(a, x)
        return b
    @pl.function(type=pl.FunctionType.InCore)
    def k_0(self, r: pl.Tensor[[64], pl.FP32]):
        pl.add(r, r)
    @pl.function(type=pl.FunctionType.Orchestration)
    def f(self, x: pl.Tensor[[64], pl.FP32], c: pl.Scalar[pl.BOOL]) -> pl.Tensor[[64], pl.FP32]:
        a: pl.Tensor[[64], pl.FP32] = self.k(x)
        if c:
            b: pl.Tensor[[64], pl.FP32] = self.f_incore_1(a, x)
            r: pl.Tensor[[64], pl.FP32] = pl.yield_(b)
        else:
            r: pl.Tensor[[64], pl.FP32] = pl.yield_(a)
        self.k_0(r)
        return r
    @pl.function(type=pl.FunctionType.InCore)
    def g_k(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        a: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        return a
    @pl.function(type=pl.FunctionType.Orchestration)
    def g(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        a: pl.Tensor[[64], pl.FP32] = self.g_k(x)
        return a
)").status().IgnoreError();
}

TEST_F(OutlineIncoreScopesTest, ProgramWithoutScopesIsUnchanged) {
  ir::Program p = ParseFunctions(R"(
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        return y
)");
  absl::StatusOr<ir::Program> out = Run(p);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_TRUE(out->SameAs(p));
}

TEST_F(OutlineIncoreScopesTest, NoDepArgsAndDumpsRideTheCallWithoutBeingReads) {
  // `o` is only stored into: naming it in dumps= does not make it InOut.
  CheckedProgramRewrite(R"(
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32], w: pl.Tensor[[64], pl.FP32], o: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, no_dep_args=[w], dumps=[o, x]):
            t: pl.Tile[[64], pl.FP32] = pl.load(x, [0], [64])
            u: pl.Tile[[64], pl.FP32] = pl.load(w, [0], [64])
            s: pl.Tile[[64], pl.FP32] = pl.add(t, u)
            o_1: pl.Tensor[[64], pl.FP32] = pl.store(s, [0], o)
        return o_1
)",
                        R"(
    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_0(self, x: pl.Tensor[[64], pl.FP32], w: pl.Tensor[[64], pl.FP32], o: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t: pl.Tile[[64], pl.FP32] = pl.load(x, [0], [64])
        u: pl.Tile[[64], pl.FP32] = pl.load(w, [0], [64])
        s: pl.Tile[[64], pl.FP32] = pl.add(t, u)
        o_1: pl.Tensor[[64], pl.FP32] = pl.store(s, [0], o)
        o_store: pl.Tensor[[64], pl.FP32] = o_1
        return o
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32], w: pl.Tensor[[64], pl.FP32], o: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        o_1: pl.Tensor[[64], pl.FP32] = self.main_incore_0(x, w, o, attrs={"arg_direction_overrides": [1], "dump_vars": [x, o]})
        return o_1
)")
      .status()
      .IgnoreError();
  EXPECT_THAT(ErrorOfProgram(R"(
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32], w: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, no_dep_args=[w]):
            y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        return y
)"),
              HasSubstr("t.py:8:9: error: OutlineIncoreScopes: no_dep_args names 'w', which the "
                        "scope neither reads nor writes"));
}

TEST_F(OutlineIncoreScopesTest, SplitOptimizationAndRegionsOnOneScopeIsAnError) {
  ir::Program p = ParseFunctions(R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64, 16], pl.FP32], o: pl.Out[pl.Tensor[[64, 16], pl.FP32]]) -> pl.Tensor[[64, 16], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            for v in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                u: pl.Tile[[32, 16], pl.FP32] = pl.load(a, [v * 32, 0], [32, 16])
                o_1: pl.Tensor[[64, 16], pl.FP32] = pl.store(u, [v * 32, 0], o)
        return o_1
)");
  // The parser rejects the two written on one scope; IR built another way
  // can still hold both.
  struct AddSplit : ir::IRMutator {
    using IRMutator::IRMutator;
    const ir::Stmt* VisitScope(const ir::ScopeStmt* s) override {
      if (s->scope_kind() != ir::ScopeKind::kAt) return IRMutator::VisitScope(s);
      std::vector<ir::ScopeArg> args(s->args().begin(), s->args().end());
      ir::ScopeArg split;
      split.key = "optimizations";
      split.enum_ref = "SplitMode.LEFT_RIGHT";
      args.push_back(split);
      return ctx().NewScope(s->scope_kind(), args, s->operands(), s->body(), s->loc());
    }
  };
  absl::StatusOr<ir::Program> out = Run(AddSplit(ctx_).MutateProgram(p));
  EXPECT_THAT(out.status().message(),
              HasSubstr("t.py:8:9: error: OutlineIncoreScopes: optimizations=[pl.split(...)] and "
                        "pl.split_aiv regions are mutually exclusive"));
}

TEST_F(OutlineIncoreScopesTest, SplitOptimizationsAndRegionsBecomeFunctionAttrs) {
  CheckedProgramRewrite(R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64, 16], pl.FP32], o: pl.Out[pl.Tensor[[64, 16], pl.FP32]]) -> pl.Tensor[[64, 16], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="k", optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT), pl.cross_core_slot(slot_num=2)]):
            t: pl.Tile[[64, 16], pl.FP32] = pl.load(a, [0, 0], [64, 16])
            o_1: pl.Tensor[[64, 16], pl.FP32] = pl.store(t, [0, 0], o)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="r"):
            for v in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                u: pl.Tile[[32, 16], pl.FP32] = pl.load(a, [v * 32, 0], [32, 16])
                o_2: pl.Tensor[[64, 16], pl.FP32] = pl.store(u, [v * 32, 0], o_1)
        return o_2
)",
                        R"(
    @pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT, "slot_num": 2})
    def k(self, a: pl.Tensor[[64, 16], pl.FP32], o: pl.Out[pl.Tensor[[64, 16], pl.FP32]]) -> pl.Tensor[[64, 16], pl.FP32]:
        t: pl.Tile[[64, 16], pl.FP32] = pl.load(a, [0, 0], [64, 16])
        o_1: pl.Tensor[[64, 16], pl.FP32] = pl.store(t, [0, 0], o)
        o_store: pl.Tensor[[64, 16], pl.FP32] = o_1
        return o
    @pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True, "split": pl.SplitMode.UP_DOWN})
    def r(self, a: pl.Tensor[[64, 16], pl.FP32], o_1: pl.Out[pl.Tensor[[64, 16], pl.FP32]]) -> pl.Tensor[[64, 16], pl.FP32]:
        for v in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            u: pl.Tile[[32, 16], pl.FP32] = pl.load(a, [v * 32, 0], [32, 16])
            o_2: pl.Tensor[[64, 16], pl.FP32] = pl.store(u, [v * 32, 0], o_1)
            o_1_store: pl.Tensor[[64, 16], pl.FP32] = o_2
        return o_1
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64, 16], pl.FP32], o: pl.Out[pl.Tensor[[64, 16], pl.FP32]]) -> pl.Tensor[[64, 16], pl.FP32]:
        o_1: pl.Tensor[[64, 16], pl.FP32] = self.k(a, o)
        o_2: pl.Tensor[[64, 16], pl.FP32] = self.r(a, o_1)
        return o_2
)")
      .status()
      .IgnoreError();
}

TEST_F(OutlineIncoreScopesTest, TaskIdScopesAreSubmittedAndTheirPlaceholdersGo) {
  CheckedProgramRewrite(R"(
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP) as t0:
            y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        with pl.at(level=pl.Level.CORE_GROUP, deps=[t0], allow_early_resolve=True) as t1:
            z: pl.Tensor[[64], pl.FP32] = pl.mul(y, y)
        return z
)",
                        R"(
    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_0(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        return y
    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_1(self, y: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        z: pl.Tensor[[64], pl.FP32] = pl.mul(y, y)
        return z
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y, t0 = pl.submit(self.main_incore_0, x)
        z, t1 = pl.submit(self.main_incore_1, y, deps=[t0], allow_early_resolve=True)
        return z
)")
      .status()
      .IgnoreError();
}

TEST_F(OutlineIncoreScopesTest, PromotionFoldsParamDimReadsFirst) {
  // The kernel captures the symbol M, not a copy of it read back.
  CheckedProgramRewrite(R"(
    @pl.function
    def main(self, a: pl.Tensor[[M, 16], pl.FP32], o: pl.Out[pl.Tensor[[M, 16], pl.FP32]]) -> pl.Tensor[[M, 16], pl.FP32]:
        m: pl.Scalar[pl.INDEX] = pl.tensor.dim(a, 0)
        t: pl.Tensor[[M, 16], pl.FP32] = pl.create_tensor([m, 16], dtype=pl.FP32)
        n: pl.Scalar[pl.INDEX] = pl.tensor.dim(t, 0)
        with pl.at(level=pl.Level.CORE_GROUP):
            s: pl.Tensor[[M, 16], pl.FP32] = pl.slice(a, [n, 16], [0, 0])
            r: pl.Tensor[[M, 16], pl.FP32] = pl.assemble(o, s, [0, 0])
        return r
)",
                        R"(
    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_0(self, M: pl.Scalar[pl.INDEX], a: pl.Tensor[[M, 16], pl.FP32], o: pl.Out[pl.Tensor[[M, 16], pl.FP32]]) -> pl.Tensor[[M, 16], pl.FP32]:
        s: pl.Tensor[[M, 16], pl.FP32] = pl.slice(a, [M, 16], [0, 0])
        r: pl.Tensor[[M, 16], pl.FP32] = pl.assemble(o, s, [0, 0])
        return o
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[M, 16], pl.FP32], o: pl.Out[pl.Tensor[[M, 16], pl.FP32]]) -> pl.Tensor[[M, 16], pl.FP32]:
        t: pl.Tensor[[M, 16], pl.FP32] = pl.create_tensor([M, 16], dtype=pl.FP32)
        r: pl.Tensor[[M, 16], pl.FP32] = self.main_incore_0(M, a, o)
        return r
)",
                        "M = pl.dynamic(\"M\")\n")
      .status()
      .IgnoreError();
}

TEST_F(OutlineIncoreScopesTest, DeferredWaiterIsMarkedAndItsContractChecked) {
  constexpr absl::string_view kWaiter = R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, sig: pld.DistributedTensor[[8, 1], pl.INT32], idx: pl.Tensor[[1, 1], pl.INT32], me: pl.Scalar[pl.INT32], e: pl.Scalar[pl.INT32]):
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="waiter") as tid:
            anchor = pl.read(idx, [0, 0])
            for src in pl.range(BOUND):
                if src != me:
                    pld.system.defer_wait(sig, offsets=[src, 0], expected=e, cmp=pld.WaitCmp.Ge)
)";
  auto with = [&](absl::string_view bound) {
    return absl::StrReplaceAll(kWaiter, {{"BOUND", bound}});
  };
  absl::StatusOr<ir::Program> out = Run(ParseFunctions(with("8")));
  ASSERT_TRUE(out.ok()) << out.status();
  const ir::Function* waiter = out->FindFunction("waiter");
  ASSERT_NE(waiter, nullptr);
  ASSERT_EQ(waiter->attrs().attrs.size(), 1u);
  EXPECT_EQ(waiter->attrs().attrs[0].key, "deferred_completion_waiter");

  EXPECT_THAT(ErrorOfProgram(with("65")),
              HasSubstr("t.py:8:9: error: OutlineIncoreScopes: a deferred waiter registers at "
                        "most 64 conditions"));
  EXPECT_THAT(ErrorOfProgram(with("0")),
              HasSubstr("t.py:10:13: error: OutlineIncoreScopes: a deferred waiter's "
                        "registration loop needs a statically known positive trip count"));
  EXPECT_THAT(ErrorOfProgram(absl::StrReplaceAll(
                  with("8"), {{"if src != me:", "if pl.read(idx, [0, 0]) != me:"}})),
              HasSubstr("error: OutlineIncoreScopes: a deferred waiter reads a tensor only in "
                        "an assignment before its first registration"));
  EXPECT_THAT(ErrorOfProgram(absl::StrReplaceAll(
                  with("8"), {{"anchor = pl.read(idx, [0, 0])", "anchor = pl.exp(idx)"}})),
              HasSubstr("error: OutlineIncoreScopes: a deferred waiter only registers "
                        "conditions: it cannot create or update tensors or tiles"));
  EXPECT_THAT(ErrorOfProgram(absl::StrReplaceAll(
                  with("8"), {{"name_hint=\"waiter\")", "name_hint=\"waiter\", allow_early_resolve=True)"}})),
              HasSubstr("cannot use allow_early_resolve=True"));
}

}  // namespace
}  // namespace pto::passes
