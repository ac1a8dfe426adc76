// Registration entry points of the op families (one .cc file each).
//
// Internal to //ir/ops: BuiltinOps() calls RegisterAllOpFamilies once. Each
// family function registers its ops into `registry`; tests may register a
// single family into a private registry.

#ifndef PTO_IR_OPS_FAMILIES_H_
#define PTO_IR_OPS_FAMILIES_H_

#include "ir/op_registry.h"

namespace pto::ir {

// Calls every family's registration function below, in a fixed order.
void RegisterAllOpFamilies(OpRegistry& registry);

void RegisterTileElementwiseOps(OpRegistry& registry);  // tile_elementwise.cc
void RegisterTileUnaryOps(OpRegistry& registry);        // tile_unary.cc
void RegisterTileCastOps(OpRegistry& registry);         // tile_cast.cc
void RegisterTileMemoryOps(OpRegistry& registry);       // tile_memory.cc
void RegisterTileCompareOps(OpRegistry& registry);      // tile_compare.cc
void RegisterTileViewOps(OpRegistry& registry);         // tile_view.cc
void RegisterTileSelectOps(OpRegistry& registry);       // tile_select.cc
void RegisterTileTransposeOps(OpRegistry& registry);    // tile_transpose.cc
void RegisterTileQuantMxOps(OpRegistry& registry);      // tile_quant_mx.cc
void RegisterTensorElementwiseOps(OpRegistry& registry);  // tensor_elementwise.cc
void RegisterTensorUnaryOps(OpRegistry& registry);        // tensor_unary.cc
void RegisterTensorMemoryOps(OpRegistry& registry);       // tensor_memory.cc
void RegisterTensorViewOps(OpRegistry& registry);         // tensor_view.cc
void RegisterTensorReadOps(OpRegistry& registry);         // tensor_read.cc
void RegisterDistSystemOps(OpRegistry& registry);         // dist_system.cc
void RegisterDistTileOps(OpRegistry& registry);           // dist_tile.cc
void RegisterDistCollectiveOps(OpRegistry& registry);     // dist_collective.cc
void RegisterTileMatmulOps(OpRegistry& registry);         // tile_matmul.cc
void RegisterTileMatmulMxOps(OpRegistry& registry);       // tile_matmul_mx.cc
void RegisterTileTransformOps(OpRegistry& registry);      // tile_transform.cc
void RegisterTileMemoryAccessOps(OpRegistry& registry);   // tile_memory_access.cc
void RegisterTileGenerateOps(OpRegistry& registry);       // tile_generate.cc
void RegisterTileGatherScatterOps(OpRegistry& registry);  // tile_gather_scatter.cc
void RegisterTileSortOps(OpRegistry& registry);           // tile_sort.cc
void RegisterTileCrossCoreOps(OpRegistry& registry);      // tile_cross_core.cc

}  // namespace pto::ir

#endif  // PTO_IR_OPS_FAMILIES_H_
