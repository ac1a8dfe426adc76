// pld.tile.remote_load / put / get: cross-rank data movement.

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"
#include "ir/ops/type_inference.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class DistTileTest : public OpTest {
 protected:
  const Var* Window(DataType dtype, std::initializer_list<int64_t> shape) {
    return ctx_.NewVar("w", ctx_.GetDistributedTensorType(dtype, Dims(shape)));
  }
  const Var* Stage(DataType dtype, std::initializer_list<int64_t> shape) {
    return ctx_.NewVar("stage", Tile(dtype, shape));
  }
  NamedAttr Atomic(int64_t v) { return {"atomic", AttrValue::Int(v)}; }
};

// --- remote_load ---------------------------------------------------------------------

// The tile's memory space is left open, as upstream's deducer leaves it:
// infer-tile-memory-space places it in Vec.
TEST_F(DistTileTest, RemoteLoadGivesAnOpenTileWithTheRequestedValidShape) {
  const Var* w = Window(DataType::kFP32, {1, 65537});
  const Var* peer = ScalarVar(DataType::kIndex);
  const Var* col = ScalarVar(DataType::kIndex);
  const Var* n = ScalarVar(DataType::kIndex);
  EXPECT_TYPE(
      TypeOf("pld.tile.remote_load", {w, peer, ListOf({ctx_.Index(0), col}), List({1, 4096})}),
      Tile(DataType::kFP32, {1, 4096}, std::nullopt));
  // A symbolic request is bounded by the tile at run time, as upstream's
  // deducer builds it: the peer partition never reaches past the tile.
  const auto* narrow = TypeOf("pld.tile.remote_load", {w, peer, ListOf({ctx_.Index(0), col}),
                                                       List({1, 4096}), ListOf({ctx_.Index(1), n})})
                           ->As<TileType>();
  ASSERT_NE(narrow, nullptr);
  EXPECT_FALSE(narrow->memory_space().has_value());
  EXPECT_EQ(FormatExpr(narrow->ValidShape()[0]), "1");
  EXPECT_EQ(FormatExpr(narrow->ValidShape()[1]), "min(s, 4096)");
  EXPECT_TYPE(TypeOf("pld.tile.remote_load", {Window(DataType::kFP16, {6, 4}), peer, List({0, 0}),
                                              List({3, 2}), List({3, 2})}),
              Tile(DataType::kFP16, {3, 2}, std::nullopt));
  // A column window loads col_major, as tile.load does.
  const auto* col_tile = TypeOf("pld.tile.remote_load",
                                {Window(DataType::kFP32, {8, 1}), peer, List({0, 0}), List({8, 1})})
                             ->As<TileType>();
  ASSERT_NE(col_tile, nullptr);
  EXPECT_EQ(col_tile->EffectiveView().blayout, TileLayout::kColMajor);
  EXPECT_FALSE(BuiltinOp("pld.tile.remote_load").has_side_effects());
}

