// Round trip of the text form.
//
// Table 1: printed programs that must re-print byte for byte
// (print(parse(T)) == T). Table 2: programs built with Context + MakeCall;
// parse(print(P)) must re-print identically and be structurally equal to P.

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/analysis/structural_equal.h"
#include "ir/context.h"
#include <cmath>
#include <limits>

#include "ir/ops/builtin.h"
#include "ir/ops/type_inference.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"
#include "ir/text/dsl/scalar_builder.h"
#include "ir/text/testing/roundtrip.h"

namespace pto::ir {
namespace {

struct RoundTripCase {
  const char* name;
  const char* text;
  bool concise = false;
};

// --- Table 1 ---------------------------------------------------------------------

constexpr RoundTripCase kCases[] = {
    {"ExampleA",
     R"pto(# pypto.program: Program
import pypto.language as pl

@pl.program
class Program:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tensor[[16, 16], pl.INT32], out: pl.Out[pl.Tensor[[16, 16], pl.FP16]]) -> pl.Tensor[[16, 16], pl.FP16]:
        t: pl.Tile[[16, 16], pl.INT32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        c: pl.Tile[[16, 16], pl.FP16, pl.Mem.Vec] = pl.tile.cast(t, target_type=pl.FP16, mode='round')
        r: pl.Tensor[[16, 16], pl.FP16] = pl.tile.store(c, [0, 0], out)
        return r)pto"},
    {"ExampleALegalized",
     R"pto(# pypto.program: Program
import pypto.language as pl

@pl.program
class Program:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tensor[[16, 16], pl.INT32], out: pl.Out[pl.Tensor[[16, 16], pl.FP16]]) -> pl.Tensor[[16, 16], pl.FP16]:
        t: pl.Tile[[16, 16], pl.INT32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        c__cast_fp32_tmp_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.cast(t, target_type=pl.FP32, mode='round')
        c: pl.Tile[[16, 16], pl.FP16, pl.Mem.Vec] = pl.tile.cast(c__cast_fp32_tmp_v0, target_type=pl.FP16, mode='round')
        r: pl.Tensor[[16, 16], pl.FP16] = pl.tile.store(c, [0, 0], out)
        return r)pto"},
    {"ExampleB",
     R"pto(# pypto.program: Program
import pypto.language as pl

@pl.program
class Program:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tile[[16, 32], pl.UINT8, pl.Mem.Vec, pl.TileView(valid_shape=[16, 2])]:
        a0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        for i, (acc,) in pl.range(4, init_values=(a0,)):
            nxt: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.adds(acc, 1.0)
            acc_out: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.yield_(nxt)
        y: pl.Tile[[16, 32], pl.UINT8, pl.Mem.Vec, pl.TileView(valid_shape=[16, 2])] = pl.tile.cmps(acc_out, 0.0, cmp_type=4)
        return y)pto"},
    {"ExampleCConcise",
     R"pto(# pypto.program: Program
import pypto.language as pl

@pl.program
class Program:
    @pl.function
    def f(self, k_f: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec], h: pl.Tile[[16, 16], pl.FP16, pl.Mem.Vec], n: pl.Scalar[pl.INT32]) -> pl.Scalar[pl.INDEX]:
        t1 = pl.tile.muls(k_f, 3.140625)
        t2 = pl.tile.muls(h, pl.const(0.5, pl.FP16))
        m = pl.cast(n, pl.INDEX) * 2
        return m)pto",
     /*concise=*/true},
    {"LoopKindsAndBounds",
     R"pto(# pypto.program: Loops
import pypto.language as pl

@pl.program
class Loops:
    @pl.function
    def f(self, n: pl.Scalar[pl.INDEX], a: pl.Scalar[pl.INDEX], b: pl.Scalar[pl.INDEX]) -> tuple[pl.Scalar[pl.INDEX], pl.Scalar[pl.INDEX]]:
        for i, (x, y) in pl.range(2, n, 3, init_values=(a, b)):
            x2: pl.Scalar[pl.INDEX] = x + i
            y2: pl.Scalar[pl.INDEX] = y * 2 - x2 // 3
            rx, ry = pl.yield_(x2, y2)
        for j in pl.parallel(n):
            pass
        for k in pl.unroll(0, 8, 2):
            pass
        for s, (acc,) in pl.pipeline(16, stage=2, init_values=(rx,)):
            acc2: pl.Scalar[pl.INDEX] = acc + s
            racc: pl.Scalar[pl.INDEX] = pl.yield_(acc2)
        for t in pl.range(pl.const(0, pl.INT64), pl.const(10, pl.INT64)):
            pass
        return racc, ry)pto"},
    {"IfWithReturnVars",
     R"pto(# pypto.program: Program
import pypto.language as pl

@pl.program
class Program:
    @pl.function
    def f(self, a: pl.Scalar[pl.INDEX], t: pl.Tile[[8, 8], pl.FP32, pl.Mem.Vec]) -> pl.Tile[[8, 8], pl.FP32, pl.Mem.Vec]:
        if a < 4 and a != 0:
            u: pl.Tile[[8, 8], pl.FP32, pl.Mem.Vec] = pl.tile.adds(t, 1.0)
            r: pl.Tile[[8, 8], pl.FP32, pl.Mem.Vec] = pl.yield_(u)
        else:
            r: pl.Tile[[8, 8], pl.FP32, pl.Mem.Vec] = pl.yield_(t)
        if a >= 10:
            v, w = pl.yield_(a, r)
        else:
            v, w = pl.yield_(0, t)
        if not a == 3:
            return w
        return r)pto"},
    {"WhileForms",
     R"pto(# pypto.program: Program
import pypto.language as pl

@pl.program
class Program:
    @pl.function
    def f(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        for (x,) in pl.while_(init_values=(a,)):
            pl.cond(x < 10)
            x2: pl.Scalar[pl.INDEX] = x + 1
            r: pl.Scalar[pl.INDEX] = pl.yield_(x2)
        for (p, q) in pl.while_(init_values=(r, 0)):
            pl.cond(p > q)
            p2: pl.Scalar[pl.INDEX] = p - 1
            rp, rq = pl.yield_(p2, q)
        while rp < 0:
            pass
        return rq)pto"},
    {"DynamicDims",
     R"pto(# pypto.program: Dyn
import pypto.language as pl

M = pl.dynamic("M")
N = pl.dynamic("N")

@pl.program
class Dyn:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tensor[[N, M], pl.FP32], y: pl.Tensor[[pl.const(2, pl.INDEX) * N], pl.FP16]) -> pl.Tensor[[N, M], pl.FP32]:
        for i in pl.range(N):
            t: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [i, 0], [1, 16], [1, 16], target_memory=pl.Mem.Vec)
        return x)pto"},
    {"TuplesAndTypes",
     R"pto(# pypto.program: Program
import pypto.language as pl

@pl.program
class Program:
    @pl.function
    def f(self, p: pl.Tuple[pl.Scalar[pl.INT32], pl.Tile[[8], pl.FP16, pl.Mem.Vec]], e: pl.Tuple[()], u: pl.UnknownType, d: pld.DistributedTensor[[4, 64], pl.FP32], c: pld.CommCtxType, m: pl.Tile[[16, 16], pl.FP16, pl.Mem.Mat], w: pl.Tile[[16, 1], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.row_major, pad=pl.PadValue.zero)], v: pl.Tensor[[64, 128], pl.FP32, pl.TensorView(valid_shape=[32, 128], stride=[], layout=pl.TensorLayout.ND)], z: pl.Tile[[16, 16], pl.FP32]) -> pl.Scalar[pl.INT32]:
        s: pl.Scalar[pl.INT32] = p[0]
        q: pl.Tuple[pl.Scalar[pl.INT32], pl.Scalar[pl.INDEX]] = [s, 3]
        r: pl.Scalar[pl.INDEX] = q[1]
        return s)pto"},
    {"CommentsSurvive",
     R"pto(# pypto.program: Program
import pypto.language as pl

@pl.program
class Program:
    @pl.function
    def f(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        # leading comment
        # second line
        b: pl.Scalar[pl.INDEX] = a + 1
        for i, (c,) in pl.range(4, init_values=(b,)):
            # inside the loop
            d: pl.Scalar[pl.INDEX] = c + i
            # before the yield
            e: pl.Scalar[pl.INDEX] = pl.yield_(d)
        # before return
        return e)pto"},
    {"MultipleFunctionsWithCalls",
     R"pto(# pypto.program: Program
import pypto.language as pl

@pl.program
class Program:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel(x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        u: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.add(t, t)
        r: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(u, [0, 0], out)
        return r
    @pl.function
    def pair(self, a: pl.Scalar[pl.INDEX]) -> tuple[pl.Scalar[pl.INDEX], pl.Scalar[pl.INDEX]]:
        return a, a
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.InOut[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        y: pl.Tensor[[16, 16], pl.FP32] = self.kernel(x, out)
        p: pl.Tuple[pl.Scalar[pl.INDEX], pl.Scalar[pl.INDEX]] = self.pair(3)
        q: pl.Scalar[pl.INDEX] = p[1]
        return y)pto"},
    {"ScalarExpressions",
     R"pto(# pypto.program: Program
import pypto.language as pl

@pl.program
class Program:
    @pl.function
    def f(self, a: pl.Scalar[pl.INDEX], b: pl.Scalar[pl.INT32], c: pl.Scalar[pl.FP32], d: pl.Scalar[pl.BOOL]) -> pl.Scalar[pl.INDEX]:
        e1: pl.Scalar[pl.INDEX] = (a + 1) * (a - 2) // 3 % 4
        e2: pl.Scalar[pl.INT32] = pl.min(b, pl.const(7, pl.INT32)) + pl.max(b, pl.const(-1, pl.INT32))
        e3: pl.Scalar[pl.INDEX] = pl.cast(b, pl.INDEX) * 2 + -a
        e4: pl.Scalar[pl.FP32] = abs(c) / 2.0 - c ** 2.0
        e5: pl.Scalar[pl.BOOL] = a < 4 and (d or not e1 == 0)
        e6: pl.Scalar[pl.INDEX] = (a & 3 | e1 ^ 5) << 1 >> 2
        e7: pl.Scalar[pl.INDEX] = ~a
        e8: pl.Scalar[pl.BOOL] = d xor e5
        e9: pl.Scalar[pl.INDEX] = (-2) ** a
        e10: pl.Scalar[pl.INDEX] = pl.const(32, pl.INDEX) + pl.const(32, pl.INDEX)
        e11: pl.Scalar[pl.FP16] = pl.cast(c, pl.FP16)
        e12: pl.Scalar[pl.BOOL] = True
        e13: pl.Scalar[pl.FP32] = 0.10000000000000001
        e14: pl.Scalar[pl.FP32] = 1e+17
        return e3)pto"},
    {"KwargKindsAndKeywordArgs",
     R"pto(# pypto.program: Program
import pypto.language as pl

@pl.program
class Program:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tensor[[16, 16], pl.FP32], out: pl.InOut[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        f: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 16], dtype=pl.FP32, value=0.0)
        c: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 16], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        h: pl.Tile[[16, 16], pl.FP16, pl.Mem.Vec] = pl.tile.cast(f, target_type=pl.FP16, mode='rint')
        g: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.cast(h, target_type=pl.FP32, mode='round')
        r: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(c, [0, 0], out, atomic=pl.AtomicType.Add)
        return r)pto"},
    {"DuplicateNamesAreUniqued",
     R"pto(# pypto.program: Program
import pypto.language as pl

@pl.program
class Program:
    @pl.function
    def f(self, x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        for i, (x_1,) in pl.range(4, init_values=(x,)):
            x_2: pl.Scalar[pl.INDEX] = x_1 + i
            x_3: pl.Scalar[pl.INDEX] = pl.yield_(x_2)
        for i_1, (x_4,) in pl.range(4, init_values=(x_3,)):
            x_5: pl.Scalar[pl.INDEX] = x_4 + i_1
            x_6: pl.Scalar[pl.INDEX] = pl.yield_(x_5)
        return x_6)pto"},
    {"EmptyBodies",
     R"pto(# pypto.program: Program
import pypto.language as pl

@pl.program
class Program:
    @pl.function(type=pl.FunctionType.Group, level=pl.Level.CORE_GROUP, role=pl.Role.SubWorker)
    def g(a: pl.Scalar[pl.INDEX]):
        if a == 0:
            pass
        else:
            pass
        return
    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def h(self):
        pass
    @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker)
    def v():
        pass)pto"},
};

