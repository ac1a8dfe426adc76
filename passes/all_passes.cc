// The project's pass list. Adding a pass: register its factory here.

#include "passes/all_passes.h"

#include "passes/legalize_tile_cast/legalize_tile_cast.h"
#include "passes/lower_composite/lower_composite_ops.h"
#include "passes/materialize_tcvt_scratch/materialize_tcvt_scratch.h"

namespace pto::passes {

const PassRegistry& BuiltinPasses() {
  static const PassRegistry* const registry = [] {
    auto* r = new PassRegistry();
    r->RegisterPass("legalize-tile-cast", CreateLegalizeTileCastPass);
    r->RegisterPass("lower-composite-ops", CreateLowerCompositeOpsPass);
    r->RegisterPass("materialize-tcvt-scratch", CreateMaterializeTcvtScratchPass);
    // Upstream PyPTO's names for the same passes.
    r->RegisterAlias("LegalizeTileCast", "legalize-tile-cast");
    r->RegisterAlias("LowerCompositeOps", "lower-composite-ops");
    r->RegisterPipeline("default", {"lower-composite-ops", "legalize-tile-cast",
                                    "materialize-tcvt-scratch"});
    return r;
  }();
  return *registry;
}

}  // namespace pto::passes
