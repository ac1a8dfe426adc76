#include "ir/text/printer.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/op_registry.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

PrintOptions Concise() {
  PrintOptions options;
  options.concise = true;
  return options;
}

// --- A small op vocabulary with upstream's schemas and simple deducers ---------

std::vector<const Expr*> ShapeOf(const Expr* tuple) {
  std::vector<const Expr*> dims;
  for (const Expr* e : tuple->As<MakeTuple>()->elements()) dims.push_back(e);
  return dims;
}

absl::StatusOr<const Type*> DeduceLoad(const DeduceContext& dc) {
  const auto* t = dc.arg(0)->type()->As<TensorType>();
  const AttrValue* space = dc.FindKwarg("target_memory");
  return dc.ctx().GetTileType(
      t->dtype(), ShapeOf(dc.arg(2)),
      space ? std::optional<MemorySpace>(space->As<MemorySpace>()) : std::nullopt);
}

absl::StatusOr<const Type*> DeduceStore(const DeduceContext& dc) { return dc.arg(2)->type(); }
absl::StatusOr<const Type*> DeduceFirst(const DeduceContext& dc) { return dc.arg(0)->type(); }
absl::StatusOr<const Type*> DeduceUnknown(const DeduceContext& dc) {
  return dc.ctx().GetUnknownType();
}

absl::StatusOr<const Type*> DeduceCast(const DeduceContext& dc) {
  const auto* t = dc.arg(0)->type()->As<TileType>();
  return dc.ctx().GetTileType(dc.FindKwarg("target_type")->dtype(), t->shape(), t->memory_space(),
                              t->view());
}

absl::StatusOr<const Type*> DeduceFull(const DeduceContext& dc) {
  return dc.ctx().GetTileType(dc.FindKwarg("dtype")->dtype(), ShapeOf(dc.arg(0)),
                              MemorySpace::kVec);
}

// Upstream's mask geometry for a [16, 16] input: UINT8 [16, 32], valid [16, 2].
absl::StatusOr<const Type*> DeduceCmps(const DeduceContext& dc) {
  Context& ctx = dc.ctx();
  TileView view;
  view.valid_shape = ctx.IndexList({16, 2});
  return ctx.GetTileType(DataType::kUInt8, ctx.IndexList({16, 32}), MemorySpace::kVec, &view);
}

absl::StatusOr<const Type*> DeducePair(const DeduceContext& dc) {
  const Type* parts[] = {dc.arg(0)->type(), dc.arg(0)->type()};
  return dc.ctx().GetTupleType(parts);
}

class PrinterTest : public ::testing::Test {
 protected:
  PrinterTest() {
    ops_.Register("tile.load")
        .Arg("tensor")
        .Arg("offsets")
        .Arg("shapes")
        .Arg("valid_shape")
        .OptionalKwarg("target_memory", AttrKind::kMemorySpace)
        .Deduce(DeduceLoad);
    ops_.Register("tile.store").Arg("tile").Arg("offsets").Arg("output").Deduce(DeduceStore);
    ops_.Register("tile.cast")
        .Arg("tile")
        .Kwarg("target_type", AttrKind::kDataType)
        .Kwarg("mode", AttrKind::kRoundMode, AttrValue::Enum(RoundMode::kRound))
        .OptionalKwarg("saturation_mode", AttrKind::kSaturationMode)
        .Deduce(DeduceCast);
    ops_.Register("tile.adds").Arg("lhs").Arg("rhs").Deduce(DeduceFirst);
    ops_.Register("tile.cmps")
        .Arg("lhs")
        .Arg("rhs")
        .Kwarg("cmp_type", AttrKind::kInt)
        .Deduce(DeduceCmps);
    ops_.Register("tile.full")
        .Arg("shape")
        .KeywordArg("value", /*optional=*/false)
        .Kwarg("dtype", AttrKind::kDataType)
        .Deduce(DeduceFull);
    ops_.Register("tile.and").Arg("lhs").Arg("rhs").Deduce(DeduceFirst);
    ops_.Register("tile.pair").Arg("x").Deduce(DeducePair);
    ops_.Register("pld.system.notify")
        .Arg("target")
        .Arg("peer")
        .Kwarg("op", AttrKind::kInt)
        .Deduce(DeduceUnknown);
    ops_.Register("test.kinds")
        .Arg("x")
        .OptionalKwarg("b", AttrKind::kBool)
        .OptionalKwarg("i", AttrKind::kInt)
        .OptionalKwarg("f", AttrKind::kFloat)
        .OptionalKwarg("s", AttrKind::kString)
        .OptionalKwarg("dt", AttrKind::kDataType)
        .OptionalKwarg("mem", AttrKind::kMemorySpace)
        .OptionalKwarg("tl", AttrKind::kTileLayout)
        .OptionalKwarg("tnl", AttrKind::kTensorLayout)
        .OptionalKwarg("pad", AttrKind::kPadValue)
        .OptionalKwarg("atomic", AttrKind::kAtomicType)
        .OptionalKwarg("mode", AttrKind::kRoundMode)
        .OptionalKwarg("sat", AttrKind::kSaturationMode)
        .Deduce(DeduceUnknown);
  }

