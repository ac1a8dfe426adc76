// FunctionEmitter: scalar expressions as arith (and math) dialect lines, and
// the constants block.
//
// MLIR's arith ops work on signless integers, so unsigned scalars are only
// passed through (as kernel arguments or constants of tile ops); arithmetic
// or conversion on them is reported as unsupported.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"
#include "codegen/function_emitter.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::codegen {

using ir::BinaryOp;
using ir::DataType;

namespace {

absl::string_view StripPercent(absl::string_view name) {
  return !name.empty() && name[0] == '%' ? name.substr(1) : name;
}

}  // namespace

// --- Constants ----------------------------------------------------------------------

ScalarValue FunctionEmitter::AddConstant(std::string key, absl::string_view hint,
                                         absl::string_view text, DataType dtype) {
  auto it = constants_.find(key);
  if (it != constants_.end()) return it->second;
  ScalarValue v{names_.Fresh(hint), dtype};
  absl::StrAppend(&constants_text_, "    ", v.name, " = arith.constant ", text, "\n");
  constants_.emplace(std::move(key), v);
  return v;
}

absl::StatusOr<ScalarValue> FunctionEmitter::IntConstant(int64_t value, DataType dtype) {
  auto key = std::make_pair(static_cast<uint64_t>(value), static_cast<uint8_t>(dtype.code()));
  if (auto it = int_constants_.find(key); it != int_constants_.end()) return it->second;
  absl::StatusOr<ScalarValue> v = FormatIntConstant(value, dtype);
  if (v.ok()) int_constants_.emplace(key, *v);
  return v;
}

absl::StatusOr<ScalarValue> FunctionEmitter::FloatConstant(double value, DataType dtype) {
  uint64_t bits;
  static_assert(sizeof(bits) == sizeof(value));
  std::memcpy(&bits, &value, sizeof(bits));
  auto key = std::make_pair(bits, static_cast<uint8_t>(dtype.code()));
  if (auto it = float_constants_.find(key); it != float_constants_.end()) return it->second;
  absl::StatusOr<ScalarValue> v = FormatFloatConstant(value, dtype);
  if (v.ok()) float_constants_.emplace(key, *v);
  return v;
}

absl::StatusOr<ScalarValue> FunctionEmitter::FormatIntConstant(int64_t value, DataType dtype) {
  if (dtype == DataType::kBool) return BoolConstant(value != 0);
  if (dtype.IsFloat()) return FloatConstant(static_cast<double>(value), dtype);
  PTO_ASSIGN_OR_RETURN(absl::string_view type, ScalarTypeName(dtype));
  if (dtype.IsUnsignedInt()) {
    // arith.constant only makes signless integers; bridge to the unsigned type.
    absl::string_view signless = type.substr(1);
    std::string key = absl::StrCat(type, ":", value);
    if (auto it = constants_.find(key); it != constants_.end()) return it->second;
    ScalarValue s = AddConstant(absl::StrCat(signless, ":", value),
                                absl::StrCat("c", value, "_", signless),
                                absl::StrCat(value, " : ", signless),
                                *DataType::FromCode(dtype.code() - 0x10));
    ScalarValue v{names_.Fresh(absl::StrCat("c", value, "_", type)), dtype};
    absl::StrAppend(&constants_text_, "    ", v.name, " = builtin.unrealized_conversion_cast ",
                    s.name, " : ", signless, " to ", type, "\n");
    constants_.emplace(std::move(key), v);
    return v;
  }
  std::string hint = dtype == DataType::kIndex ? absl::StrCat("c", value)
                                               : absl::StrCat("c", value, "_", type);
  return AddConstant(absl::StrCat(type, ":", value), hint, absl::StrCat(value, " : ", type),
                     dtype);
}

absl::StatusOr<ScalarValue> FunctionEmitter::FormatFloatConstant(double value, DataType dtype) {
  if (!dtype.IsFloat()) {
    return Fail(absl::StrCat("float constant ", value, " used as ", dtype.name()));
  }
  PTO_ASSIGN_OR_RETURN(absl::string_view type, ScalarTypeName(dtype));
  std::optional<std::string> literal = FloatLiteral(value, dtype);
  if (!literal) {
    return Fail(absl::StrCat("a non-finite ", dtype.name(), " constant has no PTO spelling"));
  }
  return AddConstant(absl::StrCat(type, ":", *literal), "cst",
                     absl::StrCat(*literal, " : ", type), dtype);
}

