#include "ir/analysis/structural_equal.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/analysis/structural_diff.h"
#include "ir/analysis/test_util.h"
#include "ir/context.h"
#include "ir/op_registry.h"
#include "ir/ops/builtin.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

// What may differ between two builds of the test kernel.
struct Variant {
  RoundMode mode = RoundMode::kRound;
  std::string suffix;          // appended to every Var name (names are ignored)
  uint32_t line_offset = 0;    // shifts every location (locations are ignored)
  bool comments = false;       // leading comments (ignored)
  int64_t trip = 4;
  double scale = 2.0;
  DataType bound_dtype = DataType::kIndex;  // of the loop bounds' constants
  DataType loop_var_dtype = DataType::kIndex;
};

const Call* MustCall(Context& ctx, absl::string_view op, std::vector<const Expr*> args,
                     std::vector<NamedAttr> kwargs = {}) {
  absl::StatusOr<const Call*> c = MakeCall(ctx, op, args, kwargs);
  PTO_CHECK(c.ok()) << c.status().message();
  return *c;
}

// def k(x: Tensor[[16, 16], FP32], out: Out[Tensor[[16, 16], FP16]]) -> Tensor[...FP16]:
//   t = tile.load(x, [0, 0], [16, 16], [16, 16])          body[0]
//   s = tile.adds(t, 1.0)                                  body[1]
//   for i, (acc,) in range(0, trip, 1, init=(s,)):        body[2]
//     nxt = tile.muls(acc, scale)
//     acc_out = yield(nxt)
//   c = tile.cast(acc_out, target_type=FP16, mode=mode)   body[3]
//   r = tile.store(c, [0, 0], out)                         body[4]
//   return r                                               body[5]
Program BuildKernel(Context& ctx, const Variant& v = {}) {
  uint16_t file = ctx.AddFile("kernel.py");
  auto loc = [&](uint32_t line) { return SourceLoc{line + v.line_offset, 5, file}; };
  auto name = [&](absl::string_view n) { return absl::StrCat(n, v.suffix); };
  std::vector<absl::string_view> notes;
  if (v.comments) notes = {"a comment"};
  auto ints = [&](std::vector<int64_t> values) { return ctx.NewMakeTuple(ctx.IndexList(values)); };

  const TensorType* in_type = ctx.GetTensorType(DataType::kFP32, ctx.IndexList({16, 16}));
  const TensorType* out_type = ctx.GetTensorType(DataType::kFP16, ctx.IndexList({16, 16}));
  const Var* x = ctx.NewVar(name("x"), in_type, loc(1));
  const Var* out = ctx.NewVar(name("out"), out_type, loc(1));

  const Call* load =
      MustCall(ctx, "tile.load", {x, ints({0, 0}), ints({16, 16}), ints({16, 16})});
  const Var* t = ctx.NewVar(name("t"), load->type(), loc(2));
  const Call* adds = MustCall(ctx, "tile.adds", {t, ctx.Float(1.0)});
  const Var* s = ctx.NewVar(name("s"), adds->type(), loc(3));

  const IterArg* acc = ctx.NewIterArg(name("acc"), s->type(), s, loc(4));
  const Var* i = ctx.NewVar(name("i"), ctx.GetScalarType(v.loop_var_dtype), loc(4));
  const Call* muls = MustCall(ctx, "tile.muls", {acc, ctx.Float(v.scale)});
  const Var* nxt = ctx.NewVar(name("nxt"), muls->type(), loc(5));
  const Var* acc_out = ctx.NewVar(name("acc_out"), acc->type(), loc(4));
  const Expr* nxt_expr = nxt;
  std::vector<const Stmt*> loop_stmts = {ctx.NewAssign(nxt, muls, loc(5), notes),
                                         ctx.NewYield({&nxt_expr, 1}, loc(6))};
  const Stmt* loop_body = ctx.NewSeq(loop_stmts);
  const IterArg* iter_args[] = {acc};
  const Var* return_vars[] = {acc_out};
  const ForStmt* loop = ctx.NewFor(
      i, ctx.Int(0, v.bound_dtype), ctx.Int(v.trip, v.bound_dtype), ctx.Int(1, v.bound_dtype),
      iter_args, loop_body, return_vars, ForKind::kSequential, 0, loc(4), notes);

  const Call* cast = MustCall(ctx, "tile.cast", {acc_out},
                              {{"target_type", AttrValue::DType(DataType::kFP16)},
                               {"mode", AttrValue::Enum(v.mode)}});
  const Var* c = ctx.NewVar(name("c"), cast->type(), loc(7));
  const Call* store = MustCall(ctx, "tile.store", {c, ints({0, 0}), out});
  const Var* r = ctx.NewVar(name("r"), store->type(), loc(8));
  const Expr* ret = r;

  const Stmt* body = ctx.NewSeq({ctx.NewAssign(t, load, loc(2), notes),
                                 ctx.NewAssign(s, adds, loc(3)), loop,
                                 ctx.NewAssign(c, cast, loc(7)), ctx.NewAssign(r, store, loc(8)),
                                 ctx.NewReturn({&ret, 1}, loc(9))});
  const Var* params[] = {x, out};
  ParamDirection dirs[] = {ParamDirection::kIn, ParamDirection::kOut};
  const Type* returns[] = {out_type};
  const Function* k = ctx.NewFunction("k", params, dirs, returns, body, FunctionType::kInCore,
                                      std::nullopt, std::nullopt, loc(1));
  return ctx.NewProgram(name("Program"), {k});
}

