// Op calls as users write them: unified pl.X dispatch (dsl/dsl_ops.h), Python
// argument binding, wrapper rules, INDEX restamping and the no-IR markers.

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/op_registry.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

// A one-function program; the body starts on line 6, column 9.
constexpr absl::string_view kPrefix =
    "import pypto.language as pl\n"
    "@pl.program\n"
    "class P:\n"
    "    @pl.function\n"
    "    def f(self, a: pl.Scalar[pl.INDEX], t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec], "
    "x: pl.Tensor[[16, 16], pl.FP32], n: pl.Tile[[16, 16], pl.INT32, pl.Mem.Vec], "
    "s: pl.Scalar[pl.FP32]):\n";

std::string Wrap(std::vector<std::string> lines) {
  std::string out(kPrefix);
  for (const std::string& l : lines) absl::StrAppend(&out, "        ", l, "\n");
  return out;
}

class DslCallsTest : public ::testing::Test {
 protected:
  std::string ErrorOf(std::vector<std::string> lines, const ParseOptions& options = {}) {
    absl::StatusOr<Program> p = ParseProgram(ctx_, Wrap(lines), "t.py", options);
    if (p.ok()) return "";
    return std::string(p.status().message());
  }
  // The printed values of the body's assignments.
  std::vector<std::string> Values(std::vector<std::string> lines,
                                  const ParseOptions& options = {}) {
    absl::StatusOr<Program> p = ParseProgram(ctx_, Wrap(lines), "t.py", options);
    EXPECT_TRUE(p.ok()) << p.status();
    std::vector<std::string> out;
    if (!p.ok()) return out;
    for (const Stmt* s : p->functions()[0]->body()->As<SeqStmts>()->stmts()) {
      if (const auto* a = s->As<AssignStmt>()) out.push_back(PrintExpr(a->value()));
    }
    return out;
  }
  // The number of statements of the body.
  size_t CountStmts(std::vector<std::string> lines) {
    absl::StatusOr<Program> p = ParseProgram(ctx_, Wrap(lines), "t.py");
    EXPECT_TRUE(p.ok()) << p.status();
    if (!p.ok()) return 0;
    const Stmt* body = p->functions()[0]->body();
    if (const auto* seq = body->As<SeqStmts>()) return seq->stmts().size();
    return 1;
  }
  Context ctx_;
};

TEST_F(DslCallsTest, DispatchesOnTheFirstOperandsType) {
  EXPECT_THAT(Values({
                  "b = pl.add(t, t)",
                  "c = pl.add(t, 1.5)",
                  "d = pl.add(x, x)",
                  "e = pl.add(x, 1.5)",
                  "g = pl.add(a, a)",
                  "h = pl.div(s, s)",
                  "i = pl.sin(t)",
                  "j = pl.maximum(t, 0.0)",
              }),
              ::testing::ElementsAre("pl.tile.add(t, t)", "pl.tile.adds(t, 1.5)",
                                     "pl.tensor.add(x, x)", "pl.tensor.adds(x, 1.5)", "a + a",
                                     "s / s", "pl.tile.sin(t)", "pl.tile.maximums(t, 0.0)"));
}

TEST_F(DslCallsTest, ReExportsBuildTheirOneOp) {
  EXPECT_THAT(
      Values({
          "b = pl.load(x, [0, 0], [16, 16])",
          "c = pl.load(x, [0, 0], [16, 16], valid_shape=[8, 16])",
          "d = pl.load(x, [0, 0], [16, 16], None, pl.Mem.Vec)",
          "e = pl.store(b, [0, 0], x)",
          "g = pl.create_tensor([16, 16], dtype=pl.FP16)",
          "h = pl.create_tile([16, 16], pl.FP32, pl.Mem.Vec)",
          "i = pl.full([4], pl.FP32, 0.0)",
      }),
      ::testing::ElementsAre(
          "pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)",
          "pl.tile.load(x, [0, 0], [16, 16], [8, 16], target_memory=pl.Mem.Vec)",
          "pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)",
          "pl.tile.store(b, [0, 0], x)",
          "pl.tensor.create([16, 16], dtype=pl.FP16, layout=pl.TensorLayout.ND)",
          "pl.tile.create([16, 16], dtype=pl.FP32, target_memory=pl.Mem.Vec)",
          "pl.tensor.full([4], dtype=pl.FP32, value=0.0)"));
}

TEST_F(DslCallsTest, BindsLikePython) {
  EXPECT_THAT(
      Values({
          "b = pl.cast(t, pl.BF16, 'rint')",
          "c = pl.tile.cast(t, pl.BF16, mode='floor')",
          "d = pl.tile.cast(tile=t, target_type=pl.FP16)",
          "e = pl.tile.adds(t, rhs=2.0)",
          "g = pl.tile.load(x, offsets=[0, 0], shapes=[16, 16])",
          "h = pl.tile.full([16, 16], pl.FP32, 1.0)",
          "i = pl.cast(a, pl.INT32)",
          "j = pl.tile.adds(t, s)",
      }),
      ::testing::ElementsAre("pl.tile.cast(t, target_type=pl.BF16, mode='rint')",
                             "pl.tile.cast(t, target_type=pl.BF16, mode='floor')",
                             "pl.tile.cast(t, target_type=pl.FP16, mode='round')",
                             "pl.tile.adds(t, 2.0)",
                             "pl.tile.load(x, [0, 0], [16, 16], [16, 16], "
                             "target_memory=pl.Mem.Vec)",
                             "pl.tile.full([16, 16], dtype=pl.FP32, value=1.0)",
                             "pl.cast(a, pl.INT32)", "pl.tile.adds(t, s)"));
}