ScalarValue FunctionEmitter::BoolConstant(bool value) {
  return AddConstant(value ? "i1:true" : "i1:false", value ? "true" : "false",
                     value ? "true" : "false", DataType::kBool);
}

// --- Tile-instruction scalars ------------------------------------------------------------

namespace {

// `value` wrapped to `dtype`'s width (two's complement; zero-extended for an
// unsigned dtype), as a tile op narrows an integer scalar.
int64_t WrapToWidth(int64_t value, DataType dtype) {
  int bits = dtype.bits();
  if (bits >= 64) return value;
  uint64_t low = static_cast<uint64_t>(value) & ((uint64_t{1} << bits) - 1);
  if (dtype.IsUnsignedInt()) return static_cast<int64_t>(low);
  uint64_t sign = uint64_t{1} << (bits - 1);
  return static_cast<int64_t>((low ^ sign) - sign);
}

// A finite `value` truncated toward zero and saturated to `dtype`'s range
// (an unsigned result as its two's-complement bit pattern).
int64_t TruncSaturate(double value, DataType dtype) {
  double t = std::trunc(value);
  int bits = std::min(dtype.bits(), 64);
  if (dtype.IsUnsignedInt()) {
    if (t <= 0) return 0;
    if (t >= std::ldexp(1.0, bits)) {
      return static_cast<int64_t>(bits == 64 ? UINT64_MAX : (uint64_t{1} << bits) - 1);
    }
    return static_cast<int64_t>(static_cast<uint64_t>(t));
  }
  double limit = std::ldexp(1.0, bits - 1);
  if (t < -limit) return bits == 64 ? INT64_MIN : -(int64_t{1} << (bits - 1));
  if (t >= limit) return bits == 64 ? INT64_MAX : (int64_t{1} << (bits - 1)) - 1;
  return static_cast<int64_t>(t);
}

}  // namespace

absl::StatusOr<ScalarValue> FunctionEmitter::ElementScalar(const ir::Expr* e, DataType element) {
  DataType target = element;
  if (element.IsUnsignedInt()) target = *DataType::FromCode(element.code() - 0x10);
  switch (e->kind()) {
    case ir::NodeKind::kConstInt: {
      int64_t v = e->As<ir::ConstInt>()->value();
      if (target.IsFloat()) return FloatConstant(static_cast<double>(v), target);
      if (target == DataType::kBool) return BoolConstant(v != 0);
      return IntConstant(WrapToWidth(v, target), target);
    }
    case ir::NodeKind::kConstFloat: {
      double v = e->As<ir::ConstFloat>()->value();
      if (target.IsFloat()) return FloatConstant(v, target);
      if (std::isfinite(v) && target.IsInt()) {
        return IntConstant(WrapToWidth(TruncSaturate(v, element), target), target);
      }
      break;  // converted at run time
    }
    default:
      break;
  }
  PTO_ASSIGN_OR_RETURN(ScalarValue v, Scalar(e));
  if (v.dtype == element) return v;
  return Convert(v, target);
}

// --- Expressions ----------------------------------------------------------------------

absl::StatusOr<ScalarValue> FunctionEmitter::EmitScalar(const ir::Expr* e,
                                                        absl::string_view hint) {
  switch (e->kind()) {
    case ir::NodeKind::kVar:
    case ir::NodeKind::kIterArg: {
      const auto* v = e->As<ir::Var>();
      const Binding* b = Lookup(v);
      if (b == nullptr) return NotBound(v);
      if (b->kind() != BindingKind::kScalar) {
        return Fail(absl::StrCat("'", v->name(), "' is a ", ir::TypeKindName(v->type()),
                                 ", not a scalar"));
      }
      return b->scalar();
    }
    case ir::NodeKind::kConstInt: {
      const auto* c = e->As<ir::ConstInt>();
      return IntConstant(c->value(), c->dtype());
    }
    case ir::NodeKind::kConstFloat: {
      const auto* c = e->As<ir::ConstFloat>();
      return FloatConstant(c->value(), c->dtype());
    }
    case ir::NodeKind::kConstBool:
      return BoolConstant(e->As<ir::ConstBool>()->value());
    case ir::NodeKind::kBinary: {
      LocScope scope(this, e->loc());
      return EmitBinary(*e->As<ir::BinaryExpr>(), hint);
    }
    case ir::NodeKind::kUnary: {
      LocScope scope(this, e->loc());
      return EmitUnary(*e->As<ir::UnaryExpr>(), hint);
    }
    case ir::NodeKind::kCall:
      return Fail(absl::StrCat("a nested call to ", e->As<ir::Call>()->callee_name(),
                               " as a scalar operand; bind its result to a variable first"));
    default:
      return Unsupported("tuples are not scalar values in PTO codegen");
  }
}