class StructuralEqualTest : public IrTest {};

// --- Equal programs ---------------------------------------------------------------

TEST_F(StructuralEqualTest, SameBuildTwiceInOneContextIsEqual) {
  Program a = BuildKernel(ctx_);
  Program b = BuildKernel(ctx_);
  EXPECT_TRUE(CheckStructuralEqual(a, b).ok()) << CheckStructuralEqual(a, b);
  EXPECT_TRUE(StructuralEqual(a, b));
  EXPECT_EQ(StructuralHash(a), StructuralHash(b));
}

TEST_F(StructuralEqualTest, BuildsInTwoContextsAreEqual) {
  Context other;
  Program a = BuildKernel(ctx_);
  Program b = BuildKernel(other);
  EXPECT_TRUE(CheckStructuralEqual(a, b).ok()) << CheckStructuralEqual(a, b);
  EXPECT_EQ(StructuralHash(a), StructuralHash(b));
}

TEST_F(StructuralEqualTest, NamesLocationsAndCommentsAreIgnored) {
  Variant renamed;
  renamed.suffix = "_v2";
  renamed.line_offset = 100;
  renamed.comments = true;
  Program a = BuildKernel(ctx_);
  Program b = BuildKernel(ctx_, renamed);
  EXPECT_TRUE(CheckStructuralEqual(a, b).ok()) << CheckStructuralEqual(a, b);
  EXPECT_EQ(StructuralHash(a), StructuralHash(b));
}

TEST_F(StructuralEqualTest, ProgramIsEqualToItself) {
  Program a = BuildKernel(ctx_);
  EXPECT_TRUE(CheckStructuralEqual(a, a).ok());
  EXPECT_TRUE(StructuralEqual(a.functions()[0], a.functions()[0]));
}

TEST_F(StructuralEqualTest, Int64AndIndexConstantsAreOneDtype) {
  Variant int64_bounds;
  int64_bounds.bound_dtype = DataType::kInt64;
  Program a = BuildKernel(ctx_);
  Program b = BuildKernel(ctx_, int64_bounds);
  EXPECT_TRUE(CheckStructuralEqual(a, b).ok()) << CheckStructuralEqual(a, b);
  EXPECT_EQ(StructuralHash(a), StructuralHash(b));

  Variant int32_bounds;
  int32_bounds.bound_dtype = DataType::kInt32;
  EXPECT_EQ(StructuralDiff(a, BuildKernel(ctx_, int32_bounds)),
            "function 'k' > body[2] (ForStmt 'i') > start (ConstInt 0): "
            "0 vs pl.const(0, pl.INT32)");
}

