#include "fuzz/gen/program_generator.h"

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/analysis/structural_equal.h"
#include "ir/analysis/verifier.h"
#include "ir/ops/builtin.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"
#include "ir/visitor.h"

namespace pto::fuzz {
namespace {

using ::testing::IsEmpty;

ir::PrintOptions Concise() {
  ir::PrintOptions options;
  options.concise = true;
  return options;
}

std::vector<uint8_t> RandomBytes(uint32_t seed, size_t size) {
  std::mt19937 rng(seed);
  std::vector<uint8_t> bytes(size);
  for (uint8_t& b : bytes) b = static_cast<uint8_t>(rng());
  return bytes;
}

struct Stats {
  std::multiset<std::string> ops;
  int stmts = 0;
  std::set<ir::NodeKind> kinds;
  std::set<ir::ForKind> for_kinds;
  std::set<ir::FunctionType> function_types;
  int function_calls = 0;
  int while_with_iter_args = 0;
  int while_without_iter_args = 0;
  int if_with_return_vars = 0;
  int for_with_iter_args = 0;
};

class StatsCollector : public ir::IRVisitor {
 public:
  explicit StatsCollector(Stats& stats) : stats_(stats) {}
  void VisitFunction(const ir::Function* f) override {
    stats_.function_types.insert(f->func_type());
    IRVisitor::VisitFunction(f);
  }
  void VisitCall(const ir::Call* c) override {
    if (c->op() != nullptr) {
      stats_.ops.insert(std::string(c->op()->name()));
    } else {
      ++stats_.function_calls;
    }
    IRVisitor::VisitCall(c);
  }
  void VisitAssign(const ir::AssignStmt* s) override {
    Count(s);
    stats_.kinds.insert(s->value()->kind());
    IRVisitor::VisitAssign(s);
  }
  void VisitEval(const ir::EvalStmt* s) override {
    Count(s);
    IRVisitor::VisitEval(s);
  }
  void VisitFor(const ir::ForStmt* s) override {
    Count(s);
    stats_.for_kinds.insert(s->for_kind());
    if (!s->iter_args().empty()) ++stats_.for_with_iter_args;
    IRVisitor::VisitFor(s);
  }
  void VisitIf(const ir::IfStmt* s) override {
    Count(s);
    if (!s->return_vars().empty()) ++stats_.if_with_return_vars;
    IRVisitor::VisitIf(s);
  }
  void VisitWhile(const ir::WhileStmt* s) override {
    Count(s);
    ++(s->iter_args().empty() ? stats_.while_without_iter_args : stats_.while_with_iter_args);
    IRVisitor::VisitWhile(s);
  }

