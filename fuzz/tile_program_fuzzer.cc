// tile_program_fuzzer: bytes -> a random executable tile kernel with
// composite ops (tile_program_gen.h) -> the `default` pipeline -> the
// reference interpreter, before and after.
//
// Properties, for every generated program P on its backend (a5 or a2a3):
//   1. VerifyProgram(P) is OK;
//   2. print(P) parses to a program structurally equal to P that prints the
//      same (print is a fixed point); so does P written in the DSL's
//      hand-written spellings (handwritten.h: unified pl.X names, keyword
//      and default arguments, no annotations, module constants, scopes
//      spelled several ways, tuple unpacking, ...), and that parse computes
//      the same outputs as P, bit for bit (checked in 6); P written
//      without SSA (reassigned_form.h) goes back through convert-to-ssa,
//      and that form with its kernel behind an Inline function, its short
//      loops as pl.unroll and a never-taken break opening the others
//      (front_form.h) through inline-functions, unroll-loops,
//      ctrl-flow-transform, convert-to-ssa and simplify: every output verifies, the
//      last is in SSA form, and each computes P's outputs bit for bit (in 6);
//      so do P's kernel as a pl.at scope through the outlining passes, the
//      outlined kernel on tensors (tensor_form.h) through
//      convert-tensor-to-tile-ops, and that through optimize-orch-tensors,
//      each of which is a no-op on its own output;
//   3. the `default` pipeline (passes/all_passes.cc) with
//      the verifier after each pass either succeeds, leaving no composite
//      op, or - only when P holds something the backend cannot lower (an
//      8-bit select on a2a3, a cast pair without a chain) - fails with a
//      diagnostic naming the op; it never crashes;
//   4. the pipeline is idempotent: run again on its output it returns a
//      structurally equal program, and lower-composite-ops alone returns the
//      very same object;
//   5. the lowered program L round-trips through print and parse like P;
//   6. P and L, interpreted on the same inputs (drawn from the fuzz input),
//      store the same outputs: the same elements defined, exact values equal
//      bit for bit, sin/cos-derived values within their propagated error
//      bound, early-rounding cast chains within one destination ULP
//      (value_bounds.h, output_compare.h);
//   7. the PTO emitter accepts L wherever codegen claims support
//      (CheckCodegenSupport, codegen/support.h: not, e.g., a tile the backend
//      has no in-core support for - INT4, FP4 on a2a3 - or an FP4 tile with
//      an odd valid row); outside the claim it may refuse, with a located
//      `codegen:` error (fuzz/oracle/codegen_claim.h), and what it emits
//      reads back under the PTO grammar (sim/pto/reader.h);
//   8. that PTO, run by the PTO interpreter (sim/pto/interpreter.h) on the
//      same inputs, stores L's outputs bit for bit.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fuzzer/FuzzedDataProvider.h>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "backends/registry.h"
#include "fuzz/gen/front_form.h"
#include "fuzz/gen/handwritten.h"
#include "fuzz/gen/reassigned_form.h"
#include "fuzz/gen/tensor_form.h"
#include "fuzz/gen/tile_program_gen.h"
#include "fuzz/gen/tile_program_run.h"
#include "fuzz/max_input.h"
#include "fuzz/oracle/codegen_claim.h"
#include "fuzz/oracle/output_compare.h"
#include "ir/analysis/ssa_form.h"
#include "ir/analysis/structural_equal.h"
#include "ir/analysis/verifier.h"
#include "ir/check.h"
#include "ir/context.h"
#include "ir/op.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"
#include "ir/visitor.h"
#include "passes/all_passes.h"
#include "passes/memory/infer_tile_memory_space.h"
#include "passes/pass_manager.h"
#include "sim/interp/interpreter.h"
#include "sim/pto/reader.h"

namespace ir = pto::ir;
namespace sim = pto::sim;