// The valid region is the request intersected with what the window holds
// under it: static where both extents are, a min (max for an offset)
// where either is symbolic.
TEST_F(DistTileTest, RemoteLoadIntersectsTheRequestWithTheWindowsValidRegion) {
  const Var* peer = ScalarVar(DataType::kInt32);
  auto valid_of = [&](const Var* w, std::vector<const Expr*> args) {
    args.insert(args.begin(), {w, peer});
    const auto* tile = TypeOf("pld.tile.remote_load", args)->As<TileType>();
    return tile == nullptr ? std::string("?") : FormatShape(tile->ValidShape());
  };
  TensorView eight;
  eight.valid_shape = Dims({1, 8});
  const Var* partial =
      ctx_.NewVar("w", ctx_.GetDistributedTensorType(DataType::kFP32, Dims({1, 16}), eight));
  EXPECT_EQ(valid_of(partial, {List({0, 0}), List({1, 16}), List({1, 16})}), "[1, 8]");
  EXPECT_EQ(valid_of(partial, {List({0, 0}), List({1, 16})}), "[1, 8]");
  EXPECT_EQ(valid_of(partial, {List({0, 4}), List({1, 8})}), "[1, 4]");
  EXPECT_EQ(valid_of(partial, {List({0, 0}), List({1, 16}), List({1, 5})}), "[1, 5]");
  EXPECT_EQ(valid_of(partial, {List({0, 12}), List({1, 4})}), "[1, 0]");

  const Var* n = ctx_.NewVar("N", ctx_.GetScalarType(DataType::kIndex));
  const Expr* dyn_shape[] = {ctx_.Index(1), n};
  const Var* dynamic = ctx_.NewVar("w", ctx_.GetDistributedTensorType(DataType::kFP32, dyn_shape));
  EXPECT_EQ(valid_of(dynamic, {List({0, 0}), List({1, 16})}), "[1, min(N, 16)]");
  EXPECT_EQ(valid_of(dynamic, {List({0, 0}), List({1, 16}), List({1, 16})}), "[1, min(N, 16)]");
  const Var* c = ctx_.NewVar("c", ctx_.GetScalarType(DataType::kIndex));
  EXPECT_EQ(valid_of(dynamic, {ListOf({ctx_.Index(0), c}), List({1, 16})}),
            "[1, min(max(N - c, 0), 16)]");

  const Var* v = ctx_.NewVar("V", ctx_.GetScalarType(DataType::kIndex));
  const Var* req = ctx_.NewVar("req", ctx_.GetScalarType(DataType::kIndex));
  const Expr* v_valid[] = {ctx_.Index(1), v};
  TensorView symbolic;
  symbolic.valid_shape = v_valid;
  const Var* both =
      ctx_.NewVar("w", ctx_.GetDistributedTensorType(DataType::kFP32, Dims({1, 64}), symbolic));
  EXPECT_EQ(valid_of(both, {List({0, 0}), List({1, 16}), ListOf({ctx_.Index(1), req})}),
            "[1, min(req, min(V, 16))]");
}

TEST_F(DistTileTest, RemoteLoadRejects) {
  const Var* w = Window(DataType::kFP32, {4, 16});
  const Var* peer = ScalarVar(DataType::kInt32);
  EXPECT_EQ(ErrorOf("pld.tile.remote_load",
                    {TensorVar(DataType::kFP32, {4, 16}), peer, List({0, 0}), List({4, 16})}),
            "pld.tile.remote_load: target must be a DistributedTensor (window-bound), got "
            "TensorType");
  EXPECT_EQ(ErrorOf("pld.tile.remote_load", {w, peer, List({0}), List({4, 16})}),
            "pld.tile.remote_load: offsets has 1 elements; the tensor has rank 2");
  EXPECT_EQ(ErrorOf("pld.tile.remote_load", {w, peer, List({0, 0}), List({16})}),
            "pld.tile.remote_load: shape has 1 elements; the target has rank 2");
  EXPECT_EQ(ErrorOf("pld.tile.remote_load", {w, peer, List({0, 0}), List({4, 16}), List({4, 17})}),
            "pld.tile.remote_load: valid_shape 1 (17) exceeds the tile extent 16");
  EXPECT_EQ(ErrorOf("pld.tile.remote_load", {w, peer, List({0, 8}), List({4, 16})}),
            "pld.tile.remote_load: the read ends past dimension 1: offset 8 + extent 16 exceeds "
            "16");
  EXPECT_EQ(ErrorOf("pld.tile.remote_load", {w, peer, List({0, 0}), List({4, 16}),
                                             ListOf({ctx_.Index(4), ctx_.Index(-1)})}),
            "pld.tile.remote_load: valid_shape 1 is negative (-1)");
  const Var* n = ScalarVar(DataType::kIndex);
  EXPECT_THAT(ErrorOf("pld.tile.remote_load", {w, peer, List({0, 0}), ListOf({ctx_.Index(4), n})}),
              HasSubstr("shape"));
  TensorView mx;
  mx.layout = TensorLayout::kMxAZZ;
  const Var* q =
      ctx_.NewVar("q", ctx_.GetDistributedTensorType(DataType::kUInt8, Dims({16, 4}), mx));
  EXPECT_EQ(ErrorOf("pld.tile.remote_load", {q, peer, List({0, 0}), List({16, 4})}),
            "pld.tile.remote_load: does not support MX-layout windows");
}

