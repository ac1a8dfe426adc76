// Unique MLIR SSA value names for one function.
//
// Names come from IR var names (Vars are identified by object, so two may
// share a name) and from the emitter's own hints ("c16", "cst"). The first
// holder of a spelling keeps it; later ones get `base_1`, `base_2`, ...,
// skipping spellings already taken. A hint is first made a legal MLIR
// suffix-id: characters outside [A-Za-z0-9_$.-] become '_', and a hint that
// is empty or starts with a digit gets a leading 'v'. Expected linear time:
// each base remembers the next suffix to try.
//
//   SsaNames names;
//   names.Fresh("x");      // "%x"
//   names.Fresh("x");      // "%x_1"
//   names.Fresh("x_1");    // "%x_1_1"
//   names.Fresh("a b");    // "%a_b"

#ifndef PTO_CODEGEN_SSA_NAMES_H_
#define PTO_CODEGEN_SSA_NAMES_H_

#include <cstdint>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/string_view.h"
#include "ir/arena.h"

namespace pto::codegen {

class SsaNames {
 public:
  // A name no earlier call returned, with its leading '%'. The view stays
  // valid for the lifetime of this object.
  absl::string_view Fresh(absl::string_view hint);

 private:
  // "%" + name, in storage_.
  absl::string_view Store(absl::string_view name);

  // Returned names live here ('%' included): no allocation per name.
  Arena storage_;
  absl::flat_hash_set<absl::string_view> used_;  // without '%', into storage_
  // Keys point into storage_ (a base is always a used name first).
  absl::flat_hash_map<absl::string_view, uint32_t> next_suffix_;
  std::string scratch_;
  std::string candidate_;
};

}  // namespace pto::codegen

#endif  // PTO_CODEGEN_SSA_NAMES_H_
