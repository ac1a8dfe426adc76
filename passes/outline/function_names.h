// Names for the functions outlining adds to a program: unique, and stable
// in the way upstream PyPTO names them.
//
// Each outlined scope takes a number from its parent's counter, named or not.
// A scope without a name_hint is `<parent>_<tag>_<number>` (tag "incore",
// "host_orch", ...). One with a hint is the hint; when a function outlined
// from the same parent already has it, `<hint>_0`, `<hint>_1`, ...; when
// another function has it, `<parent>_<hint>`.
//
//   FunctionNames names(program);
//   names.Next("main", "incore", "");      // "main_incore_0"
//   names.Next("main", "incore", "qk");    // "qk" (number 1 is used up)

#ifndef PTO_PASSES_OUTLINE_FUNCTION_NAMES_H_
#define PTO_PASSES_OUTLINE_FUNCTION_NAMES_H_

#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"
#include "ir/function.h"

namespace pto::passes {

class FunctionNames {
 public:
  explicit FunctionNames(const ir::Program& program);
  // `counter` picks one of the parent's counters: a pass outlining two
  // kinds of scope in separate sweeps numbers each kind on its own.
  std::string Next(absl::string_view parent, absl::string_view tag, absl::string_view hint,
                   absl::string_view counter = "");

 private:
  std::string Free(std::string name) const;
  // Every name taken, with the parent it was outlined from ("" for the
  // program's own functions).
  absl::flat_hash_map<std::string, std::string> owner_;
  absl::flat_hash_map<std::string, int> counter_;
};

}  // namespace pto::passes

#endif  // PTO_PASSES_OUTLINE_FUNCTION_NAMES_H_
