# pld.tile.remote_load reads only what the peer's window holds: the tile's
# valid region is the request intersected with the window's valid region
# under it, folded where both extents are static and an arith.minsi where
# either is a runtime value (the window's own edge included). The peer
# partition view, the destination tile and the store after it all use that
# extent. A peer view keeps the layout its window's view declares.
#
# RUN: pto-opt %s | FileCheck %s --check-prefix=IR
# RUN: pto-opt %s --emit=pto | FileCheck %s
#
# IR prints the functions by name; PTO keeps the source order.
# IR-LABEL: def default_form(
# IR: pl.TileView(valid_shape=[1, 8])] = pld.tile.remote_load(data, peer, [0, 0], [1, 16])
# IR-LABEL: def intersect(
# IR: pl.TileView(valid_shape=[1, 8])] = pld.tile.remote_load(data, peer, [0, 0], [1, 16], [1, 16])
# IR-LABEL: def ragged_tail(
# IR: pl.TileView(valid_shape=[1, 17])] = pld.tile.remote_load(data, peer, [0, 0], [1, 8192], [1, 17])
# IR-LABEL: def runtime_both(
# IR: valid_shape=[1, pl.min(req, pl.min(SC, pl.const(16, pl.INDEX)))])] = pld.tile.remote_load(data, peer, [0, 0], [1, 16], [1, req])
# IR-LABEL: def runtime_edge(
# IR: valid_shape=[1, pl.min(N, pl.const(16, pl.INDEX))])] = pld.tile.remote_load(data, peer, [0, 0], [1, 16], [1, 16])
# IR-LABEL: def scalar_bound(
# IR: valid_shape=[1, pl.min(pl.cast(valid_cols, pl.INDEX), pl.const(16, pl.INDEX))])] = pld.tile.remote_load(data, peer, [0, 0], [1, 16], [1, valid_cols])
#
# A ragged tail: a [1, 8192] tile whose valid [1, 17] is all the window has.
# CHECK-LABEL: func.func @ragged_tail(
# CHECK: %tile = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8192, v_row=1, v_col=17,
# CHECK: %data_peer_pview = pto.partition_view %data_peer, offsets = [%c0, %c0], sizes = [%c1, %c17] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x17xf32>
# CHECK-NEXT: pto.tload ins(%data_peer_pview : !pto.partition_tensor_view<1x17xf32>) outs(%tile :
#
# The window [1, 16] holds 8 valid columns: the [1, 16] request reads 8.
# CHECK-LABEL: func.func @intersect(
# CHECK: %tile = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=8,
# CHECK: %data_peer_pview = pto.partition_view %data_peer, offsets = [%c0, %c0], sizes = [%c1, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x8xf32>
# CHECK: pto.tstore ins(%tile : {{.*}}) outs(%out_pview : !pto.partition_tensor_view<1x8xf32>)
# CHECK-NOT: arith.minsi
#
# CHECK-LABEL: func.func @default_form(
# CHECK: %data_peer_pview = pto.partition_view %data_peer, offsets = [%c0, %c0], sizes = [%c1, %c8]
#
# A window [1, N]: the read stops at min(N, 16), N being the trailing index
# argument.
# CHECK-LABEL: func.func @runtime_edge(%arg0: !pto.ptr<f32>, %arg1: !pto.ptr<f32>, %arg2: i32, %data_ctx: !pto.ptr<i64>, %arg4: index)
# CHECK: %[[V:.*]] = arith.minsi %arg4, %c16 : index
# CHECK-NEXT: %tile = pto.alloc_tile valid_row = %c1 valid_col = %[[V]] :
# CHECK: %[[P:.*]] = arith.minsi %arg4, %c16 : index
# CHECK-NEXT: %data_peer_pview = pto.partition_view %data_peer, offsets = [%c0, %c0], sizes = [%c1, %[[P]]] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x?xf32>
#
# The window's valid columns SC (bound by anchor's shape, %arg6) and the
# requested req (%arg4) meet in one min.
# CHECK-LABEL: func.func @runtime_both(%arg0: !pto.ptr<f32>, %arg1: !pto.ptr<f32>, %arg2: !pto.ptr<f32>, %arg3: i32, %arg4: index, %data_ctx: !pto.ptr<i64>, %arg6: index)
# CHECK: %data_peer = pto.make_tensor_view
# CHECK-NEXT: %[[SC:.*]] = arith.minsi %arg6, %c16 : index
# CHECK-NEXT: %[[BOTH:.*]] = arith.minsi %arg4, %[[SC]] : index
# CHECK-NEXT: %data_peer_pview = pto.partition_view %data_peer, offsets = [%c0, %c0], sizes = [%c1, %[[BOTH]]]
#
# An INT32 valid extent is cast to index (as upstream's deducer makes it)
# and bounded by the tile at run time.
# CHECK-LABEL: func.func @scalar_bound(
# CHECK: %arg2_index = arith.index_cast %arg2 : i32 to index
# CHECK: %[[CAST:.*]] = arith.index_cast %arg3 : i32 to index
# CHECK-NEXT: %[[MIN:.*]] = arith.minsi %[[CAST]], %c16 : index
# CHECK-NEXT: %data_peer_pview = pto.partition_view %data_peer, offsets = [%c0, %c0], sizes = [%c1, %[[MIN]]]
#
# An [8, 1] view that declares ND stays ND on the peer (the local view of
# the same window is DN by the column-vector convention).
# CHECK-LABEL: func.func @nd_column(
# CHECK: %viewed_peer = pto.make_tensor_view %viewed_peer_ptr, shape = [%c8, %c1], strides = [%c1, %c1] {layout = #pto.layout<nd>}
#
# Without a view, a column vector is DN on the peer as locally.
# CHECK-LABEL: func.func @implicit_column(
# CHECK: %data_peer = pto.make_tensor_view %data_peer_ptr, shape = [%c1, %c1], strides = [%c1, %c1] {layout = #pto.layout<dn>}
#
# A declared DN view keeps its strides and layout.
# CHECK-LABEL: func.func @dn_view(
# CHECK: %viewed_peer = pto.make_tensor_view %viewed_peer_ptr, shape = [%c8, %c4], strides = [%c1, %c8] {layout = #pto.layout<dn>}

