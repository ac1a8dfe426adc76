#include "ir/text/printer/printer.h"

#include <optional>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/text/testing/printer_test_fixture.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

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
}  // namespace
}  // namespace pto::ir