class RoundTripTest : public ::testing::TestWithParam<RoundTripCase> {};

TEST_P(RoundTripTest, PrintOfParseIsIdentity) {
  const RoundTripCase& c = GetParam();
  Context ctx;
  absl::StatusOr<Program> p = ParseProgram(ctx, c.text, "case.py");
  ASSERT_TRUE(p.ok()) << p.status();
  PrintOptions options;
  options.concise = c.concise;
  std::string printed = PrintProgram(*p, options);
  EXPECT_EQ(printed, c.text);
  // And the reparse is structurally the same program.
  Context ctx2;
  absl::StatusOr<Program> again = ParseProgram(ctx2, printed, "again.py");
  ASSERT_TRUE(again.ok()) << again.status();
  absl::Status eq = CheckStructuralEqual(*p, *again);
  EXPECT_TRUE(eq.ok()) << eq;
}

INSTANTIATE_TEST_SUITE_P(Table, RoundTripTest, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<RoundTripCase>& info) {
                           return std::string(info.param.name);
                         });

// --- Table 2: programs built with MakeCall ---------------------------------------

class BuiltRoundTripTest : public ::testing::Test {
 protected:
  const Call* Op(absl::string_view name, std::vector<const Expr*> args,
                 std::vector<NamedAttr> kwargs = {}) {
    absl::StatusOr<const Call*> c = MakeCall(ctx_, name, args, kwargs);
    EXPECT_TRUE(c.ok()) << c.status();
    return c.ok() ? *c : nullptr;
  }
  const MakeTuple* List(std::vector<int64_t> values) {
    return ctx_.NewMakeTuple(ctx_.IndexList(values));
  }
  // print -> parse -> print is stable and the reparse equals `p`.
  void ExpectRoundTrip(const Program& p) { ExpectPrintIsFixedPoint(p); }
  Context ctx_;
};

