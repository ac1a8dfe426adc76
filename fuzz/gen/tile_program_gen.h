// A generator of small executable tile kernels for differential fuzzing of
// the `default` pipeline (lower-composite-ops, legalize-tile-cast,
// materialize-tcvt-scratch).
//
// Unlike ProgramGenerator (program_generator.h), which aims at the whole IR
// surface, every program here can be run by the reference interpreter on
// host data: one InCore function whose In tensors are loaded into tiles,
// computed on with composite ops (tile.sin, tile.cos, tile.select in its
// tile/tile, tile/scalar and scalar/tile forms, tile.tquant_mx), primitive
// element-wise ops and tile.cast with random (src, dst, mode, saturation),
// inside pl.range loops with loop-carried tiles, counted pl.while_ loops
// (up or down), native `while` loops that are never entered, and ifs with
// return values, with user tuples (and aliases) projected, and
// composites whose result is unused, `with` scopes the interpreter runs
// once, and `if c: break` / `continue` in pl.range loops; the results are
// stored to Out tensors:
//
//   def kernel(self, x0: pl.Tensor[[4, 16], pl.FP32], ..., o0: pl.Out[...]):
//       t = pl.tile.load(x0, [0, 0], [4, 16], [4, 16])
//       s = pl.tile.sin(t)
//       m = pl.tile.cmps(t, 0.0, cmp_type=4)
//       y = pl.tile.select(m, s, 0.0)
//       r = pl.tile.store(y, [0, 0], o0)
//       return r
//
// Each stored value comes with the ValueBound (value_bounds.h) that says how
// the lowered program's result may differ; the generator only builds what
// that bound can describe (no approximate value reaches a cast or a compare,
// sin/cos inputs stay inside the spec's accuracy range), and each In tensor
// with the range its data is drawn from.
//
//   FuzzedDataProvider data(bytes, size);
//   ir::Context ctx;
//   TileProgram p = GenerateTileProgram(ctx, data);
//   std::vector<sim::BufferView> in = MakeInputs(p);   // deterministic
//
// The same bytes always give the same program and data.

#ifndef PTO_FUZZ_GEN_TILE_PROGRAM_GEN_H_
#define PTO_FUZZ_GEN_TILE_PROGRAM_GEN_H_

#include <cstdint>
#include <utility>
#include <vector>

#include <fuzzer/FuzzedDataProvider.h>

#include "absl/strings/string_view.h"
#include "fuzz/oracle/value_bounds.h"
#include "ir/context.h"
#include "ir/function.h"
#include "sim/interp/buffer.h"

namespace pto::fuzz {

struct TileInput {
  const ir::Var* param;
  enum class Fill : uint8_t {
    kUniform,  // uniform in [-range, range] (integers: clamped to the dtype)
    kAnyBits,  // uniform bit patterns: NaN, Inf, subnormals, extremes
  };
  Fill fill = Fill::kUniform;
  double range = 1;
};

struct TileOutput {
  const ir::Var* param;
  ValueBound bound;
  // For a near-cast: index in TileProgram::outputs of the cast's source.
  int source = -1;
};

// Composite ops and forms a program contains (for coverage checks).
struct TileProgramFeatures {
  int sin = 0;
  int cos = 0;
  int select_tile_tile = 0;
  int select_tile_scalar = 0;
  int select_scalar_tile = 0;
  int tquant_mx = 0;
  int casts = 0;
  int near_casts = 0;
  int loops = 0;
  int whiles = 0;         // pl.while_ loops (init_values, pl.cond)
  int ifs = 0;
  int tuples = 0;  // user tuples (MakeTuple, alias, projections)
  int evals = 0;   // composites in an EvalStmt (result unused)
  int whiles_down = 0;    // pl.while_ loops counting down
  int native_whiles = 0;  // `while cond:` loops (nothing carried, never entered)
  int scopes = 0;         // `with pl.scope()` / `pl.manual_scope()` / `pl.cluster()`
  int breaks = 0;         // `if c: break` in a pl.range loop
  int continues = 0;      // `if c: continue` in a pl.range loop
  int unpacks = 0;        // a tuple every element of which is projected in order

  // Field-wise sum, for coverage over many programs.
  TileProgramFeatures& operator+=(const TileProgramFeatures& o) {
    for (auto [mine, theirs] :
         {std::pair{&sin, o.sin}, {&cos, o.cos}, {&select_tile_tile, o.select_tile_tile},
          {&select_tile_scalar, o.select_tile_scalar},
          {&select_scalar_tile, o.select_scalar_tile}, {&tquant_mx, o.tquant_mx},
          {&casts, o.casts}, {&near_casts, o.near_casts}, {&loops, o.loops},
          {&whiles, o.whiles}, {&ifs, o.ifs}, {&tuples, o.tuples}, {&evals, o.evals},
          {&whiles_down, o.whiles_down}, {&native_whiles, o.native_whiles},
          {&scopes, o.scopes}, {&breaks, o.breaks}, {&continues, o.continues},
          {&unpacks, o.unpacks}}) {
      *mine += theirs;
    }
    return *this;
  }
};

struct TileProgram {
  ir::Program program;
  const ir::Function* kernel = nullptr;
  // "a5" or "a2a3".
  absl::string_view arch;
  // The kernel's params are inputs[*].param followed by outputs[*].param.
  std::vector<TileInput> inputs;
  std::vector<TileOutput> outputs;
  // Seeds the input data (MakeInputs).
  uint64_t data_seed = 0;
  // The generator chose something the pipeline may reject on this backend
  // (an 8-bit select on a2a3, a cast pair without a native chain).
  bool may_fail_lowering = false;
  TileProgramFeatures features;
};

struct TileProgramOptions {
  // Statements of the kernel, nested ones included (loads and stores aside).
  // A sin or cos lowers to ~32 statements, so 8 already makes lowered
  // programs of a hundred or more.
  int max_stmts = 8;
  // Nesting of loops and ifs.
  int max_depth = 2;
  // Occasionally build what the backend cannot lower (see may_fail_lowering).
  bool allow_unlowerable = true;
  // Make the statements the DSL and the interpreter take but PTO codegen
  // refuses by design (outside CheckCodegenSupport): `with` scopes and
  // `break` / `continue`. Off for measuring codegen's claim.
  bool scopes_and_loop_exits = true;
};

TileProgram GenerateTileProgram(ir::Context& ctx, FuzzedDataProvider& data,
                                const TileProgramOptions& options = {});

// The In buffers of `program`, in input order, filled from data_seed.
std::vector<sim::BufferView> MakeInputs(const TileProgram& program);

}  // namespace pto::fuzz

#endif  // PTO_FUZZ_GEN_TILE_PROGRAM_GEN_H_
