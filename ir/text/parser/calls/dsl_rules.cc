// The wrapper rules of dsl/dsl_ops.h's DslFill that rewrite an op call's
// operands (ApplyDslFill, run by BuildBoundCall after binding) or choose its
// op from the arguments given (MergeSortCall). Each mirrors what upstream's
// DSL wrapper or IR builder does before it creates the call.

#include <cmath>

#include "ir/text/parser/parser_impl.h"

namespace pto::ir::parser_impl {
namespace {

// The int a mode name stands for (-1: not a name of it); -2 when `key` has
// no names. Upstream's IR builders take these kwargs by name or int.
int64_t ModeValue(absl::string_view key, absl::string_view name) {
  static constexpr absl::string_view kCoalesce[] = {"row", "elem"};
  static constexpr absl::string_view kOob[] = {"undefined", "clamp", "wrap", "zero"};
  static constexpr absl::string_view kCmp[] = {"eq", "ne", "lt", "le", "gt", "ge"};
  absl::Span<const absl::string_view> names;
  if (key == "coalesce") {
    names = kCoalesce;
  } else if (key == "gather_oob") {
    names = kOob;
  } else if (key == "cmp_mode") {
    names = kCmp;
  } else {
    return -2;
  }
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) return static_cast<int64_t>(i);
  }
  return -1;
}

}  // namespace

// tile.mgather's coalesce / gather_oob and gather_compare's cmp_mode: a name
// ("row", "clamp", "eq", ...) is the int it stands for.
bool Parser::ApplyModeNames(const Op& op, KwargSlots* kwargs, const Token& at) {
  for (size_t j = 0; j < kwargs->size(); ++j) {
    std::optional<AttrValue>& v = (*kwargs)[j];
    if (v && op.kwargs()[j].kind == AttrKind::kPadValue &&
        (v->kind() == AttrKind::kInt || v->kind() == AttrKind::kFloat)) {
      // upstream's pad_value sugar: 0 / 0.0 is zero, math.inf max, -math.inf min.
      bool is_int = v->kind() == AttrKind::kInt;
      double d = is_int ? static_cast<double>(v->int_value()) : v->float_value();
      if (d == 0) {
        v = AttrValue::Enum(PadValue::kZero);
      } else if (!is_int && std::isinf(d)) {
        v = AttrValue::Enum(d > 0 ? PadValue::kMax : PadValue::kMin);
      } else {
        return Fail(at, absl::StrCat(op.name(), ": pad_value takes a pl.PadValue or 0, 0.0, "
                                     "math.inf, -math.inf; got ",
                                     is_int ? absl::StrCat(v->int_value()) : absl::StrCat(d)));
      }
      continue;
    }
    if (v && op.kwargs()[j].kind == AttrKind::kPadValue && v->kind() == AttrKind::kString) {
      // Upstream's pad_value normaliser takes no strings (a TypeError there).
      return Fail(at, absl::StrCat(op.name(), ": pad_value takes a pl.PadValue or 0, 0.0, "
                                   "math.inf, -math.inf; got the string '",
                                   v->string_value(), "'"));
    }
    if (!v || v->kind() != AttrKind::kString || op.kwargs()[j].kind != AttrKind::kInt) continue;
    absl::string_view key = op.kwargs()[j].name;
    int64_t i = ModeValue(key, v->string_value());
    if (i == -2) continue;
    if (i < 0) {
      absl::string_view allowed = key == "coalesce"     ? "'row', 'elem', 0 or 1"
                                  : key == "gather_oob" ? "'undefined', 'clamp', 'wrap', 'zero' or 0-3"
                                                        : "'eq', 'ne', 'lt', 'le', 'gt', 'ge' or 0-5";
      return Fail(at, absl::StrCat(op.name(), ": ", key, " must be ", allowed, ", got '",
                                   v->string_value(), "'"));
    }
    v = AttrValue::Int(i);
  }
  return true;
}

