// Whole-kernel tests of EmitPto's own errors (what the core rejects, located
// and naming the op or function) and of scalar arithmetic lowered to arith.

#include "codegen/pto_emitter.h"

#include "codegen/test_util.h"

namespace pto::codegen {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

// --- Core errors -----------------------------------------------------------------

TEST_F(PtoTest, CompositeOpIsAnError) {
  const ir::Var* t = Load("t", DataType::kFP32, 16, 16);
  Let("s", "tile.sin", {t}, {}, Loc(12, 7));
  absl::StatusOr<std::string> text = Emit(&A5());
  ASSERT_FALSE(text.ok());
  EXPECT_EQ(text.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(text.status().message(),
            "k.py:12:7: error: codegen: tile.sin is a composite op; run the "
            "lower-composite-ops pass first");
}

// Composite-ness is the op's own trait (Op::lowered_by), so an op of any
// registry is recognised and the error names the pass that lowers it.
TEST_F(PtoTest, CompositeOpsNameThePassThatLowersThem) {
  ir::OpRegistry registry;
  registry.Register("test.composite").Arg("t").LoweredBy("lower-test-ops").Deduce(
      [](const ir::DeduceContext& dc) -> absl::StatusOr<const ir::Type*> {
        return dc.arg(0)->type();
      });
  const ir::Var* t = Load("t", DataType::kFP32, 16, 16);
  absl::StatusOr<const ir::Call*> c =
      ir::CreateCall(ctx_, *registry.Find("test.composite"), {t}, {}, Loc(2, 2));
  ASSERT_TRUE(c.ok()) << c.status();
  Bind("s", *c, Loc(2, 2));
  EXPECT_EQ(EmitError(), "k.py:2:2: error: codegen: test.composite is a composite op; run the "
                         "lower-test-ops pass first");
}

TEST_F(PtoTest, TensorComputeOpIsAnError) {
  const ir::Var* x = TensorParam("x", DataType::kFP32, {16, 16});
  Let("y", "tensor.add", {x, x}, {}, Loc(5, 1));
  EXPECT_EQ(EmitError(), "k.py:5:1: error: codegen: tensor.add: tensor ops must be converted to "
                         "tile ops before PTO codegen (run convert-tensor-to-tile-ops)");
}

TEST_F(PtoTest, TensorCastIsAnError) {
  const ir::Var* x = TensorParam("x", DataType::kFP32, {16, 16});
  Let("y", "tensor.cast", {x}, {{"target_type", AttrValue::DType(DataType::kFP16)}}, Loc(6, 4));
  EXPECT_THAT(EmitError(), HasSubstr("k.py:6:4: error: codegen: tensor.cast: tensor ops must be "
                                     "converted to tile ops before PTO codegen"));
}

TEST_F(PtoTest, OpWithoutEmitterIsAnErrorNamingIt) {
  ir::OpRegistry registry;
  registry.Register("tile.frobnicate").Arg("t").Deduce(
      [](const ir::DeduceContext& dc) -> absl::StatusOr<const ir::Type*> {
        return dc.arg(0)->type();
      });
  const ir::Var* t = Load("t", DataType::kFP32, 16, 16);
  absl::StatusOr<const ir::Call*> c =
      ir::CreateCall(ctx_, *registry.Find("tile.frobnicate"), {t}, {}, Loc(8, 2));
  ASSERT_TRUE(c.ok());
  Bind("u", *c, Loc(8, 2));
  absl::StatusOr<std::string> text = Emit(&A5());
  ASSERT_FALSE(text.ok());
  EXPECT_EQ(text.status().code(), absl::StatusCode::kUnimplemented);
  EXPECT_EQ(text.status().message(),
            "k.py:8:2: error: codegen: tile.frobnicate has no PTO emitter (in function 'k')");
}

TEST_F(PtoTest, AnOpOfAnotherRegistryIsNotTheBuiltinOne) {
  ir::OpRegistry registry;
  registry.Register("tile.neg").Arg("t").Deduce(
      [](const ir::DeduceContext& dc) -> absl::StatusOr<const ir::Type*> {
        return dc.arg(0)->type();
      });
  const ir::Var* t = Load("t", DataType::kFP32, 16, 16);
  absl::StatusOr<const ir::Call*> c =
      ir::CreateCall(ctx_, *registry.Find("tile.neg"), {t}, {}, Loc(8, 2));
  ASSERT_TRUE(c.ok());
  Bind("u", *c, Loc(8, 2));
  EXPECT_EQ(EmitError(), "k.py:8:2: error: codegen: tile.neg is not the built-in op of that "
                         "name; PTO codegen emits built-in ops only");
}

TEST_F(PtoTest, StatementLocationIsUsedWhenTheCallHasNone) {
  const ir::Var* t = Load("t", DataType::kFP32, 16, 16);
  const ir::Call* sin = Call("tile.sin", {t});
  Bind("s", sin, Loc(21, 3));
  EXPECT_THAT(EmitError(), StartsWith("k.py:21:3: error: codegen: tile.sin"));
}

TEST_F(PtoTest, UnknownLocationIsSpelledUnknown) {
  const ir::Var* t = Load("t", DataType::kFP32, 16, 16);
  Let("s", "tile.cos", {t});
  EXPECT_THAT(EmitError(), StartsWith("<unknown>: error: codegen: tile.cos is a composite op"));
}

TEST_F(PtoTest, OrchestrationFunctionIsAnError) {
  TensorParam("x", DataType::kFP32, {16, 16});
  absl::StatusOr<std::string> text = Emit(nullptr, {}, ir::FunctionType::kOrchestration);
  ASSERT_FALSE(text.ok());
  EXPECT_THAT(text.status().message(),
              HasSubstr("function 'k' has type Orchestration; PTO codegen emits kernels only "
                        "(InCore, AIC, AIV)"));
}

TEST_F(PtoTest, TileParamIsAnError) {
  Param(ctx_.NewVar("t", Tile(DataType::kFP32, {16, 16})));
  EXPECT_THAT(EmitError(), HasSubstr("error: codegen: parameter 't' is a TileType; a PTO kernel "
                                     "takes tensors (as pointers) and scalars"));
}

TEST_F(PtoTest, DescendingLoopIsAnError) {
  const ir::Var* i = ctx_.NewVar("i", ctx_.GetScalarType(DataType::kIndex));
  body_.push_back(ctx_.NewFor(i, ctx_.Index(8), ctx_.Index(0), ctx_.Int(-1, DataType::kIndex), {},
                              ctx_.NewSeq({}), {}, ir::ForKind::kSequential, 0, Loc(4, 4)));
  EXPECT_THAT(EmitError(), HasSubstr("k.py:4:4: error: codegen: loops in PTO kernels must count "
                                     "upward (scf.for needs a positive step), but this loop "
                                     "steps by -1"));
}

TEST_F(PtoTest, UnsignedScalarArithmeticIsUnsupported) {
  const ir::Var* u = ScalarParam("u", DataType::kUInt32);
  Bind("v", ctx_.NewBinary(ir::BinaryOp::kAdd, u, ctx_.Int(1, DataType::kUInt32),
                           DataType::kUInt32));
  EXPECT_THAT(EmitError(), HasSubstr("scalar arithmetic on UINT32 values"));
}

TEST_F(PtoTest, TileWithoutMemorySpaceIsAnError) {
  // A tile whose memory space no pass has inferred yet (upstream leaves
  // e.g. remote_load's and tile.full's results so until
  // InferTileMemorySpace): built by hand, since our deducers place them.
  const ir::Var* t = ctx_.NewVar(
      "t", ctx_.GetTileType(DataType::kFP32, Dims({16, 16}), std::nullopt), Loc(1, 1));
  Bind("u", t);
  body_.insert(body_.begin(), ctx_.NewAssign(t, Call("tile.create", {List({16, 16})},
                                                     {{"dtype", AttrValue::DType(DataType::kFP32)}}),
                                             Loc(1, 1)));
  EXPECT_THAT(EmitError(), HasSubstr("k.py:1:1: error: codegen: a tile without a memory space "
                                     "cannot be allocated"));
}

// --- Scalar arithmetic ---------------------------------------------------------------

TEST_F(PtoTest, ScalarExpressionsBecomeArith) {
  const ir::Var* a = ScalarParam("a", DataType::kInt32);
  const ir::Var* f = ScalarParam("f", DataType::kFP32);
  const ir::Var* t = Load("t", DataType::kFP32, 16, 16);
  auto bin = [&](ir::BinaryOp op, const ir::Expr* l, const ir::Expr* r, DataType dt) {
    return ctx_.NewBinary(op, l, r, dt);
  };
  const ir::Var* q = Bind("q", bin(ir::BinaryOp::kFloorDiv, a, ctx_.Int(4, DataType::kInt32),
                                   DataType::kInt32));
  const ir::Var* m = Bind("m", bin(ir::BinaryOp::kFloorMod, q, ctx_.Int(3, DataType::kInt32),
                                   DataType::kInt32));
  const ir::Var* g = Bind("g", ctx_.NewUnary(ir::UnaryOp::kCast, m, DataType::kFP32));
  const ir::Var* h = Bind("h", bin(ir::BinaryOp::kMax, g, f, DataType::kFP32));
  const ir::Var* n = Bind("n", ctx_.NewUnary(ir::UnaryOp::kNeg, h, DataType::kFP32));
  Let("u", "tile.muls", {t, n});
  std::string text = EmitOk();
  EXPECT_THAT(text, HasSubstr("    %q = arith.floordivsi %arg0, %c4_i32 : i32\n"
                              "    %tmp = arith.floordivsi %q, %c3_i32 : i32\n"
                              "    %tmp_1 = arith.muli %tmp, %c3_i32 : i32\n"
                              "    %m = arith.subi %q, %tmp_1 : i32\n"
                              "    %g = arith.sitofp %m : i32 to f32\n"
                              "    %h = arith.maximumf %g, %arg1 : f32\n"
                              "    %n = arith.negf %h : f32\n"
                              "    pto.tmuls ins(%t, %n : "));
}

}  // namespace
}  // namespace pto::codegen
