#include "passes/lower_composite/op_predicates.h"

#include "absl/strings/match.h"

namespace pto::passes::lower_composite {

bool IsManagedTensorCollective(absl::string_view op_name) {
  static constexpr absl::string_view kCollectives[] = {
      "pld.tensor.allreduce", "pld.tensor.allgather",  "pld.tensor.reduce_scatter",
      "pld.tensor.barrier",   "pld.tensor.broadcast",  "pld.tensor.all_to_all",
      "pld.tensor.all_to_all_v",
  };
  if (!absl::StartsWith(op_name, "pld.tensor.")) return false;
  for (absl::string_view name : kCollectives) {
    if (op_name == name) return true;
  }
  return false;
}

}  // namespace pto::passes::lower_composite
