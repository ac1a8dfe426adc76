// Printing a call of a program function with its dispatch options
// (ir/call_site.h), in upstream's canonical spelling:
//
//   self.chip(x, device=r, attrs={"arg_directions": [pl.adir.input]})
//   pl.submit(self.k, a, deps=[t0, t1], allow_early_resolve=True)
//   pl.spmd_submit(self.k, a, core_num=4, sync_start=True, predicate=(n > 0))

#include "ir/text/printer_impl.h"

namespace pto::ir::printer_impl {

void Printer::PrintFunctionCall(const Call* c) {
  const CallSite* site = c->site();
  if (site != nullptr && site->is_submit()) {
    Append(site->form == CallForm::kSpmdSubmit ? "pl.spmd_submit(self." : "pl.submit(self.");
    Append(c->callee()->name());
    for (const Expr* a : c->args()) {
      Append(", ");
      PrintExprText(a);
    }
  } else {
    Append("self.");
    Append(c->callee()->name());
    out_.push_back('(');
    PrintExprList(c->args());
  }
  if (site == nullptr) {
    out_.push_back(')');
    return;
  }
  // Separators: a plain call with no arguments takes no leading comma.
  bool first = !site->is_submit() && c->args().empty();
  auto key = [&](absl::string_view k) {
    if (!first) Append(", ");
    first = false;
    Append(k);
  };
  if (site->device != nullptr) {
    key("device=");
    PrintExprText(site->device);
  }
  if (!site->deps.empty()) {
    key("deps=[");
    PrintExprList(site->deps);
    out_.push_back(']');
  }
  if (site->core_num != nullptr) {
    key("core_num=");
    PrintExprText(site->core_num);
    if (site->sync_start) Append(", sync_start=True");
  }
  if (site->allow_early_resolve) key("allow_early_resolve=True");
  if (site->predicate != nullptr) {
    key("predicate=(");
    PrintExprText(site->predicate);
    out_.push_back(')');
  }
  if (!site->arg_directions.empty()) {
    key("attrs={\"arg_directions\": [");
    for (size_t i = 0; i < site->arg_directions.size(); ++i) {
      if (i > 0) Append(", ");
      Append("pl.adir.");
      Append(EnumName(site->arg_directions[i]));
    }
    Append("]}");
  }
  out_.push_back(')');
}

}  // namespace pto::ir::printer_impl
