#include "passes/tensor_to_tile/param_access.h"

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/text/parser/parser.h"

namespace pto::passes::tensor_to_tile {
namespace {

class ParamAccessTest : public ::testing::Test {
 protected:
  // The access of `k(a, b, c)`'s body, three [8] INT32 tensors.
  ParamAccess Of(absl::string_view body) {
    std::string text = absl::StrCat(
        "import pypto.language as pl\nimport pypto.language.distributed as pld\n\n@pl.program\n"
        "class P:\n    @pl.function(type=pl.FunctionType.InCore)\n"
        "    def k(self, a: pl.Tensor[[8], pl.INT32], b: pl.Tensor[[8], pl.INT32], "
        "c: pl.Tensor[[8], pl.INT32]) -> pl.Tensor[[8], pl.INT32]:\n",
        body);
    absl::StatusOr<ir::Program> p = ir::ParseProgram(ctx_, text, "t.py");
    EXPECT_TRUE(p.ok()) << p.status();
    const ir::Function* f = p->functions()[0];
    return AnalyzeParamAccess(f->body(), f->params());
  }
  ir::Context ctx_;
};

TEST_F(ParamAccessTest, StoresWriteLoadsReadViewsNeither) {
  ParamAccess acc = Of(R"(
        t = pl.load(a, [0], [8])
        v: pl.Tensor[[4], pl.INT32] = pl.slice(c, [4], [0])
        o = pl.store(t, [0], b)
        return o
)");
  EXPECT_EQ(acc.read, (std::vector<bool>{true, false, false}));
  EXPECT_EQ(acc.written, (std::vector<bool>{false, true, false}));
  EXPECT_TRUE(acc.bulk_store[1].known());
  EXPECT_FALSE(acc.scalar_store[1].known());
}

// A write through a loop's carried value, and a read of what the first
// write returned, reach the parameter.
TEST_F(ParamAccessTest, AliasesFollowLoopsAndWrites) {
  ParamAccess acc = Of(R"(
        for i, (x,) in pl.range(4, init_values=(a,)):
            y: pl.Tensor[[8], pl.INT32] = pl.tensor.write(x, [i], pl.const(1, pl.INT32))
            r = pl.yield_(y)
        v: pl.Scalar[pl.INT32] = pl.tensor.read(r, [0])
        return r
)");
  EXPECT_EQ(acc.read, (std::vector<bool>{true, false, false}));
  EXPECT_EQ(acc.written, (std::vector<bool>{true, false, false}));
  EXPECT_TRUE(acc.scalar_store[0].known());
}

TEST_F(ParamAccessTest, UpgradeKeepsDeclaredDirections) {
  ParamAccess acc;
  acc.read = {true, false, true};
  acc.written = {true, true, true};
  std::vector<ir::ParamDirection> dirs = {ir::ParamDirection::kIn, ir::ParamDirection::kIn,
                                          ir::ParamDirection::kOut};
  UpgradeWrittenParams(acc, dirs);
  EXPECT_EQ(dirs, (std::vector<ir::ParamDirection>{ir::ParamDirection::kInOut,
                                                   ir::ParamDirection::kOut,
                                                   ir::ParamDirection::kOut}));
}

}  // namespace
}  // namespace pto::passes::tensor_to_tile