absl::StatusOr<ScalarValue> FunctionEmitter::Arith(absl::string_view op, const ScalarValue& a,
                                                   const ScalarValue& b, DataType result,
                                                   absl::string_view hint) {
  if (result.IsUnsignedInt()) {
    return Unsupported(absl::StrCat("scalar arithmetic on ", result.name(),
                                    " values (arith has no unsigned integer types)"));
  }
  PTO_ASSIGN_OR_RETURN(absl::string_view type, ScalarTypeName(result));
  ScalarValue r{names_.Fresh(hint), result};
  EmitOp(absl::StrCat(r.name, " = ", op, " ", a.name, ", ", b.name, " : ", type));
  return r;
}

absl::StatusOr<ScalarValue> FunctionEmitter::EmitBinary(const ir::BinaryExpr& b,
                                                        absl::string_view hint) {
  DataType dt = b.dtype();
  BinaryOp op = b.op();
  PTO_ASSIGN_OR_RETURN(ScalarValue lhs, EmitScalar(b.lhs(), "tmp"));
  PTO_ASSIGN_OR_RETURN(ScalarValue rhs, EmitScalar(b.rhs(), "tmp"));

  if (ir::IsComparison(op)) {
    DataType odt = lhs.dtype == rhs.dtype ? lhs.dtype : ir::PromoteDataTypes(lhs.dtype, rhs.dtype);
    if (odt.IsUnsignedInt()) {
      return Unsupported(absl::StrCat("comparison of ", odt.name(),
                                      " values (arith has no unsigned integer types)"));
    }
    PTO_ASSIGN_OR_RETURN(ScalarValue x, Convert(lhs, odt));
    PTO_ASSIGN_OR_RETURN(ScalarValue y, Convert(rhs, odt));
    static constexpr absl::string_view kIntPred[] = {"eq", "ne", "slt", "sle", "sgt", "sge"};
    static constexpr absl::string_view kFloatPred[] = {"oeq", "one", "olt", "ole", "ogt", "oge"};
    size_t k = static_cast<size_t>(op) - static_cast<size_t>(BinaryOp::kEq);
    PTO_ASSIGN_OR_RETURN(absl::string_view type, ScalarTypeName(odt));
    ScalarValue r{names_.Fresh(dt == DataType::kBool ? hint : "tmp"), DataType::kBool};
    EmitOp(absl::StrCat(r.name, " = ", odt.IsFloat() ? "arith.cmpf " : "arith.cmpi ",
                        odt.IsFloat() ? kFloatPred[k] : kIntPred[k], ", ", x.name, ", ", y.name,
                        " : ", type));
    return Convert(r, dt, hint);
  }

  if (ir::IsLogical(op)) {
    PTO_ASSIGN_OR_RETURN(ScalarValue x, Convert(lhs, DataType::kBool));
    PTO_ASSIGN_OR_RETURN(ScalarValue y, Convert(rhs, DataType::kBool));
    absl::string_view name = op == BinaryOp::kAnd ? "arith.andi"
                             : op == BinaryOp::kOr ? "arith.ori"
                                                   : "arith.xori";
    PTO_ASSIGN_OR_RETURN(ScalarValue r,
                         Arith(name, x, y, DataType::kBool, dt == DataType::kBool ? hint : "tmp"));
    return Convert(r, dt, hint);
  }

  PTO_ASSIGN_OR_RETURN(ScalarValue x, Convert(lhs, dt));
  PTO_ASSIGN_OR_RETURN(ScalarValue y, Convert(rhs, dt));
  if (ir::IsBitwise(op)) {
    if (!dt.IsInt()) {
      return Fail(absl::StrCat("bitwise operation on ", dt.name(), " values"));
    }
    absl::string_view name;
    switch (op) {
      case BinaryOp::kBitAnd: name = "arith.andi"; break;
      case BinaryOp::kBitOr: name = "arith.ori"; break;
      case BinaryOp::kBitXor: name = "arith.xori"; break;
      case BinaryOp::kShl: name = "arith.shli"; break;
      default: name = "arith.shrsi"; break;
    }
    return Arith(name, x, y, dt, hint);
  }

  if (dt == DataType::kBool) return Fail("arithmetic on BOOL values");
  if (dt.IsFloat()) {
    PTO_ASSIGN_OR_RETURN(absl::string_view type, ScalarTypeName(dt));
    auto unary = [&](absl::string_view name, const ScalarValue& v,
                     absl::string_view h) -> ScalarValue {
      ScalarValue r{names_.Fresh(h), dt};
      EmitOp(absl::StrCat(r.name, " = ", name, " ", v.name, " : ", type));
      return r;
    };
    switch (op) {
      case BinaryOp::kAdd: return Arith("arith.addf", x, y, dt, hint);
      case BinaryOp::kSub: return Arith("arith.subf", x, y, dt, hint);
      case BinaryOp::kMul: return Arith("arith.mulf", x, y, dt, hint);
      case BinaryOp::kFloatDiv: return Arith("arith.divf", x, y, dt, hint);
      case BinaryOp::kPow: return Arith("math.powf", x, y, dt, hint);
      case BinaryOp::kMin: return Arith("arith.minimumf", x, y, dt, hint);
      case BinaryOp::kMax: return Arith("arith.maximumf", x, y, dt, hint);
      case BinaryOp::kFloorDiv: {
        PTO_ASSIGN_OR_RETURN(ScalarValue q, Arith("arith.divf", x, y, dt, "tmp"));
        return unary("math.floor", q, hint);
      }
      case BinaryOp::kFloorMod: {
        // x - floor(x / y) * y keeps the sign of y, as Python's % does.
        PTO_ASSIGN_OR_RETURN(ScalarValue q, Arith("arith.divf", x, y, dt, "tmp"));
        ScalarValue f = unary("math.floor", q, "tmp");
        PTO_ASSIGN_OR_RETURN(ScalarValue m, Arith("arith.mulf", f, y, dt, "tmp"));
        return Arith("arith.subf", x, m, dt, hint);
      }
      default: break;
    }
  } else {
    switch (op) {
      case BinaryOp::kAdd: return Arith("arith.addi", x, y, dt, hint);
      case BinaryOp::kSub: return Arith("arith.subi", x, y, dt, hint);
      case BinaryOp::kMul: return Arith("arith.muli", x, y, dt, hint);
      case BinaryOp::kFloorDiv: return Arith("arith.floordivsi", x, y, dt, hint);
      case BinaryOp::kMin: return Arith("arith.minsi", x, y, dt, hint);
      case BinaryOp::kMax: return Arith("arith.maxsi", x, y, dt, hint);
      case BinaryOp::kFloorMod: {
        PTO_ASSIGN_OR_RETURN(ScalarValue q, Arith("arith.floordivsi", x, y, dt, "tmp"));
        PTO_ASSIGN_OR_RETURN(ScalarValue m, Arith("arith.muli", q, y, dt, "tmp"));
        return Arith("arith.subi", x, m, dt, hint);
      }
      case BinaryOp::kFloatDiv:
        return Fail(absl::StrCat("true division with a ", dt.name(), " result"));
      case BinaryOp::kPow:
        return Unsupported(absl::StrCat("integer power (", dt.name(), ")"));
      default: break;
    }
  }
  return Fail(absl::StrCat("binary operator ", static_cast<int>(op), " on ", dt.name()));
}

