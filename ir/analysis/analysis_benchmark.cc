// Throughput of the analyses on the performance-anchor program: one InCore
// function with a tile.load, N chained tile.sin calls on [16, 16] FP32 tiles
// and a tile.store (see /work/shared/reference/performance-anchors.md).
//
//   bazel run -c opt //ir/analysis:analysis_benchmark

#include <vector>

#include "benchmark/benchmark.h"
#include "ir/analysis/structural_equal.h"
#include "ir/analysis/verifier.h"
#include "ir/check.h"
#include "ir/context.h"
#include "ir/ops/builtin.h"

namespace pto::ir {
namespace {

const Call* MustCall(Context& ctx, absl::string_view op, std::vector<const Expr*> args) {
  absl::StatusOr<const Call*> c = MakeCall(ctx, op, args);
  PTO_CHECK(c.ok()) << c.status().message();
  return *c;
}

Program SinProgram(Context& ctx, int n) {
  auto ints = [&](std::vector<int64_t> v) { return ctx.NewMakeTuple(ctx.IndexList(v)); };
  const Type* tensor = ctx.GetTensorType(DataType::kFP32, ctx.IndexList({16, 16}));
  const Var* x = ctx.NewVar("x", tensor);
  const Var* out = ctx.NewVar("out", tensor);
  std::vector<const Stmt*> stmts;
  stmts.reserve(n + 3);
  const Call* load = MustCall(ctx, "tile.load", {x, ints({0, 0}), ints({16, 16}), ints({16, 16})});
  const Var* cur = ctx.NewVar("t", load->type());
  stmts.push_back(ctx.NewAssign(cur, load));
  for (int i = 0; i < n; ++i) {
    const Call* sin = MustCall(ctx, "tile.sin", {cur});
    const Var* v = ctx.NewVar("t", sin->type());
    stmts.push_back(ctx.NewAssign(v, sin));
    cur = v;
  }
  const Call* store = MustCall(ctx, "tile.store", {cur, ints({0, 0}), out});
  const Var* r = ctx.NewVar("r", store->type());
  stmts.push_back(ctx.NewAssign(r, store));
  const Expr* ret = r;
  stmts.push_back(ctx.NewReturn({&ret, 1}));
  const Var* params[] = {x, out};
  ParamDirection dirs[] = {ParamDirection::kIn, ParamDirection::kOut};
  const Type* returns[] = {tensor};
  return ctx.NewProgram("P", {ctx.NewFunction("k", params, dirs, returns, ctx.NewSeq(stmts),
                                              FunctionType::kInCore)});
}

void BM_Verify(benchmark::State& state) {
  Context ctx;
  Program p = SinProgram(ctx, static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(VerifyProgram(p));
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_Verify)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

void BM_StructuralEqualAcrossContexts(benchmark::State& state) {
  Context c1, c2;
  Program a = SinProgram(c1, static_cast<int>(state.range(0)));
  Program b = SinProgram(c2, static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(StructuralEqual(a, b));
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_StructuralEqualAcrossContexts)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

void BM_StructuralEqualSameContext(benchmark::State& state) {
  Context ctx;
  Program a = SinProgram(ctx, static_cast<int>(state.range(0)));
  Program b = SinProgram(ctx, static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(StructuralEqual(a, b));
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_StructuralEqualSameContext)->Arg(100000)->Unit(benchmark::kMillisecond);

void BM_StructuralHash(benchmark::State& state) {
  Context ctx;
  Program a = SinProgram(ctx, static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(StructuralHash(a));
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_StructuralHash)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace pto::ir
