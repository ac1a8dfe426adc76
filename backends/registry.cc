#include "backends/registry.h"

#include "absl/strings/str_cat.h"
#include "backends/a2a3/a2a3_backend.h"
#include "backends/a5/a5_backend.h"

namespace pto::backends {

absl::Span<const Backend* const> AllBackends() {
  static const Backend* const kAll[] = {&A2A3Backend(), &A5Backend()};
  return kAll;
}

absl::StatusOr<const Backend*> FindBackend(absl::string_view name) {
  if (name == "none") return nullptr;
  for (const Backend* b : AllBackends()) {
    if (b->Name() == name) return b;
  }
  std::string known;
  for (const Backend* b : AllBackends()) absl::StrAppend(&known, b->Name(), ", ");
  return absl::NotFoundError(
      absl::StrCat("unknown backend '", name, "'; known: ", known, "none"));
}

}  // namespace pto::backends
