// The dispatch table of LowerCompositeOps: an immutable list of explicit
// function references, so linking can never drop a rule and there is no
// registration order to get wrong.

#include "passes/lower_composite/rules.h"

namespace pto::passes::lower_composite {

CompositeLoweringFn FindCompositeRule(absl::string_view op_name) {
  struct Rule {
    absl::string_view op;
    CompositeLoweringFn fn;
  };
  static constexpr Rule kRules[] = {
      {"tile.sin", &LowerSinRule},
      {"tile.cos", &LowerCosRule},
      {"tile.select", &LowerSelectRule},
      {"tile.tquant_mx", &LowerTQuantMxRule},
      {"pld.tensor.allreduce", &LowerAllReduceRule},
      {"pld.tensor.allgather", &LowerAllGatherRule},
      {"pld.tensor.reduce_scatter", &LowerReduceScatterRule},
      {"pld.tensor.broadcast", &LowerBroadcastRule},
      {"pld.tensor.barrier", &LowerBarrierRule},
      {"pld.tensor.all_to_all", &LowerAllToAllRule},
      {"pld.tensor.all_to_all_v", &LowerAllToAllVRule},
  };
  for (const Rule& rule : kRules) {
    if (rule.op == op_name) return rule.fn;
  }
  return nullptr;
}

}  // namespace pto::passes::lower_composite