TEST_F(StructuralEqualTest, LoopVariableTreatsInt64AsIndex) {
  Variant int64_loop_var;
  int64_loop_var.loop_var_dtype = DataType::kInt64;
  Program a = BuildKernel(ctx_);
  Program b = BuildKernel(ctx_, int64_loop_var);
  EXPECT_TRUE(CheckStructuralEqual(a, b).ok()) << CheckStructuralEqual(a, b);
  EXPECT_EQ(StructuralHash(a), StructuralHash(b));

  // Any other scalar Var keeps its exact dtype.
  const Var* p = V("p", Scalar(DataType::kIndex));
  const Var* q = V("q", Scalar(DataType::kInt64));
  EXPECT_EQ(StructuralDiff(p, q),
            "type: pl.Scalar[pl.INDEX] vs pl.Scalar[pl.INT64]");
}

// --- The first difference, with its path -----------------------------------------

TEST_F(StructuralEqualTest, ReportsKwargDifferenceWithPath) {
  Variant rint;
  rint.mode = RoundMode::kRint;
  Program a = BuildKernel(ctx_);
  Program b = BuildKernel(ctx_, rint);
  absl::Status s = CheckStructuralEqual(a, b);
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(s.message(),
            "function 'k' > body[3] (AssignStmt 'c') > value (tile.cast) > kwarg 'mode': "
            "'round' vs 'rint'");
  EXPECT_FALSE(StructuralEqual(a, b));
  EXPECT_NE(StructuralHash(a), StructuralHash(b));
}

TEST_F(StructuralEqualTest, ReportsDifferenceInsideLoopBody) {
  Variant other_scale;
  other_scale.scale = 3.0;
  Program a = BuildKernel(ctx_);
  Program b = BuildKernel(ctx_, other_scale);
  EXPECT_EQ(StructuralDiff(a, b),
            "function 'k' > body[2] (ForStmt 'i') > body[0] (AssignStmt 'nxt') > "
            "value (tile.muls) > arg[1] (ConstFloat 2.0): 2.0 vs 3.0");
  EXPECT_NE(StructuralHash(a), StructuralHash(b));
}

TEST_F(StructuralEqualTest, ReportsLoopBoundDifference) {
  Variant longer;
  longer.trip = 8;
  EXPECT_EQ(StructuralDiff(BuildKernel(ctx_), BuildKernel(ctx_, longer)),
            "function 'k' > body[2] (ForStmt 'i') > stop (ConstInt 4): 4 vs 8");
}

TEST_F(StructuralEqualTest, KwargPresenceMatters) {
  const Var* t = V("t", Tile());
  NamedAttr base[] = {{"target_type", AttrValue::DType(DataType::kFP16)}};
  NamedAttr with_saturation[] = {{"target_type", AttrValue::DType(DataType::kFP16)},
                                 {"saturation_mode", AttrValue::String("off")}};
  const Call* a = *MakeCall(ctx_, "tile.cast", {t}, base);
  const Call* b = *MakeCall(ctx_, "tile.cast", {t}, with_saturation);
  EXPECT_EQ(StructuralDiff(a, b), "kwarg 'saturation_mode': absent vs 'off'");
  EXPECT_EQ(StructuralDiff(b, a), "kwarg 'saturation_mode': 'off' vs absent");
  EXPECT_TRUE(StructuralEqual(a, *MakeCall(ctx_, "tile.cast", {t}, base)));
}

absl::StatusOr<const Type*> FirstArgType(const DeduceContext& dc) { return dc.arg(0)->type(); }

