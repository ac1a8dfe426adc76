// How a call of a program function is dispatched, beyond its arguments: the
// call-site options PyPTO's orchestration code writes on `self.f(...)` and
// the task-submission forms `pl.submit` / `pl.spmd_submit`.
//
//   out = self.chip(x, device=r)                      # CallSite{.device = r}
//   out, tid = pl.submit(self.k, x, deps=[t0])        # form kSubmit, deps {t0}
//   _, t = pl.spmd_submit(self.k, x, core_num=4)      # form kSpmdSubmit
//   self.k(a, b, attrs={"arg_directions": [pl.adir.input, pl.adir.inout]})
//   pl.tile.move(x, target_memory=pl.Mem.Right, attrs={"pipeline_membership": "0:0"})
//   fence = pl.system.task_dummy(deps=[tids])        # an op call's site: deps
//
// Op calls carry a CallSite too when they have generic attrs (upstream's
// Call::attrs_: compiler metadata the passes carry and codegen ignores) or,
// on system.task_dummy only, deps (upstream's manual_dep_edges attr).
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
#include "ir/attr.h"
#include "ir/enums.h"

namespace pto::ir {

class Expr;

enum class CallForm : uint8_t {
  kCall,        // self.f(...)
  kSubmit,      // pl.submit(self.f, ...)
  kSpmdSubmit,  // pl.spmd_submit(self.f, ..., core_num=N)
};

// One value of a generic call attr: a constant or enum member (`value`), an
// argument direction (pl.adir.X) or an expression (a variable or any other
// expression of the program, visited and renamed like an argument).
struct CallAttrItem {
  enum class Kind : uint8_t { kValue, kDirection, kExpr };
  Kind kind = Kind::kValue;
  ArgDirection direction = ArgDirection::kInput;
  AttrValue value = AttrValue::Bool(false);
  const Expr* expr = nullptr;
};

// One entry of a call's generic `attrs={...}` dict, "key": value or
// "key": [v, ...] (is_list; a list's items are all of one kind, or none).
struct CallAttr {
  absl::string_view key;
  bool is_list = false;
  absl::Span<const CallAttrItem> items;
};

// The attr key of a call's selective-dump variables (a submit's dumps=).
inline constexpr absl::string_view kDumpVarsKey = "dump_vars";
// The attr key of the argument positions a call marks pl.no_dep(x): their
// data does not make the task depend on earlier writers.
inline constexpr absl::string_view kArgDirectionOverridesKey = "arg_direction_overrides";

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
  // Every other attrs={...} key, in written order, keys unique. On a submit
  // the key "dump_vars" (a list of the call's argument variables, in argument
  // order) prints as the dumps=[...] kwarg.
  absl::Span<const CallAttr> attrs;

  bool is_submit() const { return form != CallForm::kCall; }
  // The generic attr with this key, or nullptr.
  const CallAttr* FindAttr(absl::string_view key) const {
    for (const CallAttr& a : attrs) {
      if (a.key == key) return &a;
    }
    return nullptr;
  }
  // Whether the site says nothing beyond a plain call.
  bool empty() const {
    return form == CallForm::kCall && !sync_start && !allow_early_resolve && device == nullptr &&
           core_num == nullptr && predicate == nullptr && deps.empty() && arg_directions.empty() &&
           attrs.empty();
  }
};

}  // namespace pto::ir

#endif  // PTO_IR_CALL_SITE_H_
