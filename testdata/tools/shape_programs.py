# bench/shape_programs.py, which bench/shape_scaling.sh times pto-opt on,
# makes programs pto-opt accepts in every shape: they parse and verify, the
# default pipeline lowers every sin/cos in them (nested in loops too), and
# a name assigned again is one Var and prints as itself. An unknown shape
# is refused.
#
# RUN: python3 bench/shape_programs.py one_function 24 | pto-opt - --passes=default | FileCheck %s --check-prefix=ONE
# RUN: python3 bench/shape_programs.py small_functions 40 | pto-opt - --passes=default | FileCheck %s --check-prefix=SMALL
# RUN: python3 bench/shape_programs.py shadowed 12 | pto-opt - --passes=none | FileCheck %s --check-prefix=SHADOW
# RUN: python3 bench/shape_programs.py nested_loops 24 | pto-opt - --passes=default | FileCheck %s --check-prefix=NEST
# RUN: not python3 bench/shape_programs.py spiral 10 2>&1 | FileCheck %s --check-prefix=BAD

# ONE:       def k(x: pl.Tensor{{.*}} -> pl.Tensor
# ONE:       pl.tile.load(x,
# ONE-NOT:   pl.tile.sin(
# ONE-NOT:   pl.tile.cos(
# ONE:       pl.tile.store(
# ONE-NEXT:  return o

# SMALL:     def k0(
# SMALL-NOT: pl.tile.sin(
# SMALL:     def k1(
# SMALL-NOT: pl.tile.sin(
# SMALL:     def k3(
# SMALL-NOT: def k4(

# SHADOW:      t: pl.Tile{{.*}} = pl.tile.load(
# SHADOW-NEXT: t: pl.Tile{{.*}} = pl.tile.add(t, t)
# SHADOW-NEXT: t: pl.Tile{{.*}} = pl.tile.add(t, t)
# SHADOW-NOT:  t_1

# NEST:      for i0, (c0,) in pl.range(2, init_values=(a,)):
# NEST-NEXT: for j0, (d0,) in pl.range(2, init_values=(c0,)):
# NEST-NEXT: for k0, (e0,) in pl.range(2, init_values=(d0,)):
# NEST-NEXT: s0__pi_inv_x_tmp_v0: {{.*}} = pl.tile.muls(e0, 0.31830987334251404)
# NEST-NOT:  pl.tile.sin(
# NEST:      for i2, (c2,) in pl.range(2, init_values=(r1,)):
# NEST-NOT:  pl.tile.sin(
# NEST:      pl.tile.store(r2, [0, 0], out)

# BAD: unknown shape 'spiral'