bool Parser::ApplyDslFill(const Op& op, text::DslFill fill, ExprList* args, KwargSlots* kwargs) {
  switch (fill) {
    case text::DslFill::kStartTakesDtype: {
      // Only a literal (INDEX): a typed pl.const says what it builds, so the
      // canonical print stays a fixed point.
      const auto* c = (*args)[0] != nullptr ? (*args)[0]->As<ConstInt>() : nullptr;
      int j = op.FindKwarg("dtype");
      if (c == nullptr || c->dtype() != DataType::kIndex || j < 0) return true;
      DataType dtype = DataType::kInt32;
      if ((*kwargs)[j] && (*kwargs)[j]->kind() == AttrKind::kDataType) {
        dtype = (*kwargs)[j]->dtype();
      } else if (const std::optional<AttrValue>& d = op.kwargs()[j].default_value;
                 d && d->kind() == AttrKind::kDataType) {
        dtype = d->dtype();
      }
      if (dtype.IsInt()) (*args)[0] = ctx_.Int(c->value(), dtype, c->loc());
      return true;
    }
    case text::DslFill::kSelsScalar: {
      if (args->size() < 4 || (*args)[1] == nullptr || (*args)[3] == nullptr) return true;
      const auto* c = (*args)[3]->As<ConstInt>();
      const auto* src = (*args)[1]->type()->As<ShapedType>();
      if (c == nullptr || c->dtype() != DataType::kIndex || src == nullptr) return true;
      DataType dt = src->dtype();
      if (dt.IsFloat()) {
        (*args)[3] = ctx_.Float(static_cast<double>(c->value()), dt, c->loc());
        return true;
      }
      if (!dt.IsInt()) return true;
      int64_t v = c->value();
      if (dt.IsUnsignedInt() && dt.bits() < 64) {
        // Same-width signed, bits kept: 255 as UINT8 is -1 as INT8.
        int bits = dt.bits();
        std::optional<DataType> s = DataType::FromName(absl::StrCat("INT", bits));
        if (!s) return true;
        if (v >= (int64_t{1} << (bits - 1))) v -= int64_t{1} << bits;
        dt = *s;
      }
      (*args)[3] = ctx_.Int(v, dt, c->loc());
      return true;
    }
    case text::DslFill::kInt32Seeds:
      for (size_t i = 0; i < 6 && i < args->size(); ++i) {
        const auto* c = (*args)[i] != nullptr ? (*args)[i]->As<ConstInt>() : nullptr;
        if (c != nullptr && c->dtype() != DataType::kInt32) {
          (*args)[i] = ctx_.Int(c->value(), DataType::kInt32, c->loc());
        }
      }
      return true;
    case text::DslFill::kSliceOperands: {
      const int valid = op.FindArg("valid_shape");
      const int drop = op.FindArg("drop_dims");
      if (valid < 0 || drop < 0 || static_cast<size_t>(drop) >= args->size()) return true;
      const Expr*& dropped = (*args)[drop];
      const auto* list = dropped != nullptr ? dropped->As<MakeTuple>() : nullptr;
      if (list != nullptr && list->elements().empty()) dropped = nullptr;
      if (dropped != nullptr && (*args)[valid] == nullptr) {
        (*args)[valid] = ctx_.NewMakeTuple(ExprSpan(), dropped->loc());
      }
      return true;
    }
    case text::DslFill::kSyncall: {
      const int mode = op.FindKwarg("mode");
      if (mode >= 0 && (*kwargs)[mode] && (*kwargs)[mode]->kind() == AttrKind::kString &&
          (*kwargs)[mode]->string_value() == "hard") {
        (*kwargs)[mode].reset();
      }
      return true;
    }
    case text::DslFill::kScalarIndexList:
      if (args->size() > 1 && (*args)[1] != nullptr && IsScalar((*args)[1])) {
        (*args)[1] = ctx_.NewMakeTuple(ExprSpan(&(*args)[1], 1), (*args)[1]->loc());
      }
      return true;
    default:
      return true;
  }
}