TEST_F(StructuralEqualTest, KwargsCompareByNameAcrossRegistries) {
  // Two registries declaring one op with its kwargs in opposite orders: the
  // stored keys differ, the calls do not.
  OpRegistry r1;
  r1.Register("test.op").Arg("x").Kwarg("alpha", AttrKind::kInt).Kwarg("beta", AttrKind::kBool)
      .Deduce(FirstArgType);
  OpRegistry r2;
  r2.Register("test.op").Arg("x").Kwarg("beta", AttrKind::kBool).Kwarg("alpha", AttrKind::kInt)
      .Deduce(FirstArgType);
  const Var* x = V("x", Scalar());
  NamedAttr kw[] = {{"alpha", AttrValue::Int(3)}, {"beta", AttrValue::Bool(true)}};
  const Call* a = *CreateCall(ctx_, *r1.Find("test.op"), {x}, kw);
  const Call* b = *CreateCall(ctx_, *r2.Find("test.op"), {x}, kw);
  // Really stored in different orders:
  ASSERT_EQ(a->kwargs()[0].value.kind(), AttrKind::kInt);
  ASSERT_EQ(b->kwargs()[0].value.kind(), AttrKind::kBool);
  EXPECT_TRUE(CheckStructuralEqual(a, b).ok()) << CheckStructuralEqual(a, b);
  EXPECT_EQ(StructuralHash(a), StructuralHash(b));

  NamedAttr other[] = {{"alpha", AttrValue::Int(4)}, {"beta", AttrValue::Bool(true)}};
  const Call* c = *CreateCall(ctx_, *r2.Find("test.op"), {x}, other);
  EXPECT_EQ(StructuralDiff(a, c), "kwarg 'alpha': 3 vs 4");
}

TEST_F(StructuralEqualTest, KwargKindsMustMatch) {
  // Only unchecked construction can give one key two kinds; say so plainly.
  OpRegistry r;
  r.Register("test.op").Arg("x").Kwarg("alpha", AttrKind::kInt).Deduce(FirstArgType);
  const auto* op = r.Find("test.op");  // (the fixture's Op() shadows the class)
  const Var* x = V("x", Scalar());
  Kwarg as_int[] = {{0, AttrValue::Int(1)}};
  Kwarg as_bool[] = {{0, AttrValue::Bool(true)}};
  const Expr* args[] = {x};
  EXPECT_EQ(StructuralDiff(ctx_.NewOpCall(op, args, as_int, x->type()),
                 ctx_.NewOpCall(op, args, as_bool, x->type())),
            "kwarg 'alpha': int 1 vs bool True");
}

TEST_F(StructuralEqualTest, OpsCompareByName) {
  const Var* t = V("t", Tile());
  const Call* add = Op("tile.add", {t, t});
  const Call* sub = Op("tile.sub", {t, t});
  EXPECT_EQ(StructuralDiff(add, sub), "op: tile.add vs tile.sub");
  EXPECT_NE(StructuralHash(add), StructuralHash(sub));
}

TEST_F(StructuralEqualTest, CallTypeIsCompared) {
  const Var* t = V("t", Tile());
  const Call* good = Op("tile.adds", {t, ctx_.Float(1.0)});
  const Call* bad = ctx_.NewOpCall(good->op(), good->args(), good->kwargs(),
                                   Tile(DataType::kFP16));
  EXPECT_EQ(StructuralDiff(good, bad), "type > dtype: pl.FP32 vs pl.FP16");
}

// --- Variables ----------------------------------------------------------------------

TEST_F(StructuralEqualTest, UseMustMatchTheDefinitionPairing) {
  // k(a, b) = tile.add(a, b)   versus   k(x, y) = tile.add(y, x)
  auto build = [&](bool swap, absl::string_view n1, absl::string_view n2) {
    const Var* p = V(n1, Tile());
    const Var* q = V(n2, Tile());
    const Call* add = swap ? Op("tile.add", {q, p}) : Op("tile.add", {p, q});
    const Var* r = nullptr;
    const Expr* ret[] = {nullptr};
    const Stmt* let = Let(r, "r", add);
    ret[0] = r;
    return Fn("k", {p, q}, {add->type()}, Seq({let, ctx_.NewReturn(ret)}));
  };
  const Function* f = build(false, "a", "b");
  const Function* g = build(true, "x", "y");
  EXPECT_EQ(StructuralDiff(f, g),
            "body[0] (AssignStmt 'r') > value (tile.add) > arg[0] (Var 'a'): "
            "Var 'a' vs Var 'y' ('a' is paired with 'x')");
  EXPECT_NE(StructuralHash(f), StructuralHash(g));
  EXPECT_EQ(StructuralHash(f), StructuralHash(build(false, "p", "q")));
}

