#include "passes/lower_composite/rules.h"

#include "gtest/gtest.h"
#include "ir/ops/builtin.h"

namespace pto::passes::lower_composite {
namespace {

TEST(RulesTest, EachCompositeOpHasItsRule) {
  EXPECT_EQ(FindCompositeRule("tile.sin"), &LowerSinRule);
  EXPECT_EQ(FindCompositeRule("tile.cos"), &LowerCosRule);
  EXPECT_EQ(FindCompositeRule("tile.select"), &LowerSelectRule);
  EXPECT_EQ(FindCompositeRule("tile.tquant_mx"), &LowerTQuantMxRule);
  // Every composite op is a registered op.
  for (absl::string_view op : {"tile.sin", "tile.cos", "tile.select", "tile.tquant_mx"}) {
    EXPECT_NE(ir::BuiltinOps().Find(op), nullptr) << op;
  }
}

// What the rules emit is not composite, so a second run changes nothing.
TEST(RulesTest, EmittedOpsAreNotComposite) {
  for (absl::string_view op :
       {"tile.muls", "tile.adds", "tile.add", "tile.sub", "tile.mul", "tile.cast", "tile.sel",
        "tile.sels", "tile.full", "tile.create", "tile.set_validshape", "tile.transpose",
        "tile.transpose_view", "tile.reinterpret_view", "tile.tquant_mx_raw", "tile.tmov_x2zz",
        "tile.maximum", "tile.minimum", "tile.cmps", "tensor.sin", "pld.tensor.allreduce", ""}) {
    EXPECT_EQ(FindCompositeRule(op), nullptr) << op;
  }
}

}  // namespace
}  // namespace pto::passes::lower_composite