TEST_F(BuiltRoundTripTest, CastChainWithDuplicateNames) {
  const TensorType* in = ctx_.GetTensorType(DataType::kInt32, ctx_.IndexList({16, 16}));
  const TensorType* out_t = ctx_.GetTensorType(DataType::kFP16, ctx_.IndexList({16, 16}));
  const Var* x = ctx_.NewVar("x", in);
  const Var* out = ctx_.NewVar("out", out_t);
  const Call* load = Op("tile.load", {x, List({0, 0}), List({16, 16}), List({16, 16})},
                        {{"target_memory", AttrValue::Enum(MemorySpace::kVec)}});
  const Var* t = ctx_.NewVar("t", load->type());
  const Call* c1 = Op("tile.cast", {t}, {{"target_type", AttrValue::DType(DataType::kFP32)}});
  const Var* a = ctx_.NewVar("c", c1->type());
  const Call* c2 = Op("tile.cast", {a},
                      {{"target_type", AttrValue::DType(DataType::kFP16)},
                       {"mode", AttrValue::Enum(RoundMode::kFloor)}});
  const Var* b = ctx_.NewVar("c", c2->type());  // same name, distinct Var
  const Call* store = Op("tile.store", {b, List({0, 0}), out});
  const Var* r = ctx_.NewVar("r", store->type());
  absl::string_view note[] = {"narrow to fp16"};
  const Stmt* body[] = {ctx_.NewAssign(t, load), ctx_.NewAssign(a, c1),
                        ctx_.NewAssign(b, c2, {}, note), ctx_.NewAssign(r, store),
                        ctx_.NewReturn({r})};
  ParamDirection dirs[] = {ParamDirection::kIn, ParamDirection::kOut};
  const Var* params[] = {x, out};
  const Type* rets[] = {out_t};
  const Function* k =
      ctx_.NewFunction("k", params, dirs, rets, ctx_.NewSeq(body), FunctionType::kInCore);
  Program p = ctx_.NewProgram("Built", {k});
  std::string text = PrintProgram(p);
  EXPECT_THAT(text, ::testing::HasSubstr("c_1: pl.Tile[[16, 16], pl.FP16, pl.Mem.Vec] = "
                                         "pl.tile.cast(c, target_type=pl.FP16, mode='floor')"));
  ExpectRoundTrip(p);
}

