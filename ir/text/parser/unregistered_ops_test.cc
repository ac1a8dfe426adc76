// ParseOptions::allow_unregistered_ops: opaque calls of unknown ops through
// the parser, printer, verifier, structural equality and the mutator.

#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/analysis/structural_equal.h"
#include "ir/analysis/verifier.h"
#include "ir/context.h"
#include "ir/mutator.h"
#include "ir/op.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

constexpr absl::string_view kTile = "pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]";

std::string Program(absl::string_view body) {
  return absl::StrCat(
      "# pypto.program: P\n"
      "import pypto.language as pl\n\n"
      "@pl.program\n"
      "class P:\n"
      "    @pl.function\n"
      "    def f(self, a: pl.Scalar[pl.INDEX], t: ",
      kTile, ") -> ", kTile, ":\n", body);
}

// Calls of two unknown ops, one in a loop; kwargs of every kind, in an order
// no schema would sort them into.
const std::string kOpaque = Program(absl::StrCat(
    "        m: ", kTile, " = pl.tile.custom_matmul(t, t)\n",
    "        f: ", kTile,
    " = pl.foo.bar(m, a, 3, k=1, name='x', dtype=pl.FP16, flag=False, scale=0.5, "
    "mem=pl.Mem.Vec)\n",
    "        g: ", kTile, " = pl.foo.bar(f, a, 3, name='y', k=2)\n",
    "        for i, (acc,) in pl.range(4, init_values=(g,)):\n",
    "            w: pl.Scalar[pl.INDEX] = pld.system.probe(i, acc)\n",
    "            h: ", kTile, " = pl.foo.and_(acc, w)\n",
    "            acc_next: ", kTile, " = pl.yield_(h)\n",
    "        return acc_next"));

class UnregisteredOpsTest : public ::testing::Test {
 protected:
  UnregisteredOpsTest() { allow_.allow_unregistered_ops = true; }
  absl::StatusOr<ir::Program> Parse(absl::string_view text, const ParseOptions& options) {
    return ParseProgram(ctx_, text, "t.py", options);
  }
  std::string ErrorOf(absl::string_view text, const ParseOptions& options) {
    absl::StatusOr<ir::Program> p = Parse(text, options);
    return p.ok() ? "" : std::string(p.status().message());
  }
  const Call* ValueAt(const ir::Program& p, size_t i) {
    return p.functions()[0]->body()->As<SeqStmts>()->stmts()[i]->As<AssignStmt>()->value()->As<Call>();
  }
  Context ctx_;
  ParseOptions allow_;
};

TEST_F(UnregisteredOpsTest, AcceptedWithTheFlagAndAnAnnotation) {
  absl::StatusOr<ir::Program> p = Parse(kOpaque, allow_);
  ASSERT_TRUE(p.ok()) << p.status();
  const Call* m = ValueAt(*p, 0);
  ASSERT_NE(m->op(), nullptr);
  EXPECT_TRUE(m->op()->unregistered());
  EXPECT_EQ(m->op()->name(), "tile.custom_matmul");
  EXPECT_EQ(m->op()->deducer(), nullptr);
  EXPECT_EQ(m->args().size(), 2u);
  const Call* f = ValueAt(*p, 1);
  EXPECT_EQ(f->op()->name(), "foo.bar");
  ASSERT_EQ(f->kwargs().size(), 6u);
  EXPECT_EQ(f->op()->kwargs()[f->kwargs()[1].key].name, "name");
  EXPECT_EQ(f->FindKwarg("dtype")->dtype(), DataType::kFP16);
  // The type is the annotation (the arguments would not give it).
  EXPECT_EQ(PrintType(f->type()), kTile);
  // Another kwarg order is another placeholder: each prints as written.
  EXPECT_NE(ValueAt(*p, 2)->op(), f->op());
  EXPECT_TRUE(VerifyProgram(*p).ok()) << VerifyProgram(*p);

  std::string printed = PrintProgram(*p);
  EXPECT_EQ(printed, kOpaque);
  absl::StatusOr<ir::Program> again = Parse(printed, allow_);
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_TRUE(CheckStructuralEqual(*p, *again).ok()) << CheckStructuralEqual(*p, *again);
  // One Context, one placeholder per signature.
  EXPECT_EQ(ValueAt(*again, 1)->op(), f->op());
  // Another Context's placeholders compare by name.
  Context other;
  absl::StatusOr<ir::Program> elsewhere = ParseProgram(other, kOpaque, "u.py", allow_);
  ASSERT_TRUE(elsewhere.ok()) << elsewhere.status();
  EXPECT_TRUE(CheckStructuralEqual(*p, *elsewhere).ok()) << CheckStructuralEqual(*p, *elsewhere);
  // Concise output keeps the annotations the opaque calls need.
  PrintOptions concise;
  concise.concise = true;
  std::string short_text = PrintProgram(*p, concise);
  EXPECT_THAT(short_text, HasSubstr(absl::StrCat("m: ", kTile, " = pl.tile.custom_matmul(t, t)")));
  EXPECT_THAT(short_text, HasSubstr("acc_next = pl.yield_(h)"));
  EXPECT_TRUE(Parse(short_text, allow_).ok());
}

