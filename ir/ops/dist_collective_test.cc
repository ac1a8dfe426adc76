// pld.tensor.* collectives: operand contracts, result types, kwargs, and the
// composite trait that routes them to lower-composite-ops.

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class DistCollectiveTest : public OpTest {
 protected:
  const Var* Window(DataType dtype, std::initializer_list<int64_t> shape) {
    return ctx_.NewVar("w", ctx_.GetDistributedTensorType(dtype, Dims(shape)));
  }
  const Var* Signal(std::initializer_list<int64_t> shape = {2, 1}) {
    return Window(DataType::kInt32, shape);
  }
  static std::vector<NamedAttr> AllReduceKwargs(int64_t op, absl::string_view mode = "mesh",
                                                int64_t core_num = 1) {
    return {{"op", AttrValue::Int(op)},
            {"mode", AttrValue::String(mode)},
            {"core_num", AttrValue::Int(core_num)}};
  }
};

TEST_F(DistCollectiveTest, EveryCollectiveIsLoweredByLowerCompositeOps) {
  for (absl::string_view name :
       {"pld.tensor.allreduce", "pld.tensor.allgather", "pld.tensor.reduce_scatter",
        "pld.tensor.broadcast", "pld.tensor.barrier", "pld.tensor.all_to_all",
        "pld.tensor.all_to_all_v"}) {
    EXPECT_EQ(BuiltinOp(name).lowered_by(), "lower-composite-ops") << name;
    EXPECT_TRUE(BuiltinOp(name).has_side_effects()) << name;
  }
}

// --- allreduce ----------------------------------------------------------------------

TEST_F(DistCollectiveTest, AllReduceIsInPlace) {
  const Var* data = Window(DataType::kFP32, {2, 3, 4});
  for (int64_t op = 0; op < 4; ++op) {
    for (absl::string_view mode : {"mesh", "ring"}) {
      EXPECT_TYPE(TypeOf("pld.tensor.allreduce", {data, Signal()}, AllReduceKwargs(op, mode)),
                  data->type());
    }
  }
  const Var* half = Window(DataType::kFP16, {1, 17});
  EXPECT_TYPE(TypeOf("pld.tensor.allreduce", {half, Signal({2, 2})}, AllReduceKwargs(0, "ring")),
              half->type());
  // The signal is optional for the op (a host call synthesizes one).
  EXPECT_TYPE(TypeOf("pld.tensor.allreduce", {half}, AllReduceKwargs(3, "mesh", 4)), half->type());
  // Upstream's defaults (op=ReduceOp.Sum, mode='mesh', core_num=1) are
  // filled in and always recorded.
  absl::StatusOr<const Call*> c = Make("pld.tensor.allreduce", {half, Signal()}, {});
  ASSERT_TRUE(c.ok()) << c.status();
  ASSERT_NE((*c)->FindKwarg("mode"), nullptr);
  EXPECT_EQ((*c)->FindKwarg("mode")->string_value(), "mesh");
  ASSERT_NE((*c)->FindKwarg("op"), nullptr);
  EXPECT_EQ((*c)->FindKwarg("op")->int_value(), 0);
  ASSERT_NE((*c)->FindKwarg("core_num"), nullptr);
  EXPECT_EQ((*c)->FindKwarg("core_num")->int_value(), 1);
}

TEST_F(DistCollectiveTest, AllReduceRejects) {
  const Var* data = Window(DataType::kFP32, {1, 16});
  EXPECT_EQ(ErrorOf("pld.tensor.allreduce", {TensorVar(DataType::kFP32, {1, 16}), Signal()},
                    AllReduceKwargs(0)),
            "pld.tensor.allreduce: target must be a DistributedTensor (window-bound), got "
            "TensorType");
  EXPECT_EQ(ErrorOf("pld.tensor.allreduce", {Window(DataType::kBF16, {1, 16}), Signal()},
                    AllReduceKwargs(0)),
            "pld.tensor.allreduce: target dtype must be one of {FP16, FP32}, got BF16");
  EXPECT_EQ(
      ErrorOf("pld.tensor.allreduce", {data, Window(DataType::kFP32, {2, 1})}, AllReduceKwargs(0)),
      "pld.tensor.allreduce: signal must have INT32 elements (its cells are int counters), "
      "got FP32");
  EXPECT_EQ(ErrorOf("pld.tensor.allreduce", {data, Signal()}, AllReduceKwargs(4)),
            "pld.tensor.allreduce: op must be in [0, 3], got 4");
  // Any mode string, as upstream's deducer; LowerCompositeOps rejects an
  // unknown one (passes/lower_composite/allreduce_test.cc).
  EXPECT_TYPE(TypeOf("pld.tensor.allreduce", {data, Signal()}, AllReduceKwargs(0, "star")),
              data->type());
  EXPECT_EQ(ErrorOf("pld.tensor.allreduce", {data, Signal()}, AllReduceKwargs(0, "mesh", 0)),
            "pld.tensor.allreduce: core_num must be positive, got 0");
}

// --- allgather / all_to_all --------------------------------------------------------------

