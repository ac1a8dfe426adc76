// Shared plumbing of the numerical tests (*_numerics_test.cc): parse a
// program, run a named pass pipeline on it for a backend (with the verifier
// after every pass), interpret a function.
//
//   ir::Context ctx;
//   absl::StatusOr<ir::Program> p = ParseProgramText(ctx, text);
//   absl::StatusOr<ir::Program> lowered = RunPipeline(*p, "lower-composite-ops", "a5");
//   if (IsMissingPass(lowered.status())) GTEST_SKIP() << ...;

#ifndef PTO_E2E_NUMERICS_UTIL_H_
#define PTO_E2E_NUMERICS_UTIL_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/string_view.h"
#include "backends/registry.h"
#include "ir/context.h"
#include "ir/text/parser/parser.h"
#include "ir/visitor.h"
#include "passes/all_passes.h"
#include "passes/pass_manager.h"

namespace pto::sim::testing {

// Calls to `name` anywhere in `p` (0 once a pass has lowered them all).
inline int CountCalls(const ir::Program& p, absl::string_view name) {
  struct Counter : ir::IRVisitor {
    absl::string_view name;
    int n = 0;
    void VisitCall(const ir::Call* c) override {
      if (c->callee_name() == name) ++n;
      ir::IRVisitor::VisitCall(c);
    }
  } counter;
  counter.name = name;
  counter.VisitProgram(p);
  return counter.n;
}

inline absl::StatusOr<ir::Program> ParseProgramText(ir::Context& ctx, absl::string_view text) {
  return ir::ParseProgram(ctx, text, "numerics.py");
}

inline absl::StatusOr<ir::Program> RunPipeline(const ir::Program& program,
                                               absl::string_view pipeline,
                                               absl::string_view backend) {
  absl::StatusOr<std::vector<std::unique_ptr<passes::Pass>>> passes =
      passes::BuiltinPasses().Build(pipeline);
  if (!passes.ok()) return passes.status();
  absl::StatusOr<const backends::Backend*> target = backends::FindBackend(backend);
  if (!target.ok()) return target.status();
  passes::PassManager pm(*std::move(passes));
  passes::PassContext pass_context(*target);
  return pm.Run(program, pass_context);
}

// The pipeline named a pass that is not registered (yet).
inline bool IsMissingPass(const absl::Status& s) {
  return s.code() == absl::StatusCode::kNotFound && absl::StrContains(s.message(), "unknown pass");
}

}  // namespace pto::sim::testing

#endif  // PTO_E2E_NUMERICS_UTIL_H_
