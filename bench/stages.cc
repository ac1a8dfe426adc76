#include "bench/stages.h"

#include <malloc.h>
#include <sys/resource.h>
#include <time.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "backends/registry.h"
#include "bench/alloc_counter.h"
#include "bench/program_gen.h"
#include "codegen/pto_emitter.h"
#include "fuzz/gen/front_form.h"
#include "fuzz/gen/reassigned_form.h"
#include "fuzz/gen/tensor_form.h"
#include "ir/analysis/structural_equal.h"
#include "ir/analysis/structural_hash.h"
#include "ir/analysis/verifier.h"
#include "ir/check.h"
#include "ir/context.h"
#include "ir/huge_pages.h"
#include "ir/text/output/text_sink.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"
#include "passes/all_passes.h"
#include "passes/pass_manager.h"

namespace pto::bench {
namespace {

const backends::Backend* A5() {
  absl::StatusOr<const backends::Backend*> b = backends::FindBackend("a5");
  PTO_CHECK(b.ok()) << b.status().message();
  return *b;
}

// Stores a result where the compiler cannot prove it unused.
volatile size_t sink;

// The generators with the default seed, as stage inputs.
using MakeProgram = ir::Program (*)(ir::Context&, int64_t);
ir::Program Mixed(ir::Context& ctx, int64_t n) { return MixedProgram(ctx, n); }
ir::Program SmallKernels(ir::Context& ctx, int64_t n) { return SmallKernelsProgram(ctx, n); }
// The mixed program as users write it without SSA: its carried tiles as
// names assigned again.
ir::Program MixedReassigned(ir::Context& ctx, int64_t n) {
  return fuzz::ToReassignedForm(ctx, MixedProgram(ctx, n));
}
// ... with each function's body behind an Inline function it calls.
ir::Program MixedInline(ir::Context& ctx, int64_t n) {
  return fuzz::ToInlineForm(ctx, MixedReassigned(ctx, n));
}
// ... with a never-taken break opening every loop.
ir::Program MixedJumps(ir::Context& ctx, int64_t n) {
  return fuzz::ToJumpForm(ctx, MixedReassigned(ctx, n));
}
// ... with its short literal loops as pl.unroll.
ir::Program MixedUnroll(ir::Context& ctx, int64_t n) {
  return fuzz::ToUnrollForm(ctx, MixedReassigned(ctx, n));
}

// ... with every kernel's body a pl.at(CORE_GROUP) scope of an Opaque function.
ir::Program MixedScoped(ir::Context& ctx, int64_t n) {
  return fuzz::ToScopeForm(ctx, MixedProgram(ctx, n));
}

// ... with every kernel computing on tensors (what ConvertTensorToTileOps
// takes back to tile ops).
ir::Program MixedTensors(ir::Context& ctx, int64_t n) {
  return fuzz::ToTensorForm(ctx, MixedProgram(ctx, n));
}

// ... converted to tile ops (what OptimizeOrchTensors takes).
ir::Program MixedTiles(ir::Context& ctx, int64_t n) {
  ir::Program p = MixedTensors(ctx, n);
  absl::StatusOr<std::vector<std::unique_ptr<passes::Pass>>> built =
      passes::BuiltinPasses().Build("convert-tensor-to-tile-ops");
  PTO_CHECK(built.ok()) << built.status().message();
  passes::PassContext pass_context(A5());
  absl::StatusOr<ir::Program> out = (*built)[0]->Run(p, pass_context);
  PTO_CHECK(out.ok()) << out.status().message();
  return *out;
}

// --- Read-only stages on a MixedProgram ---------------------------------------

class MixedRun : public StageRun {
 public:
  explicit MixedRun(int64_t n) : program_(MixedProgram(ctx_, n)), n_(n) {}
  int64_t InputStatements() const override { return n_; }
  int64_t OutputStatements() const override { return n_; }
  size_t ArenaBytes() const override { return ctx_.bytes_allocated(); }

 protected:
  ir::Context ctx_;
  ir::Program program_;
  int64_t n_;
};

class PrintRun : public MixedRun {
 public:
  using MixedRun::MixedRun;
  void Run() override {
    std::string text = ir::PrintProgram(program_);
    PTO_CHECK(!text.empty());
  }
};

class VerifyRun : public MixedRun {
 public:
  using MixedRun::MixedRun;
  void Run() override {
    absl::Status s = ir::VerifyProgram(program_);
    PTO_CHECK(s.ok()) << s.message();
  }
};

class HashRun : public MixedRun {
 public:
  using MixedRun::MixedRun;
  void Run() override { sink = ir::StructuralHash(program_); }
};

// Two equal programs built in two Contexts: nothing is shared, so every node
// pair is compared.
class EqualRun : public MixedRun {
 public:
  explicit EqualRun(int64_t n) : MixedRun(n), other_(MixedProgram(other_ctx_, n)) {}
  void Run() override { PTO_CHECK(ir::StructuralEqual(program_, other_)); }

