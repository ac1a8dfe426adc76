#include "passes/normalize/normalize_stmt_structure.h"

#include "ir/mutator.h"

namespace pto::passes {
namespace {

class Normalizer : public ir::IRMutator {
 public:
  using IRMutator::IRMutator;
  // A sequence inside a sequence is spliced by the enclosing VisitSeq, so
  // unwrapping here only ever affects a body.
  const ir::Stmt* VisitSeq(const ir::SeqStmts* s) override {
    const ir::Stmt* r = IRMutator::VisitSeq(s);
    if (const auto* seq = r->As<ir::SeqStmts>(); seq != nullptr && seq->stmts().size() == 1) {
      return seq->stmts()[0];
    }
    return r;
  }
};

class NormalizeStmtStructurePass : public Pass {
 public:
  absl::string_view name() const override { return "normalize-stmt-structure"; }
  absl::string_view description() const override {
    return "Makes every body that is a sequence of one statement that statement.";
  }
  PassProperties properties() const override {
    return {{}, {IRProperty::kNormalizedStmtStructure}, {}};
  }
  absl::StatusOr<ir::Program> Run(const ir::Program& program, PassContext&) const override {
    return Normalizer(program.context()).MutateProgram(program);
  }
};

}  // namespace

std::unique_ptr<Pass> CreateNormalizeStmtStructurePass() {
  return std::make_unique<NormalizeStmtStructurePass>();
}

}  // namespace pto::passes
