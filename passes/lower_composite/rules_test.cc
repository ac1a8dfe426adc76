#include "passes/lower_composite/rules.h"

#include <string>

#include "gtest/gtest.h"
#include "ir/ops/builtin.h"
#include "passes/lower_composite/op_predicates.h"

namespace pto::passes::lower_composite {
namespace {

TEST(RulesTest, EachCompositeOpHasItsRule) {
  EXPECT_EQ(FindCompositeRule("tile.sin"), &LowerSinRule);
  EXPECT_EQ(FindCompositeRule("tile.cos"), &LowerCosRule);
  EXPECT_EQ(FindCompositeRule("tile.select"), &LowerSelectRule);
  EXPECT_EQ(FindCompositeRule("tile.tquant_mx"), &LowerTQuantMxRule);
  EXPECT_EQ(FindCompositeRule("pld.tensor.allreduce"), &LowerAllReduceRule);
  EXPECT_EQ(FindCompositeRule("pld.tensor.allgather"), &LowerAllGatherRule);
  EXPECT_EQ(FindCompositeRule("pld.tensor.reduce_scatter"), &LowerReduceScatterRule);
  EXPECT_EQ(FindCompositeRule("pld.tensor.broadcast"), &LowerBroadcastRule);
  EXPECT_EQ(FindCompositeRule("pld.tensor.barrier"), &LowerBarrierRule);
  EXPECT_EQ(FindCompositeRule("pld.tensor.all_to_all"), &LowerAllToAllRule);
  EXPECT_EQ(FindCompositeRule("pld.tensor.all_to_all_v"), &LowerAllToAllVRule);
}

// The table and the registry agree: an op has a rule exactly when it is
// marked as lowered by this pass, and the managed collectives are exactly
// the pld.tensor.* composites.
TEST(RulesTest, RulesMatchTheLoweredByTrait) {
  int composites = 0;
  for (const ir::Op* op : ir::BuiltinOps().SortedOps()) {
    bool lowered_here = op->lowered_by() == "lower-composite-ops";
    EXPECT_EQ(FindCompositeRule(op->name()) != nullptr, lowered_here) << op->name();
    bool collective = lowered_here && op->name().substr(0, 11) == "pld.tensor.";
    EXPECT_EQ(IsManagedTensorCollective(op->name()), collective) << op->name();
    composites += lowered_here;
  }
  EXPECT_EQ(composites, 11);
}

// What the rules emit is not composite, so a second run changes nothing.
TEST(RulesTest, EmittedOpsAreNotComposite) {
  for (absl::string_view op : {"tile.muls",
                               "tile.adds",
                               "tile.add",
                               "tile.sub",
                               "tile.mul",
                               "tile.cast",
                               "tile.sel",
                               "tile.sels",
                               "tile.full",
                               "tile.create",
                               "tile.set_validshape",
                               "tile.transpose",
                               "tile.transpose_view",
                               "tile.reinterpret_view",
                               "tile.tquant_mx_raw",
                               "tile.tmov_x2zz",
                               "tile.maximum",
                               "tile.minimum",
                               "tile.cmps",
                               "tile.load",
                               "tile.store",
                               "tensor.sin",
                               "tensor.view",
                               "tensor.read",
                               "pld.system.get_comm_ctx",
                               "pld.system.rank",
                               "pld.system.nranks",
                               "pld.system.notify",
                               "pld.system.wait",
                               "pld.tile.put",
                               "pld.tile.get",
                               "pld.tile.remote_load",
                               ""}) {
    EXPECT_EQ(FindCompositeRule(op), nullptr) << op;
  }
}

}  // namespace
}  // namespace pto::passes::lower_composite