 private:
  ir::Context other_ctx_;
  ir::Program other_;
};

// --- Parse -----------------------------------------------------------------------

// Parses the printed program into a fresh Context on every Run().
class ParseRun : public StageRun {
 public:
  ParseRun(MakeProgram make, int64_t n) : n_(n) {
    ir::Context ctx;
    text_ = ir::PrintProgram(make(ctx, n));
  }
  void Run() override {
    ctx_.reset();
    ctx_.emplace();
    absl::StatusOr<ir::Program> p = ir::ParseProgram(*ctx_, text_, "mixed.py");
    PTO_CHECK(p.ok()) << p.status().message();
  }
  int64_t InputStatements() const override { return n_; }
  int64_t OutputStatements() const override { return n_; }
  size_t ArenaBytes() const override { return ctx_ ? ctx_->bytes_allocated() : 0; }
  // Run() parses into a fresh Context.
  size_t ArenaBytesBeforeRun() const override { return 0; }

 private:
  int64_t n_;
  std::string text_;
  std::optional<ir::Context> ctx_;
};

// --- Passes ------------------------------------------------------------------------

// Runs `spec` from BuiltinPasses() on a generated program; with `manager`, as
// pto-opt does (PassManager, verifying the input and every pass's output),
// otherwise the bare passes.
class PassRun : public StageRun {
 public:
  PassRun(MakeProgram make, int64_t n, absl::string_view spec, bool manager)
      : input_(make(ctx_, n)), output_(input_), pass_context_(A5()) {
    absl::StatusOr<std::vector<std::unique_ptr<passes::Pass>>> built =
        passes::BuiltinPasses().Build(spec);
    PTO_CHECK(built.ok()) << built.status().message();
    if (manager) {
      manager_.emplace(std::move(*built));
    } else {
      passes_ = std::move(*built);
    }
    input_statements_ = CountStatements(input_);
  }
  void Run() override {
    if (manager_) {
      absl::StatusOr<ir::Program> out = manager_->Run(input_, pass_context_);
      PTO_CHECK(out.ok()) << out.status().message();
      output_ = *out;
      return;
    }
    ir::Program p = input_;
    for (const std::unique_ptr<passes::Pass>& pass : passes_) {
      absl::StatusOr<ir::Program> out = pass->Run(p, pass_context_);
      PTO_CHECK(out.ok()) << pass->name() << ": " << out.status().message();
      p = *out;
    }
    output_ = p;
  }
  int64_t InputStatements() const override { return input_statements_; }
  int64_t OutputStatements() const override { return CountStatements(output_); }
  size_t ArenaBytes() const override { return ctx_.bytes_allocated(); }

 private:
  ir::Context ctx_;
  ir::Program input_;
  ir::Program output_;
  passes::PassContext pass_context_;
  std::optional<passes::PassManager> manager_;
  std::vector<std::unique_ptr<passes::Pass>> passes_;
  int64_t input_statements_ = 0;
};

// Discards what it is given, counting the bytes.
struct CountingSink : ir::TextSink {
  absl::Status Write(absl::string_view chunk) override {
    bytes += chunk.size();
    return absl::OkStatus();
  }
  size_t bytes = 0;
};

// Prints the lower-composite-ops output of SinChainProgram(n) (lowered
// untimed): the anchor's "print the 3.1M-line result" at n = 100k.
class PrintLoweredSinRun : public StageRun {
 public:
  explicit PrintLoweredSinRun(int64_t n) : program_(SinChainProgram(ctx_, n)) {
    input_statements_ = CountStatements(program_);
    absl::StatusOr<std::vector<std::unique_ptr<passes::Pass>>> built =
        passes::BuiltinPasses().Build("lower-composite-ops");
    PTO_CHECK(built.ok()) << built.status().message();
    passes::PassContext pass_context(A5());
    for (const std::unique_ptr<passes::Pass>& pass : *built) {
      absl::StatusOr<ir::Program> out = pass->Run(program_, pass_context);
      PTO_CHECK(out.ok()) << out.status().message();
      program_ = *out;
    }
    lowered_statements_ = CountStatements(program_);
  }
  // Streamed, as pto-opt prints (ir/text/output/text_sink.h): the text passes
  // through one buffer into a sink that only counts it, so the stage times
  // the printer rather than a 100 MB string's growth.
  void Run() override {
    CountingSink counter;
    absl::Status status = ir::PrintProgram(program_, counter);
    PTO_CHECK(status.ok()) << status;
    sink = counter.bytes;
  }
  int64_t InputStatements() const override { return input_statements_; }
  int64_t OutputStatements() const override { return lowered_statements_; }
  size_t ArenaBytes() const override { return ctx_.bytes_allocated(); }