  const Call* Op(absl::string_view name, std::vector<const Expr*> args,
                 std::vector<NamedAttr> kwargs = {}) {
    absl::StatusOr<const Call*> c = CreateCall(ctx_, *ops_.Find(name), args, kwargs);
    EXPECT_TRUE(c.ok()) << c.status();
    return *c;
  }
  const MakeTuple* List(std::vector<int64_t> values) {
    return ctx_.NewMakeTuple(ctx_.IndexList(values));
  }
  const ScalarType* Scalar(DataType t) { return ctx_.GetScalarType(t); }
  const TensorType* Tensor(std::vector<int64_t> shape, DataType t) {
    return ctx_.GetTensorType(t, ctx_.IndexList(shape));
  }
  const TileType* Tile(std::vector<int64_t> shape, DataType t,
                       std::optional<MemorySpace> space = MemorySpace::kVec) {
    return ctx_.GetTileType(t, ctx_.IndexList(shape), space);
  }
  const Function* Fn(absl::string_view name, std::vector<const Var*> params,
                     std::vector<const Type*> returns, std::vector<const Stmt*> body,
                     FunctionType type = FunctionType::kOpaque,
                     std::vector<ParamDirection> dirs = {}) {
    if (dirs.empty()) dirs.assign(params.size(), ParamDirection::kIn);
    return ctx_.NewFunction(name, params, dirs, returns, ctx_.NewSeq(body), type);
  }
  std::string Print(std::vector<const Function*> fns, PrintOptions options = {}) {
    return PrintProgram(ctx_.NewProgram("Program", fns), options);
  }
  // The body lines of a one-function program.
  std::string Body(std::vector<const Stmt*> body, std::vector<const Var*> params = {},
                   PrintOptions options = {}) {
    std::string text = Print({Fn("f", params, {}, body)}, options);
    size_t def = text.find("    def f(");
    size_t start = text.find('\n', def) + 1;
    return text.substr(start);
  }

  OpRegistry ops_;
  Context ctx_;
};

constexpr absl::string_view kExampleA =
    "# pypto.program: Program\n"
    "import pypto.language as pl\n"
    "\n"
    "@pl.program\n"
    "class Program:\n"
    "    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, "
    "role=pl.Role.SubWorker)\n"
    "    def k(x: pl.Tensor[[16, 16], pl.INT32], out: pl.Out[pl.Tensor[[16, 16], pl.FP16]]) -> "
    "pl.Tensor[[16, 16], pl.FP16]:\n"
    "        t: pl.Tile[[16, 16], pl.INT32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16], "
    "[16, 16], target_memory=pl.Mem.Vec)\n"
    "        c: pl.Tile[[16, 16], pl.FP16, pl.Mem.Vec] = pl.tile.cast(t, target_type=pl.FP16, "
    "mode='round')\n"
    "        r: pl.Tensor[[16, 16], pl.FP16] = pl.tile.store(c, [0, 0], out)\n"
    "        return r";

TEST_F(PrinterTest, ExampleA) {
  const Var* x = ctx_.NewVar("x", Tensor({16, 16}, DataType::kInt32));
  const Var* out = ctx_.NewVar("out", Tensor({16, 16}, DataType::kFP16));
  const Call* load = Op("tile.load", {x, List({0, 0}), List({16, 16}), List({16, 16})},
                        {{"target_memory", AttrValue::Enum(MemorySpace::kVec)}});
  const Var* t = ctx_.NewVar("t", load->type());
  const Call* cast = Op("tile.cast", {t}, {{"target_type", AttrValue::DType(DataType::kFP16)}});
  const Var* c = ctx_.NewVar("c", cast->type());
  const Call* store = Op("tile.store", {c, List({0, 0}), out});
  const Var* r = ctx_.NewVar("r", store->type());
  const Function* k = Fn("k", {x, out}, {out->type()},
                         {ctx_.NewAssign(t, load), ctx_.NewAssign(c, cast),
                          ctx_.NewAssign(r, store), ctx_.NewReturn({r})},
                         FunctionType::kInCore, {ParamDirection::kIn, ParamDirection::kOut});
  EXPECT_EQ(Print({k}), kExampleA);
}

TEST_F(PrinterTest, StreamingToASinkPrintsTheSameText) {
  // Large enough (a few MiB) that the stream is handed over in many chunks.
  const Var* a = ctx_.NewVar("a", Tile({16, 16}, DataType::kFP32));
  std::vector<const Stmt*> body;
  const Var* prev = a;
  for (int i = 0; i < 60000; ++i) {
    const Call* adds = Op("tile.adds", {prev, ctx_.Float(0.5 * i)});
    const Var* v = ctx_.NewVar("v", adds->type());
    body.push_back(ctx_.NewAssign(v, adds));
    prev = v;
  }
  body.push_back(ctx_.NewReturn({prev}));
  Program program = ctx_.NewProgram("Program", {Fn("f", {a}, {prev->type()}, body)});
  for (PrintOptions options : {PrintOptions{}, Concise()}) {
    std::string want = PrintProgram(program, options);
    ASSERT_GT(want.size(), size_t{2} << 20);
    std::string got;
    StringSink sink(&got);
    ASSERT_TRUE(PrintProgram(program, sink, options).ok());
    EXPECT_TRUE(got == want) << "streamed text differs from the string print";
  }
}

TEST_F(PrinterTest, StreamingReportsTheSinksError) {
  struct FailingSink : TextSink {
    absl::Status Write(absl::string_view) override {
      return absl::UnavailableError("write failed: No space left on device");
    }
  } sink;
  const Var* a = ctx_.NewVar("a", Tile({16, 16}, DataType::kFP32));
  Program program = ctx_.NewProgram("Program", {Fn("f", {a}, {}, {ctx_.NewReturn({})})});
  EXPECT_EQ(PrintProgram(program, sink),
            absl::UnavailableError("write failed: No space left on device"));
}

