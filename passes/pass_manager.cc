#include "passes/pass_manager.h"

#include "absl/strings/str_cat.h"
#include "ir/analysis/verifier.h"

namespace pto::passes {
namespace {

const IRPropertySet kVerifiedProperties = {IRProperty::kSSAForm, IRProperty::kTypeChecked};

}  // namespace

PassManager::PassManager(std::vector<std::unique_ptr<Pass>> passes, PassManagerOptions options)
    : passes_(std::move(passes)), options_(std::move(options)) {}

absl::StatusOr<ir::Program> PassManager::Run(const ir::Program& input, PassContext& ctx) const {
  IRPropertySet have;
  if (options_.verify_each) {
    if (absl::Status s = ir::VerifyProgram(input); !s.ok()) {
      return absl::InvalidArgumentError(absl::StrCat("input program is invalid:\n", s.message()));
    }
    have = kVerifiedProperties;
  }
  ir::Program program = input;
  for (const std::unique_ptr<Pass>& pass : passes_) {
    PassProperties props = pass->properties();
    if (IRPropertySet missing = props.required.Difference(have); !missing.empty()) {
      IRProperty p = missing.First();
      return absl::FailedPreconditionError(
          absl::StrCat("pass '", pass->name(), "' requires ", IRPropertyName(p),
                       ", which no earlier step established",
                       kVerifiedProperties.Contains(p)
                           ? " (the verifier does; is --verify-each off?)"
                           : "; run a pass that produces it first"));
    }
    absl::StatusOr<ir::Program> out = pass->Run(program, ctx);
    if (!out.ok()) return out.status();
    program = *out;
    have = have.Difference(props.invalidated).Union(props.produced);
    if (options_.after_pass) options_.after_pass(*pass, program);
    if (options_.verify_each) {
      if (absl::Status s = ir::VerifyProgram(program); !s.ok()) {
        return absl::InternalError(absl::StrCat("pass '", pass->name(),
                                                "' produced invalid IR:\n", s.message()));
      }
      have = have.Union(kVerifiedProperties);
    }
  }
  return program;
}

}  // namespace pto::passes