std::optional<bool> Parser::WindowBufferBytes(const CallArgs& in, CallArgs* out) {
  const CallArg* dtype = nullptr;
  for (const CallArg& a : in) {
    if (a.named && Text(a.key) == "dtype") dtype = &a;
  }
  if (dtype == nullptr) return false;
  const CallArg* shape = !in.empty() && !in[0].named ? &in[0] : nullptr;
  const auto* dims = shape != nullptr && shape->expr != nullptr ? shape->expr->As<MakeTuple>()
                                                                : nullptr;
  if (dims == nullptr || dtype->expr != nullptr || dtype->attr.kind() != AttrKind::kDataType) {
    Fail(dtype->key, "pld.alloc_window_buffer: dtype= goes with a shape list, "
                     "pld.alloc_window_buffer([rows, cols], dtype=pl.FP32)");
    return std::nullopt;
  }
  if (dims->elements().empty()) {
    Fail(shape->tok, "pld.alloc_window_buffer: the shape must be non-empty");
    return std::nullopt;
  }
  int64_t bytes = dtype->attr.dtype().bytes();
  bool dynamic = false;
  for (const Expr* d : dims->elements()) {
    const auto* st = d->type()->As<ScalarType>();
    dynamic = dynamic || (d->As<ConstInt>() == nullptr && st != nullptr &&
                          (st->dtype().IsInt() || st->dtype() == DataType::kIndex));
  }
  if (dynamic) {
    // Upstream's wrapper with a runtime dim (pld.world_size()): the byte size
    // is the INT64 product chain ((d0 * d1) * ...) * bytes, constants as
    // INT64, starting from d0 itself.
    const Expr* size = nullptr;
    for (const Expr* d : dims->elements()) {
      if (const auto* c = d->As<ConstInt>()) {
        if (c->value() <= 0) {
          Fail(shape->tok, "pld.alloc_window_buffer: a constant dim of the shape form must be "
                           "positive");
          return std::nullopt;
        }
        d = ctx_.Int(c->value(), DataType::kInt64, c->loc());
      }
      size = size == nullptr ? d : ctx_.NewBinary(BinaryOp::kMul, size, d, DataType::kInt64,
                                                  shape->expr->loc());
    }
    size = ctx_.NewBinary(BinaryOp::kMul, size, ctx_.Int(bytes, DataType::kInt64, shape->expr->loc()),
                          DataType::kInt64, shape->expr->loc());
    for (const CallArg& a : in) {
      if (&a == dtype) continue;
      CallArg& b = out->emplace_back(a);
      if (&a == shape) b.expr = size;
    }
    return true;
  }
  for (const Expr* d : dims->elements()) {
    const auto* c = d->As<ConstInt>();
    if (c == nullptr || c->value() <= 0 || bytes > (int64_t{1} << 62) / c->value()) {
      Fail(shape->tok, "pld.alloc_window_buffer: the shape form takes positive constant dims "
                       "(give a byte size otherwise)");
      return std::nullopt;
    }
    bytes *= c->value();
  }
  for (const CallArg& a : in) {
    if (&a == dtype) continue;
    CallArg& b = out->emplace_back(a);
    // An INT64 constant, as upstream's wrapper computes the byte size.
    if (&a == shape) b.expr = ctx_.Int(bytes, DataType::kInt64, shape->expr->loc());
  }
  return true;
}

absl::string_view Parser::GatherScatterForm(absl::string_view index_op, const CallArgs& in) {
  bool gather = index_op == "tensor.gather";
  absl::string_view form;
  for (const CallArg& a : in) {
    if (!a.named) continue;
    absl::string_view k = Text(a.key);
    if (k == "mask_pattern" || (gather ? k == "output_dtype" : k == "dst")) {
      form = gather ? "tensor.gather_mask" : "tensor.scatter_mask";
    }
    if (gather && (k == "kvalue" || k == "cmp_mode" || k == "out_cols" || k == "count_dtype")) {
      form = "tensor.gather_compare";
    }
  }
  return form;
}

