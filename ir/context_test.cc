#include "ir/context.h"

#include <cmath>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

namespace pto::ir {
namespace {

TEST(ContextTest, TypesAreInterned) {
  Context ctx;
  const TileType* a = ctx.GetTileType(DataType::kFP32, ctx.IndexList({16, 16}), MemorySpace::kVec);
  const TileType* b =
      ctx.GetTileType(DataType::kFP32, {ctx.Int(16, DataType::kIndex, {3, 4, 0}), ctx.Index(16)},
                      MemorySpace::kVec);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, ctx.GetTileType(DataType::kFP16, ctx.IndexList({16, 16}), MemorySpace::kVec));
  EXPECT_NE(a, ctx.GetTileType(DataType::kFP32, ctx.IndexList({16, 16})));
  EXPECT_EQ(ctx.GetScalarType(DataType::kIndex), ctx.GetScalarType(DataType::kIndex));
  const Type* parts[] = {a, ctx.GetScalarType(DataType::kInt32)};
  EXPECT_EQ(ctx.GetTupleType(parts), ctx.GetTupleType(parts));
}

TEST(ContextTest, DynamicDimsInternByVarIdentity) {
  Context ctx;
  const Var* n = ctx.NewVar("N", ctx.GetScalarType(DataType::kIndex));
  const Var* m = ctx.NewVar("N", ctx.GetScalarType(DataType::kIndex));
  const Expr* dims_n[] = {n, ctx.Index(16)};
  const Expr* dims_m[] = {m, ctx.Index(16)};
  EXPECT_EQ(ctx.GetTensorType(DataType::kFP32, dims_n), ctx.GetTensorType(DataType::kFP32, dims_n));
  EXPECT_NE(ctx.GetTensorType(DataType::kFP32, dims_n), ctx.GetTensorType(DataType::kFP32, dims_m));
}

TEST(ContextTest, FullValidShapeIsCanonicalisedAway) {
  Context ctx;
  TileView view;
  view.valid_shape = ctx.IndexList({16, 16});
  const TileType* t =
      ctx.GetTileType(DataType::kFP32, ctx.IndexList({16, 16}), MemorySpace::kVec, &view);
  EXPECT_EQ(t->view(), nullptr);
  view.valid_shape = ctx.IndexList({8, 16});
  const TileType* narrowed =
      ctx.GetTileType(DataType::kFP32, ctx.IndexList({16, 16}), MemorySpace::kVec, &view);
  ASSERT_NE(narrowed->view(), nullptr);
  EXPECT_EQ(AsConstInt(narrowed->ValidShape()[0]), 8);
}

TEST(ContextTest, ImplicitViewDependsOnMemorySpace) {
  Context ctx;
  TileView nz;  // col_major / row_major: the implicit view of Mat
  nz.blayout = TileLayout::kColMajor;
  nz.slayout = TileLayout::kRowMajor;
  EXPECT_EQ(ctx.GetTileType(DataType::kFP16, ctx.IndexList({16, 16}), MemorySpace::kMat, &nz)
                ->view(),
            nullptr);
  EXPECT_NE(ctx.GetTileType(DataType::kFP16, ctx.IndexList({16, 16}), MemorySpace::kVec, &nz)
                ->view(),
            nullptr);
  // A static [R, 1] column is col_major by default.
  const TileType* col = ctx.GetTileType(DataType::kFP32, ctx.IndexList({16, 1}), MemorySpace::kVec);
  EXPECT_EQ(col->EffectiveView().blayout, TileLayout::kColMajor);
  EXPECT_EQ(ctx.GetTileType(DataType::kFP32, ctx.IndexList({16, 8}), MemorySpace::kAcc)
                ->EffectiveView()
                .fractal,
            1024u);
}

TEST(ContextTest, TrivialTensorViewIsDropped) {
  Context ctx;
  TensorView v;
  v.valid_shape = ctx.IndexList({4, 8});
  EXPECT_EQ(ctx.GetTensorType(DataType::kFP32, ctx.IndexList({4, 8}), v)->view(), nullptr);
  v.layout = TensorLayout::kDN;
  EXPECT_NE(ctx.GetTensorType(DataType::kFP32, ctx.IndexList({4, 8}), v)->view(), nullptr);
  EXPECT_TRUE(ctx.GetDistributedTensorType(DataType::kFP32, ctx.IndexList({4, 8}))->IsDistributed());
}

TEST(ContextTest, SeqIsFlat) {
  Context ctx;
  const Var* x = ctx.NewVar("x", ctx.GetScalarType(DataType::kIndex));
  const Stmt* a = ctx.NewAssign(x, ctx.Index(1));
  const Stmt* inner[] = {a, a};
  const Stmt* outer[] = {ctx.NewSeq(inner), a};
  EXPECT_EQ(ctx.NewSeq(outer)->stmts().size(), 3u);
}

TEST(ContextTest, WithCommentsRebuildsOnlyWhenNeeded) {
  Context ctx;
  const Var* x = ctx.NewVar("x", ctx.GetScalarType(DataType::kIndex));
  const Stmt* plain = ctx.NewAssign(x, ctx.Index(1));
  EXPECT_EQ(ctx.WithComments(plain, {}), plain);
  absl::string_view note[] = {" note"};
  const Stmt* noted = ctx.WithComments(plain, note);
  ASSERT_EQ(noted->comments().size(), 1u);
  EXPECT_EQ(noted->As<AssignStmt>()->var(), x);
  EXPECT_TRUE(ctx.WithComments(noted, {})->comments().empty());
  // A sequence passes them to its first statement.
  const Stmt* seq = ctx.NewSeq({plain, plain});
  EXPECT_EQ(ctx.WithComments(seq, note)->As<SeqStmts>()->stmts()[0]->comments().size(), 1u);
}

TEST(ContextTest, VarsHaveDistinctIdentities) {
  Context ctx;
  const Var* a = ctx.NewVar("x", ctx.GetScalarType(DataType::kIndex));
  const Var* b = ctx.NewVar("x", ctx.GetScalarType(DataType::kIndex));
  EXPECT_NE(a, b);
  EXPECT_NE(a->id(), b->id());
  EXPECT_EQ(a->name(), b->name());
}

TEST(ContextTest, LocationlessFloatsAreShared) {
  Context ctx;
  const ConstFloat* a = ctx.Float(1.5);
  EXPECT_EQ(ctx.Float(1.5), a);
  EXPECT_EQ(ctx.Float(1.5, DataType::kFP32), a);
  EXPECT_NE(ctx.Float(1.5, DataType::kFP16), a);  // the dtype is part of the key
  EXPECT_EQ(ctx.Float(1.5, DataType::kFP16)->type(), ctx.GetScalarType(DataType::kFP16));
  EXPECT_EQ(ctx.Float(1.5), a);  // the last-lookup shortcut keys on the dtype too
  // Bit patterns, not values: 0.0 and -0.0 stay apart.
  EXPECT_NE(ctx.Float(0.0), ctx.Float(-0.0));
  EXPECT_TRUE(std::signbit(ctx.Float(-0.0)->value()));
  // Every NaN of one sign is the one NaN of that sign.
  EXPECT_EQ(ctx.Float(std::nan("1")), ctx.Float(std::nan("2")));
  EXPECT_NE(ctx.Float(std::nan("1")), ctx.Float(-std::nan("1")));
  // A located constant is its own node (diagnostics point at it).
  SourceLoc loc{3, 4, ctx.AddFile("k.py")};
  const ConstFloat* located = ctx.Float(1.5, DataType::kFP32, loc);
  EXPECT_NE(located, a);
  EXPECT_EQ(located->loc().line, 3u);
}

TEST(ContextTest, FunctionTypeDerivesLevelAndRole) {
  Context ctx;
  const Function* f = ctx.NewFunction("k", {}, {}, {}, ctx.NewSeq({}), FunctionType::kInCore);
  EXPECT_EQ(f->level(), Level::kChipDie);
  EXPECT_EQ(f->role(), Role::kSubWorker);
  const Function* g = ctx.NewFunction("main", {}, {}, {}, ctx.NewSeq({}));
  EXPECT_FALSE(g->level().has_value());
  const Function* fs[] = {f, g};
  Program p = ctx.NewProgram("P", fs);
  EXPECT_EQ(p.FindFunction("main"), g);
  EXPECT_EQ(p.FindFunction("nope"), nullptr);
}

TEST(ContextTest, AProgramsFunctionNamesAreDistinct) {
  // The parser and the passes report a duplicate as a user error first; a
  // program holding one anyway is a bug, caught however many functions
  // came before it.
  Context ctx;
  std::vector<const Function*> fs;
  for (int i = 0; i < 1000; ++i) {
    fs.push_back(ctx.NewFunction(absl::StrCat("k", i), {}, {}, {}, ctx.NewSeq({})));
  }
  EXPECT_EQ(ctx.NewProgram("P", fs).functions().size(), 1000u);
  fs.push_back(ctx.NewFunction("k17", {}, {}, {}, ctx.NewSeq({})));
  EXPECT_DEATH(ctx.NewProgram("P", fs), "duplicate function k17");
}

// The sizes docs/architecture.md and docs/performance.md (Changes 11 and 13)
// give: the nodes of a lowered statement, which bound the large passes'
// memory.
static_assert(sizeof(Var) == 32);
static_assert(sizeof(Call) == 32);
static_assert(sizeof(AssignStmt) == 32);

TEST(ContextTest, EveryStatementKindKeepsItsCommentsBeforeIt) {
  // The comments' pointer sits in the arena just before a statement that has
  // some; neighbours built before and after, with and without comments, must
  // keep their own fields.
  Context ctx;
  const Type* index = ctx.GetScalarType(DataType::kIndex);
  const Var* x = ctx.NewVar("x", index);
  const Var* i = ctx.NewVar("i", index);
  const Stmt* body = ctx.NewSeq({ctx.NewYield({})});
  absl::string_view one[] = {"one"};
  absl::string_view two[] = {"a", "b"};
  std::vector<const Stmt*> stmts;
  for (Comments c : {Comments(), Comments(one), Comments(two)}) {
    stmts.push_back(ctx.NewAssign(x, ctx.Index(1), {}, c));
    stmts.push_back(ctx.NewEval(x, {}, c));
    stmts.push_back(ctx.NewReturn({x}, {}, c));
    stmts.push_back(ctx.NewYield({x}, {}, c));
    stmts.push_back(ctx.NewIf(ctx.Bool(true), body, nullptr, {}, {}, c));
    stmts.push_back(ctx.NewFor(i, ctx.Index(0), ctx.Index(4), ctx.Index(1), {}, body, {},
                               ForKind::kSequential, 0, {}, c));
    stmts.push_back(ctx.NewWhile(ctx.Bool(false), {}, body, {}, {}, c));
  }
  for (size_t k = 0; k < stmts.size(); ++k) {
    absl::Span<const absl::string_view> got = stmts[k]->comments();
    switch (k / 7) {
      case 0:
        EXPECT_TRUE(got.empty()) << k;
        break;
      case 1:
        ASSERT_EQ(got.size(), 1u) << k;
        EXPECT_EQ(got[0], "one");
        break;
      default:
        ASSERT_EQ(got.size(), 2u) << k;
        EXPECT_EQ(got[0], "a");
        EXPECT_EQ(got[1], "b");
    }
  }
  EXPECT_EQ(stmts[14]->As<AssignStmt>()->var(), x);
  EXPECT_EQ(stmts[15]->As<EvalStmt>()->expr(), x);
  EXPECT_EQ(stmts[16]->As<ReturnStmt>()->values()[0], x);
  EXPECT_EQ(stmts[18]->As<IfStmt>()->then_body(), body);
  EXPECT_EQ(stmts[19]->As<ForStmt>()->loop_var(), i);
  EXPECT_EQ(stmts[20]->As<WhileStmt>()->body(), body);
}

TEST(ContextTest, FieldsKeptInTheNodeHeaderReadBack) {
  Context ctx;
  const Type* index = ctx.GetScalarType(DataType::kIndex);
  std::string long_name(70000, 'n');
  const Var* a = ctx.NewVar(long_name, index, {7, 3, 0});
  const Var* b = ctx.NewVar("", index);
  const IterArg* it = ctx.NewIterArg("acc", index, a);
  EXPECT_EQ(a->name(), long_name);
  EXPECT_EQ(b->name(), "");
  EXPECT_EQ(it->name(), "acc");
  EXPECT_EQ(b->id(), a->id() + 1);
  EXPECT_EQ(it->id(), a->id() + 2);
  EXPECT_EQ(it->init(), a);
  EXPECT_EQ(a->loc().line, 7u);
  EXPECT_EQ(a->loc().col, 3u);

  const BinaryExpr* shr = ctx.NewBinary(BinaryOp::kShr, a, b, DataType::kIndex);
  EXPECT_EQ(shr->op(), BinaryOp::kShr);
  EXPECT_EQ(shr->lhs(), a);
  EXPECT_EQ(shr->rhs(), b);
  EXPECT_EQ(ctx.NewUnary(UnaryOp::kCast, a, DataType::kInt8)->op(), UnaryOp::kCast);
  const Expr* parts[] = {a, b, it};
  EXPECT_EQ(ctx.NewTupleGetItem(ctx.NewMakeTuple(parts), 2)->index(), 2);

  absl::string_view notes[] = {"first", "second", "third"};
  const AssignStmt* s = ctx.NewAssign(b, shr, {}, notes);
  ASSERT_EQ(s->comments().size(), 3u);
  EXPECT_EQ(s->comments()[2], "third");
  EXPECT_EQ(s->var(), b);
  EXPECT_EQ(s->value(), shr);
  EXPECT_TRUE(ctx.NewAssign(a, shr)->comments().empty());
}

TEST(ContextTest, FormatsLocations) {
  Context ctx;
  uint16_t f = ctx.AddFile("k.py");
  EXPECT_EQ(ctx.FormatLoc(SourceLoc{12, 5, f}), "k.py:12:5");
  EXPECT_EQ(ctx.FormatLoc(SourceLoc{}), "<unknown>");
}

// Handle types are one singleton per kind, found by their DSL spelling;
// array types are interned by dtype and extent.
TEST(ContextTest, HandleAndArrayTypesAreInterned) {
  Context ctx;
  const HandleType* ptr = ctx.GetHandleType(HandleKind::kPtr);
  EXPECT_EQ(ptr->handle_kind(), HandleKind::kPtr);
  EXPECT_EQ(ctx.FindHandleType("pl.Ptr"), ptr);
  EXPECT_EQ(ctx.FindHandleType("pl.AsyncEvent"), ctx.GetHandleType(HandleKind::kAsyncEvent));
  EXPECT_NE(ctx.GetHandleType(HandleKind::kAsyncEvent), ctx.GetHandleType(HandleKind::kAsyncSession));
  EXPECT_EQ(ctx.FindHandleType("pl.Nope"), nullptr);
  const ArrayType* a = ctx.GetArrayType(DataType::kTaskId, 4);
  EXPECT_EQ(ctx.GetArrayType(DataType::kTaskId, 4), a);
  EXPECT_NE(ctx.GetArrayType(DataType::kTaskId, 8), a);
  EXPECT_NE(ctx.GetArrayType(DataType::kInt32, 4), a);
  EXPECT_EQ(a->extent(), 4);
  EXPECT_EQ(ctx.GetScalarType(DataType::kTaskId)->dtype(), DataType::kTaskId);
}

}  // namespace
}  // namespace pto::ir
