# --emit-source-loc ends every emitted op with loc("FILE":LINE:COL), the
# place of the IR node it comes from (PyPTO's emit_source_loc), so PTOAS
# reports its errors at the user's line. Ops a pass creates carry the
# location of the statement they replace; region terminators and the shared
# constants block carry none. Off by default.
#
# RUN: pto-opt %s --emit=pto --emit-source-loc | FileCheck %s
# RUN: pto-opt %s --emit=pto --emit_source_loc=true -o %s.pto && FileCheck %s < %s.pto && rm %s.pto
# RUN: pto-opt %s --emit=pto | FileCheck %s --check-prefix=OFF
#
# CHECK: %c16 = arith.constant 16 : index{{$}}
# CHECK: %x = pto.make_tensor_view {{.*}} loc("{{.*}}source_locations.py":[[#@LINE+18]]:11){{$}}
# CHECK: %t = pto.alloc_tile : {{.*}} loc("{{.*}}source_locations.py":[[#@LINE+18]]:9){{$}}
# CHECK: pto.tload {{.*}} loc("{{.*}}source_locations.py":[[#@LINE+17]]:54){{$}}
# CHECK: scf.for %i = %c0 to %c4 step %c1 {
# CHECK: pto.tadds {{.*}} loc("{{.*}}source_locations.py":[[#@LINE+17]]:61){{$}}
# CHECK: } loc("{{.*}}source_locations.py":[[#@LINE+15]]:9){{$}}
# CHECK: pto.tcvt {{.*}} loc("{{.*}}source_locations.py":[[#@LINE+17]]:53){{$}}
# CHECK: pto.tcvt {{.*}} loc("{{.*}}source_locations.py":[[#@LINE+16]]:53){{$}}
# CHECK: pto.tstore {{.*}} loc("{{.*}}source_locations.py":[[#@LINE+16]]:43){{$}}
# CHECK: return{{$}}
# OFF-NOT: loc(

# pypto.program: Locations
import pypto.language as pl

@pl.program
class Locations:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tensor[[16, 16], pl.INT32], out: pl.Out[pl.Tensor[[16, 16], pl.FP16]]):
        t: pl.Tile[[16, 16], pl.INT32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        for i, (acc,) in pl.range(4, init_values=(t,)):
            acc2: pl.Tile[[16, 16], pl.INT32, pl.Mem.Vec] = pl.tile.adds(acc, 1)
            r = pl.yield_(acc2)
        c: pl.Tile[[16, 16], pl.FP16, pl.Mem.Vec] = pl.tile.cast(r, target_type=pl.FP16, mode='round')
        s: pl.Tensor[[16, 16], pl.FP16] = pl.tile.store(c, [0, 0], out)