TEST_F(DistCollectiveTest, AllGatherReturnsTheTargetWindow) {
  const Var* local = TensorVar(DataType::kFP32, {1, 16});
  const Var* out = Window(DataType::kFP32, {2, 16});
  EXPECT_TYPE(TypeOf("pld.tensor.allgather", {local, out, Signal()}), out->type());
  EXPECT_EQ(BuiltinOp("pld.tensor.allgather").written_args(), (1u << 1) | (1u << 2));
  EXPECT_EQ(ErrorOf("pld.tensor.allgather", {out, out, Signal()}),
            "pld.tensor.allgather: input and target must be different buffers (a rank would "
            "overwrite the data its peers are still reading)");
  EXPECT_EQ(ErrorOf("pld.tensor.allgather", {TensorVar(DataType::kFP32, {2, 16}), out, Signal()}),
            "pld.tensor.allgather: input must be this rank's single chunk [1, SIZE], got [2, 16]");
  EXPECT_EQ(ErrorOf("pld.tensor.allgather", {TensorVar(DataType::kFP32, {1, 8}), out, Signal()}),
            "pld.tensor.allgather: input and target must have one SIZE (dim 1), got 8 and 16");
  EXPECT_EQ(ErrorOf("pld.tensor.allgather", {TensorVar(DataType::kFP16, {1, 16}), out, Signal()}),
            "pld.tensor.allgather: target dtype FP32 must match input dtype FP16");
  EXPECT_EQ(ErrorOf("pld.tensor.allgather", {local, out, Signal({4, 1})}),
            "pld.tensor.allgather: signal dim 0 must equal the rank count NR of target [NR, SIZE] "
            "(4 vs 2)");
  EXPECT_EQ(ErrorOf("pld.tensor.allgather", {local, TensorVar(DataType::kFP32, {2, 16}), Signal()}),
            "pld.tensor.allgather: target must be a DistributedTensor (window-bound), got "
            "TensorType");
}

TEST_F(DistCollectiveTest, AllToAll) {
  const Var* in = TensorVar(DataType::kFP16, {2, 32});
  const Var* out = Window(DataType::kFP16, {2, 32});
  EXPECT_TYPE(TypeOf("pld.tensor.all_to_all", {in, out, Signal()}), out->type());
  EXPECT_EQ(ErrorOf("pld.tensor.all_to_all", {TensorVar(DataType::kFP16, {4, 32}), out, Signal()}),
            "pld.tensor.all_to_all: input and target must have one NR (dim 0) (4 vs 2)");
  EXPECT_EQ(ErrorOf("pld.tensor.all_to_all", {in, out, Signal({3, 1})}),
            "pld.tensor.all_to_all: signal dim 0 must equal the rank count NR of input [NR, SIZE] "
            "(3 vs 2)");
}

// --- all_to_all_v ------------------------------------------------------------------------

TEST_F(DistCollectiveTest, AllToAllV) {
  const Var* in = TensorVar(DataType::kFP32, {4, 16});
  const Var* out = Window(DataType::kFP32, {4, 16});
  const Var* counts = TensorVar(DataType::kInt32, {2, 1});
  const Var* recv = Window(DataType::kInt32, {2, 1});
  EXPECT_TYPE(TypeOf("pld.tensor.all_to_all_v", {in, out, Signal(), counts, recv}), out->type());
  EXPECT_TYPE(TypeOf("pld.tensor.all_to_all_v",
                     {in, out, Signal(), TensorVar(DataType::kInt32, {2}), recv}),
              out->type());
  EXPECT_EQ(BuiltinOp("pld.tensor.all_to_all_v").written_args(), (1u << 1) | (1u << 2) | (1u << 4));
  EXPECT_EQ(ErrorOf("pld.tensor.all_to_all_v", {in, out, Signal({3, 1}), counts, recv}),
            "pld.tensor.all_to_all_v: target dim 0 (4) must be a multiple of NR (3): sender s "
            "writes rows [s * MAX_RECV, (s + 1) * MAX_RECV)");
  EXPECT_EQ(ErrorOf("pld.tensor.all_to_all_v",
                    {in, out, Signal(), TensorVar(DataType::kInt64, {2, 1}), recv}),
            "pld.tensor.all_to_all_v: send_counts must have INT32 elements, got INT64");
  EXPECT_EQ(ErrorOf("pld.tensor.all_to_all_v",
                    {in, out, Signal(), TensorVar(DataType::kInt32, {2, 2}), recv}),
            "pld.tensor.all_to_all_v: send_counts must be [NR] or [NR, 1], got [2, 2]");
  EXPECT_EQ(ErrorOf("pld.tensor.all_to_all_v",
                    {in, out, Signal(), TensorVar(DataType::kInt32, {4}), recv}),
            "pld.tensor.all_to_all_v: send_counts dim 0 (4) must equal NR (2)");
  EXPECT_EQ(ErrorOf("pld.tensor.all_to_all_v",
                    {in, out, Signal(), counts, Window(DataType::kInt32, {4, 1})}),
            "pld.tensor.all_to_all_v: recv_counts must be [NR, 1] = [2, 1], got [4, 1]");
  const Var* n = ScalarVar(DataType::kIndex);
  const Expr* dyn[] = {n, ctx_.Index(16)};
  const Var* dyn_in = ctx_.NewVar("i", ctx_.GetTensorType(DataType::kFP32, dyn));
  const Var* dyn_out = ctx_.NewVar("o", ctx_.GetDistributedTensorType(DataType::kFP32, dyn));
  EXPECT_EQ(ErrorOf("pld.tensor.all_to_all_v", {dyn_in, dyn_out, Signal(), counts, recv}),
            "pld.tensor.all_to_all_v: target dim 0 (NR*MAX_RECV) must be a positive compile-time "
            "constant, got s");
}

