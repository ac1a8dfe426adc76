#include "passes/lower_composite/op_predicates.h"

#include "gtest/gtest.h"

namespace pto::passes::lower_composite {
namespace {

TEST(OpPredicatesTest, TheSevenManagedCollectives) {
  for (absl::string_view op :
       {"pld.tensor.allreduce", "pld.tensor.allgather", "pld.tensor.reduce_scatter",
        "pld.tensor.barrier", "pld.tensor.broadcast", "pld.tensor.all_to_all",
        "pld.tensor.all_to_all_v"}) {
    EXPECT_TRUE(IsManagedTensorCollective(op)) << op;
  }
}

TEST(OpPredicatesTest, NothingElse) {
  for (absl::string_view op :
       {"tile.sin", "tile.select", "pld.tensor.put", "pld.tensor.get", "pld.tile.put",
        "pld.tensor.allreduce_v", "pld.tensor.", "tensor.allreduce", "allreduce", ""}) {
    EXPECT_FALSE(IsManagedTensorCollective(op)) << op;
  }
}

}  // namespace
}  // namespace pto::passes::lower_composite