absl::StatusOr<ScalarValue> FunctionEmitter::EmitUnary(const ir::UnaryExpr& u,
                                                       absl::string_view hint) {
  DataType dt = u.dtype();
  PTO_ASSIGN_OR_RETURN(ScalarValue v, EmitScalar(u.operand(), "tmp"));
  switch (u.op()) {
    case ir::UnaryOp::kCast:
      return Convert(v, dt, hint);
    case ir::UnaryOp::kNeg: {
      PTO_ASSIGN_OR_RETURN(ScalarValue x, Convert(v, dt));
      if (dt.IsFloat()) {
        PTO_ASSIGN_OR_RETURN(absl::string_view type, ScalarTypeName(dt));
        ScalarValue r{names_.Fresh(hint), dt};
        EmitOp(absl::StrCat(r.name, " = arith.negf ", x.name, " : ", type));
        return r;
      }
      PTO_ASSIGN_OR_RETURN(ScalarValue zero, IntConstant(0, dt));
      return Arith("arith.subi", zero, x, dt, hint);
    }
    case ir::UnaryOp::kNot: {
      PTO_ASSIGN_OR_RETURN(ScalarValue x, Convert(v, DataType::kBool));
      PTO_ASSIGN_OR_RETURN(ScalarValue r, Arith("arith.xori", x, BoolConstant(true),
                                                DataType::kBool,
                                                dt == DataType::kBool ? hint : "tmp"));
      return Convert(r, dt, hint);
    }
    case ir::UnaryOp::kBitNot: {
      if (!dt.IsInt()) return Fail(absl::StrCat("bitwise not on ", dt.name(), " values"));
      PTO_ASSIGN_OR_RETURN(ScalarValue x, Convert(v, dt));
      PTO_ASSIGN_OR_RETURN(ScalarValue ones, IntConstant(-1, dt));
      return Arith("arith.xori", x, ones, dt, hint);
    }
    case ir::UnaryOp::kAbs: {
      PTO_ASSIGN_OR_RETURN(ScalarValue x, Convert(v, dt));
      if (dt.IsUnsignedInt() || dt == DataType::kBool) return x;
      PTO_ASSIGN_OR_RETURN(absl::string_view type, ScalarTypeName(dt));
      ScalarValue r{names_.Fresh(hint), dt};
      EmitOp(absl::StrCat(r.name, " = ", dt.IsFloat() ? "math.absf " : "math.absi ", x.name,
                          " : ", type));
      return r;
    }
  }
  return Fail("unknown unary operator");
}