// --- put / get -------------------------------------------------------------------------------

TEST_F(DistTileTest, PutFullSliceAndSubregion) {
  const Var* w = Window(DataType::kFP32, {2, 17});
  const Var* x = TensorVar(DataType::kFP32, {1, 17});
  const Var* peer = ScalarVar(DataType::kIndex);
  const Var* me = ScalarVar(DataType::kInt32);
  const Var* stage = Stage(DataType::kFP32, {1, 16});
  EXPECT_TYPE(TypeOf("pld.tile.put",
                     {w, peer, x, stage, ListOf({me, ctx_.Index(0)}), List({0, 0}), List({1, 17})},
                     {Atomic(0)}),
              ctx_.GetUnknownType());
  EXPECT_TYPE(TypeOf("pld.tile.put", {w, peer, w, Stage(DataType::kFP32, {2, 16})}, {Atomic(1)}),
              ctx_.GetUnknownType());
  // A dynamic transfer extent is bounded at run time by the stage.
  const Var* rows = ScalarVar(DataType::kIndex);
  EXPECT_TYPE(
      TypeOf("pld.tile.put",
             {w, peer, x, stage, List({0, 0}), List({0, 0}), ListOf({rows, ctx_.Index(17)})},
             {Atomic(0)}),
      ctx_.GetUnknownType());
  EXPECT_EQ(BuiltinOp("pld.tile.put").written_args(), (1u << 0) | (1u << 3) | (1u << 4));
}

// A second stage (args 5 and 8) ping-pongs with the first; the region, when
// given, follows both stages.
TEST_F(DistTileTest, PutTakesASecondStage) {
  const Var* w = Window(DataType::kFP16, {16, 64});
  const Var* x = TensorVar(DataType::kFP16, {16, 64});
  const Var* peer = ScalarVar(DataType::kInt32);
  const Var* ping = Stage(DataType::kFP16, {4, 32});
  const Var* pong = Stage(DataType::kFP16, {4, 32});
  EXPECT_TYPE(TypeOf("pld.tile.put", {w, peer, x, ping, pong}, {Atomic(0)}),
              ctx_.GetUnknownType());
  EXPECT_TYPE(TypeOf("pld.tile.put",
                     {w, peer, x, ping, pong, List({8, 0}), List({0, 0}), List({8, 64})},
                     {Atomic(1)}),
              ctx_.GetUnknownType());
  // atomic defaults to 0 (None_), as upstream's DSL wrapper passes it.
  absl::StatusOr<const Call*> call = Make("pld.tile.put", {w, peer, x, ping, pong});
  ASSERT_TRUE(call.ok()) << call.status();
  const AttrValue* atomic = (*call)->FindKwarg("atomic");
  ASSERT_NE(atomic, nullptr);
  EXPECT_EQ(atomic->int_value(), 0);
}

