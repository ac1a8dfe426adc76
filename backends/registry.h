// Resolves a target name to its Backend.
//
//   absl::StatusOr<const Backend*> b = FindBackend("a2a3");
//   FindBackend("none");    // OK, nullptr: no target configured
//   FindBackend("a9");      // NotFound: "unknown backend 'a9'; known: a2a3, a5, none"

#ifndef PTO_BACKENDS_REGISTRY_H_
#define PTO_BACKENDS_REGISTRY_H_

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "backends/backend.h"

namespace pto::backends {

absl::StatusOr<const Backend*> FindBackend(absl::string_view name);

// Every backend, sorted by name. The backends are immortal singletons.
absl::Span<const Backend* const> AllBackends();

}  // namespace pto::backends

#endif  // PTO_BACKENDS_REGISTRY_H_
