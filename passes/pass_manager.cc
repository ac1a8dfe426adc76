#include "passes/pass_manager.h"

#include "absl/strings/str_cat.h"
#include "ir/analysis/ssa_form.h"
#include "ir/analysis/verifier.h"

namespace pto::passes {
namespace {

const IRPropertySet kVerifiedProperties = {IRProperty::kSSAForm, IRProperty::kTypeChecked};

// What verification established of the current program. The SSA check
// walks the whole program, so it runs only when a pass requires SSAForm or
// claims to produce it: a pipeline of passes that need neither (or none at
// all, `--passes=none`) never pays for it.
class VerifiedState {
 public:
  // A new program, which the verifier accepted.
  void Reset() { ssa_checked_ = false; }
  // Whether `program` is in SSA form (checked once per program);
  // why_not_ssa() says why it is not.
  bool IsSSA(const ir::Program& program) {
    if (!ssa_checked_) {
      not_ssa_ = ir::CheckSSAForm(program);
      ssa_checked_ = true;
    }
    return not_ssa_.ok();
  }
  const absl::Status& why_not_ssa() const { return not_ssa_; }

 private:
  bool ssa_checked_ = false;
  absl::Status not_ssa_;
};

}  // namespace

PassManager::PassManager(std::vector<std::unique_ptr<Pass>> passes, PassManagerOptions options)
    : passes_(std::move(passes)), options_(std::move(options)) {}

absl::StatusOr<ir::Program> PassManager::Run(const ir::Program& input, PassContext& ctx) const {
  IRPropertySet have;
  VerifiedState verified;
  if (options_.verify_each) {
    if (absl::Status s = ir::VerifyProgram(input); !s.ok()) {
      return absl::InvalidArgumentError(absl::StrCat("input program is invalid:\n", s.message()));
    }
    have.Insert(IRProperty::kTypeChecked);
  }
  ir::Program program = input;
  for (const std::unique_ptr<Pass>& pass : passes_) {
    PassProperties props = pass->properties();
    if (options_.verify_each && props.required.Contains(IRProperty::kSSAForm) &&
        !have.Contains(IRProperty::kSSAForm) && verified.IsSSA(program)) {
      have.Insert(IRProperty::kSSAForm);
    }
    if (IRPropertySet missing = props.required.Difference(have); !missing.empty()) {
      IRProperty p = missing.First();
      if (p == IRProperty::kSSAForm && options_.verify_each) {
        return absl::FailedPreconditionError(absl::StrCat(
            "pass '", pass->name(), "' requires SSAForm; run convert-to-ssa before it:\n",
            verified.why_not_ssa().message()));
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
        verified.Reset();
        if (!props.produced.Contains(IRProperty::kSSAForm)) have.Remove(IRProperty::kSSAForm);
      }
      if (props.produced.Contains(IRProperty::kSSAForm) && !verified.IsSSA(program)) {
        return absl::InternalError(absl::StrCat("pass '", pass->name(),
                                                "' produced IR not in SSA form:\n",
                                                verified.why_not_ssa().message()));
      }
      have.Insert(IRProperty::kTypeChecked);
    }
  }
  return program;
}

}  // namespace pto::passes