TEST_F(UnregisteredOpsTest, RejectedWithoutTheFlag) {
  EXPECT_THAT(ErrorOf(kOpaque, {}),
              HasSubstr("t.py:8:53: error: unknown op 'tile.custom_matmul' (--allow-unregistered-ops "
                        "accepts it as an opaque call when its result type is annotated)"));
}

TEST_F(UnregisteredOpsTest, RejectedWithoutAnAnnotation) {
  EXPECT_THAT(ErrorOf(Program("        m = pl.tile.custom_matmul(t, t)\n        return m"), allow_),
              HasSubstr("t.py:8:13: error: unregistered op 'tile.custom_matmul' needs an annotated "
                        "result type: write `x: T = pl.tile.custom_matmul(...)`"));
  // As a statement.
  EXPECT_THAT(ErrorOf(Program("        pl.foo.bar(t)\n        return t"), allow_),
              HasSubstr("t.py:8:9: error: unregistered op 'foo.bar' needs an annotated"));
  // Nested in a registered op's call: the annotation is not its type.
  EXPECT_THAT(ErrorOf(Program(absl::StrCat("        m: ", kTile,
                                           " = pl.tile.add(pl.foo.bar(t), t)\n        return m")),
                      allow_),
              HasSubstr("t.py:8:65: error: unregistered op 'foo.bar' needs an annotated"));
  // Under an operator.
  EXPECT_THAT(ErrorOf(Program("        b: pl.Scalar[pl.INDEX] = pl.foo.n(a) + 1\n"
                              "        return t"),
                      allow_),
              HasSubstr("the annotation types the unregistered op foo.n, so its call must be "
                        "the whole value"));
}

TEST_F(UnregisteredOpsTest, KwargsAreConstantsGivenOnce) {
  EXPECT_THAT(ErrorOf(Program(absl::StrCat("        m: ", kTile,
                                           " = pl.foo.bar(t, k=1, k=2)\n        return m")),
                      allow_),
              HasSubstr("foo.bar: kwarg 'k' given twice"));
  EXPECT_THAT(ErrorOf(Program(absl::StrCat("        m: ", kTile,
                                           " = pl.foo.bar(t, k=a)\n        return m")),
                      allow_),
              HasSubstr("expected a kwarg value"));
}

// Rebuilding a call with new arguments keeps the annotated type: there is no
// deducer to ask.
class ParamSwap : public IRMutator {
 public:
  ParamSwap(Context& ctx, const Var* from, const Var* to) : IRMutator(ctx) { Remap(from, to); }
};

TEST_F(UnregisteredOpsTest, MutatorKeepsTheAnnotatedType) {
  absl::StatusOr<ir::Program> p = Parse(kOpaque, allow_);
  ASSERT_TRUE(p.ok()) << p.status();
  const Var* t = p->functions()[0]->params()[1];
  const Var* half = ctx_.NewVar(
      "h", ctx_.GetTileType(DataType::kFP16, ctx_.IndexList({16, 16}), MemorySpace::kVec));
  ParamSwap swap(ctx_, t, half);
  const Call* before = ValueAt(*p, 0);
  const auto* after = swap.VisitExpr(before)->As<Call>();
  ASSERT_NE(after, before);
  EXPECT_EQ(after->arg(0), half);
  EXPECT_EQ(after->op(), before->op());
  EXPECT_EQ(after->type(), before->type());
}

}  // namespace
}  // namespace pto::ir