TEST_F(StructuralEqualTest, FreeVarsPairBijectively) {
  const Var* n = V("N", Scalar());
  const Var* m = V("M", Scalar());
  const Var* p = V("P", Scalar());
  const Var* q = V("Q", Scalar());
  const Expr* nm[] = {n, m};
  const Expr* pq[] = {p, q};
  const Expr* pp[] = {p, p};
  const Expr* nn[] = {n, n};
  EXPECT_TRUE(StructuralEqual(ctx_.NewMakeTuple(nm), ctx_.NewMakeTuple(pq)));
  EXPECT_EQ(StructuralHash(ctx_.NewMakeTuple(nm)), StructuralHash(ctx_.NewMakeTuple(pq)));
  EXPECT_EQ(StructuralDiff(ctx_.NewMakeTuple(nm), ctx_.NewMakeTuple(pp)),
            "element[1] (Var 'M'): Var 'M' vs Var 'P' ('P' is paired with 'N')");
  EXPECT_EQ(StructuralDiff(ctx_.NewMakeTuple(nn), ctx_.NewMakeTuple(pq)),
            "element[1] (Var 'N'): Var 'N' vs Var 'Q' ('N' is paired with 'P')");
  EXPECT_NE(StructuralHash(ctx_.NewMakeTuple(nn)), StructuralHash(ctx_.NewMakeTuple(pq)));
}

TEST_F(StructuralEqualTest, FreeVarsCanBeRequiredToBeIdentical) {
  StructuralEqualOptions strict;
  strict.map_free_vars = false;
  const Var* n = V("N", Scalar());
  const Var* m = V("N", Scalar());
  EXPECT_TRUE(CheckStructuralEqual(n, n, strict).ok());
  EXPECT_EQ(StructuralDiff(n, m, strict),
            "Var 'N' vs Var 'N' (different free variables)");
  EXPECT_TRUE(StructuralEqual(n, m));  // the default pairs them
  // Defined Vars still pair up under the strict option.
  Program a = BuildKernel(ctx_);
  EXPECT_TRUE(CheckStructuralEqual(a, BuildKernel(ctx_), strict).ok());
}

TEST_F(StructuralEqualTest, FreeVarTypesAreCompared) {
  EXPECT_EQ(StructuralDiff(V("N", Scalar(DataType::kIndex)), V("N", Scalar(DataType::kInt32))),
            "type: pl.Scalar[pl.INDEX] vs pl.Scalar[pl.INT32]");
}

// k(x: Tensor[[D0, 16]], y: Tensor[[D1, 16]]): dims are free Vars.
const Function* DynamicKernel(Context& ctx, const Var* d0, const Var* d1) {
  const Type* tx = ctx.GetTensorType(DataType::kFP32, {d0, ctx.Index(16)});
  const Type* ty = ctx.GetTensorType(DataType::kFP32, {d1, ctx.Index(16)});
  const Var* x = ctx.NewVar("x", tx);
  const Var* y = ctx.NewVar("y", ty);
  const Var* params[] = {x, y};
  ParamDirection dirs[] = {ParamDirection::kIn, ParamDirection::kIn};
  return ctx.NewFunction("f", params, dirs, {}, ctx.NewSeq({}), FunctionType::kOrchestration);
}

TEST_F(StructuralEqualTest, DynamicDimsPairAcrossContexts) {
  Context other;
  const Var* n = V("N", Scalar());
  const Var* n2 = other.NewVar("N", other.GetScalarType(DataType::kIndex));
  const Function* a = DynamicKernel(ctx_, n, n);
  const Function* b = DynamicKernel(other, n2, n2);
  EXPECT_TRUE(CheckStructuralEqual(a, b).ok()) << CheckStructuralEqual(a, b);
  EXPECT_EQ(StructuralHash(a), StructuralHash(b));

  const Var* m2 = other.NewVar("M", other.GetScalarType(DataType::kIndex));
  EXPECT_EQ(StructuralDiff(a, DynamicKernel(other, n2, m2)),
            "param[1] 'y' > type > shape[0]: Var 'N' vs Var 'M' ('N' is paired with 'N')");
}

