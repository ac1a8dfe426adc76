#include "ir/analysis/call_site_check.h"

#include "absl/strings/str_cat.h"
#include "ir/analysis/ir_format.h"
#include "ir/op.h"
#include "ir/type.h"

namespace pto::ir {

std::vector<std::string> CallAttrProblems(const CallSite& site) {
  std::vector<std::string> out;
  for (size_t i = 0; i < site.attrs.size(); ++i) {
    const CallAttr& a = site.attrs[i];
    if (a.key.empty()) out.push_back("a call attr has an empty key");
    for (size_t j = 0; j < i; ++j) {
      if (site.attrs[j].key == a.key) out.push_back(absl::StrCat("call attr '", a.key, "' twice"));
    }
    if (a.key == "arg_directions" && !site.arg_directions.empty()) {
      out.push_back("call attr 'arg_directions' is also given as the call's arg directions");
    }
    if (!a.is_list && a.items.size() != 1) {
      out.push_back(absl::StrCat("call attr '", a.key, "' is no list but has ", a.items.size(),
                                 " values"));
    }
    for (const CallAttrItem& item : a.items) {
      if ((item.kind == CallAttrItem::Kind::kExpr) != (item.expr != nullptr)) {
        out.push_back(absl::StrCat("call attr '", a.key, "' has a malformed value"));
      }
      if (a.items.size() > 1 && item.kind != a.items[0].kind) {
        out.push_back(absl::StrCat("call attr '", a.key, "' mixes kinds of values"));
        break;
      }
    }
  }
  return out;
}

std::vector<std::string> OpCallSiteProblems(const Call& call) {
  const CallSite* site = call.site();
  if (site == nullptr) return {};
  std::vector<std::string> out = CallAttrProblems(*site);
  absl::string_view name = call.op()->name();
  if (site->is_submit() || site->device != nullptr || site->core_num != nullptr ||
      site->predicate != nullptr || site->sync_start || site->allow_early_resolve ||
      !site->arg_directions.empty()) {
    out.push_back(absl::StrCat(name, ": an op call carries no dispatch options"));
  }
  if (!site->deps.empty() && name != "system.task_dummy") {
    out.push_back(absl::StrCat(name, ": deps= belongs to system.task_dummy and pl.submit"));
  }
  for (const Expr* d : site->deps) {
    const auto* scalar = d->type()->As<ScalarType>();
    const auto* array = d->type()->As<ArrayType>();
    bool ok = (scalar != nullptr && scalar->dtype() == DataType::kTaskId) ||
              (array != nullptr && array->dtype() == DataType::kTaskId);
    if (!ok) {
      out.push_back(absl::StrCat(name, ": a dep must be a pl.Scalar[pl.TASK_ID] or a TASK_ID "
                                 "array, got ", diag::FormatType(d->type())));
    }
  }
  return out;
}

}  // namespace pto::ir
