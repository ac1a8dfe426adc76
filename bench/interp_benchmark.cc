// The PTO interpreter against the IR interpreter on the same kernel: the
// sin chain (program_gen.h) lowered by the default pipeline for a5, run by
// the IR interpreter and, emitted as PTO and read back, by the PTO
// interpreter. Also the PTO reader alone.
//
//   bazel run -c opt //bench:interp_benchmark
//   bazel run -c opt //bench:interp_benchmark -- --benchmark_filter='/100000$'
//
// Counters: out_stmts/s, statements of the lowered kernel run per second.

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "backends/registry.h"
#include "bench/program_gen.h"
#include "benchmark/benchmark.h"
#include "codegen/pto_emitter.h"
#include "ir/check.h"
#include "ir/context.h"
#include "passes/all_passes.h"
#include "passes/pass_manager.h"
#include "sim/interp/buffer.h"
#include "sim/interp/interpreter.h"
#include "sim/pto/interpreter.h"
#include "sim/pto/reader.h"

namespace pto::bench {
namespace {

struct Prepared {
  ir::Context ctx;
  std::optional<ir::Program> lowered;
  std::string pto;
  std::unique_ptr<sim::pto_text::Module> module;
  int64_t statements = 0;
  sim::BufferView x;
};

// One lowered, emitted and read sin chain per size, made once.
const Prepared& Get(int64_t n) {
  static auto* cache = new std::map<int64_t, std::unique_ptr<Prepared>>;
  std::unique_ptr<Prepared>& p = (*cache)[n];
  if (p) return *p;
  p = std::make_unique<Prepared>();
  const backends::Backend* backend = *backends::FindBackend("a5");
  auto pipeline = passes::BuiltinPasses().Build("default");
  PTO_CHECK(pipeline.ok());
  passes::PassManager pm(*std::move(pipeline));
  passes::PassContext pass_context(backend);
  absl::StatusOr<ir::Program> lowered = pm.Run(SinChainProgram(p->ctx, n), pass_context);
  PTO_CHECK(lowered.ok()) << lowered.status();
  p->lowered = *lowered;
  p->statements = CountStatements(*lowered);
  absl::StatusOr<std::string> pto = codegen::EmitPto(*lowered, backend);
  PTO_CHECK(pto.ok()) << pto.status();
  p->pto = *std::move(pto);
  absl::StatusOr<sim::pto_text::Module> m = sim::pto_text::ReadPto("k.pto", p->pto);
  PTO_CHECK(m.ok()) << m.status();
  p->module = std::make_unique<sim::pto_text::Module>(*std::move(m));
  p->x = sim::AllocateBuffer(ir::DataType::kFP32, {16, 16}, false);
  sim::ForEachIndex(p->x.shape, [&](absl::Span<const int64_t> i) {
    sim::StoreBits(p->x, sim::BitOffset(p->x, i),
                   sim::Scalar::Float(ir::DataType::kFP32, 0.01 * (i[0] * 16 + i[1])).ToElementBits());
  });
  return *p;
}

std::vector<sim::Value> Args(const Prepared& p) {
  return {sim::Value::Of(sim::DeepCopy(p.x)),
          sim::Value::Of(sim::AllocateBuffer(ir::DataType::kFP32, {16, 16}, false))};
}

void Report(benchmark::State& state, const Prepared& p) {
  state.counters["out_stmts/s"] = benchmark::Counter(
      static_cast<double>(p.statements), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_IrInterpreter(benchmark::State& state) {
  const Prepared& p = Get(state.range(0));
  for (auto _ : state) {
    sim::Interpreter interp(*p.lowered);
    absl::StatusOr<std::vector<sim::Value>> r = interp.Run("k", Args(p));
    PTO_CHECK(r.ok()) << r.status();
  }
  Report(state, p);
}

void BM_PtoInterpreter(benchmark::State& state) {
  const Prepared& p = Get(state.range(0));
  for (auto _ : state) {
    sim::pto_text::PtoInterpreter interp(*p.module);
    absl::Status r = interp.Run("k", Args(p));
    PTO_CHECK(r.ok()) << r;
  }
  Report(state, p);
}

void BM_PtoRead(benchmark::State& state) {
  const Prepared& p = Get(state.range(0));
  for (auto _ : state) {
    absl::StatusOr<sim::pto_text::Module> m = sim::pto_text::ReadPto("k.pto", p.pto);
    PTO_CHECK(m.ok());
    benchmark::DoNotOptimize(m);
  }
  Report(state, p);
}

BENCHMARK(BM_IrInterpreter)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PtoInterpreter)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PtoRead)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace pto::bench

BENCHMARK_MAIN();