TEST_F(DslCallsTest, RestampsIndexLiteralsPairedWithATileOrTensor) {
  EXPECT_THAT(Values({
                  "b = pl.mul(t, 2)",
                  "c = pl.add(n, 3)",
                  "d = pl.add(x, 1)",
                  "e = pl.add(t, pl.const(2, pl.FP32))",
                  "g = pl.maximums(n, 0)",
                  // The explicit spelling restamps as upstream's wrapper does,
                  // unless the constant is typed; an INDEX value is kept.
                  "h = pl.tile.adds(t, 1)",
                  "i = pl.tile.adds(t, a)",
                  "j = pl.tile.adds(t, pl.const(1, pl.INDEX))",
              }),
              ::testing::ElementsAre("pl.tile.muls(t, 2.0)",
                                     "pl.tile.adds(n, pl.const(3, pl.INT32))",
                                     "pl.tensor.adds(x, 1.0)", "pl.tile.adds(t, 2.0)",
                                     "pl.tile.maximums(n, pl.const(0, pl.INT32))",
                                     "pl.tile.adds(t, 1.0)", "pl.tile.adds(t, a)",
                                     "pl.tile.adds(t, pl.const(1, pl.INDEX))"));
}

TEST_F(DslCallsTest, MarkersAndCompileTimeCalls) {
  EXPECT_THAT(Values({"b = pl.FP16.get_byte()", "c = pl.tile.sin(pl.no_dep(t))"}),
              ::testing::ElementsAre("2", "pl.tile.sin(t)"));
  EXPECT_EQ(CountStmts({"pl.static_print(t)", "pl.static_assert(True, 'msg')", "b = a"}),
            1u);
}

struct Rejection {
  std::vector<std::string> body;
  std::string expected;
};

class DslRejectionTest : public DslCallsTest, public ::testing::WithParamInterface<Rejection> {};

TEST_P(DslRejectionTest, NamesTheOp) {
  EXPECT_THAT(ErrorOf(GetParam().body), HasSubstr(GetParam().expected));
}

const Rejection kRejections[] = {
    {{"b = pl.add(t, x)"}, "t.py:6:23: error: pl.add: cannot mix Tensor and Tile operands"},
    {{"b = pl.exp(a)"}, "t.py:6:20: error: pl.exp takes a Tensor or Tile, not pl.Scalar[pl.INDEX]"},
    {{"b = pl.div(s, s, high_precision=True)"},
     "t.py:6:26: error: pl.div: 'high_precision' is not supported for scalar operands"},
    {{"b = pl.add(t, a)"},
     "t.py:6:13: error: tile.adds: the scalar operand has dtype INDEX, which tile/tensor scalar "
     "ops do not accept; convert it, e.g. pl.cast(<value>, pl.INT32)"},
    {{"b = pl.maximums(n, a)"}, "tile.maximums: the scalar operand has dtype INDEX"},
    {{"b = pl.tile.adds(t, 1.0, 2.0)"},
     "t.py:6:34: error: tile.adds: takes 2 positional arguments but 3 were given"},
    {{"b = pl.tile.adds(t, 1.0, bogus=2.0)"},
     "t.py:6:34: error: tile.adds: unexpected argument 'bogus'"},
    {{"b = pl.tile.cast(t, pl.FP16, target_type=pl.BF16)"},
     "t.py:6:38: error: tile.cast: argument 'target_type' given twice"},
    {{"b = pl.tile.load(x, [0, 0], [16, 16], tensor=x)"},
     "t.py:6:47: error: tile.load: argument 'tensor' given twice"},
    {{"b = pl.tile.cast(t, target_type=t)"}, "expected a kwarg value"},
    {{"b = pl.tile.adds(pl.FP32, 1.0)"},
     "t.py:6:26: error: tile.adds: argument 'lhs' takes a value, not a dtype, enum or string"},
    {{"b = pl.load(x, [0, 0])"}, "t.py:6:13: error: tile.load: argument 'shapes' is missing"},
    {{"b = pl.add(t, x=1)"}, "t.py:6:23: error: tile.add: unexpected argument 'x'"},
    {{"b = pl.div(t, 2.0, high_precision=True)"},
     "t.py:6:28: error: tile.divs: unexpected argument 'high_precision' (tile.div takes it)"},
    {{"b = pl.add(t, y)"}, "t.py:6:23: error: undefined name 'y'"},
    {{"b = pl.cast(a, pl.INT32, 'floor')"},
     "pl.cast: Scalar inputs do not support a non-default mode"},
};