TEST_F(StructuralEqualTest, PointerEqualTypesWithVarsStillPairTheirVars) {
  // Both sides' second param has the very same interned type Tensor[[N, 16]],
  // but on the left N was already paired with M by the first param. A
  // pointer fast path would wrongly call them equal.
  const Var* n = V("N", Scalar());
  const Var* m = V("M", Scalar());
  const Function* left = DynamicKernel(ctx_, n, n);
  const Function* right = DynamicKernel(ctx_, m, n);
  ASSERT_EQ(left->params()[1]->type(), right->params()[1]->type());
  EXPECT_EQ(StructuralDiff(left, right),
            "param[1] 'y' > type > shape[0]: Var 'N' vs Var 'N' ('N' is paired with 'M')");
  EXPECT_FALSE(StructuralEqual(left, right));
  EXPECT_NE(StructuralHash(left), StructuralHash(right));
}

TEST_F(StructuralEqualTest, DefinitionsPairOneToOne) {
  // Left defines `x` twice (not SSA); right defines two Vars. The second
  // definition cannot pair `x` again.
  const Var* t = V("t", Tile());
  const Call* v1 = Op("tile.adds", {t, ctx_.Float(1.0)});
  const Var* x = V("x", v1->type());
  const Var* y1 = V("y1", v1->type());
  const Var* y2 = V("y2", v1->type());
  const Stmt* left = Seq({ctx_.NewAssign(x, v1), ctx_.NewAssign(x, v1)});
  const Stmt* right = Seq({ctx_.NewAssign(y1, v1), ctx_.NewAssign(y2, v1)});
  EXPECT_EQ(StructuralDiff(left, right),
            "stmt[1] (AssignStmt 'x') > var 'x': Var 'x' vs Var 'y2' "
            "('x' is already paired with 'y1')");
}

// --- Statements and functions -------------------------------------------------------

TEST_F(StructuralEqualTest, SeqOfOneEqualsTheStatement) {
  const Var* t = V("t", Tile());
  const Expr* values[] = {t};
  const Stmt* ret = ctx_.NewReturn(values);
  EXPECT_TRUE(CheckStructuralEqual(Seq({ret}), ret).ok());
  EXPECT_EQ(StructuralHash(Seq({ret})), StructuralHash(ret));
  EXPECT_EQ(StructuralDiff(Seq({ret, ret}), ret),
            "stmt: 2 statements vs 1 (extra on the left: stmt[1] (ReturnStmt))");
}

TEST_F(StructuralEqualTest, StatementCountAndKind) {
  Program a = BuildKernel(ctx_);
  const Function* k = a.functions()[0];
  auto body = k->body()->As<SeqStmts>()->stmts();
  std::vector<const Stmt*> shorter(body.begin(), body.end() - 1);
  const Function* cut = ctx_.NewFunction("k", k->params(), k->directions(), k->return_types(),
                                         ctx_.NewSeq(shorter), k->func_type());
  EXPECT_EQ(StructuralDiff(k, cut),
            "body: 6 statements vs 5 (extra on the left: body[5] (ReturnStmt))");

  std::vector<const Stmt*> swapped(body.begin(), body.end());
  std::swap(swapped[0], swapped[1]);
  const Function* reordered = ctx_.NewFunction("k", k->params(), k->directions(),
                                               k->return_types(), ctx_.NewSeq(swapped),
                                               k->func_type());
  EXPECT_EQ(StructuralDiff(k, reordered),
            "body[0] (AssignStmt 't') > value (tile.load) > op: tile.load vs tile.adds");
}

TEST_F(StructuralEqualTest, FunctionHeaderFields) {
  Program a = BuildKernel(ctx_);
  const Function* k = a.functions()[0];
  auto with = [&](absl::string_view name, absl::Span<const ParamDirection> dirs,
                  absl::Span<const Type* const> returns, FunctionType type) {
    return ctx_.NewFunction(name, k->params(), dirs, returns, k->body(), type);
  };
  EXPECT_EQ(StructuralDiff(k, with("g", k->directions(), k->return_types(),
                                         FunctionType::kInCore)),
            "name: 'k' vs 'g'");
  EXPECT_EQ(StructuralDiff(k, with("k", k->directions(), k->return_types(),
                                         FunctionType::kOrchestration)),
            "type: pl.FunctionType.InCore vs pl.FunctionType.Orchestration");
  ParamDirection inout[] = {ParamDirection::kIn, ParamDirection::kInOut};
  EXPECT_EQ(StructuralDiff(k, with("k", inout, k->return_types(), FunctionType::kInCore)),
            "param[1] 'out' > direction: pl.Out vs pl.InOut");
  const Type* fp32[] = {Tensor(DataType::kFP32)};
  EXPECT_EQ(StructuralDiff(k, with("k", k->directions(), fp32, FunctionType::kInCore)),
            "return_type[0] > dtype: pl.FP16 vs pl.FP32");
  EXPECT_EQ(StructuralDiff(k, with("k", k->directions(), {}, FunctionType::kInCore)),
            "return_types: 1 vs 0");
}

