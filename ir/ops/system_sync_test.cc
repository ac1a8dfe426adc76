// system.* synchronisation: flags, barriers, fences, cache invalidation,
// syncall.

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class SystemSyncTest : public OpTest {
 protected:
  std::vector<NamedAttr> Flag(int64_t set, int64_t wait, int64_t event) {
    return {{"set_pipe", AttrValue::Int(set)},
            {"wait_pipe", AttrValue::Int(wait)},
            {"event_id", AttrValue::Int(event)}};
  }
  NamedAttr Str(absl::string_view k, absl::string_view v) { return {k, AttrValue::String(v)}; }
};

TEST_F(SystemSyncTest, FlagsAreEffects) {
  for (absl::string_view op : {"system.sync_src", "system.sync_dst"}) {
    EXPECT_TYPE(TypeOf(op, {}, Flag(2, 4, 0)), ctx_.GetUnknownType());
    EXPECT_TRUE(BuiltinOp(op).has_side_effects());
    EXPECT_EQ(ErrorOf(op, {}, Flag(8, 4, 0)),
              absl::StrCat(op, ": set_pipe must be a PipeType (0 = MTE1 .. 7 = ALL), got 8"));
    EXPECT_THAT(ErrorOf(op, {}, Flag(2, -1, 0)), HasSubstr("wait_pipe must be a PipeType"));
    EXPECT_THAT(ErrorOf(op, {}, Flag(2, 4, -1)), HasSubstr("event_id must be non-negative"));
  }
}

TEST_F(SystemSyncTest, BarriersTakeNothing) {
  for (absl::string_view op : {"system.bar_v", "system.bar_m", "system.bar_all", "system.fence"}) {
    EXPECT_TYPE(TypeOf(op, {}), ctx_.GetUnknownType());
    EXPECT_TRUE(BuiltinOp(op).has_side_effects());
    absl::StatusOr<const Call*> c = Make(op, {ctx_.Index(0)});
    EXPECT_FALSE(c.ok()) << op;
  }
}

TEST_F(SystemSyncTest, CacheInvalidWholeOrRegion) {
  const Var* g = TensorVar(DataType::kFP32, {4, 16});
  EXPECT_TYPE(TypeOf("system.cacheinvalid", {}), ctx_.GetUnknownType());
  EXPECT_TYPE(TypeOf("system.cacheinvalid", {g, List({1, 16}), List({0, 0})}),
              ctx_.GetUnknownType());
  EXPECT_THAT(ErrorOf("system.cacheinvalid", {g}),
              HasSubstr("takes no arguments (all of GM) or 3 (tensor, shapes, offsets), got 1"));
  EXPECT_THAT(ErrorOf("system.cacheinvalid", {g, List({16}), List({0, 0})}),
              HasSubstr("shapes has 1 elements; the tensor has rank 2"));
  EXPECT_THAT(ErrorOf("system.cacheinvalid", {TileVar(DataType::kFP32, {16, 16}), List({16, 16}),
                                              List({0, 0})}),
              HasSubstr("tensor must be"));
}

TEST_F(SystemSyncTest, SyncAllHardAndSoft) {
  const Var* ws = TensorVar(DataType::kInt32, {16});
  EXPECT_TYPE(TypeOf("system.syncall", {}), ctx_.GetUnknownType());
  EXPECT_TYPE(TypeOf("system.syncall", {}, {Str("core_type", "aiv_only")}), ctx_.GetUnknownType());
  EXPECT_TYPE(TypeOf("system.syncall", {ws, ScalarVar(DataType::kInt32)}, {Str("mode", "soft")}),
              ctx_.GetUnknownType());
  EXPECT_EQ(BuiltinOp("system.syncall").written_args(), 1u);
  EXPECT_EQ(ErrorOf("system.syncall", {}, {Str("core_type", "all")}),
            "system.syncall: core_type must be one of 'aiv_only', 'aic_only', 'mix', got 'all'");
  EXPECT_THAT(ErrorOf("system.syncall", {}, {Str("mode", "firm")}), HasSubstr("mode must be"));
  EXPECT_THAT(ErrorOf("system.syncall", {ws}), HasSubstr("the hard (FFTS) barrier takes no"));
  EXPECT_THAT(ErrorOf("system.syncall", {}, {Str("mode", "soft")}),
              HasSubstr("mode='soft' needs a gm_workspace"));
  // A workspace smaller than one 64-byte line parses, as upstream (its
  // codegen rejects it; ours does not emit system.syncall yet).
  EXPECT_TYPE(TypeOf("system.syncall", {TensorVar(DataType::kInt32, {15})}, {Str("mode", "soft")}),
              ctx_.GetUnknownType());
  EXPECT_THAT(ErrorOf("system.syncall", {TensorVar(DataType::kFP32, {16})}, {Str("mode", "soft")}),
              HasSubstr("gm_workspace must have INT32 elements"));
}

}  // namespace
}  // namespace pto::ir