TEST_F(PrinterTest, ExampleBLoopWithCarriedTile) {
  const Var* a0 = ctx_.NewVar("a0", Tile({16, 16}, DataType::kFP32));
  const Var* i = ctx_.NewVar("i", Scalar(DataType::kIndex));
  const IterArg* acc = ctx_.NewIterArg("acc", a0->type(), a0);
  const Call* adds = Op("tile.adds", {acc, ctx_.Float(1.0)});
  const Var* nxt = ctx_.NewVar("nxt", adds->type());
  const Var* acc_out = ctx_.NewVar("acc_out", nxt->type());
  const ForStmt* loop =
      ctx_.NewFor(i, ctx_.Index(0), ctx_.Index(4), ctx_.Index(1), {acc},
                  ctx_.NewSeq({ctx_.NewAssign(nxt, adds), ctx_.NewYield({nxt})}), {acc_out});
  const Call* cmps = Op("tile.cmps", {acc_out, ctx_.Float(0.0)}, {{"cmp_type", AttrValue::Int(4)}});
  const Var* y = ctx_.NewVar("y", cmps->type());
  EXPECT_EQ(Body({loop, ctx_.NewAssign(y, cmps)}, {a0}),
            "        for i, (acc,) in pl.range(4, init_values=(a0,)):\n"
            "            nxt: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.adds(acc, 1.0)\n"
            "            acc_out: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.yield_(nxt)\n"
            "        y: pl.Tile[[16, 32], pl.UINT8, pl.Mem.Vec, pl.TileView(valid_shape=[16, 2])]"
            " = pl.tile.cmps(acc_out, 0.0, cmp_type=4)");
}

TEST_F(PrinterTest, ExampleCConciseAndConstants) {
  const Var* k_f = ctx_.NewVar("k_f", Tile({16, 16}, DataType::kFP32));
  const Var* h = ctx_.NewVar("h", Tile({16, 16}, DataType::kFP16));
  const Var* n = ctx_.NewVar("n", Scalar(DataType::kInt32));
  const Call* t1v = Op("tile.adds", {k_f, ctx_.Float(3.140625)});
  const Call* t2v = Op("tile.adds", {h, ctx_.Float(0.5, DataType::kFP16)});
  const Expr* idx =
      ctx_.NewBinary(BinaryOp::kMul, ctx_.NewUnary(UnaryOp::kCast, n, DataType::kIndex),
                     ctx_.Index(2), DataType::kIndex);
  const Var* t1 = ctx_.NewVar("t1", t1v->type());
  const Var* t2 = ctx_.NewVar("t2", t2v->type());
  const Var* m = ctx_.NewVar("m", Scalar(DataType::kIndex));
  EXPECT_EQ(Body({ctx_.NewAssign(t1, t1v), ctx_.NewAssign(t2, t2v), ctx_.NewAssign(m, idx)},
                 {k_f, h, n}, Concise()),
            "        t1 = pl.tile.adds(k_f, 3.140625)\n"
            "        t2 = pl.tile.adds(h, pl.const(0.5, pl.FP16))\n"
            "        m = pl.cast(n, pl.INDEX) * 2");
}

TEST_F(PrinterTest, HeaderDynamicDimsAndEmptyBody) {
  const Var* n = ctx_.NewVar("N", Scalar(DataType::kIndex));
  const Var* m = ctx_.NewVar("M", Scalar(DataType::kIndex));
  const Expr* dims[] = {n, m};
  const Var* x = ctx_.NewVar("x", ctx_.GetTensorType(DataType::kFP32, dims));
  Program p = ctx_.NewProgram("Prog", {Fn("f", {x}, {}, {})});
  EXPECT_EQ(PrintProgram(p),
            "# pypto.program: Prog\n"
            "import pypto.language as pl\n"
            "\n"
            "M = pl.dynamic(\"M\")\n"
            "N = pl.dynamic(\"N\")\n"
            "\n"
            "@pl.program\n"
            "class Prog:\n"
            "    @pl.function\n"
            "    def f(self, x: pl.Tensor[[N, M], pl.FP32]):\n"
            "        pass");
}

TEST_F(PrinterTest, DistinctDynamicDimsWithOneNameAreUniqued) {
  const Var* n1 = ctx_.NewVar("N", Scalar(DataType::kIndex));
  const Var* n2 = ctx_.NewVar("N", Scalar(DataType::kIndex));
  const Expr* d1[] = {n1};
  const Expr* d2[] = {n2};
  const Var* x = ctx_.NewVar("x", ctx_.GetTensorType(DataType::kFP32, d1));
  const Var* y = ctx_.NewVar("y", ctx_.GetTensorType(DataType::kFP32, d2));
  std::string text = Print({Fn("f", {x, y}, {}, {})});
  EXPECT_THAT(text, HasSubstr("N = pl.dynamic(\"N\")\nN_1 = pl.dynamic(\"N_1\")\n\n"));
  EXPECT_THAT(text,
              HasSubstr("def f(self, x: pl.Tensor[[N], pl.FP32], y: pl.Tensor[[N_1], pl.FP32]):"));
}

TEST_F(PrinterTest, DimsDefinedByTheFunctionAreNotDynamic) {
  // A tile whose valid_shape names a loop variable: no pl.dynamic line.
  const Var* i = ctx_.NewVar("i", Scalar(DataType::kIndex));
  TileView view;
  const Expr* valid[] = {i, ctx_.Index(16)};
  view.valid_shape = valid;
  const TileType* tt =
      ctx_.GetTileType(DataType::kFP32, ctx_.IndexList({16, 16}), MemorySpace::kVec, &view);
  const Var* a = ctx_.NewVar("a", Tile({16, 16}, DataType::kFP32));
  const Var* t = ctx_.NewVar("t", tt);
  const ForStmt* loop = ctx_.NewFor(i, ctx_.Index(0), ctx_.Index(4), ctx_.Index(1), {},
                                    ctx_.NewSeq({ctx_.NewAssign(t, a)}), {});
  std::string text = Print({Fn("f", {a}, {}, {loop})});
  EXPECT_THAT(text, ::testing::Not(HasSubstr("pl.dynamic")));
  EXPECT_THAT(text, HasSubstr("t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, "
                              "pl.TileView(valid_shape=[i, 16])] = a"));
}

