// Names of pass-generated temporaries, in PyPTO's scheme.
//
// A temporary is named after the value it helps compute:
//   <base>__<qualifier>_tmp_v<N>
// where <base> is the target's name up to its first "__" (so temporaries of
// temporaries do not pile up suffixes) and N counts per function.
//
//   TempNamer names;                            // one per function
//   names.Make("c", "cast_fp32");               // "c__cast_fp32_tmp_v0"
//   names.Make("y__ssa_v3", "pi_inv_x");        // "y__pi_inv_x_tmp_v1"
//
// Names are only hints (Vars are identified by object); the printer keeps
// them unique.

#ifndef PTO_PASSES_TEMP_NAMES_H_
#define PTO_PASSES_TEMP_NAMES_H_

#include <cstdint>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

namespace pto::passes {

// `name` up to its first "__".
inline absl::string_view BaseName(absl::string_view name) {
  size_t cut = name.find("__");
  return cut == absl::string_view::npos ? name : name.substr(0, cut);
}

class TempNamer {
 public:
  // Valid until the next Make: the name is built in a buffer the namer
  // keeps, since a Var copies its name and a lowering makes one temporary
  // per primitive op (a heap string each would be most of the name's cost).
  absl::string_view Make(absl::string_view base, absl::string_view qualifier) {
    buffer_.clear();
    absl::StrAppend(&buffer_, BaseName(base), "__", qualifier, "_tmp_v", next_++);
    return buffer_;
  }
  // The counter, for builders that share it.
  int64_t& counter() { return next_; }

 private:
  int64_t next_ = 0;
  std::string buffer_;
};

}  // namespace pto::passes

#endif  // PTO_PASSES_TEMP_NAMES_H_