// The printer lists callees first (as upstream's does), so a program read
// back from its print may list its functions in another order: functions
// match by name (found by parser_fuzzer on a forward call).
TEST_F(StructuralEqualTest, ProgramsMatchFunctionsByName) {
  Program a = BuildKernel(ctx_);
  const Function* k = a.functions()[0];
  const Function* g = ctx_.NewFunction("g", {}, {}, {}, Seq({}), FunctionType::kOpaque);
  const Function* h = ctx_.NewFunction("h", {}, {}, {}, Seq({}), FunctionType::kOpaque);
  Program two = ctx_.NewProgram("P", {k, g});
  EXPECT_EQ(StructuralDiff(a, two), "functions: 1 vs 2 (unmatched: 'g')");
  Program swapped = ctx_.NewProgram("P", {g, k});
  EXPECT_TRUE(CheckStructuralEqual(two, swapped).ok()) << CheckStructuralEqual(two, swapped);
  EXPECT_EQ(StructuralHash(two), StructuralHash(swapped));
  Program other = ctx_.NewProgram("P", {k, h});
  EXPECT_EQ(StructuralDiff(two, other), "function 'g' vs none");
  EXPECT_NE(StructuralHash(two), StructuralHash(other));
}

TEST_F(StructuralEqualTest, FunctionCallsCompareByCallee) {
  const Var* t = V("t", Tile());
  const Call* f = ctx_.NewFunctionCall(ctx_.GetGlobalVar("f"), {t}, t->type());
  const Call* g = ctx_.NewFunctionCall(ctx_.GetGlobalVar("g"), {t}, t->type());
  EXPECT_EQ(StructuralDiff(f, g), "callee: 'f' vs 'g'");
  EXPECT_EQ(StructuralDiff(f, Op("tile.neg", {t})), "call 'f' vs tile.neg");
  EXPECT_NE(StructuralHash(f), StructuralHash(g));
}

TEST_F(StructuralEqualTest, IfAndWhileStatements) {
  const Var* c = V("c", Scalar(DataType::kBool));
  const Var* t = V("t", Tile());
  const Expr* yt[] = {t};
  auto make_if = [&](bool with_else, const Type* rv_type) {
    const Var* rv[] = {V("r", rv_type)};
    return ctx_.NewIf(c, Seq({ctx_.NewYield(yt)}), with_else ? Seq({ctx_.NewYield(yt)}) : nullptr,
                      rv);
  };
  EXPECT_TRUE(StructuralEqual(make_if(true, Tile()), make_if(true, Tile())));
  EXPECT_EQ(StructuralDiff(make_if(true, Tile()), make_if(false, Tile())),
            "else: present vs absent");
  EXPECT_EQ(
      StructuralDiff(make_if(true, Tile()), make_if(true, Tile(DataType::kFP16))),
      "return_var[0] 'r' > type > dtype: pl.FP32 vs pl.FP16");

  auto make_while = [&](double step) {
    const IterArg* a = Iter("a", t);
    const Call* next = Op("tile.adds", {a, ctx_.Float(step)});
    const Var* n = V("n", next->type());
    const Expr* y[] = {n};
    const IterArg* iters[] = {a};
    const Var* rv[] = {V("out", t->type())};
    return ctx_.NewWhile(c, iters, Seq({ctx_.NewAssign(n, next), ctx_.NewYield(y)}), rv);
  };
  EXPECT_TRUE(StructuralEqual(make_while(1.0), make_while(1.0)));
  EXPECT_EQ(StructuralHash(make_while(1.0)), StructuralHash(make_while(1.0)));
  EXPECT_EQ(StructuralDiff(make_while(1.0), make_while(2.0)),
            "body[0] (AssignStmt 'n') > value (tile.adds) > arg[1] (ConstFloat 1.0): 1.0 vs 2.0");
}