TEST_F(PrinterTest, TypeSpellings) {
  EXPECT_EQ(PrintType(Scalar(DataType::kIndex)), "pl.Scalar[pl.INDEX]");
  EXPECT_EQ(PrintType(Scalar(DataType::kBF16)), "pl.Scalar[pl.BF16]");
  EXPECT_EQ(PrintType(Tensor({16, 16}, DataType::kFP32)), "pl.Tensor[[16, 16], pl.FP32]");
  EXPECT_EQ(PrintType(ctx_.GetDistributedTensorType(DataType::kFP32, ctx_.IndexList({4, 64}))),
            "pld.DistributedTensor[[4, 64], pl.FP32]");
  EXPECT_EQ(PrintType(Tile({16, 16}, DataType::kFP32, std::nullopt)), "pl.Tile[[16, 16], pl.FP32]");
  EXPECT_EQ(PrintType(Tile({16, 16}, DataType::kFP32)), "pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]");
  EXPECT_EQ(PrintType(ctx_.GetUnknownType()), "pl.UnknownType");
  EXPECT_EQ(PrintType(ctx_.GetCommCtxType()), "pld.CommCtxType");
  const Type* parts[] = {Scalar(DataType::kInt32), Tile({8}, DataType::kFP16)};
  EXPECT_EQ(PrintType(ctx_.GetTupleType(parts)),
            "pl.Tuple[pl.Scalar[pl.INT32], pl.Tile[[8], pl.FP16, pl.Mem.Vec]]");
  EXPECT_EQ(PrintType(ctx_.GetTupleType({})), "pl.Tuple[()]");
  // Top-level constant dims print bare whatever their dtype.
  const Expr* dims[] = {ctx_.Int(8, DataType::kInt64)};
  EXPECT_EQ(PrintType(ctx_.GetTensorType(DataType::kFP32, dims)), "pl.Tensor[[8], pl.FP32]");
}

TEST_F(PrinterTest, TensorViews) {
  TensorView v;
  v.valid_shape = ctx_.IndexList({32, 128});
  EXPECT_EQ(PrintType(ctx_.GetTensorType(DataType::kFP32, ctx_.IndexList({64, 128}), v)),
            "pl.Tensor[[64, 128], pl.FP32, pl.TensorView(valid_shape=[32, 128], stride=[], "
            "layout=pl.TensorLayout.ND)]");
  TensorView dn;
  dn.layout = TensorLayout::kDN;
  dn.stride = ctx_.IndexList({1, 64});
  dn.pad = PadValue::kZero;
  EXPECT_EQ(PrintType(ctx_.GetTensorType(DataType::kFP16, ctx_.IndexList({64, 128}), dn)),
            "pl.Tensor[[64, 128], pl.FP16, pl.TensorView(stride=[1, 64], "
            "layout=pl.TensorLayout.DN, pad=pl.PadValue.zero)]");
}

TEST_F(PrinterTest, TileViewsPrintOnlyNonImplicitFields) {
  TileView nz;
  nz.blayout = TileLayout::kColMajor;
  nz.slayout = TileLayout::kRowMajor;
  // NZ is Mat's implicit view: nothing prints.
  EXPECT_EQ(PrintType(ctx_.GetTileType(DataType::kFP16, ctx_.IndexList({16, 16}), MemorySpace::kMat,
                                       &nz)),
            "pl.Tile[[16, 16], pl.FP16, pl.Mem.Mat]");
  EXPECT_EQ(PrintType(ctx_.GetTileType(DataType::kFP16, ctx_.IndexList({16, 16}), MemorySpace::kVec,
                                       &nz)),
            "pl.Tile[[16, 16], pl.FP16, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, "
            "slayout=pl.TileLayout.row_major)]");
  // A [16, 1] column is col_major by default; row_major must be spelled out.
  TileView row;
  EXPECT_EQ(PrintType(ctx_.GetTileType(DataType::kFP32, ctx_.IndexList({16, 1}), MemorySpace::kVec,
                                       &row)),
            "pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.row_major)]");
  TileView all;
  all.valid_shape = ctx_.IndexList({8, 16});
  all.stride = ctx_.IndexList({32, 1});
  all.start_offset = ctx_.Index(4);
  all.fractal = 1024;
  all.pad = PadValue::kMax;
  all.compact = CompactMode::kNormal;
  EXPECT_EQ(PrintType(ctx_.GetTileType(DataType::kFP32, ctx_.IndexList({16, 16}), MemorySpace::kVec,
                                       &all)),
            "pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 16], "
            "stride=[32, 1], start_offset=4, fractal=1024, pad=pl.PadValue.max, "
            "compact=pl.CompactMode.normal)]");
}

TEST_F(PrinterTest, CompositeDimsPrintTypedLeaves) {
  const Var* n = ctx_.NewVar("N", Scalar(DataType::kIndex));
  const Expr* dims[] = {ctx_.NewBinary(BinaryOp::kMul, ctx_.Index(2), n, DataType::kIndex),
                        ctx_.Index(16)};
  EXPECT_EQ(PrintType(ctx_.GetTensorType(DataType::kFP32, dims)),
            "pl.Tensor[[pl.const(2, pl.INDEX) * N, 16], pl.FP32]");
}