// pl.mrgsort / pl.tile.mrgsort / pl.tensor.mrgsort: `op2` is the level's
// format2 op.
Value Parser::MergeSortCall(absl::string_view op2, const CallArgs& in, int depth,
                            const Token& at) {
  bool tile = absl::StartsWith(op2, "tile.");
  absl::string_view level = tile ? "tile" : "tensor";
  // The wrapper's parameters: tmp and exhausted are positional for a tile.
  static constexpr absl::string_view kTile[] = {"src0", "src1", "src2", "src3", "tmp",
                                                "exhausted"};
  static constexpr absl::string_view kTensor[] = {"src0", "src1", "src2", "src3"};
  absl::Span<const absl::string_view> params =
      tile ? absl::MakeConstSpan(kTile) : absl::MakeConstSpan(kTensor);
  enum Slot { kSrc0, kSrc1, kSrc2, kSrc3, kTmp, kExhausted, kBlockLen, kSlots };
  static constexpr absl::string_view kNames[] = {"src0", "src1", "src2",     "src3",
                                                 "tmp",  "exhausted", "block_len"};
  const CallArg* given[kSlots] = {};
  size_t positional = 0;
  for (const CallArg& a : in) {
    int slot = -1;
    if (a.named) {
      for (int s = 0; s < kSlots; ++s) {
        if (Text(a.key) == kNames[s]) slot = s;
      }
      if (slot < 0 || (!tile && slot == kTmp)) {
        return FailValue(a.key, absl::StrCat(level, ".mrgsort: unexpected argument '",
                                             Text(a.key), "'",
                                             !tile && slot == kTmp
                                                 ? " (a tensor merge sort makes its own scratch)"
                                                 : ""));
      }
    } else {
      if (positional >= params.size()) {
        return FailValue(a.tok, absl::StrCat(level, ".mrgsort: takes at most ", params.size(),
                                             " positional arguments"));
      }
      slot = static_cast<int>(positional++);
    }
    if (given[slot] != nullptr) {
      return FailValue(a.named ? a.key : a.tok,
                       absl::StrCat(level, ".mrgsort: argument '", kNames[slot], "' given twice"));
    }
    given[slot] = a.none ? nullptr : &a;
  }
  auto expr = [&](int s) -> const Expr* {
    if (given[s] == nullptr) return nullptr;
    return given[s]->expr != nullptr ? given[s]->expr : AttrAsConst(given[s]->attr);
  };
  if (expr(kSrc0) == nullptr) {
    return FailValue(at, absl::StrCat(level, ".mrgsort: argument 'src0' is missing"));
  }
  bool exhausted = false;
  if (given[kExhausted] != nullptr) {
    const CallArg& e = *given[kExhausted];
    const auto* b = e.expr != nullptr ? e.expr->As<ConstBool>() : nullptr;
    if (b != nullptr) {
      exhausted = b->value();
    } else if (e.expr == nullptr && e.attr.kind() == AttrKind::kBool) {
      exhausted = e.attr.bool_value();
    } else {
      return FailValue(e.tok, absl::StrCat(level, ".mrgsort: exhausted must be True or False"));
    }
  }
  ExprList args;
  KwargVec kwargs;
  std::string name;
  if (given[kBlockLen] != nullptr) {
    // Format1: one source of sorted runs.
    for (int s : {kSrc1, kSrc2, kSrc3, kTmp}) {
      if (given[s] != nullptr) {
        return FailValue(at, absl::StrCat(level, ".mrgsort: block_len= (format1) takes no '",
                                          kNames[s], "' (format2)"));
      }
    }
    if (!tile && exhausted) {
      return FailValue(at, absl::StrCat(level, ".mrgsort: block_len= (format1) takes no "
                                        "exhausted=True (format2)"));
    }
    const Expr* len = expr(kBlockLen);
    if (len == nullptr) {
      return FailValue(given[kBlockLen]->tok,
                       absl::StrCat(level, ".mrgsort: block_len must be an int or a scalar"));
    }
    // The ISA takes block_len as an INT32; a literal becomes one.
    if (const auto* c = len->As<ConstInt>()) len = ctx_.Int(c->value(), DataType::kInt32, c->loc());
    args = {expr(kSrc0), len};
    name = absl::StrCat(level, ".mrgsort_format1");
  } else {
    if (expr(kSrc1) == nullptr) {
      return FailValue(at, absl::StrCat(level, ".mrgsort: needs block_len= (format1) or at "
                                        "least src0 and src1 (format2)"));
    }
    if (expr(kSrc3) != nullptr && expr(kSrc2) == nullptr) {
      return FailValue(at, absl::StrCat(level, ".mrgsort: src3 needs src2"));
    }
    if (tile && expr(kTmp) == nullptr) {
      return FailValue(at, "tile.mrgsort: format2 needs the scratch tile tmp=");
    }
    for (int s : {kSrc0, kSrc1, kSrc2, kSrc3, kTmp}) {
      if (expr(s) != nullptr) args.push_back(expr(s));
    }
    kwargs.push_back(NamedAttr{"exhausted", AttrValue::Bool(exhausted)});
    name = std::string(op2);
  }
  const Op* op = ops_.Find(name);
  if (op == nullptr) return FailValue(at, absl::StrCat("unknown op '", name, "'"));
  if (depth + 1 > max_depth_) {
    return FailValue(
        at, absl::StrCat("expression is nested too deeply (the limit is ", max_depth_, " levels)"));
  }
  absl::StatusOr<const Call*> call =
      CreateCall(ctx_, *op, ExprSpan(args.data(), args.size()), kwargs, Loc(at));
  if (!call.ok()) return FailValue(at, call.status().message());
  return Value{*call, depth + 1, at.pos()};
}

}  // namespace pto::ir::parser_impl