// --- reduce_scatter / broadcast / barrier -------------------------------------------------

TEST_F(DistCollectiveTest, ReduceScatterTakesEveryReduceOp) {
  const Var* data = Window(DataType::kFP16, {2, 16});
  for (int64_t op = 0; op < 4; ++op) {
    EXPECT_TYPE(TypeOf("pld.tensor.reduce_scatter", {data, Signal()}, {{"op", AttrValue::Int(op)}}),
                data->type());
  }
  // op= defaults to ReduceOp.Sum, as upstream's wrapper does.
  EXPECT_TYPE(TypeOf("pld.tensor.reduce_scatter", {data, Signal()}), data->type());
  EXPECT_EQ(ErrorOf("pld.tensor.reduce_scatter", {data, Signal()}, {{"op", AttrValue::Int(-1)}}),
            "pld.tensor.reduce_scatter: op must be in [0, 3], got -1");
  EXPECT_EQ(ErrorOf("pld.tensor.reduce_scatter", {Window(DataType::kFP16, {32}), Signal()},
                    {{"op", AttrValue::Int(0)}}),
            "pld.tensor.reduce_scatter: target must be 2-D [NR, SIZE], got [32]");
  EXPECT_EQ(ErrorOf("pld.tensor.reduce_scatter", {Window(DataType::kInt8, {2, 32}), Signal()},
                    {{"op", AttrValue::Int(0)}}),
            "pld.tensor.reduce_scatter: target dtype must be one of {FP16, FP32}, got INT8");
  EXPECT_EQ(
      ErrorOf("pld.tensor.reduce_scatter", {data, Signal({3, 1})}, {{"op", AttrValue::Int(0)}}),
      "pld.tensor.reduce_scatter: signal dim 0 must equal the rank count NR of target "
      "[NR, SIZE] (3 vs 2)");
}

// Only a mesh signal [NR, 1] has NR as its dim 0. Another shape - a ring
// allreduce's [2*(NR-1), NR] - is left to the lowering, which reports the
// mesh-signal rule ("signal shape[1] must be 1") instead of a dim-0 mismatch.
TEST_F(DistCollectiveTest, MeshCollectivesLeaveOtherSignalShapesToTheLowering) {
  const Var* ring = Signal({4, 3});
  const Var* rs = Window(DataType::kFP32, {3, 16});
  EXPECT_TYPE(TypeOf("pld.tensor.reduce_scatter", {rs, ring}, {{"op", AttrValue::Int(0)}}),
              rs->type());
  const Var* out = Window(DataType::kFP32, {3, 16});
  EXPECT_TYPE(TypeOf("pld.tensor.allgather", {TensorVar(DataType::kFP32, {1, 16}), out, ring}),
              out->type());
  EXPECT_TYPE(TypeOf("pld.tensor.all_to_all", {TensorVar(DataType::kFP32, {3, 16}), out, ring}),
              out->type());
  EXPECT_TYPE(TypeOf("pld.tensor.reduce_scatter", {rs, Signal({4})}, {{"op", AttrValue::Int(0)}}),
              rs->type());
}

TEST_F(DistCollectiveTest, BroadcastAndBarrier) {
  const Var* data = Window(DataType::kFP32, {1, 16});
  const Var* sig = Signal();
  EXPECT_TYPE(TypeOf("pld.tensor.broadcast", {data, sig}, {{"root", AttrValue::Int(1)}}),
              data->type());
  EXPECT_EQ(ErrorOf("pld.tensor.broadcast", {data, sig}, {{"root", AttrValue::Int(-1)}}),
            "pld.tensor.broadcast: root must be a rank (>= 0), got -1");
  EXPECT_THAT(ErrorOf("pld.tensor.broadcast", {data, sig}), HasSubstr("root"));
  // barrier returns its signal, for `signal = pld.tensor.barrier(signal)`.
  EXPECT_TYPE(TypeOf("pld.tensor.barrier", {sig}), sig->type());
  EXPECT_EQ(ErrorOf("pld.tensor.barrier", {Window(DataType::kFP32, {2, 1})}),
            "pld.tensor.barrier: signal must have INT32 elements (its cells are int counters), "
            "got FP32");
  EXPECT_EQ(ErrorOf("pld.tensor.barrier", {TensorVar(DataType::kInt32, {2, 1})}),
            "pld.tensor.barrier: signal must be a DistributedTensor (window-bound), got "
            "TensorType");
}

}  // namespace
}  // namespace pto::ir