TEST_F(PrinterTest, IntegerAndFloatConstants) {
  EXPECT_EQ(PrintExpr(ctx_.Index(7)), "7");
  EXPECT_EQ(PrintExpr(ctx_.Index(-7)), "-7");
  EXPECT_EQ(PrintExpr(ctx_.Int(7, DataType::kInt32)), "pl.const(7, pl.INT32)");
  EXPECT_EQ(PrintExpr(ctx_.Int(7, DataType::kInt64)), "pl.const(7, pl.INT64)");
  EXPECT_EQ(PrintExpr(ctx_.Float(1.0)), "1.0");
  EXPECT_EQ(PrintExpr(ctx_.Float(-2.0)), "-2.0");
  EXPECT_EQ(PrintExpr(ctx_.Float(0.1)), "0.10000000000000001");
  EXPECT_EQ(PrintExpr(ctx_.Float(1.0 / 3.14159265358979323846)), "0.31830988618379069");
  EXPECT_EQ(PrintExpr(ctx_.Float(3.140625)), "3.140625");
  EXPECT_EQ(PrintExpr(ctx_.Float(1e16)), "10000000000000000.0");
  EXPECT_EQ(PrintExpr(ctx_.Float(1e17)), "1e+17");
  EXPECT_EQ(PrintExpr(ctx_.Float(1.5e-7)), "1.4999999999999999e-07");
  EXPECT_EQ(PrintExpr(ctx_.Float(0.5, DataType::kFP16)), "pl.const(0.5, pl.FP16)");
  EXPECT_EQ(PrintExpr(ctx_.Float(2.0, DataType::kBF16)), "pl.const(2.0, pl.BF16)");
  EXPECT_EQ(PrintExpr(ctx_.Bool(true)), "True");
  EXPECT_EQ(PrintExpr(ctx_.Bool(false)), "False");
}

class ScalarPrinterTest : public PrinterTest {
 protected:
  const Expr* B(BinaryOp op, const Expr* l, const Expr* r, DataType t = DataType::kIndex) {
    return ctx_.NewBinary(op, l, r, t);
  }
  const Expr* U(UnaryOp op, const Expr* e, DataType t = DataType::kIndex) {
    return ctx_.NewUnary(op, e, t);
  }
  const Var* a_ = ctx_.NewVar("a", ctx_.GetScalarType(DataType::kIndex));
  const Var* b_ = ctx_.NewVar("b", ctx_.GetScalarType(DataType::kIndex));
  const Var* c_ = ctx_.NewVar("c", ctx_.GetScalarType(DataType::kIndex));
  const Var* p_ = ctx_.NewVar("p", ctx_.GetScalarType(DataType::kBool));
  const Var* q_ = ctx_.NewVar("q", ctx_.GetScalarType(DataType::kBool));
};

TEST_F(ScalarPrinterTest, MinimalParentheses) {
  using O = BinaryOp;
  EXPECT_EQ(PrintExpr(B(O::kMul, B(O::kAdd, a_, b_), c_)), "(a + b) * c");
  EXPECT_EQ(PrintExpr(B(O::kAdd, a_, B(O::kMul, b_, c_))), "a + b * c");
  EXPECT_EQ(PrintExpr(B(O::kSub, B(O::kSub, a_, b_), c_)), "a - b - c");
  EXPECT_EQ(PrintExpr(B(O::kSub, a_, B(O::kSub, b_, c_))), "a - (b - c)");
  EXPECT_EQ(PrintExpr(B(O::kSub, a_, B(O::kAdd, b_, c_))), "a - (b + c)");
  EXPECT_EQ(PrintExpr(B(O::kPow, a_, B(O::kPow, b_, c_))), "a ** b ** c");
  EXPECT_EQ(PrintExpr(B(O::kPow, B(O::kPow, a_, b_), c_)), "(a ** b) ** c");
  EXPECT_EQ(PrintExpr(B(O::kFloorDiv, a_, B(O::kFloorMod, b_, c_))), "a // (b % c)");
  EXPECT_EQ(PrintExpr(B(O::kFloatDiv, a_, b_)), "a / b");
  EXPECT_EQ(PrintExpr(B(O::kShl, B(O::kAdd, a_, b_), c_)), "a + b << c");
  EXPECT_EQ(PrintExpr(B(O::kBitAnd, B(O::kBitOr, a_, b_), B(O::kBitXor, b_, c_))),
            "(a | b) & (b ^ c)");
  EXPECT_EQ(PrintExpr(B(O::kShr, a_, b_)), "a >> b");
}

TEST_F(ScalarPrinterTest, UnaryAndFunctionForms) {
  using O = BinaryOp;
  EXPECT_EQ(PrintExpr(U(UnaryOp::kNeg, B(O::kPow, a_, b_))), "-a ** b");
  EXPECT_EQ(PrintExpr(B(O::kPow, U(UnaryOp::kNeg, a_), b_)), "(-a) ** b");
  EXPECT_EQ(PrintExpr(B(O::kPow, ctx_.Index(-2), b_)), "(-2) ** b");
  EXPECT_EQ(PrintExpr(B(O::kPow, b_, U(UnaryOp::kNeg, a_))), "b ** (-a)");
  EXPECT_EQ(PrintExpr(U(UnaryOp::kNeg, B(O::kAdd, a_, b_))), "-(a + b)");
  EXPECT_EQ(PrintExpr(B(O::kMul, a_, U(UnaryOp::kNeg, b_))), "a * -b");
  EXPECT_EQ(PrintExpr(U(UnaryOp::kBitNot, a_)), "~a");
  EXPECT_EQ(PrintExpr(U(UnaryOp::kAbs, B(O::kSub, a_, b_))), "abs(a - b)");
  EXPECT_EQ(PrintExpr(B(O::kMin, a_, B(O::kAdd, b_, c_))), "pl.min(a, b + c)");
  EXPECT_EQ(PrintExpr(B(O::kMax, a_, b_)), "pl.max(a, b)");
  EXPECT_EQ(PrintExpr(B(O::kMul, U(UnaryOp::kCast, a_, DataType::kInt32), ctx_.Index(2),
                        DataType::kInt32)),
            "pl.cast(a, pl.INT32) * 2");
}

