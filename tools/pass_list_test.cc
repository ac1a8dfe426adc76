#include "tools/pass_list.h"

#include <memory>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "passes/all_passes.h"

namespace pto::tools {
namespace {

using ::testing::HasSubstr;

class FakePass : public passes::Pass {
 public:
  FakePass(absl::string_view name, absl::string_view description)
      : name_(name), description_(description) {}
  absl::string_view name() const override { return name_; }
  absl::string_view description() const override { return description_; }
  absl::StatusOr<ir::Program> Run(const ir::Program& program,
                                  passes::PassContext&) const override {
    return program;
  }

 private:
  absl::string_view name_;
  absl::string_view description_;
};

std::unique_ptr<passes::Pass> FoldTiles() {
  return std::make_unique<FakePass>("fold-tiles", "Folds tiles.");
}
std::unique_ptr<passes::Pass> Cse() { return std::make_unique<FakePass>("cse", "Shares."); }
std::unique_ptr<passes::Pass> Unroll(const passes::PassOptions&) {
  return std::make_unique<FakePass>("unroll", "Unrolls.");
}

TEST(PassListTest, ListsPassesAliasesAndPipelines) {
  passes::PassRegistry registry;
  registry.RegisterPass("fold-tiles", FoldTiles);
  registry.RegisterPass("cse", Cse);
  registry.RegisterPass("unroll", Unroll,
                        {{"limit", passes::PassOptionSpec::kInt, "64", "trips at most"},
                         {"strict", passes::PassOptionSpec::kBool, "false", "no remainder"}});
  registry.RegisterAlias("FoldTiles", "fold-tiles");
  registry.RegisterAlias("CSE", "cse");  // any spelling, not only CamelCase
  registry.RegisterPipeline("inner", {"cse"});
  registry.RegisterPipeline("outer", {"FoldTiles", "inner", "cse"});
  EXPECT_EQ(ListPasses(registry),
            "passes (name, upstream PyPTO name, what it does):\n"
            "  cse         CSE        Shares.\n"
            "  fold-tiles  FoldTiles  Folds tiles.\n"
            "  unroll      -          Unrolls.\n"
            "      {limit=64}  int: trips at most\n"
            "      {strict=false}  bool: no remainder\n"
            "pipelines:\n"
            "  inner = cse\n"
            "  outer = fold-tiles, cse, cse\n");
}

TEST(PassListTest, ListsTheBuiltinDefaultPipeline) {
  std::string text = ListPasses(passes::BuiltinPasses());
  EXPECT_THAT(text, HasSubstr("  legalize-tile-cast          LegalizeTileCast        Expands "));
  EXPECT_THAT(text, HasSubstr("  materialize-tcvt-scratch    -                       Gives every"));
  EXPECT_THAT(text, HasSubstr(
      "  default = inline-functions, unroll-loops, ctrl-flow-transform, convert-to-ssa, "
      "simplify, normalize-stmt-structure, flatten-call-expr, outline-hierarchy-scopes, "
      "outline-incore-scopes, outline-cluster-scopes, convert-tensor-to-tile-ops, "
      "optimize-orch-tensors, lower-composite-ops, flatten-tile-nd-to-2d, legalize-tile-cast, infer-tile-memory-space, materialize-tcvt-scratch\n"));
}

}  // namespace
}  // namespace pto::tools
