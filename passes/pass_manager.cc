#include "passes/pass_manager.h"

#include "absl/strings/str_cat.h"
#include "ir/analysis/ssa_form.h"
#include "ir/analysis/verifier.h"

namespace pto::passes {
namespace {

const IRPropertySet kVerifiedProperties = {IRProperty::kSSAForm, IRProperty::kTypeChecked};

// The verified properties `program` has; `ssa` receives why it is not in
// SSA form, if it is not.
IRPropertySet Verified(const ir::Program& program, absl::Status* ssa) {
  *ssa = ir::CheckSSAForm(program);
  IRPropertySet have = {IRProperty::kTypeChecked};
  if (ssa->ok()) have.Insert(IRProperty::kSSAForm);
  return have;
}

}  // namespace

PassManager::PassManager(std::vector<std::unique_ptr<Pass>> passes, PassManagerOptions options)
    : passes_(std::move(passes)), options_(std::move(options)) {}

absl::StatusOr<ir::Program> PassManager::Run(const ir::Program& input, PassContext& ctx) const {
  IRPropertySet have;
  IRPropertySet verified;  // what verification established of `program`
  absl::Status not_ssa;    // why `program` is not in SSA form
  if (options_.verify_each) {
    if (absl::Status s = ir::VerifyProgram(input); !s.ok()) {
      return absl::InvalidArgumentError(absl::StrCat("input program is invalid:\n", s.message()));
    }
    verified = Verified(input, &not_ssa);
    have = verified;
  }
  ir::Program program = input;
  for (const std::unique_ptr<Pass>& pass : passes_) {
    PassProperties props = pass->properties();
    if (IRPropertySet missing = props.required.Difference(have); !missing.empty()) {
      IRProperty p = missing.First();
      if (p == IRProperty::kSSAForm && !not_ssa.ok()) {
        return absl::FailedPreconditionError(absl::StrCat(
            "pass '", pass->name(), "' requires SSAForm; run convert-to-ssa before it:\n",
            not_ssa.message()));
      }
      return absl::FailedPreconditionError(
          absl::StrCat("pass '", pass->name(), "' requires ", IRPropertyName(p),
                       ", which no earlier step established",
                       kVerifiedProperties.Contains(p)
                           ? " (the verifier does; is --verify-each off?)"
                           : "; run a pass that produces it first"));
    }
    absl::StatusOr<ir::Program> out = pass->Run(program, ctx);
    if (!out.ok()) return out.status();
    const bool unchanged = out->SameAs(program);
    program = *out;
    have = have.Difference(props.invalidated).Union(props.produced);
    if (options_.after_pass) options_.after_pass(*pass, program);
    if (options_.verify_each) {
      // An unchanged program keeps what was verified of it.
      if (!unchanged) {
        if (absl::Status s = ir::VerifyProgram(program); !s.ok()) {
          return absl::InternalError(absl::StrCat("pass '", pass->name(),
                                                  "' produced invalid IR:\n", s.message()));
        }
        verified = Verified(program, &not_ssa);
      }
      if (props.produced.Contains(IRProperty::kSSAForm) && !not_ssa.ok()) {
        return absl::InternalError(absl::StrCat("pass '", pass->name(),
                                                "' produced IR not in SSA form:\n",
                                                not_ssa.message()));
      }
      have = have.Difference(kVerifiedProperties).Union(verified);
    }
  }
  return program;
}

}  // namespace pto::passes