namespace {

// A program takes a byte or two per decision; 256 bytes fill the statement
// budget several times over.
constexpr size_t kMaxInput = 256;

// Built once: the registry lookups and pass construction would otherwise
// cost more than a small program's pipeline run.
const pto::passes::PassManager& DefaultPipeline() {
  static const pto::passes::PassManager* const pm = [] {
    auto passes = pto::passes::BuiltinPasses().Build("default");
    PTO_CHECK(passes.ok()) << passes.status();
    return new pto::passes::PassManager(*std::move(passes));
  }();
  return *pm;
}

const pto::passes::Pass* BuildPass(const char* name) {
  auto passes = pto::passes::BuiltinPasses().Build(name);
  PTO_CHECK(passes.ok() && passes->size() == 1) << passes.status();
  return (*passes)[0].release();
}

const pto::passes::Pass& LowerCompositeOps() {
  static const pto::passes::Pass* const pass = BuildPass("lower-composite-ops");
  return *pass;
}

const pto::passes::Pass& ConvertTensorToTile() {
  static const pto::passes::Pass* const pass = BuildPass("convert-tensor-to-tile-ops");
  return *pass;
}

const pto::passes::Pass& OptimizeOrchTensors() {
  static const pto::passes::Pass* const pass = BuildPass("optimize-orch-tensors");
  return *pass;
}

const pto::passes::Pass& ConvertToSSA() {
  static const pto::passes::Pass* const pass = BuildPass("convert-to-ssa");
  return *pass;
}

// The passes that take the front form (front_form.h) back to SSA, in order,
// and Simplify after them as in the default pipeline.
const std::vector<const pto::passes::Pass*>& FrontPasses() {
  static const auto* const passes = new std::vector<const pto::passes::Pass*>{
      BuildPass("inline-functions"), BuildPass("unroll-loops"), BuildPass("ctrl-flow-transform"),
      &ConvertToSSA(), BuildPass("simplify")};
  return *passes;
}

// What takes kernels written as scopes (ToScopeForm) back to kernels.
const std::vector<const pto::passes::Pass*>& ScopePasses() {
  static const auto* const passes = new std::vector<const pto::passes::Pass*>{
      &ConvertToSSA(),
      BuildPass("simplify"),
      BuildPass("normalize-stmt-structure"),
      BuildPass("flatten-call-expr"),
      BuildPass("outline-hierarchy-scopes"),
      BuildPass("outline-incore-scopes"),
      BuildPass("outline-cluster-scopes")};
  return *passes;
}

// Runs `passes` in turn on the last of `forms`, each output checked to
// verify and appended as "<form> after <pass>".
void RunChain(const std::vector<const pto::passes::Pass*>& passes, absl::string_view form,
              std::vector<std::pair<std::string, ir::Program>>& forms) {
  pto::passes::PassContext no_target;
  for (const pto::passes::Pass* pass : passes) {
    const ir::Program& in = forms.back().second;
    absl::StatusOr<ir::Program> out = pass->Run(in, no_target);
    PTO_CHECK(out.ok()) << pass->name() << " failed on the " << form << ": " << out.status()
                        << "\n" << ir::PrintProgram(in);
    absl::Status out_ok = ir::VerifyProgram(*out);
    PTO_CHECK(out_ok.ok()) << pass->name() << "'s output does not verify: " << out_ok << "\n"
                           << ir::PrintProgram(*out);
    forms.emplace_back(absl::StrCat(form, " after ", pass->name()), *out);
  }
}

void CheckRoundTrip(const ir::Program& p, const char* what) {
  std::string printed = ir::PrintProgram(p);
  ir::Context ctx;
  absl::StatusOr<ir::Program> reparsed = ir::ParseProgram(ctx, printed, "tile_program.py");
  PTO_CHECK(reparsed.ok()) << what << " program does not parse: " << reparsed.status() << "\n"
                           << printed;
  absl::Status equal = ir::CheckStructuralEqual(p, *reparsed);
  PTO_CHECK(equal.ok()) << what << " program's reparse differs: " << equal << "\n" << printed;
  std::string reprinted = ir::PrintProgram(*reparsed);
  PTO_CHECK(reprinted == printed) << what << " program: print is not a fixed point:\n"
                                  << printed << "\n----- reprinted -----\n"
                                  << reprinted;
}

// Whether an Opaque or Orchestration function of `p` holds a scope
// outlining removes (pl.at, pl.cluster, pl.spmd); a kernel may keep its own.
bool HoldsOutlinedScope(const ir::Program& p) {
  struct Finder : ir::IRVisitor {
    bool found = false;
    void VisitScope(const ir::ScopeStmt* s) override {
      found = found || s->scope_kind() == ir::ScopeKind::kAt ||
              s->scope_kind() == ir::ScopeKind::kCluster ||
              s->scope_kind() == ir::ScopeKind::kSpmd;
      IRVisitor::VisitScope(s);
    }
  } finder;
  for (const ir::Function* f : p.functions()) {
    if (f->func_type() == ir::FunctionType::kOpaque ||
        f->func_type() == ir::FunctionType::kOrchestration) {
      finder.VisitFunction(f);
    }
  }
  return finder.found;
}

// The name of a composite op left in `p`, or empty.
std::string RemainingComposite(const ir::Program& p) {
  struct Finder : ir::IRVisitor {
    std::string found;
    void VisitCall(const ir::Call* c) override {
      if (c->op() != nullptr && !c->op()->lowered_by().empty()) found = std::string(c->op()->name());
      ir::IRVisitor::VisitCall(c);
    }
  } finder;
  finder.VisitProgram(p);
  return finder.found;
}

}  // namespace