 private:
  void Count(const ir::Stmt* s) {
    ++stats_.stmts;
    stats_.kinds.insert(s->kind());
  }
  Stats& stats_;
};

// Generates from `bytes` and checks the round-trip contract; returns the
// printed program.
std::string GenerateAndCheck(const ProgramGenerator& gen, const std::vector<uint8_t>& bytes,
                             Stats* stats = nullptr) {
  FuzzedDataProvider data(bytes.data(), bytes.size());
  ir::Context ctx;
  ir::Program p = gen.Generate(ctx, data);
  std::string text = ir::PrintProgram(p);
  absl::Status verified = ir::VerifyProgram(p);
  EXPECT_TRUE(verified.ok()) << verified << "\n" << text;
  ir::Context ctx2;
  absl::StatusOr<ir::Program> parsed = ir::ParseProgram(ctx2, text, "gen.py");
  EXPECT_TRUE(parsed.ok()) << parsed.status() << "\n" << text;
  if (parsed.ok()) {
    absl::Status eq = ir::CheckStructuralEqual(p, *parsed);
    EXPECT_TRUE(eq.ok()) << eq << "\n" << text;
    EXPECT_EQ(ir::PrintProgram(*parsed), text);
  }
  if (stats != nullptr) {
    StatsCollector collector(*stats);
    collector.VisitProgram(p);
  }
  return text;
}

TEST(ProgramGeneratorTest, ManySeedsVerifyPrintAndReparse) {
  ProgramGenerator gen;
  for (uint32_t seed = 0; seed < 400; ++seed) {
    SCOPED_TRACE(absl::StrCat("seed ", seed));
    GenerateAndCheck(gen, RandomBytes(seed, 64 + seed % 7 * 160));
    if (::testing::Test::HasFailure()) break;
  }
}

TEST(ProgramGeneratorTest, EmptyAndTinyInputsGiveValidPrograms) {
  ProgramGenerator gen;
  GenerateAndCheck(gen, {});
  GenerateAndCheck(gen, {0});
  GenerateAndCheck(gen, std::vector<uint8_t>(64, 0xff));
}

TEST(ProgramGeneratorTest, SameBytesSameProgram) {
  ProgramGenerator gen;
  std::vector<uint8_t> bytes = RandomBytes(7, 512);
  EXPECT_EQ(GenerateAndCheck(gen, bytes), GenerateAndCheck(gen, bytes));
}

TEST(ProgramGeneratorTest, EveryRegisteredOpIsCoveredOrListedAsUncovered) {
  std::set<std::string> covered;
  for (const std::string& op : ProgramGenerator::CoveredOps()) covered.insert(op);
  std::set<std::string> uncovered;
  for (const UncoveredOp& op : ProgramGenerator::UncoveredOps()) {
    uncovered.insert(std::string(op.name));
    EXPECT_FALSE(op.reason.empty()) << op.name;
  }
  // The exact list of ops the generator cannot build (none today). A new op
  // registered without a recipe fails here until it gets one or a reason.
  EXPECT_THAT(uncovered, IsEmpty());
  std::set<std::string> registered;
  for (const ir::Op* op : ir::BuiltinOps().SortedOps()) {
    registered.insert(std::string(op->name()));
    EXPECT_TRUE(covered.count(std::string(op->name())) + uncovered.count(std::string(op->name())) ==
                1)
        << op->name() << " needs a recipe (fuzz/gen/recipes/) or an entry in BuiltinUncoveredOps()";
  }
  for (const std::string& op : covered) EXPECT_TRUE(registered.count(op)) << op;
}

TEST(ProgramGeneratorTest, EveryCoveredOpAndConstructAppears) {
  ProgramGenerator gen;
  Stats stats;
  for (uint32_t seed = 1000; seed < 1600; ++seed) {
    GenerateAndCheck(gen, RandomBytes(seed, 900), &stats);
    if (::testing::Test::HasFailure()) return;
  }
  for (const std::string& op : ProgramGenerator::CoveredOps()) {
    EXPECT_GT(stats.ops.count(op), 0u) << op << " never generated";
  }
  EXPECT_EQ(stats.for_kinds.size(), 4u);
  EXPECT_GT(stats.for_with_iter_args, 0);
  EXPECT_GT(stats.if_with_return_vars, 0);
  EXPECT_GT(stats.while_with_iter_args, 0);
  EXPECT_GT(stats.while_without_iter_args, 0);
  EXPECT_GT(stats.function_calls, 0);
  EXPECT_TRUE(stats.function_types.count(ir::FunctionType::kInCore));
  EXPECT_TRUE(stats.function_types.count(ir::FunctionType::kOpaque));
  for (ir::NodeKind k : {ir::NodeKind::kMakeTuple, ir::NodeKind::kTupleGetItem,
                         ir::NodeKind::kBinary, ir::NodeKind::kUnary, ir::NodeKind::kEval}) {
    EXPECT_TRUE(stats.kinds.count(k)) << static_cast<int>(k);
  }
}

TEST(ProgramGeneratorTest, StatementBudgetIsRespected) {
  GeneratorOptions opts;
  opts.max_functions = 1;
  opts.max_stmts = 5;
  ProgramGenerator gen(opts);
  int largest = 0;
  for (uint32_t seed = 0; seed < 200; ++seed) {
    Stats stats;
    GenerateAndCheck(gen, RandomBytes(seed, 4096), &stats);
    largest = std::max(largest, stats.stmts);
  }
  // A statement starts only while the budget lasts; the last one may add
  // its helper calls (up to 6), a yield per open block and the return.
  EXPECT_LE(largest, opts.max_stmts + 6 + 2 * opts.max_depth + 1);
  EXPECT_GE(largest, opts.max_stmts);
}

TEST(ProgramGeneratorTest, AllowListBoundsEveryOp) {
  GeneratorOptions opts;
  opts.allowed_ops = {"tile.full", "tile.add", "tile.muls"};
  ProgramGenerator gen(opts);
  Stats stats;
  for (uint32_t seed = 0; seed < 100; ++seed) GenerateAndCheck(gen, RandomBytes(seed, 512), &stats);
  EXPECT_GT(stats.ops.count("tile.add"), 0u);
  for (const std::string& op : stats.ops) {
    EXPECT_TRUE(opts.allowed_ops.contains(op)) << op;
  }
}

TEST(ProgramGeneratorTest, ZeroWeightDisablesAnOpAsAStatement) {
  GeneratorOptions opts;
  opts.allowed_ops = {"tile.full", "tile.neg"};
  opts.op_weights["tile.neg"] = 0;
  ProgramGenerator gen(opts);
  Stats stats;
  for (uint32_t seed = 0; seed < 50; ++seed) GenerateAndCheck(gen, RandomBytes(seed, 512), &stats);
  EXPECT_EQ(stats.ops.count("tile.neg"), 0u);
  EXPECT_GT(stats.ops.count("tile.full"), 0u);
}

TEST(ProgramGeneratorTest, CustomStatementsAndRecipesAreUsed) {
  GeneratorOptions opts;
  opts.allowed_ops = {"tile.full", "tile.sin", "tile.abs"};
  int custom_calls = 0;
  opts.custom_stmts.push_back({"sin_of_fp32", 4, [&](GenScope& s) {
                                 ++custom_calls;
                                 const ir::Var* t =
                                     s.TileOr([](const ir::TileType* t) {
                                       return t->dtype() == ir::DataType::kFP32;
                                     },
                                              ir::DataType::kFP32, {8, 8});
                                 return t != nullptr && s.TryOp("tile.sin", {t}) != nullptr;
                               }});
  int recipe_calls = 0;
  opts.op_recipes["tile.abs"] = [&](GenScope& s) {
    ++recipe_calls;
    const ir::Var* t = s.FreshTile(ir::DataType::kInt32, {4, 4});
    return t != nullptr && s.TryOp("tile.abs", {t}) != nullptr;
  };
  ProgramGenerator gen(opts);
  Stats stats;
  for (uint32_t seed = 0; seed < 50; ++seed) GenerateAndCheck(gen, RandomBytes(seed, 512), &stats);
  EXPECT_GT(custom_calls, 0);
  EXPECT_GT(recipe_calls, 0);
  EXPECT_GT(stats.ops.count("tile.sin"), 0u);
  EXPECT_GT(stats.ops.count("tile.abs"), 0u);
}

TEST(ProgramGeneratorTest, ConcisePrintReparsesToAnEqualProgram) {
  ProgramGenerator gen;
  for (uint32_t seed = 0; seed < 200; ++seed) {
    std::vector<uint8_t> bytes = RandomBytes(seed + 50000, 600);
    FuzzedDataProvider data(bytes.data(), bytes.size());
    ir::Context ctx;
    ir::Program p = gen.Generate(ctx, data);
    std::string concise = ir::PrintProgram(p, Concise());
    ir::Context ctx2;
    absl::StatusOr<ir::Program> parsed = ir::ParseProgram(ctx2, concise, "concise.py");
    ASSERT_TRUE(parsed.ok()) << parsed.status() << "\n" << concise;
    absl::Status eq = ir::CheckStructuralEqual(p, *parsed);
    ASSERT_TRUE(eq.ok()) << eq << "\n" << concise;
  }
}

// Constructs that once broke the text round trip (docs/fuzzing.md) must
// keep being generated, so the round-trip fuzzer keeps testing them: here,
// a param named like a pl.dynamic dim (F1), which the printer must respell.
TEST(ProgramGeneratorTest, GeneratesParamsNamedLikeDynamicDims) {
  ProgramGenerator gen{GeneratorOptions()};
  bool found = false;
  for (uint32_t seed = 0; seed < 3000 && !found; ++seed) {
    std::vector<uint8_t> bytes = RandomBytes(seed + 90000, 700);
    FuzzedDataProvider data(bytes.data(), bytes.size());
    ir::Context ctx;
    ir::Program p = gen.Generate(ctx, data);
    for (const ir::Function* f : p.functions()) {
      for (const ir::Var* v : f->params()) {
        found = found || v->name() == "N" || v->name() == "M" || v->name() == "K";
      }
    }
  }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace pto::fuzz

namespace pto::fuzz {
namespace {

// A SubWorker at HOST level or above has host Python for a body (the parser
// reads any such body so): the generator gives it text, never DSL.
TEST(ProgramGeneratorTest, HostSubWorkersGetPythonBodies) {
  ProgramGenerator gen;
  int host_sub_workers = 0;
  for (uint32_t seed = 0; seed < 400; ++seed) {
    std::vector<uint8_t> bytes = RandomBytes(seed, 64 + seed % 7 * 160);
    FuzzedDataProvider data(bytes.data(), bytes.size());
    ir::Context ctx;
    ir::Program p = gen.Generate(ctx, data);
    for (const ir::Function* f : p.functions()) {
      if (!f->role() || *f->role() != ir::Role::kSubWorker || !f->level() ||
          *f->level() < ir::Level::kHost) {
        EXPECT_TRUE(f->attrs().python_body.empty()) << f->name();
        continue;
      }
      ++host_sub_workers;
      EXPECT_FALSE(f->attrs().python_body.empty()) << "seed " << seed << ": " << f->name();
      const auto* seq = f->body()->As<ir::SeqStmts>();
      EXPECT_TRUE(seq != nullptr && seq->stmts().empty()) << "seed " << seed;
    }
  }
  EXPECT_GT(host_sub_workers, 0);
}

}  // namespace
}  // namespace pto::fuzz
