#include "ir/analysis/ir_format.h"

#include "absl/strings/str_cat.h"
#include "ir/enums.h"
#include "ir/float_literal.h"
#include "ir/function.h"
#include "ir/op.h"

namespace pto::ir::diag {
namespace {

// Diagnostics never need more; it also bounds the recursion on hostile trees.
constexpr int kMaxFormatDepth = 32;

std::string FormatFloat(double v) { return std::string(FloatLiteral(v).view()); }

template <typename E>
std::string EnumSpelling(int64_t raw) {
  // Range-check before the cast: the enums are one byte wide.
  if (raw < 0 || raw >= EnumSize<E>()) return absl::StrCat("#", raw);
  return FormatEnum(static_cast<E>(raw));
}

void AppendTileView(std::string& out, const TileType* t) {
  const TileView& v = *t->view();
  TileView imp = ImplicitTileView(t->memory_space(), t->shape_blayout());
  std::string fields;
  auto field = [&fields](absl::string_view s) {
    if (!fields.empty()) fields += ", ";
    absl::StrAppend(&fields, s);
  };
  if (!v.valid_shape.empty()) {
    std::string s = "valid_shape=";
    AppendFormattedShape(s, v.valid_shape);
    field(s);
  }
  if (!v.stride.empty()) {
    std::string s = "stride=";
    AppendFormattedShape(s, v.stride);
    field(s);
  }
  if (v.start_offset != nullptr) {
    std::string s = "start_offset=";
    AppendFormattedExpr(s, v.start_offset);
    field(s);
  }
  if (v.blayout != imp.blayout) {
    field(absl::StrCat("blayout=", FormatEnum(v.blayout)));
  }
  if (v.slayout != imp.slayout) {
    field(absl::StrCat("slayout=", FormatEnum(v.slayout)));
  }
  if (v.fractal != imp.fractal) field(absl::StrCat("fractal=", v.fractal));
  if (v.pad != PadValue::kNull) {
    field(absl::StrCat("pad=", FormatEnum(v.pad)));
  }
  if (v.compact != CompactMode::kNull) {
    field(absl::StrCat("compact=", FormatEnum(v.compact)));
  }
  absl::StrAppend(&out, ", pl.TileView(", fields, ")");
}

void AppendType(std::string& out, const Type* t, int depth) {
  if (t == nullptr) {
    out += "<null type>";
    return;
  }
  if (depth > kMaxFormatDepth) {
    out += "...";
    return;
  }
  switch (t->kind()) {
    case TypeKind::kUnknown:
      out += "pl.UnknownType";
      return;
    case TypeKind::kCommCtx:
      out += "pld.CommCtxType";
      return;
    case TypeKind::kHandle:
      absl::StrAppend(&out, HandleTypeSpelling(t->As<HandleType>()->handle_kind()));
      return;
    case TypeKind::kArray: {
      const auto* at = t->As<ArrayType>();
      absl::StrAppend(&out, "pl.Array[", at->extent(), ", ", FormatDataType(at->dtype()), "]");
      return;
    }
    case TypeKind::kScalar:
      absl::StrAppend(&out, "pl.Scalar[", FormatDataType(t->As<ScalarType>()->dtype()), "]");
      return;
    case TypeKind::kTensor:
    case TypeKind::kDistributedTensor: {
      const auto* tt = t->As<TensorType>();
      out += tt->IsDistributed() ? "pld.DistributedTensor[" : "pl.Tensor[";
      AppendFormattedShape(out, tt->shape());
      absl::StrAppend(&out, ", ", FormatDataType(tt->dtype()));
      if (const TensorView* v = tt->view()) {
        out += ", pl.TensorView(valid_shape=";
        AppendFormattedShape(out, v->valid_shape);
        out += ", stride=";
        AppendFormattedShape(out, v->stride);
        absl::StrAppend(&out, ", layout=", FormatEnum(v->layout));
        if (v->pad != PadValue::kNull) {
          absl::StrAppend(&out, ", pad=", FormatEnum(v->pad));
        }
        out += ")";
      }
      out += "]";
      return;
    }
    case TypeKind::kTile: {
      const auto* tt = t->As<TileType>();
      out += "pl.Tile[";
      AppendFormattedShape(out, tt->shape());
      absl::StrAppend(&out, ", ", FormatDataType(tt->dtype()));
      if (tt->memory_space()) {
        absl::StrAppend(&out, ", ",
                        FormatEnum(*tt->memory_space()));
      }
      if (tt->view() != nullptr) AppendTileView(out, tt);
      out += "]";
      return;
    }
    case TypeKind::kTuple: {
      auto elements = t->As<TupleType>()->elements();
      if (elements.empty()) {
        out += "pl.Tuple[()]";
        return;
      }
      out += "pl.Tuple[";
      for (size_t i = 0; i < elements.size(); ++i) {
        if (i > 0) out += ", ";
        AppendType(out, elements[i], depth + 1);
      }
      out += "]";
      return;
    }
  }
  out += "<unknown type kind>";
}

std::string Quoted(absl::string_view name) { return absl::StrCat("'", name, "'"); }

}  // namespace

std::string FormatDataType(DataType dtype) { return absl::StrCat("pl.", dtype.name()); }

std::string FormatType(const Type* type) {
  std::string out;
  AppendType(out, type, 0);
  return out;
}

std::string FormatAttrValue(const AttrValue& value) {
  switch (value.kind()) {
    case AttrKind::kBool: return value.bool_value() ? "True" : "False";
    case AttrKind::kInt: return absl::StrCat(value.int_value());
    case AttrKind::kFloat: return FormatFloat(value.float_value());
    case AttrKind::kString: return Quoted(value.string_value());
    case AttrKind::kDataType: {
      std::optional<DataType> t = DataType::FromCode(static_cast<int>(value.raw_int()));
      return t ? FormatDataType(*t) : absl::StrCat("pl.DataType#", value.raw_int());
    }
    case AttrKind::kMemorySpace: return EnumSpelling<MemorySpace>(value.raw_int());
    case AttrKind::kTileLayout: return EnumSpelling<TileLayout>(value.raw_int());
    case AttrKind::kTensorLayout: return EnumSpelling<TensorLayout>(value.raw_int());
    case AttrKind::kPadValue: return EnumSpelling<PadValue>(value.raw_int());
    case AttrKind::kRoundMode: return EnumSpelling<RoundMode>(value.raw_int());
    case AttrKind::kSaturationMode: return EnumSpelling<SaturationMode>(value.raw_int());
    case AttrKind::kAtomicType: return EnumSpelling<AtomicType>(value.raw_int());
    case AttrKind::kArgDirection: return EnumSpelling<ArgDirection>(value.raw_int());
  }
  return "?";
}

const char* TypeKindName(TypeKind kind) {
  switch (kind) {
    case TypeKind::kUnknown: return "UnknownType";
    case TypeKind::kScalar: return "Scalar";
    case TypeKind::kTensor: return "Tensor";
    case TypeKind::kDistributedTensor: return "DistributedTensor";
    case TypeKind::kTile: return "Tile";
    case TypeKind::kTuple: return "Tuple";
    case TypeKind::kCommCtx: return "CommCtxType";
    case TypeKind::kHandle: return "Handle";
    case TypeKind::kArray: return "Array";
  }
  return "?";
}

const char* NodeKindName(NodeKind kind) {
  switch (kind) {
    case NodeKind::kVar: return "Var";
    case NodeKind::kIterArg: return "IterArg";
    case NodeKind::kConstInt: return "ConstInt";
    case NodeKind::kConstFloat: return "ConstFloat";
    case NodeKind::kConstBool: return "ConstBool";
    case NodeKind::kCall: return "Call";
    case NodeKind::kMakeTuple: return "MakeTuple";
    case NodeKind::kTupleGetItem: return "TupleGetItem";
    case NodeKind::kBinary: return "BinaryExpr";
    case NodeKind::kUnary: return "UnaryExpr";
    case NodeKind::kAssign: return "AssignStmt";
    case NodeKind::kEval: return "EvalStmt";
    case NodeKind::kReturn: return "ReturnStmt";
    case NodeKind::kYield: return "YieldStmt";
    case NodeKind::kSeq: return "SeqStmts";
    case NodeKind::kIf: return "IfStmt";
    case NodeKind::kFor: return "ForStmt";
    case NodeKind::kWhile: return "WhileStmt";
    case NodeKind::kScope: return "ScopeStmt";
    case NodeKind::kBreak: return "BreakStmt";
    case NodeKind::kContinue: return "ContinueStmt";
  }
  return "?";
}

std::string DescribeExpr(const Expr* e) {
  if (e == nullptr) return "null";
  switch (e->kind()) {
    case NodeKind::kVar:
    case NodeKind::kIterArg:
      return absl::StrCat(NodeKindName(e->kind()), " ", Quoted(e->As<Var>()->name()));
    case NodeKind::kConstInt:
    case NodeKind::kConstFloat:
    case NodeKind::kConstBool:
      return absl::StrCat(NodeKindName(e->kind()), " ", FormatExpr(e));
    case NodeKind::kCall: {
      const auto* c = e->As<Call>();
      if (c->op() != nullptr) return std::string(c->op()->name());
      return absl::StrCat("call ", Quoted(c->callee() ? c->callee()->name() : "<null>"));
    }
    case NodeKind::kTupleGetItem:
      return absl::StrCat("TupleGetItem [", e->As<TupleGetItem>()->index(), "]");
    case NodeKind::kBinary:
      return absl::StrCat("BinaryExpr ", BinaryOpSpelling(e->As<BinaryExpr>()->op()));
    default:
      return NodeKindName(e->kind());
  }
}

std::string DescribeStmt(const Stmt* s) {
  if (s == nullptr) return "null";
  switch (s->kind()) {
    case NodeKind::kAssign: {
      const Var* v = s->As<AssignStmt>()->var();
      return absl::StrCat("AssignStmt ", Quoted(v ? v->name() : "<null>"));
    }
    case NodeKind::kFor: {
      const Var* v = s->As<ForStmt>()->loop_var();
      return absl::StrCat("ForStmt ", Quoted(v ? v->name() : "<null>"));
    }
    case NodeKind::kEval: {
      const Expr* e = s->As<EvalStmt>()->expr();
      return absl::StrCat("EvalStmt ", DescribeExpr(e));
    }
    default:
      return NodeKindName(s->kind());
  }
}

}  // namespace pto::ir::diag
