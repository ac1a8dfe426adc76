// WriteCallByHand: one op call of a tile kernel spelled the way a user
// writes it (docs/dsl.md, "Op calls"), for WriteHandWritten (handwritten.h).
// Private to fuzz/gen. The op's schema (ir/op.h) and the parser's call table
// (ir/text/dsl/dsl_ops.h) decide what is allowed; kwarg values are taken from
// the printer's own spelling of the call, so no second formatter of attrs
// exists.
//
//   std::string s = WriteCallByHand(call, rng, expr_text, features);
//   // "pl.add(t, 2.0)" for pl.tile.adds(t, 2.0)
//   // "pl.tile.load(x, shapes=[2, 16], offsets=[0, 0], valid_shapes=[2, 16])"

#ifndef PTO_FUZZ_GEN_HANDWRITTEN_CALL_H_
#define PTO_FUZZ_GEN_HANDWRITTEN_CALL_H_

#include <random>
#include <string>

#include "absl/functional/function_ref.h"
#include "fuzz/gen/handwritten.h"
#include "ir/expr.h"

namespace pto::fuzz {

// `expr_text` spells an argument (a Var by its hand-written name).
std::string WriteCallByHand(const ir::Call* c, std::mt19937_64& rng,
                            absl::FunctionRef<std::string(const ir::Expr*)> expr_text,
                            HandWrittenFeatures& features);

}  // namespace pto::fuzz

#endif  // PTO_FUZZ_GEN_HANDWRITTEN_CALL_H_
