// system.*: cross-core events, the FFTS workspace, ring pipes and buffers.

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class SystemCrossCoreTest : public OpTest {
 protected:
  NamedAttr Int(absl::string_view k, int64_t v) { return {k, AttrValue::Int(v)}; }
  NamedAttr Str(absl::string_view k, absl::string_view v) { return {k, AttrValue::String(v)}; }
};

TEST_F(SystemCrossCoreTest, SetFfts) {
  EXPECT_TYPE(TypeOf("system.set_ffts", {TensorVar(DataType::kInt64, {256})}),
              ctx_.GetUnknownType());
  EXPECT_THAT(ErrorOf("system.set_ffts", {TensorVar(DataType::kInt32, {256})}),
              HasSubstr("workspace must have INT64 elements, got INT32"));
  EXPECT_THAT(ErrorOf("system.set_ffts", {TensorVar(DataType::kInt64, {16, 16})}),
              HasSubstr("must be 1-D"));
  EXPECT_THAT(ErrorOf("system.set_ffts", {TensorVar(DataType::kInt64, {128})}),
              HasSubstr("at least 256 INT64 elements, got [128]"));
}

TEST_F(SystemCrossCoreTest, SyncSetAndWaitTakeOneEventId) {
  const Var* e = ScalarVar(DataType::kIndex);
  for (absl::string_view op : {"system.sync_set", "system.sync_wait"}) {
    EXPECT_TYPE(TypeOf(op, {}, {Int("pipe", 4), Int("event_id", 13)}), ctx_.GetUnknownType());
    EXPECT_TYPE(TypeOf(op, {e}, {Int("pipe", 3), Str("core_type", "aiv")}), ctx_.GetUnknownType());
    EXPECT_THAT(ErrorOf(op, {}, {Int("pipe", 4)}), HasSubstr("takes exactly one event id"));
    EXPECT_THAT(ErrorOf(op, {e}, {Int("pipe", 4), Int("event_id", 1)}),
                HasSubstr("takes exactly one event id"));
    EXPECT_THAT(ErrorOf(op, {}, {Int("pipe", 4), Int("event_id", 14)}),
                HasSubstr("event_id must be in [0, 13], got 14"));
    EXPECT_THAT(ErrorOf(op, {}, {Int("pipe", 9), Int("event_id", 1)}),
                HasSubstr("pipe must be a PipeType"));
    EXPECT_THAT(ErrorOf(op, {ScalarVar(DataType::kInt32)}, {Int("pipe", 4)}),
                HasSubstr("event_id_dyn must be a pl.Scalar[pl.INDEX], got pl.Scalar[pl.INT32]"));
    EXPECT_THAT(ErrorOf(op, {e}, {Int("pipe", 4), Str("core_type", "mix")}),
                HasSubstr("core_type must be one of 'aic', 'aiv'"));
  }
  EXPECT_TYPE(TypeOf("system.sync_set", {}, {Int("pipe", 4), Int("event_id", 0), Int("ffts_mode", 2)}),
              ctx_.GetUnknownType());
  EXPECT_THAT(ErrorOf("system.sync_set", {}, {Int("pipe", 4), Int("event_id", 0), Int("ffts_mode", 3)}),
              HasSubstr("ffts_mode must be in [0, 2]"));
  // sync_wait has no ffts_mode.
  EXPECT_FALSE(
      Make("system.sync_wait", {}, {Int("pipe", 4), Int("event_id", 0), Int("ffts_mode", 1)}).ok());
}

TEST_F(SystemCrossCoreTest, BuffersAreInt32Addresses) {
  const Type* i32 = ctx_.GetScalarType(DataType::kInt32);
  absl::StatusOr<const Call*> r =
      Make("system.reserve_buffer", {}, {Str("name", "v2c"), Int("size", 4096)});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_TYPE((*r)->type(), i32);
  EXPECT_EQ((*r)->kwargs().size(), 3u);  // base defaults to AUTO (-1)
  EXPECT_TYPE(TypeOf("system.import_peer_buffer", {}, {Str("name", "v2c"), Str("peer_func", "f")}),
              i32);
  EXPECT_THAT(ErrorOf("system.reserve_buffer", {}, {Str("name", ""), Int("size", 64)}),
              HasSubstr("name must not be empty"));
  EXPECT_THAT(ErrorOf("system.reserve_buffer", {}, {Str("name", "b"), Int("size", 0)}),
              HasSubstr("size must be a positive number of bytes"));
  EXPECT_THAT(
      ErrorOf("system.reserve_buffer", {}, {Str("name", "b"), Int("size", 64), Int("base", -2)}),
      HasSubstr("base must be an address (>= 0) or AUTO (-1), got -2"));
  EXPECT_THAT(ErrorOf("system.import_peer_buffer", {}, {Str("name", "b"), Str("peer_func", "")}),
              HasSubstr("peer_func must not be empty"));
}

TEST_F(SystemCrossCoreTest, InitializePipe) {
  const Var* a = ScalarVar(DataType::kInt32);
  for (absl::string_view op : {"system.aic_initialize_pipe", "system.aiv_initialize_pipe"}) {
    EXPECT_TYPE(TypeOf(op, {a, ctx_.Int(0, DataType::kInt32)}, {Int("dir_mask", 3), Int("slot_size", 512)}),
                ctx_.GetUnknownType());
    EXPECT_TYPE(TypeOf(op, {a, a},
                       {Int("dir_mask", 1), Int("slot_size", 512), Int("slot_num", 8),
                        Int("local_slot_num", 8), Int("id", 2)}),
                ctx_.GetUnknownType());
    EXPECT_THAT(ErrorOf(op, {a, a}, {Int("dir_mask", 4), Int("slot_size", 512)}),
                HasSubstr("dir_mask must be in [1, 3], got 4"));
    EXPECT_THAT(ErrorOf(op, {a, a}, {Int("dir_mask", 1), Int("slot_size", 0)}),
                HasSubstr("slot_size must be positive"));
    EXPECT_THAT(ErrorOf(op, {a, a},
                        {Int("dir_mask", 1), Int("slot_size", 8), Int("slot_num", 2),
                         Int("local_slot_num", 4)}),
                HasSubstr("local_slot_num (4) must not exceed slot_num (2)"));
    EXPECT_THAT(ErrorOf(op, {ctx_.Float(1.0), a}, {Int("dir_mask", 1), Int("slot_size", 8)}),
                HasSubstr("c2v_consumer_buf must be an integer scalar"));
  }
}

TEST_F(SystemCrossCoreTest, TFree) {
  const Var* t = TileVar(DataType::kFP32, {16, 16});
  for (absl::string_view op : {"system.tfree_to_aic", "system.tfree_to_aiv"}) {
    EXPECT_TYPE(TypeOf(op, {t}), ctx_.GetUnknownType());
    EXPECT_TYPE(TypeOf(op, {t}, {Int("split", 2), Int("id", 1)}), ctx_.GetUnknownType());
    EXPECT_TRUE(BuiltinOp(op).has_side_effects());
    EXPECT_THAT(ErrorOf(op, {TensorVar(DataType::kFP32, {16, 16})}), HasSubstr("tile must be"));
    EXPECT_THAT(ErrorOf(op, {t}, {Int("split", 3)}), HasSubstr("split must be in [0, 2], got 3"));
  }
}

}  // namespace
}  // namespace pto::ir
