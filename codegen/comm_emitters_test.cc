// The distributed primitives: peer views, notify/wait, put/get, remote
// loads, rank queries and tensor.read. Each window parameter `w` brings its
// CommContext argument `%w_ctx`.

#include "codegen/test_util.h"

namespace pto::codegen {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

class CommTest : public PtoTest {
 protected:
  const ir::Var* WindowParam(absl::string_view name, DataType dtype,
                             std::initializer_list<int64_t> shape) {
    return Param(ctx_.NewVar(name, ctx_.GetDistributedTensorType(dtype, Dims(shape))));
  }
  const ir::Var* WindowParam(absl::string_view name, DataType dtype, ir::ExprSpan shape,
                             const ir::TensorView& view) {
    return Param(ctx_.NewVar(name, ctx_.GetDistributedTensorType(dtype, shape, view)));
  }
  const ir::Var* IndexVar(absl::string_view name) {
    return ctx_.NewVar(name, ctx_.GetScalarType(DataType::kIndex));
  }
  const ir::Expr* I32(int64_t v) { return ctx_.Int(v, DataType::kInt32); }
  NamedAttr IntAttr(absl::string_view name, int64_t v) { return {name, AttrValue::Int(v)}; }
  // `name = pld.tile.remote_load(args)`, its tile placed in Vec as
  // infer-tile-memory-space places it (the op leaves the space open).
  const ir::Var* RemoteLoad(absl::string_view name, std::vector<const ir::Expr*> args) {
    const ir::Call* load = Call("pld.tile.remote_load", std::move(args));
    const auto* open = load->type()->As<ir::TileType>();
    const ir::Var* v = ctx_.NewVar(
        name, ctx_.GetTileType(open->dtype(), open->shape(), ir::MemorySpace::kVec, open->view()));
    body_.push_back(ctx_.NewAssign(v, load));
    return v;
  }
};

TEST_F(CommTest, NotifyUpdatesThePeersCellAfterABarrier) {
  const ir::Var* sig = WindowParam("sig", DataType::kInt32, {4, 1});
  const ir::Var* peer = ScalarParam("peer", DataType::kIndex);
  Do("pld.system.notify", {sig, peer, ListOf({peer, ctx_.Index(0)}), I32(1)}, {IntAttr("op", 0)});
  Do("pld.system.notify", {sig, peer, List({1, 0}), I32(-2)}, {IntAttr("op", 1)});
  std::string text = EmitOk();
  // The peer view: windowsIn[peer] - windowsIn[me], in elements.
  EXPECT_THAT(text, HasSubstr("%rank_pair = pto.load_scalar %sig_ctx[%c2] : !pto.ptr<i64> -> "
                              "i64\n"));
  EXPECT_THAT(text, HasSubstr("%local_slot = arith.addi %c4, %my_rank_idx : index\n"));
  EXPECT_THAT(text, HasSubstr("%peer_slot = arith.addi %c4, %arg1 : index\n"));
  EXPECT_THAT(text, HasSubstr("%delta_elems_i64 = arith.divsi %delta_bytes, %c4_i64 : i64\n"));
  EXPECT_THAT(text, HasSubstr("%sig_peer_ptr = pto.addptr %arg0, %delta_elems : !pto.ptr<i32> -> "
                              "!pto.ptr<i32>\n"));
  EXPECT_THAT(text, HasSubstr("%sig_peer = pto.make_tensor_view %sig_peer_ptr, shape = [%c4, "
                              "%c1], strides = [%c1, %c4] {layout = #pto.layout<dn>}"));
  EXPECT_EQ(Line(text, "%sig_cell_pview = "),
            "%sig_cell_pview = pto.partition_view %sig_peer, offsets = [%arg1, %c0], sizes = "
            "[%c1, %c1] : !pto.tensor_view<?x?xi32> -> !pto.partition_tensor_view<1x1xi32>");
  EXPECT_THAT(text, HasSubstr("    pto.barrier <PIPE_ALL>\n    pto.comm.tnotify(%sig_cell_pview, "
                              "%c1_i32 : !pto.partition_tensor_view<1x1xi32>, i32) {notifyOp = "
                              "#pto<notify_op atomic_add>}\n"));
  EXPECT_THAT(text, HasSubstr("i32) {notifyOp = #pto<notify_op set>}"));
  EXPECT_THAT(text, HasSubstr("%c-2_i32 : !pto.partition_tensor_view<1x1xi32>, i32)"));
  // A signal carries no data of its own: no release markers.
  EXPECT_THAT(text, Not(HasSubstr("pto.cmo")));
  EXPECT_THAT(text, Not(HasSubstr("pto.fence")));
}

TEST_F(CommTest, WaitPollsTheLocalCell) {
  const ir::Var* sig = WindowParam("sig", DataType::kInt32, {4, 1});
  const ir::Var* src = ScalarParam("src", DataType::kIndex);
  Do("pld.system.wait", {sig, ListOf({src, ctx_.Index(0)}), I32(2)}, {IntAttr("cmp", 1)});
  Do("pld.system.wait", {sig, ListOf({src, ctx_.Index(0)}), src}, {IntAttr("cmp", 0)});
  std::string text = EmitOk();
  EXPECT_THAT(text, ::testing::Not(HasSubstr("addptr")));
  EXPECT_THAT(text, HasSubstr("pto.partition_view %sig, offsets = [%arg1, %c0], sizes = [%c1, "
                              "%c1]"));
  EXPECT_THAT(text, HasSubstr("pto.comm.twait(%sig_cell_pview, %c2_i32 : "
                              "!pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp "
                              "ge>}\n    pto.cmo.cacheinvalid all #pto.address_space<gm>\n"));
  // Each wait invalidates before the reads it guards; no fence on this side.
  EXPECT_EQ(LinesWith(text, "pto.cmo.cacheinvalid all #pto.address_space<gm>").size(), 2u);
  EXPECT_THAT(text, Not(HasSubstr("pto.fence")));
  // An INDEX threshold (a loop-derived generation) becomes i32.
  EXPECT_THAT(text, HasSubstr("{cmp = #pto<wait_cmp eq>}"));
  EXPECT_THAT(text, HasSubstr("arith.index_cast %arg1 : index to i32"));
}

TEST_F(CommTest, PutSlidesThroughTheStageBetweenBarriers) {
  const ir::Var* out = WindowParam("out", DataType::kFP32, {2, 17});
  const ir::Var* inp = TensorParam("inp", DataType::kFP32, {1, 17});
  const ir::Var* peer = ScalarParam("peer", DataType::kIndex);
  const ir::Var* stage = Let("stage", "tile.create", {List({1, 16})},
                             {{"dtype", AttrValue::DType(DataType::kFP32)},
                              {"target_memory", AttrValue::Enum(MemorySpace::kVec)}});
  Do("pld.tile.put",
     {out, peer, inp, stage, ListOf({peer, ctx_.Index(0)}), List({0, 0}), List({1, 17})},
     {IntAttr("atomic", 0)});
  std::string text = EmitOk();
  EXPECT_EQ(Line(text, "%out_peer_pview = "),
            "%out_peer_pview = pto.partition_view %out_peer, offsets = [%arg2, %c0], sizes = "
            "[%c1, %c17] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x17xf32>");
  EXPECT_EQ(Line(text, "%inp_pview = "),
            "%inp_pview = pto.partition_view %inp, offsets = [%c0, %c0], sizes = [%c1, %c17] : "
            "!pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x17xf32>");
  EXPECT_THAT(text, HasSubstr(absl::StrCat(
                        "    pto.barrier <PIPE_ALL>\n    pto.comm.tput(%out_peer_pview, "
                        "%inp_pview, buf(%stage) : !pto.partition_tensor_view<1x17xf32>, "
                        "!pto.partition_tensor_view<1x17xf32>, ",
                        VecTile("f32", 1, 16),
                        ") {atomicType = #pto<atomic_type atomic_none>}\n"
                        "    pto.barrier <PIPE_ALL>\n"
                        "    pto.cmo.cacheinvalid %out_peer_pview single_cache_line : "
                        "!pto.partition_tensor_view<1x17xf32>\n"
                        "    pto.fence.barrier_all #pto.fence_scope<gm>\n")));
}

// Two staging tiles (the 5- and 8-operand forms) share one buf(...) group,
// each with its type after the partition views' (PTO's ping-pong TPUT and
// TGET); the region, when given, follows both stages.
TEST_F(CommTest, ASecondStageJoinsTheFirstInOneBufGroup) {
  const ir::Var* out = WindowParam("out", DataType::kFP16, {16, 64});
  const ir::Var* inp = TensorParam("inp", DataType::kFP16, {16, 64});
  const ir::Var* peer = ScalarParam("peer", DataType::kInt32);
  auto vec_tile = [&](absl::string_view name) {
    return Let(name, "tile.create", {List({4, 32})},
               {{"dtype", AttrValue::DType(DataType::kFP16)},
                {"target_memory", AttrValue::Enum(MemorySpace::kVec)}});
  };
  const ir::Var* ping = vec_tile("ping");
  const ir::Var* pong = vec_tile("pong");
  Do("pld.tile.put", {out, peer, inp, ping, pong}, {IntAttr("atomic", 0)});
  Do("pld.tile.put", {out, peer, inp, ping, pong, List({8, 0}), List({0, 0}), List({8, 64})},
     {IntAttr("atomic", 1)});
  Do("pld.tile.get", {inp, peer, out, ping, pong});
  std::string text = EmitOk();
  std::string stages = absl::StrCat(VecTile("f16", 4, 32), ", ", VecTile("f16", 4, 32));
  std::vector<std::string> puts = LinesWith(text, "pto.comm.tput(");
  ASSERT_EQ(puts.size(), 2u);
  EXPECT_THAT(puts[0], HasSubstr(absl::StrCat(
                           "buf(%ping, %pong) : !pto.partition_tensor_view<16x64xf16>, "
                           "!pto.partition_tensor_view<16x64xf16>, ",
                           stages, ") {atomicType = #pto<atomic_type atomic_none>}")));
  EXPECT_THAT(puts[1], HasSubstr(absl::StrCat(
                           "buf(%ping, %pong) : !pto.partition_tensor_view<8x64xf16>, "
                           "!pto.partition_tensor_view<8x64xf16>, ",
                           stages, ") {atomicType = #pto<atomic_type atomic_add>}")));
  // The region after the stages names the partition views.
  EXPECT_THAT(text, HasSubstr("pto.partition_view %out_peer_1, offsets = [%c8, %c0], sizes = [%c8, "
                              "%c64]"));
  std::vector<std::string> gets = LinesWith(text, "pto.comm.tget(");
  ASSERT_EQ(gets.size(), 1u);
  EXPECT_THAT(gets[0], HasSubstr(absl::StrCat("buf(%ping, %pong) : "
                                              "!pto.partition_tensor_view<16x64xf16>, "
                                              "!pto.partition_tensor_view<16x64xf16>, ",
                                              stages, ")")));
}

// The notify after a put must not overtake its data: the DMA drains, the
// peer region leaves the cache, and the GM fence publishes it, in that
// order, before the signal.
TEST_F(CommTest, PutIsPublishedBeforeALaterNotify) {
  const ir::Var* out = WindowParam("out", DataType::kFP32, {2, 64});
  const ir::Var* sig = WindowParam("sig", DataType::kInt32, {2, 1});
  const ir::Var* inp = TensorParam("inp", DataType::kFP32, {1, 64});
  const ir::Var* peer = ScalarParam("peer", DataType::kIndex);
  const ir::Var* stage = Let("stage", "tile.create", {List({1, 64})},
                             {{"dtype", AttrValue::DType(DataType::kFP32)},
                              {"target_memory", AttrValue::Enum(MemorySpace::kVec)}});
  Do("pld.tile.put",
     {out, peer, inp, stage, ListOf({peer, ctx_.Index(0)}), List({0, 0}), List({1, 64})},
     {IntAttr("atomic", 1)});
  Do("pld.system.notify", {sig, peer, ListOf({peer, ctx_.Index(0)}), I32(1)}, {IntAttr("op", 0)});
  std::string text = EmitOk();
  size_t tput = text.find("pto.comm.tput(");
  size_t tail = text.find("pto.barrier <PIPE_ALL>", tput);
  size_t invalidate = text.find("pto.cmo.cacheinvalid %out_peer_pview single_cache_line", tput);
  size_t fence = text.find("pto.fence.barrier_all #pto.fence_scope<gm>", tput);
  size_t notify = text.find("pto.comm.tnotify(");
  ASSERT_NE(notify, std::string::npos);
  EXPECT_LT(tput, tail);
  EXPECT_LT(tail, invalidate);
  EXPECT_LT(invalidate, fence);
  EXPECT_LT(fence, notify);
  // The notify itself needs only its barrier: one fence, the put's.
  EXPECT_EQ(LinesWith(text, "pto.fence.barrier_all").size(), 1u);
  EXPECT_EQ(LinesWith(text, "pto.cmo.cacheinvalid").size(), 1u);
}

// A store into a window (the lowered collectives store partial sums into
// theirs) is released before a later notify, like a put.
TEST_F(CommTest, StoreIntoAWindowIsReleasedBeforeALaterNotify) {
  const ir::Var* win = WindowParam("win", DataType::kFP32, {2, 64});
  const ir::Var* sig = WindowParam("sig", DataType::kInt32, {2, 1});
  const ir::Var* t = Load("t", DataType::kFP32, 1, 64);
  const ir::Var* peer = ScalarParam("peer", DataType::kIndex);
  Do("tile.store", {t, ListOf({peer, ctx_.Index(0)}), win});
  Do("pld.system.notify", {sig, peer, ListOf({peer, ctx_.Index(0)}), I32(1)}, {IntAttr("op", 0)});
  std::string text = EmitOk();
  size_t store = text.find("pto.tstore");
  size_t invalidate = text.find("pto.cmo.cacheinvalid %win_pview single_cache_line");
  size_t fence = text.find("pto.fence.barrier_all #pto.fence_scope<gm>");
  size_t notify = text.find("pto.comm.tnotify(");
  ASSERT_NE(invalidate, std::string::npos);
  ASSERT_NE(fence, std::string::npos);
  EXPECT_LT(store, invalidate);
  EXPECT_LT(invalidate, fence);
  EXPECT_LT(fence, notify);
}

// TPUT lands each staged chunk with the store pipe's atomic store, so an
// atomic put obeys the target's atomic-add dtypes, keyed on the window.
TEST_F(CommTest, AtomicPutIntoBf16IsRejectedWhereTheTargetCannotCombineIt) {
  const ir::Var* out = WindowParam("out", DataType::kBF16, {2, 64});
  const ir::Var* inp = TensorParam("inp", DataType::kBF16, {1, 64});
  const ir::Var* peer = ScalarParam("peer", DataType::kIndex);
  const ir::Var* stage = Let("stage", "tile.create", {List({1, 64})},
                             {{"dtype", AttrValue::DType(DataType::kBF16)},
                              {"target_memory", AttrValue::Enum(MemorySpace::kVec)}});
  Do("pld.tile.put",
     {out, peer, inp, stage, ListOf({peer, ctx_.Index(0)}), List({0, 0}), List({1, 64})},
     {IntAttr("atomic", 0)});
  Do("pld.tile.put",
     {out, peer, inp, stage, ListOf({peer, ctx_.Index(0)}), List({0, 0}), List({1, 64})},
     {IntAttr("atomic", 1)}, Loc(8, 5));
  EXPECT_EQ(EmitError(&A5()),
            "k.py:8:5: error: codegen: pld.tile.put with atomic add into a BF16 window is not "
            "supported on a5; accumulate into an FP32 window and cast after the reduction");
  std::vector<std::string> puts = LinesWith(EmitOk(&A2A3()), "pto.comm.tput");
  ASSERT_EQ(puts.size(), 2u);
  EXPECT_THAT(puts[1], HasSubstr("{atomicType = #pto<atomic_type atomic_add>}"));
}

TEST_F(CommTest, AtomicPutIntoEveryOtherHardwareDtypeIsAcceptedOnA5) {
  for (DataType dt : {DataType::kFP32, DataType::kFP16, DataType::kInt32, DataType::kInt16,
                      DataType::kInt8}) {
    const ir::Var* out = WindowParam("out", dt, {1, 64});
    const ir::Var* inp = TensorParam("inp", dt, {1, 64});
    const ir::Var* stage =
        Let("stage", "tile.create", {List({1, 64})},
            {{"dtype", AttrValue::DType(dt)}, {"target_memory", AttrValue::Enum(MemorySpace::kVec)}});
    Do("pld.tile.put", {out, I32(1), inp, stage}, {IntAttr("atomic", 1)});
  }
  EXPECT_EQ(LinesWith(EmitOk(&A5()), "atomic_add").size(), 5u);
}

TEST_F(CommTest, GetIntoAWindowIsPublishedAndIntoATensorIsNot) {
  const ir::Var* src = WindowParam("src", DataType::kFP32, {2, 64});
  const ir::Var* win = WindowParam("win", DataType::kFP32, {1, 64});
  const ir::Var* plain = TensorParam("plain", DataType::kFP32, {1, 64});
  const ir::Var* peer = ScalarParam("peer", DataType::kIndex);
  const ir::Var* stage = Let("stage", "tile.create", {List({1, 64})},
                             {{"dtype", AttrValue::DType(DataType::kFP32)},
                              {"target_memory", AttrValue::Enum(MemorySpace::kVec)}});
  Do("pld.tile.get", {win, peer, src, stage, List({0, 0}), List({1, 0}), List({1, 64})});
  Do("pld.tile.get", {plain, peer, src, stage, List({0, 0}), List({1, 0}), List({1, 64})});
  std::string text = EmitOk();
  // A peer may read the filled window after a later notify; the written
  // region is the one released.
  EXPECT_THAT(text, HasSubstr("    pto.barrier <PIPE_ALL>\n"
                              "    pto.cmo.cacheinvalid %win_pview single_cache_line : "
                              "!pto.partition_tensor_view<1x64xf32>\n"
                              "    pto.fence.barrier_all #pto.fence_scope<gm>\n"));
  EXPECT_EQ(LinesWith(text, "pto.cmo.cacheinvalid").size(), 1u);
  EXPECT_EQ(LinesWith(text, "pto.fence.barrier_all").size(), 1u);
  EXPECT_THAT(text, Not(HasSubstr("cacheinvalid %plain")));
}

TEST_F(CommTest, FullSliceGetReadsThePeersCopy) {
  const ir::Var* data = WindowParam("data", DataType::kFP16, {1, 64});
  const ir::Var* stage = Let("stage", "tile.create", {List({1, 64})},
                             {{"dtype", AttrValue::DType(DataType::kFP16)},
                              {"target_memory", AttrValue::Enum(MemorySpace::kVec)}});
  Do("pld.tile.get", {data, I32(0), data, stage});
  std::string text = EmitOk();
  EXPECT_THAT(text, HasSubstr("%peer_slot = arith.addi %c4, %c0_i32_index : index"));
  EXPECT_THAT(text, HasSubstr("%delta_elems_i64 = arith.divsi %delta_bytes, %c2_i64 : i64"));
  EXPECT_THAT(text, HasSubstr("pto.comm.tget(%data_pview, %data_peer_pview, buf(%stage) : "
                              "!pto.partition_tensor_view<1x64xf16>, "
                              "!pto.partition_tensor_view<1x64xf16>, "));
  EXPECT_THAT(Line(text, "pto.comm.tget"), ::testing::Not(HasSubstr("atomicType")));
}

TEST_F(CommTest, RemoteLoadReadsTheValidExtentIntoItsTile) {
  const ir::Var* data = WindowParam("data", DataType::kFP32, {1, 100});
  const ir::Var* peer = ScalarParam("peer", DataType::kInt32);
  const ir::Var* n = ScalarParam("n", DataType::kIndex);
  RemoteLoad("recv",
             {data, peer, List({0, 0}), List({1, 128}), ListOf({ctx_.Index(1), n})});
  std::string text = EmitOk();
  EXPECT_THAT(text, HasSubstr("arith.index_cast %arg1 : i32 to index"));
  // The request is bounded by the tile: min(n, 128) at run time.
  EXPECT_THAT(text, HasSubstr("%tmp_1 = arith.minsi %arg2, %c128 : index"));
  EXPECT_THAT(text, HasSubstr("pto.partition_view %data_peer, offsets = [%c0, %c0], sizes = "
                              "[%c1, %tmp_1] : !pto.tensor_view<?x?xf32> -> "
                              "!pto.partition_tensor_view<1x?xf32>"));
  EXPECT_THAT(Line(text, "pto.tload"), HasSubstr("outs(%recv : !pto.tile_buf<loc=vec, dtype=f32, "
                                                 "rows=1, cols=128, v_row=?, v_col=?"));
}

// The window [1, 16] holds valid data in [1, 8] only: a [1, 16] request
// reads 8 columns into a tile whose valid region says so.
TEST_F(CommTest, RemoteLoadReadsOnlyTheWindowsValidData) {
  ir::TensorView view;
  view.valid_shape = Dims({1, 8});
  const ir::Var* data = WindowParam("data", DataType::kFP32, Dims({1, 16}), view);
  const ir::Var* peer = ScalarParam("peer", DataType::kInt32);
  RemoteLoad("recv", {data, peer, List({0, 0}), List({1, 16}), List({1, 16})});
  RemoteLoad("rest", {data, peer, List({0, 4}), List({1, 8})});
  std::string text = EmitOk();
  EXPECT_THAT(text, HasSubstr("pto.partition_view %data_peer, offsets = [%c0, %c0], sizes = "
                              "[%c1, %c8] : !pto.tensor_view<?x?xf32> -> "
                              "!pto.partition_tensor_view<1x8xf32>"));
  EXPECT_THAT(text, HasSubstr("%recv = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, "
                              "rows=1, cols=16, v_row=1, v_col=8, "));
  // From column 4 on, 4 valid columns are left.
  EXPECT_THAT(text, HasSubstr("offsets = [%c0, %c4], sizes = [%c1, %c4] : "
                              "!pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x4xf32>"));
  EXPECT_THAT(text, Not(HasSubstr("arith.minsi")));
}

// A window [1, N]: the read stops at its runtime edge, min(N, 16).
TEST_F(CommTest, RemoteLoadClampsToARuntimeWindowEdge) {
  const ir::Var* n = IndexVar("N");
  const ir::Expr* shape[] = {ctx_.Index(1), n};
  const ir::Var* data = WindowParam("data", DataType::kFP32, shape, ir::TensorView{});
  const ir::Var* peer = ScalarParam("peer", DataType::kInt32);
  RemoteLoad("recv", {data, peer, List({0, 0}), List({1, 16})});
  std::string text = EmitOk();
  EXPECT_THAT(text, HasSubstr("func.func @k(%arg0: !pto.ptr<f32>, %arg1: i32, %data_ctx: "
                              "!pto.ptr<i64>, %arg3: index)"));
  EXPECT_THAT(text, HasSubstr("%tmp_1 = arith.minsi %arg3, %c16 : index\n"
                              "    %data_peer_pview = pto.partition_view %data_peer, offsets = "
                              "[%c0, %c0], sizes = [%c1, %tmp_1] : !pto.tensor_view<?x?xf32> -> "
                              "!pto.partition_tensor_view<1x?xf32>\n"));
  EXPECT_THAT(text, HasSubstr("%recv = pto.alloc_tile valid_row = %c1 valid_col = %tmp : "));
}

// Two runtime extents, the window's valid columns and the request, meet in
// one min; a runtime offset leaves max(valid - offset, 0).
TEST_F(CommTest, RemoteLoadIntersectsRuntimeExtents) {
  const ir::Var* v = IndexVar("V");
  const ir::Expr* valid[] = {ctx_.Index(1), v};
  ir::TensorView view;
  view.valid_shape = valid;
  const ir::Var* data = WindowParam("data", DataType::kFP32, Dims({1, 64}), view);
  const ir::Expr* anchor_shape[] = {ctx_.Index(1), v};
  Param(ctx_.NewVar("anchor", ctx_.GetTensorType(DataType::kFP32, anchor_shape)));
  const ir::Var* peer = ScalarParam("peer", DataType::kInt32);
  const ir::Var* req = ScalarParam("req", DataType::kIndex);
  const ir::Var* col = ScalarParam("col", DataType::kIndex);
  RemoteLoad("recv",
             {data, peer, List({0, 0}), List({1, 16}), ListOf({ctx_.Index(1), req})});
  RemoteLoad("tail", {data, peer, ListOf({ctx_.Index(0), col}), List({1, 16})});
  std::string text = EmitOk();
  // %arg6 is V (bound by anchor's shape), %arg3 the request, %arg4 col.
  EXPECT_THAT(text, HasSubstr("%tmp_5 = arith.minsi %arg6, %c16 : index\n"
                              "    %tmp_6 = arith.minsi %arg3, %tmp_5 : index\n"
                              "    %data_peer_pview = pto.partition_view %data_peer, offsets = "
                              "[%c0, %c0], sizes = [%c1, %tmp_6]"));
  EXPECT_THAT(text, HasSubstr("%tmp_7 = arith.subi %arg6, %arg4 : index\n"
                              "    %tmp_8 = arith.maxsi %tmp_7, %c0 : index\n"
                              "    %tmp_9 = arith.minsi %tmp_8, %c16 : index\n"));
  EXPECT_THAT(Line(text, "offsets = [%c0, %arg4]"), HasSubstr("sizes = [%c1, %tmp_"));
}

// An [8, 1] window is DN by convention; one whose view declares ND keeps it
// on the peer view.
TEST_F(CommTest, PeerViewKeepsTheLayoutAWindowViewDeclares) {
  ir::TensorView nd;
  nd.stride = Dims({1, 1});
  const ir::Var* declared = WindowParam("declared", DataType::kFP32, Dims({8, 1}), nd);
  const ir::Var* implicit = WindowParam("implicit", DataType::kFP32, {8, 1});
  const ir::Var* peer = ScalarParam("peer", DataType::kInt32);
  RemoteLoad("a", {declared, peer, List({0, 0}), List({8, 1})});
  RemoteLoad("b", {implicit, peer, List({0, 0}), List({8, 1})});
  std::string text = EmitOk();
  EXPECT_THAT(Line(text, "%declared_peer = "),
              HasSubstr("shape = [%c8, %c1], strides = [%c1, %c1] {layout = "
                        "#pto.layout<nd>}"));
  EXPECT_THAT(Line(text, "%implicit_peer = "),
              HasSubstr("shape = [%c8, %c1], strides = [%c1, %c8] {layout = "
                        "#pto.layout<dn>}"));
}

TEST_F(CommTest, RankQueriesReadTheContextSlot) {
  const ir::Var* sig = WindowParam("sig", DataType::kInt32, {4, 1});
  const ir::Var* ctx = Let("ctx", "pld.system.get_comm_ctx", {sig});
  Let("me", "pld.system.rank", {ctx});
  Let("nr", "pld.system.nranks", {ctx});
  std::string text = EmitOk();
  EXPECT_THAT(text, HasSubstr("%me_pair = pto.load_scalar %sig_ctx[%c2] : !pto.ptr<i64> -> i64\n"
                              "    %me = arith.trunci %me_pair : i64 to i32\n"));
  EXPECT_THAT(text, HasSubstr("%nr_hi = arith.shrui %nr_pair, %c32_i64 : i64\n"
                              "    %nr = arith.trunci %nr_hi : i64 to i32\n"));
}

TEST_F(CommTest, TensorReadLoadsOneElement) {
  const ir::Var* counts = TensorParam("counts", DataType::kInt32, {4, 2});
  const ir::Var* i = ScalarParam("i", DataType::kIndex);
  Let("c", "tensor.read", {counts, ListOf({i, ctx_.Index(1)})});
  std::string text = EmitOk();
  EXPECT_THAT(text, HasSubstr("    %read_term = arith.muli %arg1, %c2 : index\n"
                              "    %read_offset = arith.addi %c1, %read_term : index\n"
                              "    %c = pto.load_scalar %arg0[%read_offset] : !pto.ptr<i32> -> "
                              "i32\n"));
}

TEST_F(CommTest, SubByteWindowsCannotBeAddressedRemotely) {
  const ir::Var* data = WindowParam("data", DataType::kFP4, {1, 64});
  RemoteLoad("recv", {data, I32(1), List({0, 0}), List({1, 64})});
  EXPECT_THAT(EmitError(), HasSubstr("pld.tile.remote_load: remote addressing needs whole-byte "
                                     "elements, got FP4"));
}

// The collectives themselves never reach codegen.
TEST_F(CommTest, CollectivesMustBeLoweredFirst) {
  const ir::Var* sig = WindowParam("sig", DataType::kInt32, {4, 1});
  Let("s", "pld.tensor.barrier", {sig});
  EXPECT_THAT(EmitError(), HasSubstr("pld.tensor.barrier is a composite op; run the "
                                     "lower-composite-ops pass first"));
}

TEST_F(CommTest, EachWindowParameterBringsItsCommContext) {
  const ir::Var* sig = WindowParam("sig", DataType::kInt32, {4, 1});
  TensorParam("plain", DataType::kFP32, {16});
  WindowParam("data", DataType::kFP32, {2, 16});
  const ir::Var* ctx = Let("ctx", "pld.system.get_comm_ctx", {sig});
  const ir::Var* me = Let("me", "pld.system.rank", {ctx});
  Let("c", "tensor.read", {sig, ListOf({me, ctx_.Index(0)})});
  std::string text = EmitOk();
  EXPECT_THAT(text, HasSubstr("func.func @k(%arg0: !pto.ptr<i32>, %arg1: !pto.ptr<f32>, %arg2: "
                              "!pto.ptr<f32>, %sig_ctx: !pto.ptr<i64>, %data_ctx: "
                              "!pto.ptr<i64>)"));
  // The rank is a scalar value the next op consumes.
  EXPECT_THAT(text, HasSubstr("%me = arith.trunci %me_pair : i64 to i32"));
  EXPECT_THAT(text, HasSubstr("arith.index_cast %me : i32 to index"));
}

}  // namespace
}  // namespace pto::codegen