absl::StatusOr<ScalarValue> FunctionEmitter::Convert(const ScalarValue& v, DataType to,
                                                     absl::string_view hint) {
  DataType from = v.dtype;
  if (from == to) return v;
  if (from.IsUnsignedInt() || to.IsUnsignedInt()) {
    return Unsupported(absl::StrCat("conversion from ", from.name(), " to ", to.name(),
                                    " (arith has no unsigned integer types)"));
  }
  PTO_ASSIGN_OR_RETURN(absl::string_view from_type, ScalarTypeName(from));
  PTO_ASSIGN_OR_RETURN(absl::string_view to_type, ScalarTypeName(to));
  std::string default_hint;
  if (hint.empty()) {
    default_hint = absl::StrCat(StripPercent(v.name), "_", to_type);
    hint = default_hint;
  }
  auto emit = [&](absl::string_view op) -> ScalarValue {
    ScalarValue r{names_.Fresh(hint), to};
    EmitOp(absl::StrCat(r.name, " = ", op, " ", v.name, " : ", from_type, " to ", to_type));
    return r;
  };

  if (to == DataType::kBool) {
    ScalarValue r{names_.Fresh(hint), to};
    if (from.IsFloat()) {
      PTO_ASSIGN_OR_RETURN(ScalarValue zero, FloatConstant(0.0, from));
      EmitOp(absl::StrCat(r.name, " = arith.cmpf une, ", v.name, ", ", zero.name, " : ",
                          from_type));
    } else {
      PTO_ASSIGN_OR_RETURN(ScalarValue zero, IntConstant(0, from));
      EmitOp(absl::StrCat(r.name, " = arith.cmpi ne, ", v.name, ", ", zero.name, " : ",
                          from_type));
    }
    return r;
  }
  if (from == DataType::kBool) {
    // i1 is unsigned here: true converts to 1.
    if (to.IsFloat()) return emit("arith.uitofp");
    if (to == DataType::kIndex) {
      PTO_ASSIGN_OR_RETURN(ScalarValue wide, Convert(v, DataType::kInt64));
      return Convert(wide, to, hint);
    }
    return emit("arith.extui");
  }
  bool from_index = from == DataType::kIndex;
  bool to_index = to == DataType::kIndex;
  if (from_index || to_index) {
    if (from.IsFloat()) {
      PTO_ASSIGN_OR_RETURN(ScalarValue wide, Convert(v, DataType::kInt64));
      return Convert(wide, to, hint);
    }
    if (to.IsFloat()) {
      PTO_ASSIGN_OR_RETURN(ScalarValue wide, Convert(v, DataType::kInt64));
      return Convert(wide, to, hint);
    }
    return emit("arith.index_cast");
  }
  if (from.IsInt() && to.IsInt()) return emit(to.bits() > from.bits() ? "arith.extsi" : "arith.trunci");
  if (from.IsInt() && to.IsFloat()) return emit("arith.sitofp");
  if (from.IsFloat() && to.IsInt()) return emit("arith.fptosi");
  // Float to float. Equal widths (FP16 <-> BF16) go through FP32.
  if (to.bits() == from.bits()) {
    PTO_ASSIGN_OR_RETURN(ScalarValue wide, Convert(v, DataType::kFP32));
    return Convert(wide, to, hint);
  }
  return emit(to.bits() > from.bits() ? "arith.extf" : "arith.truncf");
}

}  // namespace pto::codegen