extern "C" size_t PtoFuzzMaxInput() { return kMaxInput; }

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > kMaxInput) return 0;
  FuzzedDataProvider input(data, size);
  ir::Context ctx;
  pto::fuzz::TileProgram tp = pto::fuzz::GenerateTileProgram(ctx, input);
  const ir::Program& original = tp.program;

  // 1. Verifies.
  absl::Status verified = ir::VerifyProgram(original);
  PTO_CHECK(verified.ok()) << "generated program does not verify: " << verified << "\n"
                           << ir::PrintProgram(original);
  // 2. Round trip.
  CheckRoundTrip(original, "generated");

  // 2b. The hand-written spelling of P parses to P.
  pto::fuzz::HandWritten hand = pto::fuzz::WriteHandWritten(original, tp.data_seed);
  ir::Context hand_ctx;
  absl::StatusOr<ir::Program> hand_parsed = pto::fuzz::ParseHandWritten(hand_ctx, hand, original);
  PTO_CHECK(hand_parsed.ok()) << hand_parsed.status();
  CheckRoundTrip(*hand_parsed, "hand-written");

  // 2c. ConvertToSSA takes P written without SSA (reassigned_form.h) back
  //     into SSA form: it verifies, is in SSA form, converts to itself, and
  //     computes what P computes (checked in 6).
  ir::Program reassigned = pto::fuzz::ToReassignedForm(ctx, original);
  absl::Status reassigned_ok = ir::VerifyProgram(reassigned);
  PTO_CHECK(reassigned_ok.ok()) << "the reassigned form does not verify: " << reassigned_ok
                                << "\n" << ir::PrintProgram(reassigned);
  pto::passes::PassContext no_target;
  absl::StatusOr<ir::Program> ssa = ConvertToSSA().Run(reassigned, no_target);
  PTO_CHECK(ssa.ok()) << "ConvertToSSA failed: " << ssa.status() << "\n"
                      << ir::PrintProgram(reassigned);
  absl::Status ssa_ok = ir::VerifyProgram(*ssa);
  PTO_CHECK(ssa_ok.ok()) << "ConvertToSSA's output does not verify: " << ssa_ok << "\n"
                         << ir::PrintProgram(*ssa);
  absl::Status in_ssa = ir::CheckSSAForm(*ssa);
  PTO_CHECK(in_ssa.ok()) << "ConvertToSSA's output is not in SSA form: " << in_ssa << "\n"
                         << ir::PrintProgram(*ssa);
  absl::StatusOr<ir::Program> ssa_twice = ConvertToSSA().Run(*ssa, no_target);
  PTO_CHECK(ssa_twice.ok() && ssa_twice->SameAs(*ssa))
      << "ConvertToSSA is not a no-op on its own output";

  // 2d. The front of the pipeline: the reassigned form in the front form
  //     (front_form.h). InlineFunctions, UnrollLoops, CtrlFlowTransform,
  //     ConvertToSSA and Simplify in turn: each output verifies, the last is
  //     in SSA form, and each computes what P computes (checked in 6).
  std::vector<std::pair<std::string, ir::Program>> forms = {{"reassigned", reassigned},
                                                            {"re-converted", *ssa}};
  forms.emplace_back("front-form", pto::fuzz::ToFrontForm(ctx, reassigned));
  absl::Status front_ok = ir::VerifyProgram(forms.back().second);
  PTO_CHECK(front_ok.ok()) << "the front form does not verify: " << front_ok << "\n"
                           << ir::PrintProgram(forms.back().second);
  RunChain(FrontPasses(), "front form", forms);
  absl::Status front_ssa = ir::CheckSSAForm(forms.back().second);
  PTO_CHECK(front_ssa.ok()) << "the front passes' output is not in SSA form: " << front_ssa
                            << "\n" << ir::PrintProgram(forms.back().second);

  // 2e. The outlining passes: the reassigned form with every kernel written
  //     as a pl.at(CORE_GROUP) scope of an Opaque function (front_form.h).
  //     Each output verifies and computes what P computes (checked in 6);
  //     the last holds no scope and outlining it again changes nothing.
  forms.emplace_back("scope-form", pto::fuzz::ToScopeForm(ctx, reassigned));
  RunChain(ScopePasses(), "scope form", forms);
  const ir::Program& outlined = forms.back().second;
  PTO_CHECK(!HoldsOutlinedScope(outlined)) << "a scope survived outlining:\n" << ir::PrintProgram(outlined);
  for (const pto::passes::Pass* pass : ScopePasses()) {
    absl::StatusOr<ir::Program> again = pass->Run(outlined, no_target);
    PTO_CHECK(again.ok() && again->SameAs(outlined))
        << pass->name() << " is not a no-op on the outlined program:\n"
        << ir::PrintProgram(outlined) << "\n----- after it -----\n"
        << (again.ok() ? ir::PrintProgram(*again) : std::string(again.status().message()));
  }

  // 2f. ConvertTensorToTileOps: the outlined program with its kernels
  //     computing on tensors (tensor_form.h). The pass's output verifies,
  //     the pass is a no-op on it, and it computes what P computes (checked
  //     in 6; the tensor form itself is not run, since the interpreter does
  //     not run every tensor op).
  const ir::Program tensor_form = pto::fuzz::ToTensorForm(ctx, outlined);
  absl::Status tensor_ok = ir::VerifyProgram(tensor_form);
  PTO_CHECK(tensor_ok.ok()) << "the tensor form does not verify: " << tensor_ok << "\n"
                            << ir::PrintProgram(tensor_form);
  absl::StatusOr<ir::Program> tiled = ConvertTensorToTile().Run(tensor_form, no_target);
  PTO_CHECK(tiled.ok()) << "convert-tensor-to-tile-ops failed on the tensor form: "
                        << tiled.status() << "\n" << ir::PrintProgram(tensor_form);
  absl::Status tiled_ok = ir::VerifyProgram(*tiled);
  PTO_CHECK(tiled_ok.ok()) << "convert-tensor-to-tile-ops gave invalid IR: " << tiled_ok << "\n"
                           << ir::PrintProgram(*tiled);
  absl::StatusOr<ir::Program> retiled = ConvertTensorToTile().Run(*tiled, no_target);
  PTO_CHECK(retiled.ok() && retiled->SameAs(*tiled))
      << "convert-tensor-to-tile-ops is not a no-op on its own output:\n" << ir::PrintProgram(*tiled);
  forms.emplace_back("tensor form after convert-tensor-to-tile-ops", *tiled);

  // 2g. OptimizeOrchTensors on that: its output verifies, it is a no-op on
  //     its own output, and it computes what P computes (checked in 6).
  absl::StatusOr<ir::Program> optimized = OptimizeOrchTensors().Run(*tiled, no_target);
  PTO_CHECK(optimized.ok()) << "optimize-orch-tensors failed: " << optimized.status() << "\n"
                            << ir::PrintProgram(*tiled);
  absl::Status optimized_ok = ir::VerifyProgram(*optimized);
  PTO_CHECK(optimized_ok.ok()) << "optimize-orch-tensors gave invalid IR: " << optimized_ok
                               << "\n" << ir::PrintProgram(*optimized);
  absl::StatusOr<ir::Program> reoptimized = OptimizeOrchTensors().Run(*optimized, no_target);
  PTO_CHECK(reoptimized.ok() && reoptimized->SameAs(*optimized))
      << "optimize-orch-tensors is not a no-op on its own output:\n"
      << ir::PrintProgram(*optimized);
  if (!optimized->SameAs(*tiled)) forms.emplace_back("after optimize-orch-tensors", *optimized);

  // 3. The pipeline.
  const pto::backends::Backend* backend = *pto::backends::FindBackend(tp.arch);
  pto::passes::PassContext pc(backend);
  absl::StatusOr<ir::Program> lowered = DefaultPipeline().Run(original, pc);
  if (!lowered.ok()) {
    PTO_CHECK(tp.may_fail_lowering) << "default pipeline failed on " << tp.arch << ": "
                                    << lowered.status() << "\n"
                                    << ir::PrintProgram(original);
    absl::string_view m = lowered.status().message();
    PTO_CHECK(absl::StrContains(m, "tile.select") || absl::StrContains(m, "no native cast path"))
        << "the rejection does not name the op: " << m;
    return 0;
  }
  std::string left = RemainingComposite(*lowered);
  PTO_CHECK(left.empty()) << left << " survived the pipeline:\n" << ir::PrintProgram(*lowered);
  absl::Status placed = pto::passes::CheckTileMemoryInferred(*lowered);
  PTO_CHECK(placed.ok()) << placed << "\n" << ir::PrintProgram(*lowered);

  // 4. Idempotent.
  absl::StatusOr<ir::Program> again = DefaultPipeline().Run(*lowered, pc);
  PTO_CHECK(again.ok()) << "second pipeline run failed: " << again.status();
  absl::Status same = ir::CheckStructuralEqual(*lowered, *again);
  PTO_CHECK(same.ok()) << "second pipeline run changed the program: " << same;
  absl::StatusOr<ir::Program> relowered = LowerCompositeOps().Run(*lowered, pc);
  PTO_CHECK(relowered.ok() && relowered->SameAs(*lowered))
      << "lower-composite-ops is not a no-op on its own output";

  // 5. The lowered program round-trips.
  CheckRoundTrip(*lowered, "lowered");

  // 6. Differential semantics.
  std::vector<sim::BufferView> inputs = pto::fuzz::MakeInputs(tp);
  absl::StatusOr<std::vector<sim::BufferView>> want =
      pto::fuzz::RunTileKernel(original, tp, inputs);
  PTO_CHECK(want.ok()) << "the original program does not run: " << want.status() << "\n"
                       << ir::PrintProgram(original);
  absl::StatusOr<std::vector<sim::BufferView>> by_hand =
      pto::fuzz::RunTileKernel(*hand_parsed, tp, inputs);
  PTO_CHECK(by_hand.ok()) << "the hand-written program does not run: " << by_hand.status() << "\n"
                          << hand.text;
  for (size_t k = 0; k < tp.outputs.size(); ++k) {
    std::optional<std::string> diff = pto::fuzz::CompareOutput(
        (*want)[k], (*by_hand)[k], pto::fuzz::ValueBound::Exact(), nullptr);
    PTO_CHECK(!diff) << "output " << tp.outputs[k].param->name()
                     << " of the hand-written program differs: " << *diff << "\n"
                     << hand.text;
  }
  for (const auto& [form, program] : forms) {
    absl::StatusOr<std::vector<sim::BufferView>> out =
        pto::fuzz::RunTileKernel(program, tp, inputs);
    PTO_CHECK(out.ok()) << "the " << form << " program does not run: " << out.status() << "\n"
                        << ir::PrintProgram(program);
    for (size_t k = 0; k < tp.outputs.size(); ++k) {
      std::optional<std::string> diff = pto::fuzz::CompareOutput(
          (*want)[k], (*out)[k], pto::fuzz::ValueBound::Exact(), nullptr);
      PTO_CHECK(!diff) << "output " << tp.outputs[k].param->name() << " of the " << form
                       << " program differs: " << *diff << "\n"
                       << ir::PrintProgram(program);
    }
  }
  absl::StatusOr<std::vector<sim::BufferView>> got =
      pto::fuzz::RunTileKernel(*lowered, tp, inputs);
  PTO_CHECK(got.ok()) << "the lowered program does not run: " << got.status() << "\n"
                      << ir::PrintProgram(*lowered);
  for (size_t k = 0; k < tp.outputs.size(); ++k) {
    const pto::fuzz::TileOutput& o = tp.outputs[k];
    const sim::BufferView* source = o.source >= 0 ? &(*want)[o.source] : nullptr;
    std::optional<std::string> diff = pto::fuzz::CompareOutput((*want)[k], (*got)[k], o.bound, source);
    PTO_CHECK(!diff) << "output " << o.param->name() << " differs after lowering on " << tp.arch
                     << ": " << *diff << "\n"
                     << ir::PrintProgram(original);
  }

  // 7. Codegen emits the lowered program wherever it claims support
  //    (codegen/support.h), e.g. not INT4 or an odd FP4 row.
  absl::StatusOr<std::string> pto_text = pto::fuzz::EmitPtoAsClaimed(*lowered, backend);
  if (!pto_text.ok()) return 0;

  // 8. Its PTO computes what L computes, bit for bit.
  absl::StatusOr<pto::sim::pto_text::Module> module =
      pto::sim::pto_text::ReadPto("kernel.pto", *pto_text);
  PTO_CHECK(module.ok()) << module.status();  // EmitPtoAsClaimed read it back
  absl::StatusOr<std::vector<sim::BufferView>> ran =
      pto::fuzz::RunTileKernelAsPto(*module, tp, inputs);
  PTO_CHECK(ran.ok()) << "the PTO of the lowered program does not run on " << tp.arch << ": "
                      << ran.status() << "\n"
                      << *pto_text;
  for (size_t k = 0; k < tp.outputs.size(); ++k) {
    std::optional<std::string> diff = pto::fuzz::CompareOutput(
        (*got)[k], (*ran)[k], pto::fuzz::ValueBound::Exact(), nullptr);
    PTO_CHECK(!diff) << "output " << tp.outputs[k].param->name() << " of the PTO differs from "
                     << "the lowered program's on " << tp.arch << ": " << *diff << "\n"
                     << ir::PrintProgram(*lowered) << "\n"
                     << *pto_text;
  }
  return 0;
}
