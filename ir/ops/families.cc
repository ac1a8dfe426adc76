#include "ir/ops/families.h"

namespace pto::ir {

void RegisterAllOpFamilies(OpRegistry& registry) {
  RegisterTileElementwiseOps(registry);
  RegisterTileUnaryOps(registry);
  RegisterTileCastOps(registry);
  RegisterTileMemoryOps(registry);
  RegisterTileCompareOps(registry);
  RegisterTileViewOps(registry);
  RegisterTileSelectOps(registry);
  RegisterTileTransposeOps(registry);
  RegisterTileQuantMxOps(registry);
  RegisterTensorElementwiseOps(registry);
  RegisterTensorUnaryOps(registry);
  RegisterTensorMemoryOps(registry);
  RegisterTensorViewOps(registry);
  RegisterTensorReadOps(registry);
  RegisterDistSystemOps(registry);
  RegisterDistTileOps(registry);
  RegisterDistCollectiveOps(registry);
  RegisterTileBitwiseOps(registry);
  RegisterTileFillPadOps(registry);
  RegisterTileBroadcastOps(registry);
  RegisterTileReductionOps(registry);
  RegisterTensorBroadcastOps(registry);
  RegisterTensorReductionOps(registry);
  RegisterTensorMatmulOps(registry);
  RegisterTensorMemoryAccessOps(registry);
  RegisterTensorGatherOps(registry);
  RegisterTensorScatterOps(registry);
  RegisterTensorSortOps(registry);
  RegisterTensorTransformOps(registry);
  RegisterSystemSyncOps(registry);
  RegisterSystemCrossCoreOps(registry);
  RegisterSystemTaskOps(registry);
  RegisterPrefetchOps(registry);
  RegisterArrayOps(registry);
  RegisterDistMemoryOps(registry);
  RegisterDistIntrinsicOps(registry);
  RegisterDistTransferOps(registry);
  RegisterDistHostCollectiveOps(registry);
  RegisterTileMatmulOps(registry);
  RegisterTileMatmulMxOps(registry);
  RegisterTileTransformOps(registry);
  RegisterTileMemoryAccessOps(registry);
  RegisterTileGenerateOps(registry);
  RegisterTileGatherScatterOps(registry);
  RegisterTileSortOps(registry);
  RegisterTileCrossCoreOps(registry);
}

}  // namespace pto::ir
