// Scalar ops of PTO (MLIR's arith and math as our codegen writes them),
// computed by the IR interpreter's scalar semantics (sim/numerics/scalar.h):
// codegen writes each IR scalar operator as these ops, so evaluating them
// with the same rules is what makes the two interpreters agree.
//
//   arith.constant           integers, floats (decimal or MLIR's hex bit
//                            pattern), true / false
//   arith.addi ... shrsi     BinaryOp on the result dtype; divsi truncates,
//                            shrui shifts in zeros
//   arith.cmpi / cmpf        the predicates codegen writes
//   arith.index_cast ...     CastScalar to the result type
//   math.absf / absi / floor / powf, arith.negf

#include <cmath>
#include <cstdint>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/match.h"
#include "ir/operators.h"
#include "ir/status_macros.h"
#include "sim/numerics/float_formats.h"
#include "sim/pto/frame.h"

namespace pto::sim::pto_text {
namespace {

using ir::BinaryOp;
using ir::DataType;

absl::StatusOr<DataType> ResultType(Frame& f, const Operation& op) {
  if (op.results.empty() || op.results[0].type.empty()) return DataType(DataType::kBool);
  PTO_ASSIGN_OR_RETURN(const PtoType* t, f.TypeOf(op, op.results[0].type));
  if (t->kind != PtoType::kScalar) return f.Error(op, "the result must be a scalar");
  return t->dtype;
}

absl::Status Constant(Frame& f, const Operation& op) {
  PTO_ASSIGN_OR_RETURN(DataType type, ResultType(f, op));
  absl::string_view text = op.FindAttr("value")->value;
  if (text == "true" || text == "false") {
    f.Set(op.results[0], Value::Of(Scalar::Bool(text == "true")));
    return absl::OkStatus();
  }
  if (absl::StartsWith(text, "0x")) {
    uint64_t bits = 0;
    if (!absl::SimpleHexAtoi(text, &bits)) return f.Error(op, "a bad hexadecimal literal");
    f.Set(op.results[0], Value::Of(type.IsFloat() ? Scalar::FromElementBits(type, bits)
                                                   : Scalar::Int(type, static_cast<int64_t>(bits))));
    return absl::OkStatus();
  }
  if (type.IsFloat()) {
    double v = 0;
    if (!absl::SimpleAtod(text, &v)) return f.Error(op, absl::StrCat("a bad float '", text, "'"));
    f.Set(op.results[0], Value::Of(Scalar::Float(type, v)));
    return absl::OkStatus();
  }
  int64_t v = 0;
  if (!absl::SimpleAtoi(text, &v)) return f.Error(op, absl::StrCat("a bad integer '", text, "'"));
  f.Set(op.results[0], Value::Of(Scalar::Int(type, v)));
  return absl::OkStatus();
}

struct BinaryName {
  absl::string_view name;
  BinaryOp op;
};
// The arith / math ops that are one IR BinaryOp on their result type.
constexpr BinaryName kBinary[] = {
    {"arith.addi", BinaryOp::kAdd},       {"arith.subi", BinaryOp::kSub},
    {"arith.muli", BinaryOp::kMul},       {"arith.floordivsi", BinaryOp::kFloorDiv},
    {"arith.minsi", BinaryOp::kMin},      {"arith.maxsi", BinaryOp::kMax},
    {"arith.andi", BinaryOp::kBitAnd},    {"arith.ori", BinaryOp::kBitOr},
    {"arith.xori", BinaryOp::kBitXor},    {"arith.shli", BinaryOp::kShl},
    {"arith.shrsi", BinaryOp::kShr},      {"arith.addf", BinaryOp::kAdd},
    {"arith.subf", BinaryOp::kSub},       {"arith.mulf", BinaryOp::kMul},
    {"arith.divf", BinaryOp::kFloatDiv},  {"arith.minimumf", BinaryOp::kMin},
    {"arith.maximumf", BinaryOp::kMax},   {"math.powf", BinaryOp::kPow},
};

absl::Status Binary(Frame& f, const Operation& op) {
  PTO_ASSIGN_OR_RETURN(DataType type, ResultType(f, op));
  PTO_ASSIGN_OR_RETURN(Scalar a, f.GetScalar(op, op.operands[0]));
  PTO_ASSIGN_OR_RETURN(Scalar b, f.GetScalar(op, op.operands[1]));
  absl::StatusOr<Scalar> r = absl::InternalError("unreachable");
  if (op.name == "arith.divsi") {
    if (b.i == 0) return f.Error(op, "integer division by zero");
    bool wraps = a.i == INT64_MIN && b.i == -1;
    r = Scalar::Int(type, wraps ? a.i : a.i / b.i);
  } else if (op.name == "arith.shrui") {
    int bits = type.bits();
    if (b.i < 0 || b.i >= bits) return f.Error(op, "a shift count outside the width");
    uint64_t mask = bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
    r = Scalar::Int(type, static_cast<int64_t>((static_cast<uint64_t>(a.i) & mask) >> b.i));
  } else {
    for (const BinaryName& n : kBinary) {
      if (n.name == op.name) r = EvalBinary(n.op, a, b, type);
    }
  }
  if (!r.ok()) return f.Error(op, r.status().message());
  f.Set(op.results[0], Value::Of(*r));
  return absl::OkStatus();
}

absl::Status Unary(Frame& f, const Operation& op) {
  PTO_ASSIGN_OR_RETURN(DataType type, ResultType(f, op));
  PTO_ASSIGN_OR_RETURN(Scalar a, f.GetScalar(op, op.operands[0]));
  absl::StatusOr<Scalar> r;
  if (op.name == "math.floor") {
    r = Scalar::Float(type, std::floor(a.f));
  } else if (op.name == "arith.negf") {
    r = EvalUnary(ir::UnaryOp::kNeg, a, type);
  } else {
    r = EvalUnary(ir::UnaryOp::kAbs, a, type);
  }
  if (!r.ok()) return f.Error(op, r.status().message());
  f.Set(op.results[0], Value::Of(*r));
  return absl::OkStatus();
}

// MLIR's predicates, as the IR comparison each stands for. Signed and
// ordered forms only (unordered `une` is ne: true when either is NaN).
struct Predicate {
  absl::string_view name;
  BinaryOp op;
};
constexpr Predicate kPredicates[] = {
    {"eq", BinaryOp::kEq},  {"ne", BinaryOp::kNe},  {"slt", BinaryOp::kLt},
    {"sle", BinaryOp::kLe}, {"sgt", BinaryOp::kGt}, {"sge", BinaryOp::kGe},
    {"oeq", BinaryOp::kEq}, {"une", BinaryOp::kNe}, {"olt", BinaryOp::kLt},
    {"ole", BinaryOp::kLe}, {"ogt", BinaryOp::kGt}, {"oge", BinaryOp::kGe},
};

absl::Status Compare(Frame& f, const Operation& op) {
  absl::string_view predicate = op.FindAttr("predicate")->value;
  PTO_ASSIGN_OR_RETURN(Scalar a, f.GetScalar(op, op.operands[0]));
  PTO_ASSIGN_OR_RETURN(Scalar b, f.GetScalar(op, op.operands[1]));
  for (const Predicate& p : kPredicates) {
    if (p.name != predicate) continue;
    absl::StatusOr<Scalar> r = EvalBinary(p.op, a, b, DataType::kBool);
    if (!r.ok()) return f.Error(op, r.status().message());
    // IEEE: every comparison but `une` is false on NaN.
    if (a.IsFloat() && (std::isnan(a.f) || std::isnan(b.f))) {
      r = Scalar::Bool(predicate == "une");
    }
    f.Set(op.results[0], Value::Of(*r));
    return absl::OkStatus();
  }
  return f.Error(op, absl::StrCat("the predicate '", predicate, "' is not one codegen writes"));
}

absl::Status Cast(Frame& f, const Operation& op) {
  PTO_ASSIGN_OR_RETURN(DataType type, ResultType(f, op));
  PTO_ASSIGN_OR_RETURN(Scalar a, f.GetScalar(op, op.operands[0]));
  Scalar r = CastScalar(a, type);
  if (op.name == "arith.extui" || op.name == "arith.uitofp") {
    // The source's bits read as unsigned.
    int bits = a.dtype.bits();
    uint64_t u = static_cast<uint64_t>(a.i) & (bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1);
    r = op.name == "arith.extui" ? Scalar::Int(type, static_cast<int64_t>(u))
                                 : Scalar::Float(type, static_cast<double>(u));
  }
  f.Set(op.results[0], Value::Of(r));
  return absl::OkStatus();
}

}  // namespace

void AddScalarOps(OpTable& t) {
  t["arith.constant"] = Constant;
  for (const BinaryName& n : kBinary) t[n.name] = Binary;
  t["arith.divsi"] = Binary;
  t["arith.shrui"] = Binary;
  for (absl::string_view name : {"arith.negf", "math.absf", "math.absi", "math.floor"}) {
    t[name] = Unary;
  }
  t["arith.cmpi"] = Compare;
  t["arith.cmpf"] = Compare;
  for (absl::string_view name : {"arith.index_cast", "arith.trunci", "arith.extsi", "arith.extui",
                                 "arith.sitofp", "arith.uitofp", "arith.fptosi", "arith.extf",
                                 "arith.truncf"}) {
    t[name] = Cast;
  }
}

}  // namespace pto::sim::pto_text