TEST_F(ScalarPrinterTest, LogicAndComparisons) {
  using O = BinaryOp;
  DataType kB = DataType::kBool;
  EXPECT_EQ(PrintExpr(B(O::kLt, B(O::kAdd, a_, b_), c_, kB)), "a + b < c");
  EXPECT_EQ(PrintExpr(B(O::kAnd, B(O::kLt, a_, b_, kB), B(O::kNe, b_, c_, kB), kB)),
            "a < b and b != c");
  EXPECT_EQ(PrintExpr(B(O::kOr, p_, B(O::kAnd, q_, p_, kB), kB)), "p or q and p");
  EXPECT_EQ(PrintExpr(B(O::kAnd, B(O::kOr, p_, q_, kB), p_, kB)), "(p or q) and p");
  EXPECT_EQ(PrintExpr(B(O::kXor, p_, q_, kB)), "p xor q");
  EXPECT_EQ(PrintExpr(U(UnaryOp::kNot, B(O::kEq, a_, b_, kB), kB)), "not a == b");
  EXPECT_EQ(PrintExpr(U(UnaryOp::kNot, B(O::kAnd, p_, q_, kB), kB)), "not (p and q)");
  EXPECT_EQ(PrintExpr(B(O::kEq, U(UnaryOp::kNot, p_, kB), q_, kB)), "(not p) == q");
  // Comparisons never chain: Python would read `a < b < c` as a conjunction.
  EXPECT_EQ(PrintExpr(B(O::kEq, B(O::kLt, a_, b_, kB), p_, kB)), "(a < b) == p");
  EXPECT_EQ(PrintExpr(B(O::kGe, a_, b_, kB)), "a >= b");
  EXPECT_EQ(PrintExpr(B(O::kLe, a_, b_, kB)), "a <= b");
  EXPECT_EQ(PrintExpr(B(O::kGt, a_, b_, kB)), "a > b");
}

TEST_F(ScalarPrinterTest, PureConstantTreesPrintTypedLeaves) {
  using O = BinaryOp;
  EXPECT_EQ(PrintExpr(B(O::kAdd, ctx_.Index(32), ctx_.Index(32))),
            "pl.const(32, pl.INDEX) + pl.const(32, pl.INDEX)");
  EXPECT_EQ(PrintExpr(B(O::kAdd, B(O::kMul, ctx_.Index(2), ctx_.Index(3)), a_)),
            "pl.const(2, pl.INDEX) * pl.const(3, pl.INDEX) + a");
}

TEST_F(PrinterTest, CallsKwargsAndKeywordArgs) {
  const Var* x = ctx_.NewVar("x", Tile({16, 16}, DataType::kFP32));
  EXPECT_EQ(PrintExpr(Op("tile.full", {List({16, 16}), ctx_.Float(0.0)},
                         {{"dtype", AttrValue::DType(DataType::kFP32)}})),
            "pl.tile.full([16, 16], dtype=pl.FP32, value=0.0)");
  EXPECT_EQ(PrintExpr(Op("tile.and", {x, x})), "pl.tile.and_(x, x)");
  EXPECT_EQ(PrintExpr(Op("pld.system.notify", {x, ctx_.Int(1, DataType::kInt32)},
                         {{"op", AttrValue::Int(1)}})),
            "pld.system.notify(x, pl.const(1, pl.INT32), op=1)");
  EXPECT_EQ(PrintExpr(Op("tile.cast", {x},
                         {{"target_type", AttrValue::DType(DataType::kBF16)},
                          {"mode", AttrValue::Enum(RoundMode::kRint)},
                          {"saturation_mode", AttrValue::Enum(SaturationMode::kOn)}})),
            "pl.tile.cast(x, target_type=pl.BF16, mode='rint', saturation_mode='on')");
  EXPECT_EQ(PrintExpr(Op("test.kinds", {x},
                         {{"b", AttrValue::Bool(true)},
                          {"i", AttrValue::Int(-3)},
                          {"f", AttrValue::Float(2.0)},
                          {"s", AttrValue::String("it's")},
                          {"dt", AttrValue::DType(DataType::kFP8E4M3FN)},
                          {"mem", AttrValue::Enum(MemorySpace::kLeftScale)},
                          {"tl", AttrValue::Enum(TileLayout::kNoneBox)},
                          {"tnl", AttrValue::Enum(TensorLayout::kMxAZZ)},
                          {"pad", AttrValue::Enum(PadValue::kMin)},
                          {"atomic", AttrValue::Enum(AtomicType::kNone)},
                          {"mode", AttrValue::Enum(RoundMode::kTrunc)},
                          {"sat", AttrValue::Enum(SaturationMode::kOff)}})),
            "pl.test.kinds(x, b=True, i=-3, f=2.0, s='it\\'s', dt=pl.FP8E4M3FN, "
            "mem=pl.Mem.LeftScale, tl=pl.TileLayout.none_box, tnl=pl.TensorLayout.MX_A_ZZ, "
            "pad=pl.PadValue.min, atomic=pl.AtomicType.None_, mode='trunc', sat='off')");
  const Call* pair = Op("tile.pair", {x});
  EXPECT_EQ(PrintExpr(ctx_.NewTupleGetItem(pair, 1)), "pl.tile.pair(x)[1]");
}

TEST_F(PrinterTest, StatementsAndComments) {
  const Var* x = ctx_.NewVar("x", Tile({16, 16}, DataType::kFP32));
  const Var* s = ctx_.NewVar("s", Scalar(DataType::kIndex));
  absl::string_view notes[] = {"first note", ""};
  const Stmt* body[] = {
      ctx_.NewAssign(s, ctx_.Index(3), {}, notes),
      ctx_.NewEval(Op("pld.system.notify", {x, s}, {{"op", AttrValue::Int(0)}})),
      ctx_.NewReturn({x, s}),
  };
  EXPECT_EQ(Body(std::vector<const Stmt*>(std::begin(body), std::end(body)), {x}),
            "        # first note\n"
            "        # \n"
            "        s: pl.Scalar[pl.INDEX] = 3\n"
            "        pld.system.notify(x, s, op=0)\n"
            "        return x, s");
}