TEST_F(DistTileTest, PutRejectsABadSecondStage) {
  const Var* w = Window(DataType::kFP16, {16, 64});
  const Var* x = TensorVar(DataType::kFP16, {16, 64});
  const Var* peer = ScalarVar(DataType::kInt32);
  const Var* ping = Stage(DataType::kFP16, {4, 32});
  auto with_stage2 = [&](const Expr* stage2) {
    return ErrorOf("pld.tile.put", {w, peer, x, ping, stage2}, {Atomic(0)});
  };
  EXPECT_EQ(with_stage2(Stage(DataType::kFP16, {2, 32})),
            "pld.tile.put: stage2 shape [2, 32] must equal the stage's [4, 32] (the two ping-pong "
            "staging tiles are twins)");
  EXPECT_EQ(with_stage2(Stage(DataType::kFP32, {4, 32})),
            "pld.tile.put: stage2 dtype FP32 must match the transfer dtype FP16");
  EXPECT_EQ(with_stage2(ctx_.NewVar("m", Tile(DataType::kFP16, {4, 32}, MemorySpace::kMat))),
            "pld.tile.put: stage2 must be a Vec tile (the transfer bounces through UB)");
  EXPECT_EQ(with_stage2(Stage(DataType::kFP16, {4, 3})),
            "pld.tile.put: stage2 row of 3 FP16 elements is not a whole number of 32-byte units");
  EXPECT_THAT(with_stage2(x), HasSubstr("stage2 must be a"));
  // The stages must fit the transfer: a [4, 32] stage cannot slide a [1, 64] region.
  EXPECT_EQ(ErrorOf("pld.tile.put",
                    {w, peer, x, Stage(DataType::kFP16, {1, 32}), Stage(DataType::kFP16, {1, 32}),
                     List({0, 0}), List({0, 0}), List({1, 16})},
                    {Atomic(0)}),
            "pld.tile.put: stage valid extent [1, 32] exceeds the transfer flattened to 2-D (1 x "
            "16)");
  // Six arguments are neither form.
  EXPECT_EQ(ErrorOf("pld.tile.put", {w, peer, x, ping, List({0, 0}), List({0, 0})}, {Atomic(0)}),
            "pld.tile.put: takes 4 or 5 arguments (dst, peer, src, stage[, stage2]: the whole "
            "tensor) or 7 or 8 (with dst_offsets, src_offsets and shape after the stages), got 6");
}

TEST_F(DistTileTest, PutRejects) {
  const Var* w = Window(DataType::kFP32, {2, 17});
  const Var* x = TensorVar(DataType::kFP32, {1, 17});
  const Var* peer = ScalarVar(DataType::kIndex);
  const Var* stage = Stage(DataType::kFP32, {1, 16});
  auto region = [&](const Expr* dst, const Expr* src, const Expr* st,
                    std::initializer_list<int64_t> dst_off, std::initializer_list<int64_t> shape) {
    return std::vector<const Expr*>{dst, peer, src, st, List(dst_off), List({0, 0}), List(shape)};
  };
  EXPECT_EQ(ErrorOf("pld.tile.put", {x, peer, x, stage}, {Atomic(0)}),
            "pld.tile.put: dst must be a DistributedTensor (window-bound), got TensorType");
  EXPECT_EQ(ErrorOf("pld.tile.put", {w, peer, x, stage}, {Atomic(0)}),
            "pld.tile.put: the full-slice form needs dst and src of one shape, got [2, 17] and "
            "[1, 17]");
  // Five arguments are the two-stage form: a list is no stage.
  EXPECT_THAT(ErrorOf("pld.tile.put", {w, peer, w, stage, List({0, 0})}, {Atomic(0)}),
              HasSubstr("pld.tile.put: stage2 must be a"));
  EXPECT_EQ(
      ErrorOf("pld.tile.put",
              region(w, TensorVar(DataType::kFP16, {1, 17}), stage, {0, 0}, {1, 17}), {Atomic(0)}),
      "pld.tile.put: dst and src must have one dtype, got FP32 and FP16");
  EXPECT_EQ(ErrorOf("pld.tile.put", region(w, x, stage, {1, 1}, {1, 17}), {Atomic(0)}),
            "pld.tile.put: the dst region ends past dimension 1: offset 1 + extent 17 exceeds 17");
  EXPECT_EQ(ErrorOf("pld.tile.put", region(w, x, stage, {0, 0}, {2, 17}), {Atomic(0)}),
            "pld.tile.put: the src region ends past dimension 0: offset 0 + extent 2 exceeds 1");
  EXPECT_EQ(ErrorOf("pld.tile.put", region(w, x, Stage(DataType::kFP32, {1, 3}), {0, 0}, {1, 3}),
                    {Atomic(0)}),
            "pld.tile.put: stage row of 3 FP32 elements is not a whole number of 32-byte units");
  EXPECT_EQ(ErrorOf("pld.tile.put", region(w, x, Stage(DataType::kFP32, {1, 24}), {0, 0}, {1, 17}),
                    {Atomic(0)}),
            "pld.tile.put: stage valid extent [1, 24] exceeds the transfer flattened to 2-D (1 x "
            "17)");
  EXPECT_EQ(ErrorOf("pld.tile.put", region(w, x, Stage(DataType::kFP16, {1, 16}), {0, 0}, {1, 17}),
                    {Atomic(0)}),
            "pld.tile.put: stage dtype FP16 must match the transfer dtype FP32");
  const Var* mat = ctx_.NewVar("m", Tile(DataType::kFP32, {1, 16}, MemorySpace::kMat));
  EXPECT_EQ(ErrorOf("pld.tile.put", region(w, x, mat, {0, 0}, {1, 17}), {Atomic(0)}),
            "pld.tile.put: stage must be a Vec tile (the transfer bounces through UB)");
  EXPECT_EQ(ErrorOf("pld.tile.put", region(w, x, stage, {0, 0}, {1, 17}), {Atomic(2)}),
            "pld.tile.put: atomic must be in [0, 1], got 2");
  const Var* wi = Window(DataType::kUInt8, {1, 64});
  EXPECT_THAT(
      ErrorOf("pld.tile.put", {wi, peer, wi, Stage(DataType::kUInt8, {1, 32})}, {Atomic(1)}),
      HasSubstr("dtype with atomic=1 must be one of"));
}