 private:
  ir::Context ctx_;
  ir::Program program_;
  int64_t input_statements_ = 0;
  int64_t lowered_statements_ = 0;
};

// --- Codegen ---------------------------------------------------------------------

// EmitPto on the default pipeline's output for a MixedProgram (lowered
// untimed); N counts the input program's statements.
class EmitRun : public StageRun {
 public:
  explicit EmitRun(int64_t n) : program_(MixedProgram(ctx_, n)) {
    absl::StatusOr<std::vector<std::unique_ptr<passes::Pass>>> built =
        passes::BuiltinPasses().Build("default");
    PTO_CHECK(built.ok()) << built.status().message();
    passes::PassManager pm(std::move(*built));
    passes::PassContext pass_context(A5());
    absl::StatusOr<ir::Program> out = pm.Run(program_, pass_context);
    PTO_CHECK(out.ok()) << out.status().message();
    program_ = *out;
    lowered_statements_ = CountStatements(program_);
  }
  // Streamed, as pto-opt emits: one function's text at a time.
  void Run() override {
    CountingSink counter;
    absl::Status status = codegen::EmitPto(program_, A5(), counter);
    PTO_CHECK(status.ok()) << status.message();
    sink = counter.bytes;
  }
  int64_t InputStatements() const override { return lowered_statements_; }
  int64_t OutputStatements() const override { return lowered_statements_; }
  size_t ArenaBytes() const override { return ctx_.bytes_allocated(); }