TEST_F(PrinterTest, ForLoopForms) {
  const Var* i = ctx_.NewVar("i", Scalar(DataType::kIndex));
  const Var* n = ctx_.NewVar("n", Scalar(DataType::kIndex));
  auto loop = [&](const Expr* start, const Expr* stop, const Expr* step, ForKind kind,
                  int stage = 0) {
    return ctx_.NewFor(i, start, stop, step, {}, ctx_.NewSeq({}), {}, kind, stage);
  };
  EXPECT_EQ(Body({loop(ctx_.Index(0), n, ctx_.Index(1), ForKind::kSequential)}, {n}),
            "        for i in pl.range(n):\n            pass");
  EXPECT_EQ(Body({loop(ctx_.Index(2), n, ctx_.Index(1), ForKind::kParallel)}, {n}),
            "        for i in pl.parallel(2, n):\n            pass");
  EXPECT_EQ(Body({loop(ctx_.Index(0), n, ctx_.Index(2), ForKind::kUnroll)}, {n}),
            "        for i in pl.unroll(0, n, 2):\n            pass");
  EXPECT_EQ(Body({loop(ctx_.Index(0), ctx_.Index(8), ctx_.Index(1), ForKind::kPipeline, 2)}),
            "        for i in pl.pipeline(8, stage=2):\n            pass");
  // Non-INDEX bounds are never elided.
  EXPECT_EQ(
      Body({loop(ctx_.Int(0, DataType::kInt64), n, ctx_.Index(1), ForKind::kSequential)}, {n}),
      "        for i in pl.range(pl.const(0, pl.INT64), n):\n            pass");
}

TEST_F(PrinterTest, LoopWithSeveralIterArgs) {
  const Var* a = ctx_.NewVar("a", Scalar(DataType::kIndex));
  const Var* b = ctx_.NewVar("b", Scalar(DataType::kIndex));
  const Var* i = ctx_.NewVar("i", Scalar(DataType::kIndex));
  const IterArg* x = ctx_.NewIterArg("x", a->type(), a);
  const IterArg* y = ctx_.NewIterArg("y", b->type(), b);
  const Var* x2 = ctx_.NewVar("x2", a->type());
  const Var* rx = ctx_.NewVar("rx", a->type());
  const Var* ry = ctx_.NewVar("ry", a->type());
  const ForStmt* loop = ctx_.NewFor(
      i, ctx_.Index(0), ctx_.Index(10), ctx_.Index(1), {x, y},
      ctx_.NewSeq({ctx_.NewAssign(x2, ctx_.NewBinary(BinaryOp::kAdd, x, i, DataType::kIndex)),
                   ctx_.NewYield({x2, y})}),
      {rx, ry});
  EXPECT_EQ(Body({loop, ctx_.NewReturn({rx, ry})}, {a, b}),
            "        for i, (x, y) in pl.range(10, init_values=(a, b)):\n"
            "            x2: pl.Scalar[pl.INDEX] = x + i\n"
            "            rx, ry = pl.yield_(x2, y)\n"
            "        return rx, ry");
}

TEST_F(PrinterTest, IfWithReturnVars) {
  const Var* a = ctx_.NewVar("a", Scalar(DataType::kIndex));
  const Var* r = ctx_.NewVar("r", a->type());
  const Expr* cond = ctx_.NewBinary(BinaryOp::kLt, a, ctx_.Index(4), DataType::kBool);
  const IfStmt* s = ctx_.NewIf(cond, ctx_.NewSeq({ctx_.NewYield({a})}),
                               ctx_.NewSeq({ctx_.NewYield({ctx_.Index(0)})}), {r});
  EXPECT_EQ(Body({s}, {a}),
            "        if a < 4:\n"
            "            r: pl.Scalar[pl.INDEX] = pl.yield_(a)\n"
            "        else:\n"
            "            r: pl.Scalar[pl.INDEX] = pl.yield_(0)");
  EXPECT_EQ(Body({s}, {a}, Concise()),
            "        if a < 4:\n"
            "            r = pl.yield_(a)\n"
            "        else:\n"
            "            r = pl.yield_(0)");
  const IfStmt* no_else = ctx_.NewIf(cond, ctx_.NewSeq({ctx_.NewReturn({})}), nullptr, {});
  EXPECT_EQ(Body({no_else}, {a}), "        if a < 4:\n            return");
}

TEST_F(PrinterTest, WhileForms) {
  const Var* a = ctx_.NewVar("a", Scalar(DataType::kIndex));
  const IterArg* x = ctx_.NewIterArg("x", a->type(), a);
  const Var* x2 = ctx_.NewVar("x2", a->type());
  const Var* r = ctx_.NewVar("r", a->type());
  const WhileStmt* w = ctx_.NewWhile(
      ctx_.NewBinary(BinaryOp::kLt, x, ctx_.Index(10), DataType::kBool), {x},
      ctx_.NewSeq(
          {ctx_.NewAssign(x2, ctx_.NewBinary(BinaryOp::kAdd, x, ctx_.Index(1), DataType::kIndex)),
           ctx_.NewYield({x2})}),
      {r});
  EXPECT_EQ(Body({w}, {a}),
            "        for (x,) in pl.while_(init_values=(a,)):\n"
            "            pl.cond(x < 10)\n"
            "            x2: pl.Scalar[pl.INDEX] = x + 1\n"
            "            r: pl.Scalar[pl.INDEX] = pl.yield_(x2)");
  const WhileStmt* plain = ctx_.NewWhile(
      ctx_.NewBinary(BinaryOp::kLt, a, ctx_.Index(10), DataType::kBool), {}, ctx_.NewSeq({}), {});
  EXPECT_EQ(Body({plain}, {a}), "        while a < 10:\n            pass");
}

