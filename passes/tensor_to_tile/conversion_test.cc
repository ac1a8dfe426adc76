#include "passes/tensor_to_tile/conversion.h"

#include <string>

#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "ir/op.h"
#include "ir/ops/builtin.h"

namespace pto::passes::tensor_to_tile {
namespace {

TEST(ConversionTest, TableEntriesNameRegisteredOps) {
  for (const Conversion& c : ConversionTable()) {
    EXPECT_NE(ir::BuiltinOps().Find(c.tensor_op), nullptr) << c.tensor_op;
    const Conversion* found = FindConversion(c.tensor_op);
    ASSERT_NE(found, nullptr) << c.tensor_op;
    EXPECT_EQ(found->convert, c.convert) << c.tensor_op;
    for (const OperandSpace& s : c.operand_spaces) {
      EXPECT_LT(s.arg, ir::BuiltinOps().Find(c.tensor_op)->max_args()) << c.tensor_op;
    }
  }
}

// Every tensor op either converts, stays (shape queries, views), or is
// one whose tile form is not built yet; the same-name rule covers the ops
// the table does not list.
TEST(ConversionTest, EveryTensorOpIsAccountedFor) {
  int same_name = 0, kept = 0, missing = 0;
  std::string missing_names;
  for (const ir::Op* op : ir::BuiltinOps().SortedOps()) {
    if (!absl::StartsWith(op->name(), "tensor.")) continue;
    const Conversion* c = FindConversion(op->name());
    if (c != nullptr && c->convert == nullptr) ++same_name;
    if (IsKeptTensorOp(op->name())) ++kept;
    if (c == nullptr && !IsKeptTensorOp(op->name())) {
      ++missing;
      missing_names += std::string(op->name()) + " ";
    }
  }
  EXPECT_GT(same_name, 40);
  EXPECT_EQ(kept, 2);
  // The documented gaps (docs/passes/convert_tensor_to_tile_ops.md).
  EXPECT_EQ(missing_names,
            "tensor.aic_gather tensor.aiv_shard tensor.alloc tensor.create_l1 "
            "tensor.gather_compare tensor.gather_row tensor.paged_gather tensor.scatter "
            "tensor.scatter_mask ");
}

TEST(ConversionTest, SameNameRuleMapsTheLevel) {
  const Conversion* exp = FindConversion("tensor.exp");
  ASSERT_NE(exp, nullptr);
  EXPECT_EQ(exp->convert, nullptr);
  const Conversion* remote = FindConversion("pld.tensor.remote_store");
  ASSERT_NE(remote, nullptr);
  EXPECT_EQ(remote->operand_spaces.size(), 1u);
  EXPECT_EQ(FindConversion("tensor.dim"), nullptr);
}

// The inverse the fuzzer's tensor form writes tile ops back with.
TEST(ConversionTest, TensorOpConvertingToInvertsPlainRules) {
  EXPECT_EQ(TensorOpConvertingTo("tile.exp"), "tensor.exp");         // same-name rule
  EXPECT_EQ(TensorOpConvertingTo("tile.add"), "tensor.add");         // equal shapes
  EXPECT_EQ(TensorOpConvertingTo("tile.maximums"), "tensor.maximum");  // scalar rhs
  EXPECT_EQ(TensorOpConvertingTo("tile.cmps"), "tensor.cmp");
  EXPECT_EQ(TensorOpConvertingTo("tile.row_sum"), "");    // needs a scratch tile
  EXPECT_EQ(TensorOpConvertingTo("tile.matmul"), "");     // loads into Mat
  EXPECT_EQ(TensorOpConvertingTo("tile.load"), "");       // tensor.slice makes it
  EXPECT_EQ(TensorOpConvertingTo("tile.row_expand_add"), "tensor.row_expand_add");
  EXPECT_EQ(FindConversion("tile.exp"), nullptr);
}

}  // namespace
}  // namespace pto::passes::tensor_to_tile
