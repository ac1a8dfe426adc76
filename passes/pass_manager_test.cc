#include "passes/pass_manager.h"

#include <memory>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "passes/all_passes.h"
#include "passes/pass_options.h"
#include "passes/pass_registry.h"

namespace pto::passes {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// A function `k(x) -> x` over one INDEX scalar.
ir::Program IdentityProgram(ir::Context& ctx) {
  const ir::Type* index = ctx.GetScalarType(ir::DataType::kIndex);
  const ir::Var* x = ctx.NewVar("x", index);
  const ir::Expr* ret[] = {x};
  const ir::Stmt* body[] = {ctx.NewReturn(ret)};
  const ir::Var* params[] = {x};
  ir::ParamDirection dirs[] = {ir::ParamDirection::kIn};
  const ir::Type* rets[] = {index};
  const ir::Function* f = ctx.NewFunction("k", params, dirs, rets, ctx.NewSeq(body));
  const ir::Function* fs[] = {f};
  return ctx.NewProgram("P", fs);
}

// k(x) { a = x; a = x; return a }: valid, but `a` is assigned twice.
ir::Program ReassigningProgram(ir::Context& ctx) {
  const ir::Type* index = ctx.GetScalarType(ir::DataType::kIndex);
  const ir::Var* x = ctx.NewVar("x", index);
  const ir::Var* a = ctx.NewVar("a", index);
  const ir::Expr* ret[] = {a};
  const ir::Stmt* body[] = {ctx.NewAssign(a, x), ctx.NewAssign(a, x), ctx.NewReturn(ret)};
  const ir::Var* params[] = {x};
  ir::ParamDirection dirs[] = {ir::ParamDirection::kIn};
  const ir::Type* rets[] = {index};
  const ir::Function* fs[] = {ctx.NewFunction("k", params, dirs, rets, ctx.NewSeq(body))};
  return ctx.NewProgram("P", fs);
}

// Claims SSAForm without establishing it.
class FakeSSAPass : public Pass {
 public:
  absl::string_view name() const override { return "fake-ssa"; }
  absl::string_view description() const override { return "claims SSA"; }
  PassProperties properties() const override { return {{}, {IRProperty::kSSAForm}, {}}; }
  absl::StatusOr<ir::Program> Run(const ir::Program& p, PassContext&) const override { return p; }
};

class NoOpPass : public Pass {
 public:
  absl::string_view name() const override { return "no-op"; }
  absl::string_view description() const override { return "returns its input"; }
  absl::StatusOr<ir::Program> Run(const ir::Program& p, PassContext&) const override {
    return p;
  }
};

// Returns a program whose function returns a Var nobody defines.
class BreakingPass : public Pass {
 public:
  absl::string_view name() const override { return "breaking"; }
  absl::string_view description() const override { return "breaks SSA"; }
  PassProperties properties() const override {
    PassProperties p;
    p.required = {IRProperty::kSSAForm};
    return p;
  }
  absl::StatusOr<ir::Program> Run(const ir::Program& p, PassContext&) const override {
    ir::Context& ctx = p.context();
    const ir::Function* f = p.functions()[0];
    const ir::Var* stray = ctx.NewVar("stray", ctx.GetScalarType(ir::DataType::kIndex));
    const ir::Expr* ret[] = {stray};
    const ir::Stmt* body[] = {ctx.NewReturn(ret)};
    const ir::Function* g = ctx.NewFunction(f->name(), f->params(), f->directions(),
                                            f->return_types(), ctx.NewSeq(body));
    const ir::Function* fs[] = {g};
    return ctx.NewProgram(p.name(), fs);
  }
};

// Requires a property only an outlining pass would produce.
class NeedsOutliningPass : public NoOpPass {
 public:
  absl::string_view name() const override { return "needs-outlining"; }
  PassProperties properties() const override {
    PassProperties p;
    p.required = {IRProperty::kSplitIncoreOrch};
    return p;
  }
};

class FailingPass : public Pass {
 public:
  absl::string_view name() const override { return "failing"; }
  absl::string_view description() const override { return "always fails"; }
  absl::StatusOr<ir::Program> Run(const ir::Program&, PassContext&) const override {
    return absl::InvalidArgumentError("k.py:3:5: error: cannot do it");
  }
};

// Its name shows the option it was built with: "limit-<n>".
class LimitPass : public NoOpPass {
 public:
  explicit LimitPass(int64_t limit) : name_("limit-" + std::to_string(limit)) {}
  absl::string_view name() const override { return name_; }