TEST_F(PrinterTest, NamesAreUniquePerFunction) {
  const Var* x = ctx_.NewVar("x", Scalar(DataType::kIndex));
  const Var* x_again = ctx_.NewVar("x", Scalar(DataType::kIndex));
  const Var* x_third = ctx_.NewVar("x", Scalar(DataType::kIndex));
  const Var* x_1 = ctx_.NewVar("x_1", Scalar(DataType::kIndex));
  EXPECT_EQ(Body({ctx_.NewAssign(x_1, ctx_.Index(1)), ctx_.NewAssign(x_again, x),
                  ctx_.NewAssign(x_third, x_again), ctx_.NewReturn({x_third, x_1})},
                 {x}, Concise()),
            "        x_1 = 1\n"
            "        x_2 = x\n"
            "        x_3 = x_2\n"
            "        return x_3, x_1");
}

TEST_F(PrinterTest, FreeVarsAreMarked) {
  const Var* stray = ctx_.NewVar("stray", Scalar(DataType::kIndex));
  EXPECT_EQ(Body({ctx_.NewReturn({stray})}), "        return stray__FREE_VAR");
}

TEST_F(PrinterTest, FunctionDecoratorsAndSignatures) {
  const Var* a = ctx_.NewVar("a", Tensor({8}, DataType::kFP32));
  const Var* b = ctx_.NewVar("b", Tensor({8}, DataType::kFP32));
  const Var* c = ctx_.NewVar("c", Tensor({8}, DataType::kFP32));
  const Function* orch = Fn("main", {a, b, c}, {a->type(), b->type()}, {ctx_.NewReturn({a, b})},
                            FunctionType::kOrchestration,
                            {ParamDirection::kIn, ParamDirection::kOut, ParamDirection::kInOut});
  std::string text = Print({orch});
  EXPECT_THAT(text, HasSubstr("    @pl.function(type=pl.FunctionType.Orchestration, "
                              "level=pl.Level.CHIP, role=pl.Role.Orchestrator)\n"
                              "    def main(self, a: pl.Tensor[[8], pl.FP32], b: "
                              "pl.Out[pl.Tensor[[8], pl.FP32]], c: pl.InOut[pl.Tensor[[8], "
                              "pl.FP32]]) -> tuple[pl.Tensor[[8], pl.FP32], pl.Tensor[[8], "
                              "pl.FP32]]:\n"));
  const Var* d = ctx_.NewVar("d", Tensor({8}, DataType::kFP32));
  const Function* aiv = Fn("v", {d}, {}, {}, FunctionType::kAIV);
  EXPECT_THAT(Print({aiv}), HasSubstr("    @pl.function(type=pl.FunctionType.AIV, "
                                      "level=pl.Level.AIV, role=pl.Role.SubWorker)\n"
                                      "    def v(d: pl.Tensor[[8], pl.FP32]):\n"));
  const Function* bare = ctx_.NewFunction("g", {}, {}, {}, ctx_.NewSeq({}));
  EXPECT_THAT(Print({bare}), HasSubstr("    @pl.function\n    def g(self):\n        pass"));
  const Function* leveled =
      ctx_.NewFunction("h", {}, {}, {}, ctx_.NewSeq({}), FunctionType::kOpaque, Level::kHost);
  EXPECT_THAT(Print({leveled}), HasSubstr("    @pl.function(level=pl.Level.HOST)\n"));
}

TEST_F(PrinterTest, CalleesPrintFirst) {
  const Var* x = ctx_.NewVar("x", Scalar(DataType::kIndex));
  const Var* y = ctx_.NewVar("y", Scalar(DataType::kIndex));
  const Call* call =
      ctx_.NewFunctionCall(ctx_.GetGlobalVar("helper"), {x}, ctx_.GetScalarType(DataType::kIndex));
  const Function* main =
      Fn("main", {x}, {x->type()}, {ctx_.NewAssign(y, call), ctx_.NewReturn({y})});
  const Var* z = ctx_.NewVar("z", Scalar(DataType::kIndex));
  const Function* helper = Fn("helper", {z}, {z->type()}, {ctx_.NewReturn({z})});
  const Var* w = ctx_.NewVar("w", Scalar(DataType::kIndex));
  const Function* other = Fn("other", {w}, {}, {});
  std::string text = Print({main, other, helper});
  size_t h = text.find("def helper");
  size_t m = text.find("def main");
  size_t o = text.find("def other");
  EXPECT_LT(h, m);
  EXPECT_LT(m, o);
  EXPECT_THAT(text, HasSubstr("        y: pl.Scalar[pl.INDEX] = self.helper(x)\n"
                              "        return y\n"
                              "    @pl.function\n"
                              "    def other(self, w: pl.Scalar[pl.INDEX]):\n"
                              "        pass"));
}

TEST_F(PrinterTest, EmptyProgramStaysParseable) {
  EXPECT_EQ(PrintProgram(ctx_.NewProgram("", {})),
            "# pypto.program: Program\n"
            "import pypto.language as pl\n"
            "\n"
            "@pl.program\n"
            "class Program:\n"
            "    pass");
}

TEST_F(PrinterTest, PrintingIsLinearOnLongBodies) {
  // 50k chained statements print without super-linear work (a smoke test:
  // the budgeted checks above keep each statement O(1)).
  const Var* x = ctx_.NewVar("x", Tile({16, 16}, DataType::kFP32));
  std::vector<const Stmt*> body;
  const Var* prev = x;
  for (int i = 0; i < 50000; ++i) {
    const Call* c = Op("tile.adds", {prev, ctx_.Float(1.0)});
    const Var* v = ctx_.NewVar("t", c->type());
    body.push_back(ctx_.NewAssign(v, c));
    prev = v;
  }
  std::string text = Body(body, {x});
  EXPECT_THAT(text, HasSubstr("t_49999: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = "
                              "pl.tile.adds(t_49998, 1.0)"));
}

}  // namespace
}  // namespace pto::ir