# pypto.program: RemoteLoad
import pypto.language as pl

N = pl.dynamic("N")
SC = pl.dynamic("SC")

@pl.program
class RemoteLoad:
    @pl.function(type=pl.FunctionType.InCore)
    def ragged_tail(data: pld.DistributedTensor[[1, 17], pl.FP32], out: pl.Out[pl.Tensor[[1, 17], pl.FP32]], peer: pl.Scalar[pl.INT32]) -> pl.Tensor[[1, 17], pl.FP32]:
        tile = pld.tile.remote_load(data, peer, [0, 0], [1, 8192], [1, 17])
        r = pl.tile.store(tile, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def intersect(data: pld.DistributedTensor[[1, 16], pl.FP32, pl.TensorView(valid_shape=[1, 8], stride=[], layout=pl.TensorLayout.ND)], out: pl.Out[pl.Tensor[[1, 16], pl.FP32]], peer: pl.Scalar[pl.INT32]) -> pl.Tensor[[1, 16], pl.FP32]:
        tile = pld.tile.remote_load(data, peer, [0, 0], [1, 16], [1, 16])
        r = pl.tile.store(tile, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def default_form(data: pld.DistributedTensor[[1, 16], pl.FP32, pl.TensorView(valid_shape=[1, 8], stride=[], layout=pl.TensorLayout.ND)], out: pl.Out[pl.Tensor[[1, 16], pl.FP32]], peer: pl.Scalar[pl.INT32]) -> pl.Tensor[[1, 16], pl.FP32]:
        tile = pld.tile.remote_load(data, peer, [0, 0], [1, 16])
        r = pl.tile.store(tile, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def runtime_edge(data: pld.DistributedTensor[[1, N], pl.FP32], out: pl.Out[pl.Tensor[[1, 16], pl.FP32]], peer: pl.Scalar[pl.INT32]) -> pl.Tensor[[1, 16], pl.FP32]:
        tile = pld.tile.remote_load(data, peer, [0, 0], [1, 16], [1, 16])
        r = pl.tile.store(tile, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def runtime_both(data: pld.DistributedTensor[[1, 16], pl.FP32, pl.TensorView(valid_shape=[1, SC], stride=[], layout=pl.TensorLayout.ND)], anchor: pl.Tensor[[1, SC], pl.FP32], out: pl.Out[pl.Tensor[[1, 16], pl.FP32]], peer: pl.Scalar[pl.INT32], req: pl.Scalar[pl.INDEX]) -> pl.Tensor[[1, 16], pl.FP32]:
        tile = pld.tile.remote_load(data, peer, [0, 0], [1, 16], [1, req])
        r = pl.tile.store(tile, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def scalar_bound(data: pld.DistributedTensor[[1, 16], pl.FP32], out: pl.Out[pl.Tensor[[1, 16], pl.FP32]], peer: pl.Scalar[pl.INT32], valid_cols: pl.Scalar[pl.INT32]) -> pl.Tensor[[1, 16], pl.FP32]:
        tile = pld.tile.remote_load(data, peer, [0, 0], [1, 16], [1, valid_cols])
        r = pl.tile.store(tile, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def nd_column(data: pld.DistributedTensor[[8, 1], pl.FP32], out: pl.Out[pl.Tensor[[8, 1], pl.FP32]], peer: pl.Scalar[pl.INT32]) -> pl.Tensor[[8, 1], pl.FP32]:
        viewed: pld.DistributedTensor[[8, 1], pl.FP32, pl.TensorView(stride=[1, 1], layout=pl.TensorLayout.ND)] = pl.tensor.view(data, [8, 1], layout=pl.TensorLayout.ND)
        tile = pld.tile.remote_load(viewed, peer, [0, 0], [8, 1], [8, 1])
        r = pl.tile.store(tile, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def implicit_column(data: pld.DistributedTensor[[1, 1], pl.FP32], out: pl.Out[pl.Tensor[[8, 1], pl.FP32]], peer: pl.Scalar[pl.INT32]) -> pl.Tensor[[8, 1], pl.FP32]:
        tile = pld.tile.remote_load(data, peer, [0, 0], [8, 1], [1, 1])
        r = pl.tile.store(tile, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def dn_view(data: pld.DistributedTensor[[4, 8], pl.FP32], out: pl.Tensor[[8, 4], pl.FP32], peer: pl.Scalar[pl.INT32]) -> pl.Tensor[[8, 4], pl.FP32]:
        viewed: pld.DistributedTensor[[8, 4], pl.FP32, pl.TensorView(stride=[1, 8], layout=pl.TensorLayout.DN)] = pl.tensor.view(data, [8, 4], layout=pl.TensorLayout.DN)
        t = pld.tile.remote_load(viewed, peer, [0, 0], [8, 4])
        r = pl.tile.store(t, [0, 0], out)
        return r