TEST_F(StructuralEqualTest, EqualityIsSymmetricAndImpliesEqualHashes) {
  std::vector<Variant> variants(8);
  variants[1].mode = RoundMode::kRint;
  variants[2].suffix = "_x";
  variants[3].trip = 5;
  variants[4].bound_dtype = DataType::kInt64;
  variants[5].loop_var_dtype = DataType::kInt64;
  variants[6].scale = -2.0;
  variants[7].comments = true;
  std::vector<Program> programs;
  Context other;
  for (const Variant& v : variants) {
    programs.push_back(BuildKernel(ctx_, v));
    programs.push_back(BuildKernel(other, v));
  }
  int equal_pairs = 0;
  for (const Program& a : programs) {
    for (const Program& b : programs) {
      bool ab = StructuralEqual(a, b);
      EXPECT_EQ(ab, StructuralEqual(b, a));
      EXPECT_EQ(ab, CheckStructuralEqual(a, b).ok());
      if (ab) {
        ++equal_pairs;
        EXPECT_EQ(StructuralHash(a), StructuralHash(b));
      } else {
        EXPECT_NE(StructuralHash(a), StructuralHash(b));  // no collision among these
      }
    }
  }
  // Variants 0, 2, 4, 5 and 7 are one class (10 programs); 1, 3 and 6 are
  // classes of two.
  EXPECT_EQ(equal_pairs, 10 * 10 + 3 * 2 * 2);
}

// --- Robustness and cost --------------------------------------------------------------

TEST_F(StructuralEqualTest, DeepNestingIsBoundedNotFatal) {
  const Var* n = V("n", Scalar());
  const Expr* deep = n;
  for (int i = 0; i < 5000; ++i) {
    deep = ctx_.NewBinary(BinaryOp::kAdd, deep, ctx_.Index(1), DataType::kIndex);
  }
  EXPECT_THAT(StructuralDiff(deep, deep), HasSubstr("nesting deeper than 1000"));
  EXPECT_FALSE(StructuralEqual(deep, deep));
  StructuralHash(deep);  // terminates

  const Expr* shallow = n;
  for (int i = 0; i < 200; ++i) {
    shallow = ctx_.NewBinary(BinaryOp::kAdd, shallow, ctx_.Index(1), DataType::kIndex);
  }
  EXPECT_TRUE(StructuralEqual(shallow, shallow));
}

TEST_F(StructuralEqualTest, LargeProgramsCompareInLinearTime) {
  // 200k chained statements: quadratic behaviour would time the test out.
  auto build = [&](Context& ctx, int n) {
    const Var* x = ctx.NewVar("x", ctx.GetTileType(DataType::kFP32, ctx.IndexList({16, 16}),
                                                   MemorySpace::kVec));
    std::vector<const Stmt*> stmts;
    stmts.reserve(n + 1);
    const Var* cur = x;
    for (int i = 0; i < n; ++i) {
      const Call* c = MustCall(ctx, "tile.adds", {cur, ctx.Float(1.0)});
      const Var* v = ctx.NewVar("v", c->type());
      stmts.push_back(ctx.NewAssign(v, c));
      cur = v;
    }
    const Expr* ret = cur;
    stmts.push_back(ctx.NewReturn({&ret, 1}));
    const Var* params[] = {x};
    ParamDirection dirs[] = {ParamDirection::kIn};
    const Type* returns[] = {cur->type()};
    return ctx.NewProgram("P", {ctx.NewFunction("k", params, dirs, returns, ctx.NewSeq(stmts),
                                                FunctionType::kInCore)});
  };
  Context other;
  Program a = build(ctx_, 200000);
  Program b = build(other, 200000);
  EXPECT_TRUE(StructuralEqual(a, b));
  EXPECT_EQ(StructuralHash(a), StructuralHash(b));
}


}  // namespace
}  // namespace pto::ir