 private:
  ir::Context ctx_;
  ir::Program program_;
  int64_t lowered_statements_ = 0;
};

template <typename T>
std::unique_ptr<StageRun> Prepare(int64_t n) {
  return std::make_unique<T>(n);
}

std::unique_ptr<StageRun> PrepareParse(int64_t n) {
  return std::make_unique<ParseRun>(Mixed, n);
}
std::unique_ptr<StageRun> PrepareParseSmallKernels(int64_t n) {
  return std::make_unique<ParseRun>(SmallKernels, n);
}
std::unique_ptr<StageRun> PrepareLowerComposite(int64_t n) {
  return std::make_unique<PassRun>(CompositeProgram, n, "lower-composite-ops", false);
}
std::unique_ptr<StageRun> PrepareLowerSin(int64_t n) {
  return std::make_unique<PassRun>(SinChainProgram, n, "lower-composite-ops", false);
}
std::unique_ptr<StageRun> PrepareLegalizeCast(int64_t n) {
  return std::make_unique<PassRun>(CastChainProgram, n, "legalize-tile-cast", false);
}
std::unique_ptr<StageRun> PrepareConvertToSSA(int64_t n) {
  return std::make_unique<PassRun>(MixedReassigned, n, "convert-to-ssa", false);
}
std::unique_ptr<StageRun> PrepareInlineFunctions(int64_t n) {
  return std::make_unique<PassRun>(MixedInline, n, "inline-functions", false);
}
std::unique_ptr<StageRun> PrepareCtrlFlowTransform(int64_t n) {
  return std::make_unique<PassRun>(MixedJumps, n, "ctrl-flow-transform", false);
}
std::unique_ptr<StageRun> PrepareUnrollLoops(int64_t n) {
  return std::make_unique<PassRun>(MixedUnroll, n, "unroll-loops", false);
}
std::unique_ptr<StageRun> PrepareSimplify(int64_t n) {
  return std::make_unique<PassRun>(Mixed, n, "simplify", false);
}
std::unique_ptr<StageRun> PrepareOutlineIncore(int64_t n) {
  return std::make_unique<PassRun>(MixedScoped, n, "outline-incore-scopes", false);
}
std::unique_ptr<StageRun> PrepareConvertTensorToTile(int64_t n) {
  return std::make_unique<PassRun>(MixedTensors, n, "convert-tensor-to-tile-ops", false);
}
std::unique_ptr<StageRun> PrepareOptimizeOrchTensors(int64_t n) {
  return std::make_unique<PassRun>(MixedTiles, n, "optimize-orch-tensors", false);
}
std::unique_ptr<StageRun> PrepareDefaultPipeline(int64_t n) {
  return std::make_unique<PassRun>(Mixed, n, "default", true);
}
std::unique_ptr<StageRun> PrepareDefaultPipelineSmallKernels(int64_t n) {
  return std::make_unique<PassRun>(SmallKernels, n, "default", true);
}

constexpr Stage kStages[] = {
    {"parse", "statements (mixed program)", true, PrepareParse},
    {"print", "statements (mixed program)", true, Prepare<PrintRun>},
    {"verify", "statements (mixed program)", true, Prepare<VerifyRun>},
    {"structural_equal", "statements (mixed program, two contexts)", true, Prepare<EqualRun>},
    {"structural_hash", "statements (mixed program)", true, Prepare<HashRun>},
    {"lower_composite", "tile.sin/cos/select calls", false, PrepareLowerComposite},
    {"lower_sin", "chained tile.sin calls", false, PrepareLowerSin},
    // 1M calls would be 31M printed statements beside 8 GB of lowered IR.
    {"print_lowered_sin", "chained tile.sin calls, printed after lowering", true,
     Prepare<PrintLoweredSinRun>, 100000},
    {"legalize_cast", "chained INT32<->FP16 casts (a5)", false, PrepareLegalizeCast},
    {"convert_to_ssa", "statements (mixed program without SSA: carried tiles reassigned)",
     false, PrepareConvertToSSA},
    {"inline_functions", "statements (mixed program, each body behind an Inline function)",
     false, PrepareInlineFunctions},
    {"unroll_loops", "statements (mixed program, short literal loops as pl.unroll)", false,
     PrepareUnrollLoops},
    {"ctrl_flow_transform", "statements (mixed program, a break opening every loop)", false,
     PrepareCtrlFlowTransform},
    {"simplify", "statements (mixed program)", false, PrepareSimplify},
    {"outline_incore_scopes", "statements (mixed program, each kernel a pl.at scope)", false,
     PrepareOutlineIncore},
    {"convert_tensor_to_tile_ops", "statements (mixed program, kernels on tensors)", false,
     PrepareConvertTensorToTile},
    {"optimize_orch_tensors", "statements (mixed program, kernels converted to tile ops)", false,
     PrepareOptimizeOrchTensors},
    {"default_pipeline", "statements (mixed program, PassManager, a5)", false,
     PrepareDefaultPipeline},
    {"pto_emit", "statements (mixed program, lowered)", true, Prepare<EmitRun>},
    // Per-function costs: N/16 kernels instead of N/2000.
    {"parse_small_kernels", "statements (mixed program in 16-statement kernels)", true,
     PrepareParseSmallKernels},
    {"default_pipeline_small_kernels",
     "statements (mixed program in 16-statement kernels, PassManager, a5)", false,
     PrepareDefaultPipelineSmallKernels},
};

}  // namespace

absl::Span<const Stage> AllStages() { return kStages; }

bool StageRunsAt(const Stage& stage, int64_t n) { return stage.max_n == 0 || n <= stage.max_n; }

const Stage* FindStage(absl::string_view name) {
  for (const Stage& s : kStages) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

namespace {

double ThreadCpuSeconds() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

struct ThreadTimes {
  double user;
  double sys;
};

double Seconds(const timeval& t) {
  return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec);
}

ThreadTimes ThreadUserSys() {
  rusage usage;
  getrusage(RUSAGE_THREAD, &usage);
  return {Seconds(usage.ru_utime), Seconds(usage.ru_stime)};
}

long MinorFaults() {
  rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_minflt;
}

}  // namespace

Sample TimedRun(StageRun& run) {
  Sample sample;
  size_t arena_before = run.ArenaBytesBeforeRun();
  ResetHeapPeak();
  size_t heap_before = HeapLiveBytes();
  // Large tables of the printer and parser are mappings of their own.
  ResetHugePageAllocatorPeak();
  size_t mapped_before = HugePageAllocatorLiveBytes();
  long faults = MinorFaults();
  ThreadTimes times = ThreadUserSys();
  double cpu = ThreadCpuSeconds();
  auto start = std::chrono::steady_clock::now();
  run.Run();
  sample.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  sample.cpu_seconds = ThreadCpuSeconds() - cpu;
  ThreadTimes after = ThreadUserSys();
  sample.user_seconds = after.user - times.user;
  sample.sys_seconds = after.sys - times.sys;
  sample.page_faults = MinorFaults() - faults;
  size_t arena_after = run.ArenaBytes();
  sample.arena_bytes = arena_after - arena_before;
  size_t peak = HeapPeakBytes();
  sample.heap_peak_bytes = peak > heap_before ? peak - heap_before : 0;
  sample.heap_peak_bytes += HugePageAllocatorPeakBytes() - mapped_before;
  return sample;
}

void KeepFreedMemory() {
  // Every allocation from the heap, where freed memory is reused, instead of
  // a mapping of its own for large ones (4 MiB arena blocks, a lowered
  // function's statement array, big vectors) that is unmapped when freed.
  mallopt(M_MMAP_MAX, 0);
  // Never give the top of the heap back to the kernel.
  mallopt(M_TRIM_THRESHOLD, -1);
  // The IR arena's blocks are mappings of their own: keep every freed one.
  SetHugePageCacheLimit(SIZE_MAX);
}

}  // namespace pto::bench
