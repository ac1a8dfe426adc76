// The generator draws every operand form of pld.tile.put / pld.tile.get
// (4 or 5 operands: the whole tensor through one or two staging tiles; 7 or
// 8: with the region), and each prints and re-parses to the same program.

#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "fuzz/gen/program_generator.h"
#include "gtest/gtest.h"
#include "ir/analysis/structural_equal.h"
#include "ir/analysis/verifier.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"
#include "ir/visitor.h"

namespace pto::fuzz {
namespace {

class TransferForms : public ir::IRVisitor {
 public:
  void VisitCall(const ir::Call* c) override {
    if (c->op() != nullptr) forms[std::string(c->op()->name())].insert(c->args().size());
    IRVisitor::VisitCall(c);
  }
  std::map<std::string, std::set<size_t>> forms;
};

TEST(TransferFormsTest, PutAndGetComeWithOneOrTwoStagesWholeOrByRegion) {
  GeneratorOptions opts;
  opts.allowed_ops = {"pld.tile.put", "pld.tile.get", "tile.full", "tensor.full"};
  ProgramGenerator gen(opts);
  TransferForms seen;
  std::mt19937 rng(41);
  for (int i = 0; i < 150; ++i) {
    std::vector<uint8_t> bytes(512);
    for (uint8_t& b : bytes) b = static_cast<uint8_t>(rng());
    FuzzedDataProvider data(bytes.data(), bytes.size());
    ir::Context ctx;
    ir::Program p = gen.Generate(ctx, data);
    std::string text = ir::PrintProgram(p);
    ASSERT_TRUE(ir::VerifyProgram(p).ok()) << text;
    ir::Context ctx2;
    absl::StatusOr<ir::Program> parsed = ir::ParseProgram(ctx2, text, "gen.py");
    ASSERT_TRUE(parsed.ok()) << parsed.status() << "\n" << text;
    ASSERT_TRUE(ir::CheckStructuralEqual(p, *parsed).ok()) << text;
    seen.VisitProgram(p);
  }
  for (const char* op : {"pld.tile.put", "pld.tile.get"}) {
    EXPECT_EQ(seen.forms[op], (std::set<size_t>{4, 5, 7, 8})) << op;
  }
}

}  // namespace
}  // namespace pto::fuzz
