// Whole-kernel tests of EmitPto: the golden load -> cast -> store kernel,
// module and signature structure, names, constants, locations, tile buffer
// planning and control flow (the core's errors: pto_emitter_errors_test.cc).

#include "codegen/pto_emitter.h"

#include "codegen/test_util.h"

namespace pto::codegen {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

constexpr absl::string_view kF32 =
    "!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, "
    "blayout=row_major, slayout=none_box, fractal=512, pad=0>";

TEST_F(PtoTest, LoadCastStoreKernelGolden) {
  const ir::Var* x = TensorParam("x", DataType::kFP32, {16, 16});
  const ir::Var* y = TensorParam("y", DataType::kFP16, {16, 16});
  const ir::Var* t = Let("t", "tile.load", {x, List({0, 0}), List({16, 16}), List({16, 16})});
  const ir::Var* c = Let("c", "tile.cast", {t}, {{"target_type", AttrValue::DType(DataType::kFP16)}});
  Let("r", "tile.store", {c, List({0, 0}), y});
  EXPECT_EQ(EmitOk(),
            R"(module attributes {pto.target_arch = "a5"} {
  func.func @k(%arg0: !pto.ptr<f32>, %arg1: !pto.ptr<f16>) {
    %c16 = arith.constant 16 : index
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %x = pto.make_tensor_view %arg0, shape = [%c16, %c16], strides = [%c16, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
    %y = pto.make_tensor_view %arg1, shape = [%c16, %c16], strides = [%c16, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
    %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %c = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %x_pview = pto.partition_view %x, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
    pto.tload ins(%x_pview : !pto.partition_tensor_view<16x16xf32>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
    pto.tcvt ins(%t {rmode = #pto<round_mode ROUND>, satmode = #pto<saturation_mode OFF>} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%c : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
    %y_pview = pto.partition_view %y, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x16xf16>
    pto.tstore ins(%c : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%y_pview : !pto.partition_tensor_view<16x16xf16>)
    return
  }
}
)");
}

// --- Module and signature ------------------------------------------------------

TEST_F(PtoTest, TargetArchComesFromTheBackend) {
  Load("t", DataType::kFP32, 16, 16);
  EXPECT_THAT(EmitOk(&A2A3()),
              StartsWith("module attributes {pto.target_arch = \"a2a3\"} {\n"));
  absl::StatusOr<std::string> none = Emit(nullptr);
  ASSERT_TRUE(none.ok()) << none.status();
  EXPECT_THAT(*none, StartsWith("module {\n  func.func @k("));
}

TEST_F(PtoTest, ScalarParamsAreTypedArgsInParamOrder) {
  const ir::Var* x = TensorParam("x", DataType::kInt32, {16, 16});
  const ir::Var* s = ScalarParam("s", DataType::kFP16);
  const ir::Var* n = ScalarParam("n", DataType::kIndex);
  const ir::Var* b = ScalarParam("b", DataType::kBool);
  (void)x;
  (void)s;
  (void)n;
  (void)b;
  EXPECT_THAT(EmitOk(), HasSubstr("func.func @k(%arg0: !pto.ptr<i32>, %arg1: f16, %arg2: index, "
                                  "%arg3: i1) {\n"));
}

TEST_F(PtoTest, SymbolicDimsBecomeTrailingIndexArgs) {
  const ir::Var* m = ctx_.NewVar("M", ctx_.GetScalarType(DataType::kIndex));
  const ir::Expr* shape[] = {m, ctx_.Index(16)};
  const ir::Var* x = Param(ctx_.NewVar("x", ctx_.GetTensorType(DataType::kFP32, shape)));
  (void)x;
  std::string text = EmitOk();
  EXPECT_THAT(text, HasSubstr("func.func @k(%arg0: !pto.ptr<f32>, %arg1: index) {"));
  EXPECT_THAT(text, HasSubstr("%x = pto.make_tensor_view %arg0, shape = [%arg1, %c16], "
                              "strides = [%c16, %c1]"));
}

TEST_F(PtoTest, DimGivenByAScalarParamUsesThatParam) {
  const ir::Var* n = ctx_.NewVar("n", ctx_.GetScalarType(DataType::kInt32));
  const ir::Expr* shape[] = {ctx_.Index(16), n};
  Param(ctx_.NewVar("x", ctx_.GetTensorType(DataType::kFP32, shape)));
  Param(n);
  std::string text = EmitOk();
  EXPECT_THAT(text, HasSubstr("func.func @k(%arg0: !pto.ptr<f32>, %arg1: i32) {"));
  EXPECT_THAT(text, HasSubstr("%arg1_index = arith.index_cast %arg1 : i32 to index"));
  EXPECT_THAT(text, HasSubstr("shape = [%c16, %arg1_index], strides = [%arg1_index, %c1]"));
}

TEST_F(PtoTest, AViewOnlySymbolIsRejectedAndAShapeDimBindsIt) {
  const ir::Var* v = ctx_.NewVar("V", ctx_.GetScalarType(DataType::kIndex));
  const ir::Expr* shape[] = {ctx_.Index(16), ctx_.Index(16)};
  const ir::Expr* valid[] = {ctx_.Index(16), v};
  ir::TensorView view;
  view.valid_shape = valid;
  Param(ctx_.NewVar("x", ctx_.GetTensorType(DataType::kFP32, shape, view), Loc(3, 7)));
  EXPECT_THAT(EmitError(),
              HasSubstr("k.py:3:7: error: codegen: symbolic extent 'V' in the view of parameter "
                        "'x' is type metadata only; bind it with a scalar parameter or a dim of "
                        "a tensor parameter's shape"));
}

TEST_F(PtoTest, AViewSymbolBoundByAnotherParamsShapeIsAccepted) {
  const ir::Var* v = ctx_.NewVar("V", ctx_.GetScalarType(DataType::kIndex));
  const ir::Expr* shape[] = {ctx_.Index(16), ctx_.Index(16)};
  const ir::Expr* valid[] = {ctx_.Index(16), v};
  ir::TensorView view;
  view.valid_shape = valid;
  Param(ctx_.NewVar("x", ctx_.GetTensorType(DataType::kFP32, shape, view)));
  const ir::Expr* y_shape[] = {v, ctx_.Index(16)};
  Param(ctx_.NewVar("y", ctx_.GetTensorType(DataType::kFP32, y_shape)));
  EXPECT_THAT(EmitOk(), HasSubstr("func.func @k(%arg0: !pto.ptr<f32>, %arg1: !pto.ptr<f32>, "
                                  "%arg2: index) {"));
}

TEST_F(PtoTest, KernelKindAttributes) {
  Load("t", DataType::kFP32, 16, 16);
  absl::StatusOr<std::string> aiv = Emit(nullptr, {}, ir::FunctionType::kAIV);
  ASSERT_TRUE(aiv.ok()) << aiv.status();
  EXPECT_THAT(*aiv, HasSubstr(") attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {"));
}

TEST_F(PtoTest, AColumnVectorTensorIsDN) {
  TensorParam("x", DataType::kFP32, {16, 1});
  EXPECT_THAT(EmitOk(), HasSubstr("%x = pto.make_tensor_view %arg0, shape = [%c16, %c1], "
                                  "strides = [%c1, %c16] {layout = #pto.layout<dn>}"));
}

TEST_F(PtoTest, RankThreeTensorStrides) {
  TensorParam("x", DataType::kFP16, {2, 8, 16});
  EXPECT_THAT(EmitOk(), HasSubstr("shape = [%c2, %c8, %c16], strides = [%c128, %c16, %c1] "
                                  "{layout = #pto.layout<nd>} : !pto.tensor_view<?x?x?xf16>"));
}

// --- Names and constants ---------------------------------------------------------

TEST_F(PtoTest, NamesComeFromVarsAndAreUnique) {
  const ir::Var* a = Load("c", DataType::kFP32, 16, 16);
  const ir::Var* b = Let("c", "tile.adds", {a, ctx_.Float(1.0)});
  Let("c__cast_fp16_tmp_v0", "tile.cast", {b},
      {{"target_type", AttrValue::DType(DataType::kFP16)}});
  Let("arg0", "tile.neg", {b});
  std::string text = EmitOk();
  EXPECT_THAT(text, HasSubstr("%c = pto.alloc_tile"));
  EXPECT_THAT(text, HasSubstr("%c_1 = pto.alloc_tile"));
  EXPECT_THAT(text, HasSubstr("%c__cast_fp16_tmp_v0 = pto.alloc_tile"));
  EXPECT_THAT(text, HasSubstr("%arg0_1 = pto.alloc_tile"));
  EXPECT_THAT(text, HasSubstr("pto.tadds ins(%c, %cst : "));
  EXPECT_THAT(text, HasSubstr("pto.tcvt ins(%c_1 {"));
}

TEST_F(PtoTest, ConstantsAreOneDeduplicatedBlockAtTheTop) {
  const ir::Var* t = Load("t", DataType::kFP32, 16, 16);
  const ir::Var* u = Let("u", "tile.muls", {t, ctx_.Float(0.5)});
  const ir::Var* v = Let("v", "tile.muls", {u, ctx_.Float(0.5)});
  Let("w", "tile.adds", {v, ctx_.Float(-2.0)});
  std::string text = EmitOk();
  EXPECT_THAT(LinesWith(text, "arith.constant"),
              ElementsAre("%c16 = arith.constant 16 : index", "%c1 = arith.constant 1 : index",
                          "%c0 = arith.constant 0 : index", "%cst = arith.constant 0.5 : f32",
                          "%cst_1 = arith.constant -2.0 : f32"));
  // The block precedes every other line of the body.
  EXPECT_LT(text.find("%cst_1 = arith.constant"), text.find("pto.make_tensor_view"));
}

// --- Locations -------------------------------------------------------------------

TEST_F(PtoTest, LocationsEndEveryOpLineWhenRequested) {
  const ir::Var* x = TensorParam("x", DataType::kFP32, {16, 16});
  const ir::Var* t =
      Let("t", "tile.load", {x, List({0, 0}), List({16, 16}), List({16, 16})}, {}, Loc(3, 5));
  Let("u", "tile.adds", {t, ctx_.Float(1.0)}, {}, Loc(4, 9));
  PtoOptions options;
  options.emit_locations = true;
  std::string text = EmitOk(&A5(), options);
  EXPECT_THAT(Line(text, "pto.tadds"), testing::EndsWith(") loc(\"k.py\":4:9)"));
  EXPECT_THAT(Line(text, "pto.tload"), testing::EndsWith(" loc(\"k.py\":3:5)"));
  EXPECT_THAT(Line(text, "%x_pview ="), testing::EndsWith(" loc(\"k.py\":3:5)"));
  EXPECT_THAT(Line(text, "%t = pto.alloc_tile"), testing::EndsWith(" loc(\"k.py\":3:5)"));
  // Constants are shared, so they carry no location; nor does an op whose
  // node has none.
  EXPECT_THAT(Line(text, "%cst = arith.constant"), Not(HasSubstr("loc(")));
  EXPECT_THAT(Line(text, "%x = pto.make_tensor_view"), Not(HasSubstr("loc(")));
  // Off by default.
  EXPECT_THAT(EmitOk(), Not(HasSubstr("loc(")));
}

// --- Tile buffers ----------------------------------------------------------------

TEST_F(PtoTest, SymbolicValidShapeKnownAtEntryIsAnAllocOperand) {
  const ir::Var* n = ScalarParam("n", DataType::kIndex);
  const ir::Var* x = TensorParam("x", DataType::kFP32, {16, 16});
  Let("t", "tile.load", {x, List({0, 0}), List({16, 16}), ListOf({n, ctx_.Index(16)})});
  std::string text = EmitOk();
  EXPECT_THAT(Line(text, "%t = pto.alloc_tile"),
              HasSubstr("%t = pto.alloc_tile valid_row = %arg0 valid_col = %c16 : "
                        "!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=?, v_col=?, "));
  EXPECT_THAT(Line(text, "pto.partition_view"),
              HasSubstr("sizes = [%arg0, %c16] : !pto.tensor_view<?x?xf32> -> "
                        "!pto.partition_tensor_view<?x16xf32>"));
  EXPECT_THAT(text, Not(HasSubstr("pto.set_validshape")));
}

TEST_F(PtoTest, ValidShapeComputedInTheBodyIsSetBeforeEachWrite) {
  const ir::Var* x = TensorParam("x", DataType::kFP32, {64, 16});
  const ir::Var* i = ctx_.NewVar("i", ctx_.GetScalarType(DataType::kIndex));
  const ir::Expr* rows =
      ctx_.NewBinary(ir::BinaryOp::kMin, ctx_.NewBinary(ir::BinaryOp::kSub, ctx_.Index(64), i,
                                                        DataType::kIndex),
                     ctx_.Index(16), DataType::kIndex);
  std::vector<const ir::Stmt*> outer = std::move(body_);
  body_.clear();
  Let("t", "tile.load", {x, ListOf({i, ctx_.Index(0)}), List({16, 16}), ListOf({rows, ctx_.Index(16)})});
  const ir::Stmt* loop = ctx_.NewFor(i, ctx_.Index(0), ctx_.Index(64), ctx_.Index(16), {},
                                     ctx_.NewSeq(body_), {});
  body_ = std::move(outer);
  body_.push_back(loop);
  std::string text = EmitOk();
  EXPECT_THAT(text, HasSubstr("%t = pto.alloc_tile valid_row = %c16 valid_col = %c16 : "
                              "!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=?, "
                              "v_col=?, "));
  EXPECT_THAT(text, HasSubstr(R"(    scf.for %i = %c0 to %c64 step %c16 {
      %tmp = arith.subi %c64, %i : index
      %tmp_1 = arith.minsi %tmp, %c16 : index
      pto.set_validshape %t, %tmp_1, %c16 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=?, v_col=?, )"));
  EXPECT_LT(text.find("pto.set_validshape"), text.find("pto.tload"));
}

TEST_F(PtoTest, RankThreeTileFlattensLeadingDims) {
  const ir::Var* x = TensorParam("x", DataType::kFP16, {2, 8, 16});
  Let("t", "tile.load", {x, List({0, 0, 0}), List({2, 8, 16}), List({1, 8, 16})});
  std::string text = EmitOk();
  EXPECT_THAT(Line(text, "%t = pto.alloc_tile"),
              HasSubstr("dtype=f16, rows=16, cols=16, v_row=8, v_col=16, "));
  EXPECT_THAT(Line(text, "pto.partition_view"),
              HasSubstr("offsets = [%c0, %c0, %c0], sizes = [%c1, %c8, %c16] : "
                        "!pto.tensor_view<?x?x?xf16> -> !pto.partition_tensor_view<1x8x16xf16>"));
}

TEST_F(PtoTest, ARankThreeTileNeedsWholeLeadingRows) {
  const ir::Var* x = TensorParam("x", DataType::kFP16, {2, 8, 16});
  Let("t", "tile.load", {x, List({0, 0, 0}), List({2, 8, 16}), List({2, 4, 16})}, {}, Loc(7, 3));
  EXPECT_THAT(EmitError(), HasSubstr("k.py:7:3: error: codegen: tile 't': a rank-3 tile with "
                                     "valid shape [2, 4, 16] of shape [2, 8, 16] cannot be "
                                     "flattened to a 2-D buffer"));
}

TEST_F(PtoTest, RankOneTileIsOneRow) {
  const ir::Var* x = TensorParam("x", DataType::kFP32, {64});
  Let("t", "tile.load", {x, List({0}), List({64}), List({64})});
  EXPECT_THAT(Line(EmitOk(), "%t = pto.alloc_tile"),
              HasSubstr("rows=1, cols=64, v_row=1, v_col=64, "));
}

TEST_F(PtoTest, MatTileUsesItsMemorySpaceAndLayout) {
  const ir::Var* x = TensorParam("x", DataType::kFP16, {16, 16});
  Let("t", "tile.load", {x, List({0, 0}), List({16, 16}), List({16, 16})},
      {{"target_memory", AttrValue::Enum(MemorySpace::kMat)}});
  EXPECT_THAT(Line(EmitOk(), "%t = pto.alloc_tile"),
              HasSubstr("!pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, "
                        "v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>"));
}

// --- Control flow ----------------------------------------------------------------

TEST_F(PtoTest, ForLoopCarriesAScalarAndATile) {
  const ir::Var* acc0 = Load("acc0", DataType::kFP32, 16, 16);
  const ir::Var* x = TensorParam("x", DataType::kFP32, {16, 16});
  const ir::Var* i = ctx_.NewVar("i", ctx_.GetScalarType(DataType::kIndex));
  const ir::IterArg* acc = ctx_.NewIterArg("acc", acc0->type(), acc0);
  const ir::IterArg* s = ctx_.NewIterArg("s", ctx_.GetScalarType(DataType::kInt32),
                                         ctx_.Int(0, DataType::kInt32));
  std::vector<const ir::Stmt*> outer = std::move(body_);
  body_.clear();
  const ir::Var* t = Let("t", "tile.load", {x, List({0, 0}), List({16, 16}), List({16, 16})});
  const ir::Var* nxt = Let("nxt", "tile.add", {acc, t});
  const ir::Var* s2 = Bind("s2", ctx_.NewBinary(ir::BinaryOp::kAdd, s,
                                                ctx_.Int(1, DataType::kInt32), DataType::kInt32));
  body_.push_back(ctx_.NewYield({nxt, s2}));
  const ir::Var* acc_out = ctx_.NewVar("acc_out", acc0->type());
  const ir::Var* s_out = ctx_.NewVar("s_out", s->type());
  const ir::IterArg* iter_args[] = {acc, s};
  const ir::Var* returns[] = {acc_out, s_out};
  const ir::Stmt* loop = ctx_.NewFor(i, ctx_.Index(0), ctx_.Index(4), ctx_.Index(1), iter_args,
                                     ctx_.NewSeq(body_), returns);
  body_ = std::move(outer);
  body_.push_back(loop);
  const ir::Var* y = TensorParam("y", DataType::kFP32, {16, 16});
  Let("r", "tile.store", {acc_out, List({0, 0}), y});
  std::string text = EmitOk();
  std::string f = std::string(kF32);
  // The init, the carried tile, the update and the result share one buffer:
  // the init is loaded into it and the element-wise update is in place.
  EXPECT_THAT(text, HasSubstr(absl::StrCat(
                        "    %acc0 = pto.alloc_tile : ", f, "\n",          //
                        "    %t = pto.alloc_tile : ", f, "\n",             //
                        "    %acc0_in_pview = ")));
  EXPECT_THAT(text, HasSubstr(absl::StrCat(
      "outs(%acc0 : ", f, ")\n",
      "    %s_out = scf.for %i = %c0 to %c4 step %c1 iter_args(%s = %c0_i32) -> (i32) {\n",
      "      %x_pview = pto.partition_view %x, offsets = [%c0, %c0], sizes = [%c16, %c16] : "
      "!pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>\n",
      "      pto.tload ins(%x_pview : !pto.partition_tensor_view<16x16xf32>) outs(%t : ", f, ")\n",
      "      pto.tadd ins(%acc0, %t : ", f, ", ", f, ") outs(%acc0 : ", f, ")\n",
      "      %s2 = arith.addi %s, %c1_i32 : i32\n",
      "      scf.yield %s2 : i32\n",
      "    }\n")));
  EXPECT_THAT(text, Not(HasSubstr("pto.tmov")));
  // The return var is the carried buffer.
  EXPECT_THAT(text, HasSubstr(absl::StrCat("pto.tstore ins(%acc0 : ", f, ") outs(%y_pview : ")));
}

TEST_F(PtoTest, LoopUpdatingItsTileInPlaceNeedsNoCopyBack) {
  const ir::Var* acc0 = Load("acc0", DataType::kFP32, 16, 16);
  const ir::Var* i = ctx_.NewVar("i", ctx_.GetScalarType(DataType::kIndex));
  const ir::IterArg* acc = ctx_.NewIterArg("acc", acc0->type(), acc0);
  const ir::IterArg* iter_args[] = {acc};
  const ir::Var* out = ctx_.NewVar("out", acc0->type());
  const ir::Var* returns[] = {out};
  body_.push_back(ctx_.NewFor(i, ctx_.Index(0), ctx_.Index(2), ctx_.Index(1), iter_args,
                              ctx_.NewSeq({ctx_.NewYield({acc})}), returns));
  std::string text = EmitOk();
  // The init is loaded into the carried buffer, which the body hands back
  // unchanged: no copy in, none back.
  EXPECT_THAT(text, Not(HasSubstr("pto.tmov")));
  EXPECT_EQ(LinesWith(text, "pto.alloc_tile").size(), 1u);
  EXPECT_THAT(text, HasSubstr("scf.for %i = %c0 to %c2 step %c1 {\n    }\n"));
}

TEST_F(PtoTest, LoopVarOfAnotherDtypeIsCastInTheBody) {
  const ir::Var* t = Load("t", DataType::kInt64, 16, 16);
  const ir::Var* i = ctx_.NewVar("i", ctx_.GetScalarType(DataType::kInt64));
  std::vector<const ir::Stmt*> outer = std::move(body_);
  body_.clear();
  Let("u", "tile.adds", {t, i});
  const ir::Stmt* loop = ctx_.NewFor(i, ctx_.Int(0, DataType::kInt64), ctx_.Int(8, DataType::kInt64),
                                     ctx_.Int(1, DataType::kInt64), {}, ctx_.NewSeq(body_), {});
  body_ = std::move(outer);
  body_.push_back(loop);
  std::string text = EmitOk();
  EXPECT_THAT(text, HasSubstr("%c0_i64_index = arith.index_cast %c0_i64 : i64 to index"));
  EXPECT_THAT(text, HasSubstr("scf.for %i = %c0_i64_index to %c8_i64_index step %c1_i64_index {\n"
                              "      %i_1 = arith.index_cast %i : index to i64\n"));
  // A non-INDEX scalar keeps its own type.
  EXPECT_THAT(text, HasSubstr("pto.tadds ins(%t, %i_1 : " + VecTile("i64", 16, 16) + ", i64)"));
}

// An INT32 scalar (a rank count, a kernel argument) as a loop bound or step
// is cast to index for scf.for.
TEST_F(PtoTest, Int32LoopBoundsAndStepAreCastToIndex) {
  const ir::Var* lo = ScalarParam("lo", DataType::kInt32);
  const ir::Var* hi = ScalarParam("hi", DataType::kInt32);
  const ir::Var* step = ScalarParam("step", DataType::kInt32);
  const ir::Var* i = ctx_.NewVar("i", ctx_.GetScalarType(DataType::kIndex));
  body_.push_back(ctx_.NewFor(i, lo, hi, step, {}, ctx_.NewSeq({}), {}));
  std::string text = EmitOk();
  EXPECT_THAT(text, HasSubstr("%arg0_index = arith.index_cast %arg0 : i32 to index\n"));
  EXPECT_THAT(text, HasSubstr("%arg1_index = arith.index_cast %arg1 : i32 to index\n"));
  EXPECT_THAT(text, HasSubstr("%arg2_index = arith.index_cast %arg2 : i32 to index\n"));
  EXPECT_THAT(text, HasSubstr("scf.for %i = %arg0_index to %arg1_index step %arg2_index {\n"));
}

TEST_F(PtoTest, IfWithScalarAndTileResults) {
  const ir::Var* a = Load("a", DataType::kFP32, 16, 16);
  const ir::Var* flag = ScalarParam("flag", DataType::kBool);
  std::vector<const ir::Stmt*> outer = std::move(body_);
  body_.clear();
  const ir::Var* p = Let("p", "tile.adds", {a, ctx_.Float(1.0)});
  body_.push_back(ctx_.NewYield({p, ctx_.Int(1, DataType::kInt32)}));
  const ir::Stmt* then_body = ctx_.NewSeq(body_);
  body_.clear();
  body_.push_back(ctx_.NewYield({a, ctx_.Int(2, DataType::kInt32)}));
  const ir::Stmt* else_body = ctx_.NewSeq(body_);
  const ir::Var* rt = ctx_.NewVar("rt", a->type());
  const ir::Var* rs = ctx_.NewVar("rs", ctx_.GetScalarType(DataType::kInt32));
  const ir::Var* returns[] = {rt, rs};
  body_ = std::move(outer);
  body_.push_back(ctx_.NewIf(flag, then_body, else_body, returns));
  Let("z", "tile.neg", {rt});
  std::string text = EmitOk();
  std::string f = std::string(kF32);
  EXPECT_THAT(text, HasSubstr(absl::StrCat(
      "    %rs = scf.if %arg1 -> (i32) {\n",
      // The branch's own result is computed in the phi's buffer; the outer
      // tile the other branch passes through is copied.
      "      pto.tadds ins(%a, %cst : ", f, ", f32) outs(%rt : ", f, ")\n",
      "      scf.yield %c1_i32 : i32\n",
      "    } else {\n",
      "      pto.tmov ins(%a : ", f, ") outs(%rt : ", f, ")\n",
      "      scf.yield %c2_i32 : i32\n",
      "    }\n",
      "    pto.tneg ins(%rt : ", f, ") outs(%z : ", f, ")\n")));
  EXPECT_THAT(text, Not(HasSubstr("%p = pto.alloc_tile")));
}

TEST_F(PtoTest, IfWithoutResultsAndAComparisonCondition) {
  const ir::Var* a = Load("a", DataType::kFP32, 16, 16);
  const ir::Var* n = ScalarParam("n", DataType::kInt32);
  const ir::Expr* cond =
      ctx_.NewBinary(ir::BinaryOp::kGt, n, ctx_.Int(0, DataType::kInt32), DataType::kBool);
  std::vector<const ir::Stmt*> outer = std::move(body_);
  body_.clear();
  Let("b", "tile.muls", {a, ctx_.Float(2.0)});
  const ir::Stmt* then_body = ctx_.NewSeq(body_);
  body_ = std::move(outer);
  body_.push_back(ctx_.NewIf(cond, then_body, nullptr, {}, Loc(9, 1)));
  PtoOptions options;
  options.emit_locations = true;
  std::string text = EmitOk(&A5(), options);
  EXPECT_THAT(text, HasSubstr("    %tmp = arith.cmpi sgt, %arg1, %c0_i32 : i32 loc(\"k.py\":9:1)\n"
                              "    scf.if %tmp {\n"));
  // A region op's location follows its closing brace.
  EXPECT_THAT(text, HasSubstr("    } loc(\"k.py\":9:1)\n"));
}

TEST_F(PtoTest, WhileLoopCarriesAScalar) {
  const ir::IterArg* k = ctx_.NewIterArg("k", ctx_.GetScalarType(DataType::kIndex), ctx_.Index(0));
  const ir::Expr* cond = ctx_.NewBinary(ir::BinaryOp::kLt, k, ctx_.Index(10), DataType::kBool);
  const ir::Var* k2 = ctx_.NewVar("k2", k->type());
  const ir::Stmt* body = ctx_.NewSeq(
      {ctx_.NewAssign(k2, ctx_.NewBinary(ir::BinaryOp::kAdd, k, ctx_.Index(3), DataType::kIndex)),
       ctx_.NewYield({k2})});
  const ir::Var* k_out = ctx_.NewVar("k_out", k->type());
  const ir::IterArg* iter_args[] = {k};
  const ir::Var* returns[] = {k_out};
  body_.push_back(ctx_.NewWhile(cond, iter_args, body, returns));
  EXPECT_THAT(EmitOk(), HasSubstr(R"(    %k_out = scf.while (%k = %c0) : (index) -> (index) {
      %tmp = arith.cmpi slt, %k, %c10 : index
      scf.condition(%tmp) %k : index
    } do {
    ^bb0(%k_1: index):
      %k2 = arith.addi %k_1, %c3 : index
      scf.yield %k2 : index
    }
)"));
}

TEST_F(PtoTest, WhileLoopCarriesATile) {
  const ir::Var* a = Load("a", DataType::kFP32, 16, 16);
  const ir::Var* flag = ScalarParam("flag", DataType::kBool);
  const ir::IterArg* acc = ctx_.NewIterArg("acc", a->type(), a);
  std::vector<const ir::Stmt*> outer = std::move(body_);
  body_.clear();
  const ir::Var* nxt = Let("nxt", "tile.muls", {acc, ctx_.Float(2.0)});
  body_.push_back(ctx_.NewYield({nxt}));
  const ir::IterArg* iter_args[] = {acc};
  const ir::Var* out = ctx_.NewVar("out", a->type());
  const ir::Var* returns[] = {out};
  const ir::Stmt* loop = ctx_.NewWhile(flag, iter_args, ctx_.NewSeq(body_), returns);
  body_ = std::move(outer);
  body_.push_back(loop);
  std::string text = EmitOk();
  std::string f = std::string(kF32);
  EXPECT_THAT(text, HasSubstr(absl::StrCat(
      "outs(%a : ", f, ")\n",
      "    scf.while : () -> () {\n",
      "      scf.condition(%arg1)\n",
      "    } do {\n",
      "      pto.tmuls ins(%a, %cst : ", f, ", f32) outs(%a : ", f, ")\n",
      "      scf.yield\n",
      "    }\n")));
  EXPECT_EQ(LinesWith(text, "pto.alloc_tile").size(), 1u);
}

TEST_F(PtoTest, TensorCarriedThroughALoopStaysItsView) {
  const ir::Var* a = Load("a", DataType::kFP32, 16, 16);
  const ir::Var* y = TensorParam("y", DataType::kFP32, {16, 16});
  const ir::Var* i = ctx_.NewVar("i", ctx_.GetScalarType(DataType::kIndex));
  const ir::IterArg* out = ctx_.NewIterArg("out", y->type(), y);
  std::vector<const ir::Stmt*> outer = std::move(body_);
  body_.clear();
  const ir::Var* stored = Let("stored", "tile.store", {a, List({0, 0}), out});
  body_.push_back(ctx_.NewYield({stored}));
  const ir::IterArg* iter_args[] = {out};
  const ir::Var* rv = ctx_.NewVar("rv", y->type());
  const ir::Var* returns[] = {rv};
  const ir::Stmt* loop = ctx_.NewFor(i, ctx_.Index(0), ctx_.Index(2), ctx_.Index(1), iter_args,
                                     ctx_.NewSeq(body_), returns);
  body_ = std::move(outer);
  body_.push_back(loop);
  Let("again", "tile.store", {a, List({0, 0}), rv});
  std::string text = EmitOk();
  EXPECT_EQ(LinesWith(text, "= pto.partition_view %y,").size(), 2u);
  EXPECT_THAT(text, HasSubstr("scf.for %i = %c0 to %c2 step %c1 {\n"));
}

}  // namespace
}  // namespace pto::codegen
