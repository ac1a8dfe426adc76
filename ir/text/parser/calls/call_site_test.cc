// Call options and task submission (ir/call_site.h) through the text form:
// what the parser builds, what the verifier, structural equality, hashing
// and the visitor see, and the forms it rejects.

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/analysis/structural_equal.h"
#include "ir/analysis/verifier.h"
#include "ir/context.h"
#include "ir/stmt.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"
#include "ir/visitor.h"

namespace pto::ir {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

constexpr absl::string_view kCallee =
    "import pypto.language as pl\n"
    "@pl.program\n"
    "class P:\n"
    "    @pl.function(type=pl.FunctionType.InCore)\n"
    "    def k(self, x: pl.Tensor[[16], pl.FP32], out: pl.Out[pl.Tensor[[16], pl.FP32]]) -> "
    "pl.Tensor[[16], pl.FP32]:\n"
    "        return out\n"
    "    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)\n"
    "    def o(self, x: pl.Tensor[[16], pl.FP32], out: pl.Out[pl.Tensor[[16], pl.FP32]]) -> "
    "pl.Tensor[[16], pl.FP32]:\n"
    "        return out\n"
    "    @pl.function(type=pl.FunctionType.Orchestration)\n"
    "    def f(self, x: pl.Tensor[[16], pl.FP32], y: pl.Tensor[[16], pl.FP32], "
    "r: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16], pl.FP32]:\n";

std::string Source(absl::string_view body) { return absl::StrCat(kCallee, body); }

// The value of the `nth` assignment to `name` in f.
const Call* CallOf(const Program& p, absl::string_view name, int nth = 0) {
  const Function* f = p.FindFunction("f");
  for (const Stmt* s : f->body()->As<SeqStmts>()->stmts()) {
    const auto* a = s->As<AssignStmt>();
    if (a != nullptr && a->var()->name() == name && nth-- == 0) return a->value()->As<Call>();
  }
  return nullptr;
}

class CallSiteTest : public ::testing::Test {
 protected:
  absl::StatusOr<Program> Parse(absl::string_view body, Context& ctx) {
    return ParseProgram(ctx, Source(body), "t.py");
  }
  std::string ErrorOf(absl::string_view body) {
    Context ctx;
    absl::StatusOr<Program> p = Parse(body, ctx);
    if (!p.ok()) return std::string(p.status().message());
    absl::Status v = VerifyProgram(*p);
    return v.ok() ? "valid" : std::string(v.message());
  }
};

TEST_F(CallSiteTest, SubmitBindsResultsAndTaskId) {
  Context ctx;
  absl::StatusOr<Program> p = Parse(
      "        t0 = None\n"
      "        a, t1 = pl.submit(self.k, x, y, deps=[t0, None], allow_early_resolve=True)\n"
      "        b, t2 = pl.spmd_submit(self.k, a, core_num=r, sync_start=True)\n"
      "        return b\n",
      ctx);
  ASSERT_TRUE(p.ok()) << p.status();
  const Call* submit = CallOf(*p, "_submit_tmp");
  ASSERT_NE(submit, nullptr);
  ASSERT_NE(submit->site(), nullptr);
  EXPECT_EQ(submit->site()->form, CallForm::kSubmit);
  EXPECT_TRUE(submit->site()->allow_early_resolve);
  ASSERT_EQ(submit->site()->deps.size(), 1u);  // the literal None is no dep
  EXPECT_EQ(submit->site()->deps[0]->type(), ctx.GetScalarType(DataType::kTaskId));
  const auto* tt = submit->type()->As<TupleType>();
  ASSERT_NE(tt, nullptr);
  ASSERT_EQ(tt->elements().size(), 2u);
  EXPECT_TRUE(tt->elements()[0]->Is<TensorType>());
  EXPECT_EQ(tt->elements()[1], ctx.GetScalarType(DataType::kTaskId));
  // The Out parameter left out: one argument.
  const Call* spmd = CallOf(*p, "_submit_tmp", 1);
  ASSERT_NE(spmd, nullptr);
  EXPECT_EQ(spmd->args().size(), 1u);
  EXPECT_EQ(spmd->site()->form, CallForm::kSpmdSubmit);
  EXPECT_TRUE(spmd->site()->sync_start);
  EXPECT_TRUE(spmd->site()->core_num->Is<Var>());
}

TEST_F(CallSiteTest, PlainCallOptions) {
  Context ctx;
  absl::StatusOr<Program> p = Parse(
      "        c = self.k(x, y, attrs={\"arg_directions\": [pl.adir.input, pl.adir.inout]})\n"
      "        d = self.o(c, y, device=r)\n"
      "        e = self.k(d, y)\n"
      "        return e\n",
      ctx);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_THAT(CallOf(*p, "c")->site()->arg_directions,
              ElementsAre(ArgDirection::kInput, ArgDirection::kInOut));
  EXPECT_EQ(CallOf(*p, "d")->site()->device->As<Var>()->name(), "r");
  EXPECT_EQ(CallOf(*p, "e")->site(), nullptr);  // a plain call carries nothing
}

// The visitor reaches the values of the options, as it reaches arguments.
TEST_F(CallSiteTest, VisitorSeesOptionValues) {
  Context ctx;
  absl::StatusOr<Program> p =
      Parse("        t0 = None\n"
            "        a, t1 = pl.submit(self.k, x, y, deps=[t0])\n"
            "        d = self.o(a, y, device=r)\n"
            "        return d\n",
            ctx);
  ASSERT_TRUE(p.ok()) << p.status();
  struct Uses : IRVisitor {
    void VisitVar(const Var* v) override { names.push_back(std::string(v->name())); }
    std::vector<std::string> names;
  } uses;
  uses.VisitExpr(CallOf(*p, "_submit_tmp"));
  EXPECT_THAT(uses.names, ElementsAre("x", "y", "t0"));
  uses.names.clear();
  uses.VisitExpr(CallOf(*p, "d"));
  EXPECT_THAT(uses.names, ElementsAre("a", "y", "r"));
}

// Equality and hashing tell calls apart by their options.
TEST_F(CallSiteTest, EqualityAndHashSeeOptions) {
  auto parse = [&](Context& ctx, absl::string_view call) {
    absl::StatusOr<Program> p =
        Parse(absl::StrCat("        d = ", call, "\n        return d\n"), ctx);
    EXPECT_TRUE(p.ok()) << p.status();
    return std::move(*p);
  };
  Context c1, c2, c3, c4;
  Program a = parse(c1, "self.o(x, y, device=0)");
  Program b = parse(c2, "self.o(x, y, device=1)");
  Program c = parse(c3, "self.o(x, y)");
  Program d = parse(c4, "self.o(x, y, device=0)");
  EXPECT_THAT(CheckStructuralEqual(a, b).message(), HasSubstr("device"));
  EXPECT_FALSE(StructuralEqual(a, c));
  EXPECT_TRUE(StructuralEqual(a, d));
  EXPECT_NE(StructuralHash(a), StructuralHash(b));
  EXPECT_NE(StructuralHash(a), StructuralHash(c));
  EXPECT_EQ(StructuralHash(a), StructuralHash(d));
}

TEST_F(CallSiteTest, Rejections) {
  EXPECT_THAT(ErrorOf("        a, t = pl.spmd_submit(self.k, x, y)\n        return a\n"),
              HasSubstr("pl.spmd_submit(...) needs core_num=N"));
  EXPECT_THAT(ErrorOf("        a, t = pl.submit(self.k(x, y))\n        return a\n"),
              HasSubstr("takes the kernel itself"));
  EXPECT_THAT(ErrorOf("        a, t = pl.submit(x, y)\n        return a\n"),
              HasSubstr("takes the kernel as its first argument"));
  // dumps= is taken (parser/calls/call_attrs_test.cc); it names arguments of the call.
  EXPECT_THAT(ErrorOf("        a, t = pl.submit(self.k, x, dumps=[y])\n        return a\n"),
              HasSubstr("dumps= names 'y', which is not an argument of the call"));
  EXPECT_THAT(ErrorOf("        a = self.k(x, y, deps=[])\n        return a\n"),
              HasSubstr("a call of a program function does not take 'deps'"));
  EXPECT_THAT(ErrorOf("        a, t = pl.submit(self.k, x, y, device=r)\n        return a\n"),
              HasSubstr("pl.submit does not take 'device'"));
  EXPECT_THAT(ErrorOf("        a, b, t = pl.submit(self.k, x, y)\n        return a\n"),
              HasSubstr("a submit is unpacked as `out, tid = ...` (2 names)"));
  EXPECT_THAT(ErrorOf("        a, t = pl.submit(self.k)\n        return a\n"),
              HasSubstr("function 'k' takes 1..2 arguments, got 0"));
  // Any attrs key is taken (parser/calls/call_attrs_test.cc) but the ones that have
  // their own surface.
  EXPECT_THAT(ErrorOf("        a = self.k(x, y, attrs={\"manual_dep_edges\": [r]})\n"
                      "        return a\n"),
              HasSubstr("attrs key 'manual_dep_edges' is not writable"));
  EXPECT_THAT(ErrorOf("        a = self.k(x, y, attrs={\"arg_directions\": [pl.adir.sideways]})\n"
                      "        return a\n"),
              HasSubstr("unknown argument direction pl.adir.sideways"));
  EXPECT_THAT(ErrorOf("        a = self.k(x, y, attrs={\"arg_directions\": [pl.adir.input]})\n"
                      "        return a\n"),
              HasSubstr("arg_directions has 1 entries for 2 arguments"));
  EXPECT_THAT(ErrorOf("        a = self.o(x, y, device=x)\n        return a\n"),
              HasSubstr("call of 'o': device must be an integer scalar"));
  // device= dispatches an orchestrator; k is an InCore kernel.
  EXPECT_THAT(ErrorOf("        a = self.k(x, y, device=r)\n        return a\n"),
              HasSubstr("t.py:12:18: error: call of 'k': device= dispatches an orchestrator, "
                        "and 'k' is not one"));
  EXPECT_EQ(ErrorOf("        a = self.f(x, y, r, device=r)\n        return a\n"), "valid");
  EXPECT_THAT(ErrorOf("        a, t = pl.submit(self.k, x, y, deps=[x])\n        return a\n"),
              HasSubstr("a dep must be a pl.Scalar[pl.TASK_ID] or a TASK_ID array"));
  EXPECT_THAT(ErrorOf("        a, t = pl.submit(self.k, x, y, predicate=(r))\n        return a\n"),
              HasSubstr("predicate must be a BOOL scalar"));
}

}  // namespace
}  // namespace pto::ir
