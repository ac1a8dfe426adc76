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
void RegisterTileBitwiseOps(OpRegistry& registry);        // tile_bitwise.cc
void RegisterTileFillPadOps(OpRegistry& registry);        // tile_fillpad.cc
void RegisterTileBroadcastOps(OpRegistry& registry);      // tile_broadcast.cc
void RegisterTileReductionOps(OpRegistry& registry);      // tile_reduction.cc
void RegisterTensorBroadcastOps(OpRegistry& registry);     // tensor_broadcast.cc
void RegisterTensorReductionOps(OpRegistry& registry);     // tensor_reduction.cc
void RegisterTensorMatmulOps(OpRegistry& registry);        // tensor_matmul.cc
void RegisterTensorMemoryAccessOps(OpRegistry& registry);  // tensor_memory_access.cc
void RegisterTensorGatherOps(OpRegistry& registry);        // tensor_gather.cc
void RegisterTensorScatterOps(OpRegistry& registry);       // tensor_scatter.cc
void RegisterTensorSortOps(OpRegistry& registry);          // tensor_sort.cc
void RegisterTensorTransformOps(OpRegistry& registry);     // tensor_transform.cc
void RegisterSystemSyncOps(OpRegistry& registry);  // system_sync.cc
void RegisterSystemCrossCoreOps(OpRegistry& registry);  // system_cross_core.cc
void RegisterSystemTaskOps(OpRegistry& registry);  // system_task.cc
void RegisterPrefetchOps(OpRegistry& registry);  // prefetch.cc
void RegisterArrayOps(OpRegistry& registry);  // array.cc
void RegisterDistMemoryOps(OpRegistry& registry);  // dist_memory.cc
void RegisterDistIntrinsicOps(OpRegistry& registry);  // dist_intrinsics.cc
void RegisterDistTransferOps(OpRegistry& registry);  // dist_transfer.cc
void RegisterDistHostCollectiveOps(OpRegistry& registry);  // dist_host_collective.cc
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