TEST_F(BuiltRoundTripTest, LoopIfAndDynamicDims) {
  const Var* n = ctx_.NewVar("N", ctx_.GetScalarType(DataType::kIndex));
  const Expr* dims[] = {n, ctx_.Index(16)};
  const TensorType* tt = ctx_.GetTensorType(DataType::kFP32, dims);
  const Var* x = ctx_.NewVar("x", tt);
  const Var* i = ctx_.NewVar("i", ctx_.GetScalarType(DataType::kIndex));
  const Call* load =
      Op("tile.load", {x, ctx_.NewMakeTuple({i, ctx_.Index(0)}), List({1, 16}), List({1, 16})},
         {{"target_memory", AttrValue::Enum(MemorySpace::kVec)}});
  const Var* row = ctx_.NewVar("row", load->type());
  const Call* zero = Op("tile.full", {List({1, 16}), ctx_.Float(0.0)},
                        {{"dtype", AttrValue::DType(DataType::kFP32)}});
  const Var* z = ctx_.NewVar("z", zero->type());
  const IterArg* acc = ctx_.NewIterArg("acc", z->type(), z);
  const Call* sum = Op("tile.add", {acc, row});
  const Var* s = ctx_.NewVar("s", sum->type());
  const Var* acc_out = ctx_.NewVar("acc_out", s->type());
  const ForStmt* loop = ctx_.NewFor(
      i, ctx_.Index(0), n, ctx_.Index(1), {acc},
      ctx_.NewSeq({ctx_.NewAssign(row, load), ctx_.NewAssign(s, sum), ctx_.NewYield({s})}),
      {acc_out});
  const Expr* cond = ctx_.NewBinary(BinaryOp::kGt, n, ctx_.Index(4), DataType::kBool);
  const Var* pick = ctx_.NewVar("pick", acc_out->type());
  const IfStmt* branch = ctx_.NewIf(cond, ctx_.NewSeq({ctx_.NewYield({acc_out})}),
                                    ctx_.NewSeq({ctx_.NewYield({z})}), {pick});
  const Stmt* body[] = {ctx_.NewAssign(z, zero), loop, branch, ctx_.NewReturn({pick})};
  const Var* params[] = {x};
  ParamDirection dirs[] = {ParamDirection::kIn};
  const Type* rets[] = {pick->type()};
  const Function* f = ctx_.NewFunction("rowsum", params, dirs, rets, ctx_.NewSeq(body));
  ExpectRoundTrip(ctx_.NewProgram("Rows", {f}));
}

