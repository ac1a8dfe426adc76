// Runs a pipeline of passes with verification and IR dumps.
//
// After every pass the verifier runs (unless verify_each is off) and the
// declared properties are checked, so a pass that breaks the IR is named in
// the error instead of surfacing later:
//
//   PassManagerOptions options;
//   options.after_pass = [](const Pass& p, const ir::Program& out) { ... };
//   PTO_ASSIGN_OR_RETURN(auto passes, BuiltinPasses().Build("default"));
//   PassManager pm(std::move(passes), options);
//   PTO_ASSIGN_OR_RETURN(ir::Program out, pm.Run(program, pass_context));

#ifndef PTO_PASSES_PASS_MANAGER_H_
#define PTO_PASSES_PASS_MANAGER_H_

#include <functional>
#include <memory>
#include <vector>

#include "absl/status/statusor.h"
#include "passes/pass.h"

namespace pto::passes {

struct PassManagerOptions {
  // Verify the input and the output of every pass.
  bool verify_each = true;
  // Called with each pass's output (e.g. --print-ir-after-all).
  std::function<void(const Pass&, const ir::Program&)> after_pass;
};

class PassManager {
 public:
  explicit PassManager(std::vector<std::unique_ptr<Pass>> passes,
                       PassManagerOptions options = {});

  const std::vector<std::unique_ptr<Pass>>& passes() const { return passes_; }
  absl::StatusOr<ir::Program> Run(const ir::Program& input, PassContext& ctx) const;

 private:
  std::vector<std::unique_ptr<Pass>> passes_;
  PassManagerOptions options_;
};

}  // namespace pto::passes

#endif  // PTO_PASSES_PASS_MANAGER_H_
