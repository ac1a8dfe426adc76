#include "passes/verify/verify_ssa.h"

#include "ir/analysis/ssa_form.h"

namespace pto::passes {
namespace {

class VerifySSAPass : public Pass {
 public:
  absl::string_view name() const override { return "verify-ssa"; }
  absl::string_view description() const override {
    return "Fails unless the program is in SSA form: each variable defined once and used "
           "within its scope.";
  }
  absl::StatusOr<ir::Program> Run(const ir::Program& program, PassContext&) const override {
    if (absl::Status s = ir::CheckSSAForm(program); !s.ok()) return s;
    return program;
  }
};

}  // namespace

std::unique_ptr<Pass> CreateVerifySSAPass() { return std::make_unique<VerifySSAPass>(); }

}  // namespace pto::passes