// Each of these once printed text that did not parse back to the same IR.
TEST_F(BuiltRoundTripTest, NamesAndLiteralsTheParserCouldMisread) {
  const ScalarType* idx = ctx_.GetScalarType(DataType::kIndex);
  const ScalarType* i64 = ctx_.GetScalarType(DataType::kInt64);
  // A dim whose name is no identifier, and a local holding its respelling.
  const Var* dim = ctx_.NewVar("a b", idx);
  const Expr* dims[] = {dim, ctx_.Index(16)};
  const Var* x = ctx_.NewVar("x", ctx_.GetTensorType(DataType::kFP32, dims));
  const Var* b = ctx_.NewVar("b", i64);
  // A local named like the dim: it must not shadow it.
  const Var* shadow = ctx_.NewVar("a_b", idx);
  const Var* kw = ctx_.NewVar("for", idx);
  const double inf = std::numeric_limits<double>::infinity();
  const Call* full = Op("tile.full", {List({16, 16}), ctx_.Float(-inf)},
                        {{"dtype", AttrValue::DType(DataType::kFP32)}});
  const Var* t = ctx_.NewVar("t", full->type());
  const Call* adds = Op("tile.adds", {t, ctx_.Float(std::nan(""))});
  const Var* u = ctx_.NewVar("u", adds->type());
  absl::StatusOr<const Expr*> neg = MakeScalarUnary(ctx_, UnaryOp::kNeg, ctx_.Index(3));
  ASSERT_TRUE(neg.ok());
  EXPECT_EQ(AsConstInt(*neg), -3);  // folded, as the parser folds `-3`
  // An extent over an INT64 scalar is typed as the parser types `b + 7`.
  const Expr* extent = AddExtent(ctx_, b, ctx_.Index(7));
  EXPECT_EQ(extent->type(), static_cast<const Type*>(i64));
  const Var* n = ctx_.NewVar("n", idx);
  absl::string_view empty_note[] = {absl::string_view()};  // `#` alone, null data
  const Stmt* body[] = {
      ctx_.NewAssign(shadow, ctx_.NewBinary(BinaryOp::kAdd, dim, ctx_.Index(1), DataType::kIndex)),
      ctx_.NewAssign(kw, *neg),
      ctx_.NewAssign(n, ctx_.NewBinary(BinaryOp::kAdd, shadow, kw, DataType::kIndex)),
      ctx_.NewAssign(t, full, {}, empty_note),
      ctx_.NewAssign(u, adds),
      ctx_.NewReturn({u, n, extent})};
  const Var* params[] = {x, b};
  ParamDirection dirs[] = {ParamDirection::kIn, ParamDirection::kIn};
  const Type* rets[] = {u->type(), idx, i64};
  const Function* f = ctx_.NewFunction("f", params, dirs, rets, ctx_.NewSeq(body));
  Program p = ctx_.NewProgram("Names", {f});
  std::string text = PrintProgram(p);
  EXPECT_THAT(text, ::testing::HasSubstr("a_b = pl.dynamic(\"a_b\")"));
  EXPECT_THAT(text, ::testing::HasSubstr("a_b_1: pl.Scalar[pl.INDEX] = a_b + 1"));
  EXPECT_THAT(text, ::testing::HasSubstr("for_: pl.Scalar[pl.INDEX] = -3"));
  EXPECT_THAT(text, ::testing::HasSubstr("pl.tile.full([16, 16], dtype=pl.FP32, value=float('-inf'))"));
  EXPECT_THAT(text, ::testing::HasSubstr("pl.tile.adds(t, float('nan'))"));
  ExpectRoundTrip(p);
}

