// Deterministic generators of benchmark programs of a given size.
//
// Every generator builds IR directly in a Context through CreateCall (so
// every call carries its deduced type, exactly as the parser would build it)
// and is a pure function of its arguments: the same size and seed give the
// same program, and PrintProgram of it gives the same text, on every run.
// Print a generated program to get the DSL text the parser is measured on.
//
//   ir::Context ctx;
//   ir::Program p = bench::MixedProgram(ctx, 100000);
//   int64_t n = bench::CountStatements(p);     // 100000
//   std::string text = ir::PrintProgram(p);    // parse input
//
// The programs:
//   * MixedProgram: what a real module looks like - many InCore kernels of at
//     most kMixedFunctionStatements statements over tensors with a dynamic
//     row count (`N = pl.dynamic("N")`), mixing elementwise tile ops, cast
//     round trips (INT32 -> FP16 needs legalisation on a5), the composites
//     tile.sin / tile.cos / tile.select, and `pl.range` loops carrying a tile
//     through init_values. Exactly `statements` statements (see
//     CountStatements).
//   * SmallKernelsProgram: the same statement mix in kernels of at most
//     kSmallKernelStatements statements - a module of N/16 functions, the
//     shape that exposes per-function costs. (A per-function scan of all
//     functions is quadratic here but stays hidden among MixedProgram's
//     500 kernels at 1M statements.)
//   * SinChainProgram: the performance anchor - one InCore function, a
//     tile.load, `n` chained tile.sin on [16, 16] FP32 tiles, a tile.store.
//   * MulsChainProgram: the same with `n` chained tile.muls by 0.5, the
//     scalar-operand anchor (a float literal on every line).
//   * CastChainProgram: the cast anchor - `n` chained casts alternating
//     INT32 -> FP16 (not native on a5) and FP16 -> INT32.
//   * CompositeProgram: `n` composite calls rotating tile.sin, tile.cos and
//     tile.select (each select preceded by the tile.cmps making its mask).
//
// MlirChain writes the MLIR counterpart of SinChainProgram's or
// MulsChainProgram's text (the same number of ops and values; the muls
// chain multiplies by one splat constant) for comparing against mlir-opt.

#ifndef PTO_BENCH_PROGRAM_GEN_H_
#define PTO_BENCH_PROGRAM_GEN_H_

#include <cstdint>
#include <string>

#include "ir/context.h"
#include "ir/function.h"

namespace pto::bench {

// Upper bound on the statements of one MixedProgram kernel.
inline constexpr int64_t kMixedFunctionStatements = 2000;

// Upper bound on the statements of one SmallKernelsProgram kernel.
inline constexpr int64_t kSmallKernelStatements = 16;

// `statements` >= 8 (the smallest kernel with a body).
ir::Program MixedProgram(ir::Context& ctx, int64_t statements, uint64_t seed = 1);
ir::Program SmallKernelsProgram(ir::Context& ctx, int64_t statements, uint64_t seed = 1);
// `n` >= 0 tile.sin calls; n + 3 statements.
ir::Program SinChainProgram(ir::Context& ctx, int64_t n);
// `n` >= 0 tile.muls calls; n + 3 statements.
ir::Program MulsChainProgram(ir::Context& ctx, int64_t n);
// `n` >= 1 casts; n + 3 statements.
ir::Program CastChainProgram(ir::Context& ctx, int64_t n);
// `n` >= 0 composite calls; n + n/3 (the masks) + 3 statements.
ir::Program CompositeProgram(ir::Context& ctx, int64_t n);

// Statements of every function body: assignments, evaluations, returns,
// yields and each for/if/while (plus the statements inside it); statement
// sequences themselves are not counted.
int64_t CountStatements(const ir::Program& program);

enum class ChainKind { kSin, kMuls };

// func @k(%arg0: tensor<16x16xf32>) with `n` chained math.sin ops, or `n`
// arith.mulf ops by a splat constant.
std::string MlirChain(int64_t n, ChainKind kind);

}  // namespace pto::bench

#endif  // PTO_BENCH_PROGRAM_GEN_H_
