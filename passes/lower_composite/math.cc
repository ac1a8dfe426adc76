// tile.sin / tile.cos: one recipe, parameterised on cos.
//
//   k    = round(x / pi)            (cos: rint(x / pi + 0.5))
//   t    = x - k*pi                 (cos: + pi/2), pi split in 5 parts so
//                                   the cancellation loses bits only at the
//                                   finest scales (Cody-Waite)
//   sign = floor(k/2)*4 - 2k + 1    = (-1)^k, without a branch
//   out  = sign * t * P(t^2),  P(u) = (((R0 u + R1) u + R2) u + R3) u + 1
//
// sin emits 30 temporaries plus the final assignment, cos 33. The constants
// are the CANN/PyPTO framework's FP32 literals; each ConstFloat holds the
// double of the float. Valid for |x| <= 2^17 (beyond that x itself has no
// fractional bits left); absolute error about 1e-5 over |x| <= 2*pi*1024.

#include "absl/strings/str_cat.h"
#include "ir/status_macros.h"
#include "passes/lower_composite/rules.h"

namespace pto::passes::lower_composite {
namespace {

using ir::DataType;
using ir::RoundMode;

constexpr float kPiInv = 0.31830988732818603515625f;
constexpr float kPiV2 = 3.140625f;
constexpr float kPiC1 = 0.0009670257568359375f;
constexpr float kPiC2 = 6.2771141529083251953125e-7f;
constexpr float kPiC3 = 1.21644916362129151821e-10f;
constexpr float kPiC4 = -1.0290623200529979163e-13f;
constexpr float kPiHalfHead = 1.57079637050628662109375f;
constexpr float kPiHalfTail = -4.371139000189375e-8f;
constexpr float kHalf = 0.5f;
constexpr float kFour = 4.0f;
constexpr float kNegTwo = -2.0f;
constexpr float kOne = 1.0f;
constexpr float kR0 = 2.604926501e-6f;
constexpr float kR1 = -1.980894471e-4f;
constexpr float kR2 = 8.333049340e-3f;
constexpr float kR3 = -1.666665792e-1f;

absl::StatusOr<const ir::Expr*> LowerSinCos(const ir::Call& call, ir::ExprSpan args,
                                            LoweringBuilder& b, bool is_cos) {
  if (args.size() != 1 || ir::ElementType(args[0]->type()) != DataType::kFP32 ||
      !args[0]->type()->Is<ir::TileType>()) {
    return b.Internal(absl::StrCat(call.callee_name(), " needs one FP32 tile operand"));
  }
  const ir::Expr* x = args[0];

  // Step 1: k = round(x / pi), or rint(x / pi + 0.5) for cos.
  PTO_ASSIGN_OR_RETURN(const ir::Var* k_src, b.Bind("pi_inv_x", b.Muls(x, kPiInv)));
  if (is_cos) {
    PTO_ASSIGN_OR_RETURN(k_src, b.Bind("k_pre", b.Adds(k_src, kHalf)));
  }
  // cos rounds half to even: with the +0.5 shift, even k are even multiples
  // of pi/2. sin rounds half away from zero, keeping k symmetric.
  RoundMode k_mode = is_cos ? RoundMode::kRint : RoundMode::kRound;
  PTO_ASSIGN_OR_RETURN(const ir::Var* k_i, b.Bind("k_i", b.Cast(k_src, DataType::kInt32, k_mode)));
  PTO_ASSIGN_OR_RETURN(const ir::Var* k_f,
                       b.Bind("k_f", b.Cast(k_i, DataType::kFP32, RoundMode::kNone)));

  // Step 2: t = x - k*pi (+ pi/2 for cos), one subtraction per part of pi.
  PTO_ASSIGN_OR_RETURN(const ir::Var* k_pi_v2, b.Bind("k_pi_v2", b.Muls(k_f, kPiV2)));
  PTO_ASSIGN_OR_RETURN(const ir::Var* t, b.Bind("t0", b.Sub(x, k_pi_v2)));
  PTO_ASSIGN_OR_RETURN(const ir::Var* k_pi_c1, b.Bind("k_pi_c1", b.Muls(k_f, kPiC1)));
  PTO_ASSIGN_OR_RETURN(t, b.Bind("t1", b.Sub(t, k_pi_c1)));
  if (is_cos) {
    PTO_ASSIGN_OR_RETURN(t, b.Bind("t1h", b.Adds(t, kPiHalfHead)));
  }
  PTO_ASSIGN_OR_RETURN(const ir::Var* k_pi_c2, b.Bind("k_pi_c2", b.Muls(k_f, kPiC2)));
  PTO_ASSIGN_OR_RETURN(t, b.Bind("t2", b.Sub(t, k_pi_c2)));
  PTO_ASSIGN_OR_RETURN(const ir::Var* k_pi_c3, b.Bind("k_pi_c3", b.Muls(k_f, kPiC3)));
  PTO_ASSIGN_OR_RETURN(t, b.Bind("t3", b.Sub(t, k_pi_c3)));
  PTO_ASSIGN_OR_RETURN(const ir::Var* k_pi_c4, b.Bind("k_pi_c4", b.Muls(k_f, kPiC4)));
  PTO_ASSIGN_OR_RETURN(t, b.Bind("t4", b.Sub(t, k_pi_c4)));
  if (is_cos) {
    PTO_ASSIGN_OR_RETURN(t, b.Bind("t4t", b.Adds(t, kPiHalfTail)));
  }

  // Step 3: sign = floor(k/2)*4 - 2k + 1 = (-1)^k.
  PTO_ASSIGN_OR_RETURN(const ir::Var* half_k, b.Bind("half_k", b.Muls(k_f, kHalf)));
  PTO_ASSIGN_OR_RETURN(
      const ir::Var* floor_hk_i,
      b.Bind("floor_hk_i", b.Cast(half_k, DataType::kInt32, RoundMode::kFloor)));
  PTO_ASSIGN_OR_RETURN(
      const ir::Var* floor_hk_f,
      b.Bind("floor_hk_f", b.Cast(floor_hk_i, DataType::kFP32, RoundMode::kNone)));
  PTO_ASSIGN_OR_RETURN(const ir::Var* floor_x4, b.Bind("floor_x4", b.Muls(floor_hk_f, kFour)));
  PTO_ASSIGN_OR_RETURN(const ir::Var* neg2_k, b.Bind("neg2_k", b.Muls(k_f, kNegTwo)));
  PTO_ASSIGN_OR_RETURN(const ir::Var* sign_pre, b.Bind("sign_pre", b.Add(floor_x4, neg2_k)));
  PTO_ASSIGN_OR_RETURN(const ir::Var* sign, b.Bind("sign", b.Adds(sign_pre, kOne)));

  // Step 4: t * P(t^2) by Horner.
  PTO_ASSIGN_OR_RETURN(const ir::Var* t2, b.Bind("t2sq", b.Mul(t, t)));
  PTO_ASSIGN_OR_RETURN(const ir::Var* p, b.Bind("p_r0", b.Muls(t2, kR0)));
  PTO_ASSIGN_OR_RETURN(p, b.Bind("p_r1", b.Adds(p, kR1)));
  PTO_ASSIGN_OR_RETURN(p, b.Bind("p_t2_r1", b.Mul(p, t2)));
  PTO_ASSIGN_OR_RETURN(p, b.Bind("p_r2", b.Adds(p, kR2)));
  PTO_ASSIGN_OR_RETURN(p, b.Bind("p_t2_r2", b.Mul(p, t2)));
  PTO_ASSIGN_OR_RETURN(p, b.Bind("p_r3", b.Adds(p, kR3)));
  PTO_ASSIGN_OR_RETURN(p, b.Bind("p_t2_r3", b.Mul(p, t2)));
  PTO_ASSIGN_OR_RETURN(p, b.Bind("p_one", b.Adds(p, kOne)));
  PTO_ASSIGN_OR_RETURN(const ir::Var* t_p, b.Bind("t_p", b.Mul(t, p)));

  // Step 5: out = sign * t * P(t^2).
  return b.Mul(sign, t_p);
}

}  // namespace

absl::StatusOr<const ir::Expr*> LowerSinRule(const ir::Call& call, ir::ExprSpan visited_args,
                                             LoweringBuilder& b) {
  return LowerSinCos(call, visited_args, b, /*is_cos=*/false);
}

absl::StatusOr<const ir::Expr*> LowerCosRule(const ir::Call& call, ir::ExprSpan visited_args,
                                             LoweringBuilder& b) {
  return LowerSinCos(call, visited_args, b, /*is_cos=*/true);
}

}  // namespace pto::passes::lower_composite
