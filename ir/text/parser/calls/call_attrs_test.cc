// The generic attrs={...} dict on calls, system.task_dummy's deps= and
// pl.submit's dumps= (ir/call_site.h, parser/calls/call_attrs.cc): what the parser
// builds, that equality, hashing and the visitor see the values, that the
// text is a fixed point, and the forms it rejects.

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/analysis/structural_equal.h"
#include "ir/analysis/verifier.h"
#include "ir/context.h"
#include "ir/mutator.h"
#include "ir/stmt.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"
#include "ir/text/testing/roundtrip.h"
#include "ir/visitor.h"

namespace pto::ir {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

constexpr absl::string_view kHead =
    "import pypto.language as pl\n"
    "@pl.program\n"
    "class P:\n"
    "    @pl.function(type=pl.FunctionType.InCore)\n"
    "    def k(self, x: pl.Tensor[[16], pl.FP32], out: pl.Out[pl.Tensor[[16], pl.FP32]]) -> "
    "pl.Tensor[[16], pl.FP32]:\n"
    "        return out\n"
    "    @pl.function(type=pl.FunctionType.Orchestration)\n"
    "    def f(self, x: pl.Tensor[[16], pl.FP32], y: pl.Tensor[[16], pl.FP32], "
    "r: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.TASK_ID]:\n"
    "        with pl.manual_scope():\n";

std::string Source(absl::string_view body) { return absl::StrCat(kHead, body); }

// The value of the assignment to `name` in f's manual scope.
const Call* CallOf(const Program& p, absl::string_view name) {
  const Call* found = nullptr;
  struct Finder : IRVisitor {
    absl::string_view name;
    const Call** found;
    void VisitAssign(const AssignStmt* s) override {
      if (s->var()->name() == name) *found = s->value()->As<Call>();
      IRVisitor::VisitAssign(s);
    }
  } finder;
  finder.name = name;
  finder.found = &found;
  finder.VisitStmt(p.FindFunction("f")->body());
  return found;
}

absl::StatusOr<Program> Parse(Context& ctx, absl::string_view body) {
  return ParseProgram(ctx, Source(body), "t.py");
}

std::string ErrorOf(absl::string_view body) {
  Context ctx;
  absl::StatusOr<Program> p = Parse(ctx, body);
  if (!p.ok()) return std::string(p.status().message());
  absl::Status v = VerifyProgram(*p);
  return v.ok() ? "valid" : std::string(v.message());
}

constexpr absl::string_view kBody =
    "            tids = pl.array.create(2, pl.TASK_ID)\n"
    "            b = pl.system.task_dummy(deps=[tids])\n"
    "            o, t = pl.submit(self.k, x, y, deps=[b], dumps=[y, x, y])\n"
    "            c = self.k(x, y, attrs={\"core_num\": 2, \"gate\": r > 0, "
    "\"edges\": [t, b], \"ov\": [], \"dump_vars\": [y]})\n"
    "            m = pl.tensor.add(x, y, attrs={\"pipeline_membership\": \"0:1\", "
    "\"space\": pl.Mem.Left, \"dirs\": [pl.adir.input, pl.adir.inout], \"ids\": [3, 1]})\n"
    "        return b\n";

TEST(CallAttrsTest, ParserBuildsTheSite) {
  Context ctx;
  absl::StatusOr<Program> p = Parse(ctx, kBody);
  ASSERT_TRUE(p.ok()) << p.status();
  ASSERT_TRUE(VerifyProgram(*p).ok()) << VerifyProgram(*p);
  const Call* dummy = CallOf(*p, "b");
  ASSERT_NE(dummy->site(), nullptr);
  ASSERT_EQ(dummy->site()->deps.size(), 1u);
  EXPECT_EQ(dummy->site()->deps[0]->As<Var>()->name(), "tids");

  // dumps= keeps the call's arguments it names, in argument order, once.
  const CallAttr* dumps = CallOf(*p, "_submit_tmp")->site()->FindAttr(kDumpVarsKey);
  ASSERT_NE(dumps, nullptr);
  std::vector<std::string> names;
  for (const CallAttrItem& i : dumps->items) names.emplace_back(i.expr->As<Var>()->name());
  EXPECT_THAT(names, ElementsAre("x", "y"));

  const CallSite* site = CallOf(*p, "c")->site();
  ASSERT_EQ(site->attrs.size(), 5u);
  EXPECT_EQ(site->attrs[0].key, kDumpVarsKey);  // first, as upstream stores it
  EXPECT_EQ(site->attrs[1].key, "core_num");
  EXPECT_EQ(site->attrs[1].items[0].value, AttrValue::Int(2));
  EXPECT_EQ(site->attrs[2].items[0].kind, CallAttrItem::Kind::kExpr);
  EXPECT_TRUE(site->attrs[3].is_list);
  EXPECT_EQ(site->attrs[3].items.size(), 2u);
  EXPECT_TRUE(site->attrs[4].is_list);
  EXPECT_TRUE(site->attrs[4].items.empty());

  const Call* add = CallOf(*p, "m");
  ASSERT_NE(add->op(), nullptr);
  const CallSite* op_site = add->site();
  ASSERT_NE(op_site, nullptr);
  ASSERT_EQ(op_site->attrs.size(), 4u);
  EXPECT_EQ(op_site->attrs[0].items[0].value.string_value(), "0:1");
  EXPECT_EQ(op_site->attrs[1].items[0].value, AttrValue::Enum(MemorySpace::kLeft));
  EXPECT_EQ(op_site->attrs[2].items[1].direction, ArgDirection::kInOut);
  EXPECT_EQ(op_site->attrs[3].items[0].value, AttrValue::Int(3));
}

TEST(CallAttrsTest, PrintIsAFixedPointAndEqual) {
  Context c1;
  absl::StatusOr<Program> p = Parse(c1, kBody);
  ASSERT_TRUE(p.ok()) << p.status();
  // Also checks that the re-parse is equal and hashes the same.
  std::string once = ExpectPrintIsFixedPoint(*p);
  EXPECT_THAT(once, HasSubstr("pl.system.task_dummy(deps=[tids])"));
  EXPECT_THAT(once, HasSubstr("deps=[b], dumps=[x, y])"));
  EXPECT_THAT(once, HasSubstr("self.k(x, y, attrs={\"dump_vars\": [y], \"core_num\": 2, "
                              "\"gate\": r > 0, \"edges\": [t, b], \"ov\": []})"));
  EXPECT_THAT(once, HasSubstr("attrs={\"pipeline_membership\": \"0:1\", \"space\": "
                              "pl.Mem.Left, \"dirs\": [pl.adir.input, pl.adir.inout], "
                              "\"ids\": [3, 1]})"));
}

TEST(CallAttrsTest, EqualityAndHashSeeAttrs) {
  auto parse = [](Context& ctx, absl::string_view attrs) {
    absl::StatusOr<Program> p = Parse(
        ctx, absl::StrCat("            m = pl.tensor.add(x, y", attrs, ")\n        return "
                          "pl.system.task_invalid()\n"));
    EXPECT_TRUE(p.ok()) << p.status();
    return std::move(*p);
  };
  Context c1, c2, c3, c4;
  Program a = parse(c1, ", attrs={\"k\": \"0:0\"}");
  Program b = parse(c2, ", attrs={\"k\": \"0:1\"}");
  Program c = parse(c3, "");
  Program d = parse(c4, ", attrs={\"k\": [r]}");
  EXPECT_THAT(CheckStructuralEqual(a, b).message(), HasSubstr("call attr 'k'"));
  EXPECT_FALSE(StructuralEqual(a, c));
  EXPECT_FALSE(StructuralEqual(a, d));
  EXPECT_NE(StructuralHash(a), StructuralHash(b));
  EXPECT_NE(StructuralHash(a), StructuralHash(c));
}

// The visitor reaches attr expressions, and a rename reaches them through
// the mutator, on op calls as on function calls.
TEST(CallAttrsTest, VisitorAndMutatorSeeAttrValues) {
  Context ctx;
  absl::StatusOr<Program> p =
      Parse(ctx, "            m = pl.tensor.add(x, y, attrs={\"v\": [r], \"s\": \"a\"})\n"
                 "        return pl.system.task_invalid()\n");
  ASSERT_TRUE(p.ok()) << p.status();
  const Call* add = CallOf(*p, "m");
  struct Uses : IRVisitor {
    void VisitVar(const Var* v) override { names.push_back(std::string(v->name())); }
    std::vector<std::string> names;
  } uses;
  uses.VisitExpr(add);
  EXPECT_THAT(uses.names, ElementsAre("x", "y", "r"));

  const Var* r = p->FindFunction("f")->params()[2];
  const Var* r2 = ctx.NewVar("r2", r->type());
  struct Rename : IRMutator {
    Rename(Context& c, const Var* from, const Var* to) : IRMutator(c) { Remap(from, to); }
  } rename(ctx, r, r2);
  const auto* renamed = rename.VisitExpr(add)->As<Call>();
  ASSERT_NE(renamed, add);
  ASSERT_NE(renamed->site(), nullptr);
  EXPECT_EQ(renamed->site()->attrs[0].items[0].expr, r2);
  EXPECT_EQ(renamed->site()->attrs[1].items[0].value.string_value(), "a");
  EXPECT_EQ(renamed->type(), add->type());
}

TEST(CallAttrsTest, Rejections) {
  EXPECT_THAT(ErrorOf("            m = pl.tensor.add(x, y, attrs={\"k\": [1, r]})\n"
                      "        return pl.system.task_invalid()\n"),
              HasSubstr("attrs['k']: list elements are mixed"));
  EXPECT_THAT(ErrorOf("            m = pl.tensor.add(x, y, attrs={\"k\": 1, \"k\": 2})\n"
                      "        return pl.system.task_invalid()\n"),
              HasSubstr("attrs key 'k' is given twice"));
  EXPECT_THAT(ErrorOf("            m = pl.tensor.add(x, y, attrs={k: 1})\n"
                      "        return pl.system.task_invalid()\n"),
              HasSubstr("attrs keys must be string literals"));
  EXPECT_THAT(ErrorOf("            m = pl.tensor.add(x, y, attrs={\"k\": pl.FunctionType.AIC})\n"
                      "        return pl.system.task_invalid()\n"),
              HasSubstr("values are not kwarg values"));
  EXPECT_THAT(ErrorOf("            t = pl.system.task_invalid()\n"
                      "            m = pl.tensor.add(x, y, deps=[t])\n"
                      "        return t\n"),
              HasSubstr("tensor.add does not take deps="));
  EXPECT_THAT(ErrorOf("            b = pl.system.task_dummy(deps=[r])\n        return b\n"),
              HasSubstr("a dep must be a pl.Scalar[pl.TASK_ID] or a TASK_ID array"));
  EXPECT_THAT(ErrorOf("            b = pl.system.task_dummy(attrs={\"dummy_task\": True})\n"
                      "        return b\n"),
              HasSubstr("attrs key 'dummy_task' is not writable"));
  EXPECT_THAT(ErrorOf("            o, t = pl.submit(self.k, x, y, dumps=[r])\n        return t\n"),
              HasSubstr("dump_vars / dumps= entries must be tensor variables"));
}

}  // namespace
}  // namespace pto::ir
