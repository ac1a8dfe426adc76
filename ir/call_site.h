// How a call of a program function is dispatched, beyond its arguments: the
// call-site options PyPTO's orchestration code writes on `self.f(...)` and
// the task-submission forms `pl.submit` / `pl.spmd_submit`.
//
//   out = self.chip(x, device=r)                      # CallSite{.device = r}
//   out, tid = pl.submit(self.k, x, deps=[t0])        # form kSubmit, deps {t0}
//   _, t = pl.spmd_submit(self.k, x, core_num=4)      # form kSpmdSubmit
//   self.k(a, b, attrs={"arg_directions": [pl.adir.input, pl.adir.inout]})
//
// A submit's value is the callee's results followed by the producer task's
// Scalar[TASK_ID] (one flat tuple). A plain call with no options has no
// CallSite at all (Call::site() is null), so ordinary calls cost nothing.
// Build one with Context::NewFunctionCall(callee, args, type, loc, &site):
// the context copies it and its lists into the arena.

#ifndef PTO_IR_CALL_SITE_H_
#define PTO_IR_CALL_SITE_H_

#include <cstdint>
#include <utility>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "ir/enums.h"

namespace pto::ir {

class Expr;

enum class CallForm : uint8_t {
  kCall,        // self.f(...)
  kSubmit,      // pl.submit(self.f, ...)
  kSpmdSubmit,  // pl.spmd_submit(self.f, ..., core_num=N)
};

// Per-argument runtime direction of a dispatched call (upstream's
// ArgDirection, spelled pl.adir.<name>).
enum class ArgDirection : uint8_t {
  kInput, kOutput, kOutputExisting, kInOut, kNoDep, kScalar,
};
template <>
struct EnumTraits<ArgDirection> {
  static constexpr absl::string_view kPrefix = "pl.adir";
  static constexpr std::pair<ArgDirection, absl::string_view> kNames[] = {
      {ArgDirection::kInput, "input"},   {ArgDirection::kOutput, "output"},
      {ArgDirection::kOutputExisting, "output_existing"},
      {ArgDirection::kInOut, "inout"},   {ArgDirection::kNoDep, "no_dep"},
      {ArgDirection::kScalar, "scalar"}};
};

struct CallSite {
  CallForm form = CallForm::kCall;
  bool sync_start = false;           // spmd_submit only
  bool allow_early_resolve = false;  // submit forms only
  const Expr* device = nullptr;      // device=: an integer scalar (plain calls)
  const Expr* core_num = nullptr;    // spmd_submit's core_num=: an integer scalar
  const Expr* predicate = nullptr;   // submit's predicate=: a BOOL scalar
  // deps=[...]: Scalar[TASK_ID] or Array[TASK_ID] values (submit forms only).
  absl::Span<const Expr* const> deps;
  // attrs={"arg_directions": [...]}: one per argument, or empty.
  absl::Span<const ArgDirection> arg_directions;

  bool is_submit() const { return form != CallForm::kCall; }
  // Whether the site says nothing beyond a plain call.
  bool empty() const {
    return form == CallForm::kCall && !sync_start && !allow_early_resolve && device == nullptr &&
           core_num == nullptr && predicate == nullptr && deps.empty() && arg_directions.empty();
  }
};

}  // namespace pto::ir

#endif  // PTO_IR_CALL_SITE_H_
