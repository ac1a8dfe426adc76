#include "sim/pto/world.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "sim/interp/buffer.h"
#include "sim/pto/reader.h"

namespace pto::sim::pto_text {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// Each rank sets its own cell to %v, then waits for it to reach 1.
constexpr char kModule[] = R"(module {
  func.func @k(%arg0: !pto.ptr<i32>, %v: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i32
    %s = pto.make_tensor_view %arg0, shape = [%c1, %c1], strides = [%c1, %c1] : !pto.tensor_view<?x?xi32>
    %cell = pto.partition_view %s, offsets = [%c0, %c0], sizes = [%c1, %c1] : !pto.tensor_view<?x?xi32> -> !pto.partition_tensor_view<1x1xi32>
    pto.comm.tnotify(%cell, %v : !pto.partition_tensor_view<1x1xi32>, i32) {notifyOp = #pto<notify_op set>}
    pto.comm.twait(%cell, %one : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp ge>}
    return
  }
}
)";

std::vector<std::vector<Value>> Args(std::vector<int> values) {
  std::vector<std::vector<Value>> args;
  for (int v : values) {
    BufferView cell = AllocateBuffer(ir::DataType::kInt32, {1, 1}, false);
    args.push_back({Value::Of(cell), Value::Of(Scalar::Int(ir::DataType::kInt32, v))});
  }
  return args;
}

TEST(PtoWorldTest, RanksRunToTheEnd) {
  absl::StatusOr<Module> m = ReadPto("k.pto", kModule);
  ASSERT_TRUE(m.ok()) << m.status();
  PtoWorldOptions options;
  options.nranks = 3;
  for (uint64_t seed = 0; seed < 20; ++seed) {
    options.seed = seed;
    EXPECT_TRUE(RunPtoRanks(*m, "k", Args({1, 2, 5}), options).ok());
  }
}

TEST(PtoWorldTest, ADeadlockNamesEveryWait) {
  absl::StatusOr<Module> m = ReadPto("k.pto", kModule);
  ASSERT_TRUE(m.ok()) << m.status();
  PtoWorldOptions options;
  options.nranks = 2;
  absl::Status s = RunPtoRanks(*m, "k", Args({0, 1}), options);
  EXPECT_EQ(s.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(s.message(), HasSubstr("deadlock"));
  EXPECT_THAT(s.message(), HasSubstr("rank 0 waits at k.pto:9:5 (pto.comm.twait)"));
  EXPECT_THAT(s.message(), Not(HasSubstr("rank 1 waits")));
}

TEST(PtoWorldTest, ARankErrorAbandonsTheOthers) {
  absl::StatusOr<Module> m = ReadPto("k.pto", kModule);
  ASSERT_TRUE(m.ok()) << m.status();
  PtoWorldOptions options;
  options.nranks = 2;
  std::vector<std::vector<Value>> args = Args({0, 1});
  args[1][0] = Value::Of(Scalar::Int(ir::DataType::kInt32, 0));  // not a pointer
  absl::Status s = RunPtoRanks(*m, "k", std::move(args), options);
  EXPECT_THAT(s.message(), HasSubstr("rank 1: "));
  EXPECT_THAT(s.message(), HasSubstr("must be a buffer"));
  EXPECT_EQ(RunPtoRanks(*m, "k", Args({1}), options).code(), absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace pto::sim::pto_text