TEST_F(BuiltRoundTripTest, ScalarsWhileTuplesAndCalls) {
  const ScalarType* i32 = ctx_.GetScalarType(DataType::kInt32);
  const ScalarType* idx = ctx_.GetScalarType(DataType::kIndex);
  const Var* n = ctx_.NewVar("n", i32);
  // (n as INDEX) * 2 + 1, with the cast the promotion rules insert.
  const Expr* scaled = ctx_.NewBinary(
      BinaryOp::kAdd,
      ctx_.NewBinary(BinaryOp::kMul, ctx_.NewUnary(UnaryOp::kCast, n, DataType::kIndex),
                     ctx_.Index(2), DataType::kIndex),
      ctx_.Index(1), DataType::kIndex);
  const Var* m = ctx_.NewVar("m", idx);
  const IterArg* x = ctx_.NewIterArg("x", idx, m);
  const Var* x2 = ctx_.NewVar("x", idx);  // same name as the iter arg
  const Var* xr = ctx_.NewVar("x", idx);
  const WhileStmt* loop = ctx_.NewWhile(
      ctx_.NewBinary(BinaryOp::kLt, x, ctx_.Int(100, DataType::kInt64), DataType::kBool), {x},
      ctx_.NewSeq({ctx_.NewAssign(x2, ctx_.NewBinary(BinaryOp::kMax, x, ctx_.Index(3),
                                                     DataType::kIndex)),
                   ctx_.NewYield({x2})}),
      {xr});
  const Expr* pair_elems[] = {xr, ctx_.Float(0.5, DataType::kFP16)};
  const MakeTuple* pair = ctx_.NewMakeTuple(pair_elems);
  const Var* pv = ctx_.NewVar("pv", pair->type());
  const Var* h = ctx_.NewVar("h", ctx_.GetScalarType(DataType::kFP16));
  const Call* twice = ctx_.NewFunctionCall(ctx_.GetGlobalVar("twice"), {xr}, idx);
  const Var* t = ctx_.NewVar("t", idx);
  absl::string_view notes[] = {"loop until large"};
  const Stmt* body[] = {ctx_.NewAssign(m, scaled),
                        loop,
                        ctx_.NewAssign(pv, pair, {}, notes),
                        ctx_.NewAssign(h, ctx_.NewTupleGetItem(pv, 1)),
                        ctx_.NewAssign(t, twice),
                        ctx_.NewReturn({t, h})};
  const Var* params[] = {n};
  ParamDirection in[] = {ParamDirection::kIn};
  const Type* rets[] = {idx, h->type()};
  const Function* main = ctx_.NewFunction("main", params, in, rets, ctx_.NewSeq(body));
  const Var* y = ctx_.NewVar("y", idx);
  const Var* twice_params[] = {y};
  const Type* twice_rets[] = {idx};
  const Function* twice_fn = ctx_.NewFunction(
      "twice", twice_params, in, twice_rets,
      ctx_.NewSeq({ctx_.NewReturn({ctx_.NewBinary(BinaryOp::kMul, y, ctx_.Index(2),
                                                  DataType::kIndex)})}),
      FunctionType::kInCore);
  ExpectRoundTrip(ctx_.NewProgram("Mixed", {twice_fn, main}));
}