 private:
  std::string name_;
};

PassRegistry TestRegistry() {
  PassRegistry r;
  r.RegisterPass(
      "limited",
      [](const PassOptions& o) { return std::unique_ptr<Pass>(new LimitPass(o.GetInt("limit"))); },
      {{"limit", PassOptionSpec::kInt, "8", "a bound"}});
  r.RegisterPass("no-op", [] { return std::unique_ptr<Pass>(new NoOpPass); });
  r.RegisterPass("breaking", [] { return std::unique_ptr<Pass>(new BreakingPass); });
  r.RegisterPass("failing", [] { return std::unique_ptr<Pass>(new FailingPass); });
  r.RegisterPass("fake-ssa", [] { return std::unique_ptr<Pass>(new FakeSSAPass); });
  r.RegisterPass("needs-outlining", [] { return std::unique_ptr<Pass>(new NeedsOutliningPass); });
  r.RegisterPipeline("twice", {"no-op", "no-op"});
  r.RegisterAlias("NoOp", "no-op");
  return r;
}

std::vector<std::string> Names(const std::vector<std::unique_ptr<Pass>>& passes) {
  std::vector<std::string> out;
  for (const auto& p : passes) out.emplace_back(p->name());
  return out;
}

TEST(PassRegistryTest, BuildsSpecsInOrder) {
  PassRegistry r = TestRegistry();
  EXPECT_TRUE(r.Build("none")->empty());
  EXPECT_THAT(Names(*r.Build("failing, no-op")), ElementsAre("failing", "no-op"));
  EXPECT_THAT(Names(*r.Build("twice,failing")), ElementsAre("no-op", "no-op", "failing"));
}

TEST(PassRegistryTest, PassesTakeOptionsInBraces) {
  PassRegistry r = TestRegistry();
  EXPECT_THAT(Names(*r.Build("limited, limited{limit=3},no-op,limited{ limit = 12 }")),
              ElementsAre("limit-8", "limit-3", "no-op", "limit-12"));
  EXPECT_THAT(Names(*r.Build("limited{}")), ElementsAre("limit-8"));
  EXPECT_THAT(r.Build("limited{limit=x}").status().message(),
              HasSubstr("pass 'limited': option 'limit' takes an int, got 'x'"));
  EXPECT_THAT(r.Build("no-op{limit=1}").status().message(),
              HasSubstr("pass 'no-op' has no option 'limit'; its options: (none)"));
  EXPECT_THAT(r.Build("twice{limit=1}").status().message(),
              HasSubstr("'twice' is a pipeline; options go on its passes"));
  EXPECT_THAT(r.Build("limited{limit}").status().message(),
              HasSubstr("expected key=value, got 'limit'"));
  EXPECT_THAT(r.Build("limited{limit=1").status().message(),
              HasSubstr("must be one {key=value,...} at its end"));
  EXPECT_EQ(r.OptionsOf("limited").size(), 1u);
  EXPECT_TRUE(r.OptionsOf("no-op").empty());
}

TEST(PassRegistryTest, AliasesBuildTheirPass) {
  PassRegistry r = TestRegistry();
  EXPECT_THAT(Names(*r.Build("NoOp,failing")), ElementsAre("no-op", "failing"));
  EXPECT_THAT(r.AliasesOf("no-op"), ElementsAre("NoOp"));
  EXPECT_TRUE(r.AliasesOf("failing").empty());
  // Names are case-sensitive: an alias is one exact spelling.
  EXPECT_EQ(r.Build("noop").status().code(), absl::StatusCode::kNotFound);
}

TEST(PassRegistryTest, BuiltinPassesAnswerToUpstreamNames) {
  EXPECT_THAT(Names(*BuiltinPasses().Build("LowerCompositeOps, LegalizeTileCast")),
              ElementsAre("lower-composite-ops", "legalize-tile-cast"));
}

TEST(PassRegistryTest, UnknownNamesListTheKnownOnes) {
  PassRegistry r = TestRegistry();
  absl::Status s = r.Build("no-op,bogus").status();
  EXPECT_EQ(s.code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(s.message(), HasSubstr("unknown pass 'bogus'; known passes: breaking, failing, fake-ssa, limited, needs-outlining, no-op"));
  EXPECT_THAT(s.message(), HasSubstr("; aliases: NoOp = no-op"));
  EXPECT_THAT(r.Build("no-op,,no-op").status().message(), HasSubstr("empty pass name"));
}

TEST(PassRegistryTest, DefaultPipelineRunsTheBuiltPassesInUpstreamOrder) {
  absl::StatusOr<std::vector<std::unique_ptr<Pass>>> passes = BuiltinPasses().Build("default");
  ASSERT_TRUE(passes.ok()) << passes.status();
  EXPECT_THAT(Names(*passes),
              ElementsAre("inline-functions", "unroll-loops", "ctrl-flow-transform",
                          "convert-to-ssa", "simplify", "normalize-stmt-structure",
                          "flatten-call-expr", "outline-hierarchy-scopes", "outline-incore-scopes",
                          "outline-cluster-scopes", "convert-tensor-to-tile-ops",
                          "optimize-orch-tensors", "lower-composite-ops", "flatten-tile-nd-to-2d",
                          "legalize-tile-cast", "infer-tile-memory-space",
                          "materialize-tcvt-scratch"));
}

TEST(PassManagerTest, SSAFormHoldsOnlyForAProgramInSSAForm) {
  ir::Context ctx;
  PassManager pm(*TestRegistry().Build("breaking"));
  PassContext pc;
  absl::Status s = pm.Run(ReassigningProgram(ctx), pc).status();
  EXPECT_EQ(s.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(s.message(), HasSubstr("pass 'breaking' requires SSAForm; run convert-to-ssa "
                                     "before it:\n"));
  EXPECT_THAT(s.message(), HasSubstr("'a' is assigned again"));
  // A program in SSA form has it.
  EXPECT_THAT(pm.Run(IdentityProgram(ctx), pc).status().message(),
              HasSubstr("pass 'breaking' produced invalid IR"));
}

TEST(PassManagerTest, APassClaimingSSAFormIsChecked) {
  ir::Context ctx;
  PassManager pm(*TestRegistry().Build("fake-ssa"));
  PassContext pc;
  absl::Status s = pm.Run(ReassigningProgram(ctx), pc).status();
  EXPECT_EQ(s.code(), absl::StatusCode::kInternal);
  EXPECT_THAT(s.message(), HasSubstr("pass 'fake-ssa' produced IR not in SSA form:\n"));
}

TEST(PassManagerTest, ARequiredPropertyNoStepEstablishedStopsThePipeline) {
  ir::Context ctx;
  ir::Program p = IdentityProgram(ctx);
  PassManager pm(*TestRegistry().Build("no-op,needs-outlining"));
  PassContext pc;
  absl::Status s = pm.Run(p, pc).status();
  EXPECT_EQ(s.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(s.message(), HasSubstr("pass 'needs-outlining' requires SplitIncoreOrch, which no "
                                     "earlier step established; run a pass that produces it"));
  EXPECT_EQ(IRPropertyName(IRProperty::kAtomicAddDtypeValid), "AtomicAddDtypeValid");
}

TEST(PassManagerTest, NoOpPipelineReturnsTheSameProgram) {
  ir::Context ctx;
  ir::Program p = IdentityProgram(ctx);
  std::vector<std::string> seen;
  PassManagerOptions options;
  options.after_pass = [&](const Pass& pass, const ir::Program&) {
    seen.emplace_back(pass.name());
  };
  PassManager pm(*TestRegistry().Build("twice"), options);
  PassContext pc;
  absl::StatusOr<ir::Program> out = pm.Run(p, pc);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_TRUE(out->SameAs(p));
  EXPECT_THAT(seen, ElementsAre("no-op", "no-op"));
}

TEST(PassManagerTest, VerifierNamesThePassThatBrokeTheIR) {
  ir::Context ctx;
  PassManager pm(*TestRegistry().Build("no-op,breaking"));
  PassContext pc;
  absl::Status s = pm.Run(IdentityProgram(ctx), pc).status();
  EXPECT_THAT(s.message(), HasSubstr("pass 'breaking' produced invalid IR"));
  EXPECT_THAT(s.message(), HasSubstr("stray"));
}

TEST(PassManagerTest, WithoutVerificationRequiredPropertiesAreMissing) {
  ir::Context ctx;
  PassManagerOptions options;
  options.verify_each = false;
  PassManager pm(*TestRegistry().Build("breaking"), options);
  PassContext pc;
  EXPECT_THAT(pm.Run(IdentityProgram(ctx), pc).status().message(),
              HasSubstr("pass 'breaking' requires SSAForm"));
}

TEST(PassManagerTest, PassErrorsPropagateUnchanged) {
  ir::Context ctx;
  PassManager pm(*TestRegistry().Build("failing"));
  PassContext pc;
  EXPECT_EQ(pm.Run(IdentityProgram(ctx), pc).status().message(),
            "k.py:3:5: error: cannot do it");
}

TEST(PassContextTest, CarriesOptions) {
  PassContext pc;
  EXPECT_EQ(pc.backend(), nullptr);
  EXPECT_EQ(pc.FindOption("k"), nullptr);
  pc.SetOption("k", "v");
  ASSERT_NE(pc.FindOption("k"), nullptr);
  EXPECT_EQ(*pc.FindOption("k"), "v");
}

}  // namespace
}  // namespace pto::passes
