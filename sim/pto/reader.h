// Reads the PTO text our codegen writes into a Module (module.h), checking it
// against the PTO grammar we target (grammar.h): every op is one PTOAS
// knows, spelled as its assembly format spells it; every value is defined
// once, before its uses and in scope; a value's type is the same at each of
// its occurrences. Errors are located: `k.pto:7:12: error: ...`, the line,
// and a caret.
//
//   absl::StatusOr<Module> m = ReadPto("k.pto", text);
//   if (!m.ok()) { std::cerr << m.status().message(); }
//
// What it does not check is what PTOAS's verifiers check beyond syntax
// (dtype and layout combinations per target); codegen's own rules hold
// those.

#ifndef PTO_SIM_PTO_READER_H_
#define PTO_SIM_PTO_READER_H_

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "sim/pto/module.h"

namespace pto::sim::pto_text {

absl::StatusOr<Module> ReadPto(absl::string_view filename, absl::string_view text);

}  // namespace pto::sim::pto_text

#endif  // PTO_SIM_PTO_READER_H_