INSTANTIATE_TEST_SUITE_P(Table, DslRejectionTest, ::testing::ValuesIn(kRejections));

// Level-specific flags, on ops #20 is still registering: a private registry.
absl::StatusOr<const Type*> DeduceFirst(const DeduceContext& dc) { return dc.arg(0)->type(); }

class DslLevelFlagsTest : public DslCallsTest {
 protected:
  DslLevelFlagsTest() {
    ops_.Register("tile.row_max").Arg("tile").Arg("tmp_tile").Deduce(DeduceFirst);
    ops_.Register("tensor.row_max").Arg("tensor").Deduce(DeduceFirst);
    ops_.Register("tile.matmul").Arg("lhs").Arg("rhs").Deduce(DeduceFirst);
    ops_.Register("tensor.matmul")
        .Arg("lhs")
        .Arg("rhs")
        .OptionalKwarg("out_dtype", AttrKind::kDataType)
        .Kwarg("a_trans", AttrKind::kBool, AttrValue::Bool(false))
        .Deduce(DeduceFirst);
    options_.ops = &ops_;
  }
  OpRegistry ops_;
  ParseOptions options_;
};

TEST_F(DslLevelFlagsTest, TileDropsTensorFlagsAtTheirDefault) {
  EXPECT_THAT(Values({"b = pl.matmul(t, t, a_trans=False, out_dtype=None)",
                      "c = pl.matmul(x, x, a_trans=True)", "d = pl.row_max(t, t)",
                      "e = pl.row_max(x)"},
                     options_),
              ::testing::ElementsAre("pl.tile.matmul(t, t)",
                                     "pl.tensor.matmul(x, x, a_trans=True)",
                                     "pl.tile.row_max(t, t)", "pl.tensor.row_max(x)"));
}

TEST_F(DslLevelFlagsTest, RejectsAFlagOnTheWrongLevel) {
  EXPECT_THAT(ErrorOf({"b = pl.matmul(t, t, a_trans=True)"}, options_),
              HasSubstr("t.py:6:29: error: pl.matmul: 'a_trans' is only supported for tensors"));
  EXPECT_THAT(ErrorOf({"b = pl.row_max(t)"}, options_),
              HasSubstr("t.py:6:13: error: tile.row_max: argument 'tmp_tile' is missing"));
  EXPECT_THAT(ErrorOf({"b = pl.row_max(x, tmp_tile=x)"}, options_),
              HasSubstr("t.py:6:27: error: tensor.row_max: unexpected argument 'tmp_tile' "
                        "(tile.row_max takes it)"));
  EXPECT_THAT(ErrorOf({"b = pl.sin(t)"}, options_),
              HasSubstr("unknown op 'tile.sin' (what pl.sin builds for these operands)"));
}

TEST_F(DslLevelFlagsTest, TileMatmulTakesOnlyItsOwnOutDtype) {
  EXPECT_THAT(Values({"b = pl.matmul(t, t, pl.FP32)", "c = pl.matmul(t, t, out_dtype=pl.FP32)"},
                     options_),
              ::testing::ElementsAre("pl.tile.matmul(t, t)", "pl.tile.matmul(t, t)"));
  EXPECT_THAT(ErrorOf({"b = pl.matmul(t, t, out_dtype=pl.FP16)"}, options_),
              HasSubstr("t.py:6:13: error: pl.matmul: out_dtype=pl.FP16 differs from the dtype "
                        "tile.matmul produces"));
}

TEST_F(DslCallsTest, UnregisteredTableOpsAreOpaqueUnderTheFlag) {
  OpRegistry empty;  // so that tile.row_max stays unregistered once #20 lands
  ParseOptions options;
  options.ops = &empty;
  options.allow_unregistered_ops = true;
  EXPECT_THAT(Values({"b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.row_max(t, t)"}, options),
              ::testing::ElementsAre("pl.tile.row_max(t, t)"));
  EXPECT_THAT(ErrorOf({"b = pl.row_max(t, t)"}, options),
              HasSubstr("unknown op 'tile.row_max' (what pl.row_max builds"));
}

TEST(DslReadWriteTest, ABareIndexIsTheOneElementIndexList) {
  // Upstream's read/write wrappers wrap a single index for a flat 1-D access.
  Context ctx;
  absl::StatusOr<Program> p = ParseProgram(
      ctx,
      "import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function\n"
      "    def f(self, v: pl.Tensor[[64], pl.INT32], i: pl.Scalar[pl.INDEX]):\n"
      "        a = pl.read(v, i + 1)\n"
      "        pl.tensor.write(v, 2, a)\n"
      "        return\n",
      "t.py");
  ASSERT_TRUE(p.ok()) << p.status();
  const auto& body = p->functions()[0]->body()->As<SeqStmts>()->stmts();
  EXPECT_EQ(PrintExpr(body[0]->As<AssignStmt>()->value()), "pl.tensor.read(v, [i + 1])");
  EXPECT_EQ(PrintExpr(body[1]->As<EvalStmt>()->expr()), "pl.tensor.write(v, [2], a)");
}

}  // namespace
}  // namespace pto::ir
