// Whether an error message is a located diagnostic: each fuzzer checks that
// every rejection of its input names a place.
//
//   PTO_CHECK(IsLocatedDiagnostic(status.message(), "fuzz.py"));
//   // true for "fuzz.py:3:7: error: expected ':'\n..."

#ifndef PTO_FUZZ_LOCATED_DIAGNOSTIC_H_
#define PTO_FUZZ_LOCATED_DIAGNOSTIC_H_

#include <cstddef>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"

namespace pto::fuzz {

// "FILE:LINE:COL: error: " at the start of `line`.
inline bool IsLocatedDiagnostic(absl::string_view line, absl::string_view file) {
  auto number = [](absl::string_view& s) {
    size_t n = 0;
    while (n < s.size() && absl::ascii_isdigit(s[n])) ++n;
    s.remove_prefix(n);
    return n > 0;
  };
  if (!absl::ConsumePrefix(&line, file) || !absl::ConsumePrefix(&line, ":")) return false;
  if (!number(line) || !absl::ConsumePrefix(&line, ":")) return false;
  if (!number(line)) return false;
  return absl::StartsWith(line, ": error: ");
}

}  // namespace pto::fuzz

#endif  // PTO_FUZZ_LOCATED_DIAGNOSTIC_H_