TEST_F(BuiltRoundTripTest, ForwardCallsPrintCalleesFirst) {
  const Var* a = ctx_.NewVar("a", ctx_.GetScalarType(DataType::kIndex));
  const Var* res = ctx_.NewVar("res", ctx_.GetScalarType(DataType::kIndex));
  const Call* call =
      ctx_.NewFunctionCall(ctx_.GetGlobalVar("helper"), {a}, ctx_.GetScalarType(DataType::kIndex));
  const Var* main_params[] = {a};
  ParamDirection dirs[] = {ParamDirection::kIn};
  const Type* rets[] = {res->type()};
  const Stmt* main_body[] = {ctx_.NewAssign(res, call), ctx_.NewReturn({res})};
  const Function* main = ctx_.NewFunction("main", main_params, dirs, rets, ctx_.NewSeq(main_body));
  const Var* b = ctx_.NewVar("b", ctx_.GetScalarType(DataType::kIndex));
  const Var* helper_params[] = {b};
  const Function* helper =
      ctx_.NewFunction("helper", helper_params, dirs, rets, ctx_.NewSeq({ctx_.NewReturn({b})}));
  Program p = ctx_.NewProgram("Calls", {main, helper});
  std::string text = PrintProgram(p);
  EXPECT_LT(text.find("def helper"), text.find("def main"));
  // The reparse lists functions in printed order; compare by re-printing.
  Context ctx2;
  absl::StatusOr<Program> parsed = ParseProgram(ctx2, text, "calls.py");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_EQ(PrintProgram(*parsed), text);
}

}  // namespace
}  // namespace pto::ir