TEST_F(DistTileTest, GetIsThePutMirror) {
  const Var* w = Window(DataType::kFP16, {4, 64});
  const Var* root = ScalarVar(DataType::kInt32);
  const Var* stage = Stage(DataType::kFP16, {4, 64});
  EXPECT_TYPE(TypeOf("pld.tile.get", {w, root, w, stage}), ctx_.GetUnknownType());
  const Var* local = TensorVar(DataType::kFP16, {1, 64});
  EXPECT_TYPE(TypeOf("pld.tile.get", {local, root, w, Stage(DataType::kFP16, {1, 64}), List({0, 0}),
                                      List({3, 0}), List({1, 64})}),
              ctx_.GetUnknownType());
  EXPECT_EQ(ErrorOf("pld.tile.get", {w, root, local, stage}),
            "pld.tile.get: src must be a DistributedTensor (window-bound), got TensorType");
  EXPECT_THAT(ErrorOf("pld.tile.get", {w, root, w, stage}, {Atomic(0)}), HasSubstr("atomic"));
  EXPECT_EQ(BuiltinOp("pld.tile.get").written_args(), (1u << 0) | (1u << 3) | (1u << 4));
  // The two-stage forms, as put's.
  const Var* pong = Stage(DataType::kFP16, {4, 64});
  EXPECT_TYPE(TypeOf("pld.tile.get", {w, root, w, stage, pong}), ctx_.GetUnknownType());
  EXPECT_TYPE(TypeOf("pld.tile.get", {local, root, w, Stage(DataType::kFP16, {1, 64}),
                                      Stage(DataType::kFP16, {1, 64}), List({0, 0}), List({3, 0}),
                                      List({1, 64})}),
              ctx_.GetUnknownType());
  EXPECT_THAT(ErrorOf("pld.tile.get", {w, root, w, stage, Stage(DataType::kFP16, {2, 64})}),
              HasSubstr("stage2 shape [2, 64] must equal the stage's [4, 64]"));
}

}  // namespace
}  // namespace pto::ir
