// Op classifications LowerCompositeOps shares with the collective rails.
//
// A "managed" tensor collective is a pld.tensor.* cross-rank collective. In an
// orchestration function (HOST or CHIP level) it is not expanded here but
// left for the host / L2 collective passes, so every place that needs the set
// asks this one predicate.
//
//   IsManagedTensorCollective("pld.tensor.allreduce");   // true
//   IsManagedTensorCollective("tile.sin");               // false
//
// The test is by name, so passes that see ops of another registry agree.

#ifndef PTO_PASSES_LOWER_COMPOSITE_OP_PREDICATES_H_
#define PTO_PASSES_LOWER_COMPOSITE_OP_PREDICATES_H_

#include "absl/strings/string_view.h"

namespace pto::passes::lower_composite {

bool IsManagedTensorCollective(absl::string_view op_name);

}  // namespace pto::passes::lower_composite

#endif  // PTO_PASSES_LOWER_COMPOSITE_OP_PREDICATES_H_
