// Printing a call of a program function with its dispatch options
// (ir/call_site.h), in upstream's canonical spelling:
//
//   self.chip(x, device=r, attrs={"arg_directions": [pl.adir.input]})
//   pl.submit(self.k, a, deps=[t0, t1], allow_early_resolve=True)
//   pl.spmd_submit(self.k, a, core_num=4, sync_start=True, predicate=(n > 0))
//   pl.tile.move(x, target_memory=pl.Mem.Right, attrs={"pipeline_membership": "0:0"})
//   pl.system.task_dummy(deps=[t0])

#include "ir/text/printer/printer_impl.h"

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
  const CallAttr* dumps = site->FindAttr(kDumpVarsKey);
  if (dumps != nullptr && site->is_submit()) {
    key("dumps=");
    PrintCallAttrValue(*dumps);
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
  PrintCallAttrsDict(*site, &first);
  out_.push_back(')');
}

// attrs={...}: a plain call's "dump_vars" first, then "arg_directions", then
// the other keys in the order they were written (upstream's order).
void Printer::PrintCallAttrsDict(const CallSite& site, bool* first) {
  const CallAttr* dumps = site.is_submit() ? nullptr : site.FindAttr(kDumpVarsKey);
  bool others = false;
  for (const CallAttr& a : site.attrs) others |= a.key != kDumpVarsKey;
  if (dumps == nullptr && site.arg_directions.empty() && !others) return;
  if (!*first) Append(", ");
  *first = false;
  Append("attrs={");
  bool first_key = true;
  auto entry = [&](absl::string_view k) {
    if (!first_key) Append(", ");
    first_key = false;
    AppendDoubleQuoted(k);
    Append(": ");
  };
  if (dumps != nullptr) {
    entry(kDumpVarsKey);
    PrintCallAttrValue(*dumps);
  }
  if (!site.arg_directions.empty()) {
    entry("arg_directions");
    out_.push_back('[');
    for (size_t i = 0; i < site.arg_directions.size(); ++i) {
      if (i > 0) Append(", ");
      Append("pl.adir.");
      Append(EnumName(site.arg_directions[i]));
    }
    out_.push_back(']');
  }
  for (const CallAttr& a : site.attrs) {
    if (a.key == kDumpVarsKey) continue;
    entry(a.key);
    PrintCallAttrValue(a);
  }
  out_.push_back('}');
}

void Printer::PrintCallAttrValue(const CallAttr& a) {
  if (a.is_list) out_.push_back('[');
  for (size_t i = 0; i < a.items.size(); ++i) {
    if (i > 0) Append(", ");
    const CallAttrItem& item = a.items[i];
    switch (item.kind) {
      case CallAttrItem::Kind::kValue:
        // Strings in double quotes, as upstream's printer writes attr values.
        if (item.value.kind() == AttrKind::kString) {
          AppendDoubleQuoted(item.value.string_value());
        } else {
          PrintAttr(item.value);
        }
        break;
      case CallAttrItem::Kind::kDirection:
        Append("pl.adir.");
        Append(EnumName(item.direction));
        break;
      case CallAttrItem::Kind::kExpr:
        PrintExprText(item.expr);
        break;
    }
  }
  if (a.is_list) out_.push_back(']');
}

// An op call's options: system.task_dummy's deps=[...] (always written, as
// upstream writes it), then attrs={...}.
void Printer::PrintOpCallSite(const Call* c, bool* first) {
  const CallSite* site = c->site();
  if (c->op()->name() == "system.task_dummy") {
    if (!*first) Append(", ");
    *first = false;
    Append("deps=[");
    if (site != nullptr) PrintExprList(site->deps);
    out_.push_back(']');
  }
  if (site != nullptr) PrintCallAttrsDict(*site, first);
}

}  // namespace pto::ir::printer_impl
