// Types of the text form: pl.Tensor / pl.Tile / pl.Scalar / pl.Tuple and
// their views, dtypes, dims and enum references.

#include "absl/strings/match.h"
#include "ir/text/parser/depth_guard.h"
#include "ir/text/parser/parser_impl.h"

namespace pto::ir::parser_impl {

TileLayout ShapeBLayout(absl::Span<const Expr* const> shape) {
  if (shape.size() == 2) {
    std::optional<int64_t> rows = AsConstInt(shape[0]);
    std::optional<int64_t> cols = AsConstInt(shape[1]);
    if (rows && cols && *cols == 1 && *rows > 1) return TileLayout::kColMajor;
  }
  return TileLayout::kRowMajor;
}

// --- Types -----------------------------------------------------------------------------

bool Parser::ParseDType(DataType* out) {
  Token at = Peek();
  Token name;
  if (at.kind == K::kName && !At(K::kDot, 1)) {
    // A module constant holding a dtype: `dtype = pl.FP16`.
    const ModuleConst* c = FindConst(Text(at));
    if (c != nullptr && c->kind == ModuleConst::Kind::kDType) {
      Advance();
      *out = c->dtype;
      return true;
    }
    if (c != nullptr && c->kind == ModuleConst::Kind::kOpaque) {
      ConstExpr(*c, at);  // says the module-level value cannot be evaluated
      return false;
    }
  }
  if (!AtName("pl") || !At(K::kDot, 1)) {
    return Fail(at, absl::StrCat("expected a dtype such as pl.FP32 but found ", Describe(at)));
  }
  Advance();
  Advance();
  if (!ExpectName(&name)) return false;
  std::optional<DataType> t = DataType::FromName(Text(name));
  if (!t) return Fail(name, absl::StrCat("unknown dtype 'pl.", Text(name), "'"));
  *out = *t;
  return true;
}

bool Parser::ParseEnumRef(Token* cls, Token* member) {
  Token at = Peek();
  if (!AtName("pl") || !At(K::kDot, 1) || !At(K::kName, 2) || !At(K::kDot, 3)) {
    return Fail(at,
                absl::StrCat("expected an enum value such as pl.Mem.Vec but found ", Describe(at)));
  }
  Advance();
  Advance();
  *cls = Advance();
  Advance();
  return ExpectName(member);
}

template <typename E>
bool Parser::ParseEnumOf(std::initializer_list<absl::string_view> classes, E* out) {
  Token cls, member;
  if (!ParseEnumRef(&cls, &member)) return false;
  bool class_ok = false;
  for (absl::string_view c : classes) class_ok = class_ok || Text(cls) == c;
  if (!class_ok) {
    return Fail(cls, absl::StrCat("expected ", EnumTraits<E>::kPrefix, ".<member> but found pl.",
                                  Text(cls)));
  }
  std::optional<E> v = EnumFromName<E>(Text(member));
  if (!v) {
    return Fail(member,
                absl::StrCat("unknown member '", Text(member), "' of ", EnumTraits<E>::kPrefix));
  }
  *out = *v;
  return true;
}

const Expr* Parser::ParseDim() {
  Token at = Peek();
  if (at.kind == K::kInt && (At(K::kComma, 1) || At(K::kRBracket, 1))) {
    // The common case, without the expression machinery.
    Advance();
    int64_t v = 0;
    if (!ParseInt(at, &v)) return nullptr;
    return IndexConst(v);
  }
  bool saved = in_type_;
  in_type_ = true;
  Value v = ParseExpr();
  in_type_ = saved;
  if (!v) return nullptr;
  const auto* st = v.expr->type()->As<ScalarType>();
  if (st == nullptr || !st->dtype().IsInt()) {
    Fail(at,
         absl::StrCat("a dimension must be an integer scalar, got ", PrintType(v.expr->type())));
    return nullptr;
  }
  return v.expr;
}

bool Parser::ParseShape(ExprList* dims) {
  if (At(K::kName) && !At(K::kDot, 1)) {
    // A module constant holding the whole shape: `SHAPE = [M, N]`.
    const ModuleConst* c = FindConst(Text(Peek()));
    if (c != nullptr && c->kind == ModuleConst::Kind::kList) {
      Token at = Advance();
      for (const ModuleConst& e : c->elems) {
        if (e.kind != ModuleConst::Kind::kInt && e.kind != ModuleConst::Kind::kVar) {
          return Fail(at, absl::StrCat("'", Text(at), "' is not a list of integers"));
        }
        dims->push_back(ConstExpr(e, at));
      }
      return true;
    }
    // Say why a name is no shape (parser/module/define.cc can supply one).
    if (c != nullptr && c->kind == ModuleConst::Kind::kOpaque) {
      ConstExpr(*c, Peek());
      return false;
    }
    if (c == nullptr && names_.find(Text(Peek())) == names_.end()) {
      return Fail(Peek(), absl::StrCat("undefined name '", Text(Peek()),
                                       "': a shape is [d, ...] or a module-level list constant"));
    }
  }
  if (!Expect(K::kLBracket)) return false;
  while (error_.ok() && !At(K::kRBracket)) {
    const Expr* d = ParseDim();
    if (d == nullptr) return false;
    dims->push_back(d);
    if (!Accept(K::kComma)) break;
  }
  return Expect(K::kRBracket);
}

const Type* Parser::ParseAnnotation(Token* at) {
  if (ts_->drained()) {
    uint32_t p = ts_->lexer().offset();
    while (p < src_.size() && src_[p] == ' ') ++p;
    for (const CachedAnnotation& c : caches_.annotations) {
      if (c.type == nullptr || src_.size() - p <= c.text.size() ||
          src_.compare(p, c.text.size(), c.text) != 0) {
        continue;
      }
      // The same complete type, ending at a token boundary.
      char next = src_[p + c.text.size()];
      if (next != ' ' && next != '=') continue;
      if (Peek(0).offset != p) break;
      *at = Advance();
      ts_->SkipTo(p + static_cast<uint32_t>(c.text.size()));
      return c.type;
    }
  }
  *at = Peek();
  uint32_t lookups = lookups_;
  const Type* type = ParseType();
  if (type == nullptr) return nullptr;
  uint32_t end = ts_->last_end();
  absl::string_view text = src_.substr(at->offset, end - at->offset);
  if (lookups_ == lookups && text.size() <= 256 && text.find('\n') == absl::string_view::npos &&
      text.find('#') == absl::string_view::npos) {
    caches_.annotations[caches_.annotation_next] = CachedAnnotation{text, type};
    caches_.annotation_next = (caches_.annotation_next + 1) % ParseCaches::kAnnotations;
  }
  return type;
}

const Type* Parser::ParseType() {
  DepthGuard guard(this);
  Token at = Peek();
  if (!guard.Check(at)) return nullptr;
  bool pl = AtName("pl");
  bool pld = AtName("pld");
  // Python's tuple[A, B] annotates a tuple value as pl.Tuple[A, B] does.
  const bool py_tuple = AtName("tuple") && At(K::kLBracket, 1);
  if (!py_tuple && ((!pl && !pld) || !At(K::kDot, 1) || !At(K::kName, 2))) {
    Fail(at, absl::StrCat("expected a type such as pl.Tile[...] but found ", Describe(at)));
    return nullptr;
  }
  Token kind = Advance();
  if (!py_tuple) {
    Advance();
    kind = Advance();
  }
  absl::string_view k = py_tuple ? absl::string_view("Tuple") : Text(kind);
  if (pld) {
    if (k == "DistributedTensor") return ParseTensorType(/*distributed=*/true, kind);
    if (k == "CommCtxType" || k == "CommCtx") return ctx_.GetCommCtxType();
    Fail(kind, absl::StrCat("unknown type 'pld.", k, "'"));
    return nullptr;
  }
  if (k == "Tensor") return ParseTensorType(/*distributed=*/false, kind);
  if (k == "Tile") return ParseTileType(kind);
  if (k == "UnknownType") return ctx_.GetUnknownType();
  if (k == "Array") {  // pl.Array[N, dtype]
    Token lit;
    int64_t n = 0;
    DataType t;
    if (!Expect(K::kLBracket)) return nullptr;
    lit = Peek();
    if (!Expect(K::kInt) || !ParseInt(lit, &n) || !Expect(K::kComma) || !ParseDType(&t) ||
        !Expect(K::kRBracket)) {
      return nullptr;
    }
    if (n <= 0) {
      Fail(lit, "an array extent must be positive");
      return nullptr;
    }
    return ctx_.GetArrayType(t, n);
  }
  if (k == "Scalar") {
    DataType t;
    if (!Expect(K::kLBracket) || !ParseDType(&t) || !Expect(K::kRBracket)) return nullptr;
    return ctx_.GetScalarType(t);
  }
  if (k == "Tuple") {
    if (!Expect(K::kLBracket)) return nullptr;
    absl::InlinedVector<const Type*, 8> elements;
    if (At(K::kLParen) && At(K::kRParen, 1)) {
      Advance();
      Advance();
    } else {
      while (error_.ok() && !At(K::kRBracket)) {
        const Type* t = ParseType();
        if (t == nullptr) return nullptr;
        elements.push_back(t);
        if (!Accept(K::kComma)) break;
      }
    }
    if (!Expect(K::kRBracket)) return nullptr;
    return ctx_.GetTupleType(elements);
  }
  if (k == "Out" || k == "InOut") {
    Fail(kind, absl::StrCat("pl.", k, "[...] is only allowed on function parameters"));
    return nullptr;
  }
  if (const Type* h = ctx_.FindHandleType(absl::StrCat("pl.", k))) return h;
  if (std::optional<DataType> t = DataType::FromName(k)) return ctx_.GetScalarType(*t);
  Fail(kind, absl::StrCat("unknown type 'pl.", k, "'"));
  return nullptr;
}

bool Parser::ParseViewFields(absl::string_view view,
                             absl::FunctionRef<bool(absl::string_view key, bool* known)> field,
                             ExprList* valid, ExprList* stride) {
  Advance();  // pl
  Advance();  // .
  Advance();  // TensorView / TileView
  if (!Expect(K::kLParen)) return false;
  while (error_.ok() && !At(K::kRParen)) {
    Token key;
    if (!ExpectName(&key) || !Expect(K::kAssign)) return false;
    absl::string_view k = Text(key);
    if (k == "valid_shape") {
      if (!ParseShape(valid)) return false;
    } else if (k == "stride") {
      if (!ParseShape(stride)) return false;
    } else {
      bool known = true;
      if (!field(k, &known)) {
        if (!known) Fail(key, absl::StrCat("unknown ", view, " field '", k, "'"));
        return false;
      }
    }
    if (!Accept(K::kComma)) break;
  }
  return Expect(K::kRParen);
}

bool Parser::AtWindowBufferMarker() {
  return At(K::kString) &&
         absl::StartsWith(text::UnquoteString(Text(Peek())), "window_buffer=");
}

// `pl.NZ` (any `<prefix>.NZ`) or a bare `NZ`: upstream widens a layout in a
// tensor annotation's view slot to a stride-less view carrying it. The DN
// shorthand is rejected, as upstream rejects it (its coordinates are
// ambiguous); a DN view is written pl.TensorView(stride=..., layout=...).
bool Parser::ParseLayoutShorthand(bool distributed, TensorLayout* out) {
  Token at = Peek();
  Token name = at;
  int tokens = 1;
  if (At(K::kName) && At(K::kDot, 1) && At(K::kName, 2) && !At(K::kDot, 3)) {
    name = Peek(2);
    tokens = 3;
  } else if (!At(K::kName) || At(K::kDot, 1)) {
    return Fail(at, absl::StrCat("expected pl.TensorView(...) or a layout such as pl.NZ but found ",
                                 Describe(at)));
  }
  std::optional<TensorLayout> layout = EnumFromName<TensorLayout>(Text(name));
  if (!layout) {
    return Fail(at, absl::StrCat("expected pl.TensorView(...) or a layout such as pl.NZ but found ",
                                 Describe(at)));
  }
  if (*layout == TensorLayout::kDN) {
    return Fail(at, absl::StrCat(distributed ? "pld.DistributedTensor" : "pl.Tensor",
                                 "[..., DN] is not supported: write the view out, "
                                 "pl.TensorView(stride=[...], layout=pl.TensorLayout.DN)"));
  }
  for (int i = 0; i < tokens; ++i) Advance();
  *out = *layout;
  return true;
}

const Type* Parser::ParseTensorType(bool distributed, const Token& at) {
  ExprList shape;
  DataType dtype;
  if (!Expect(K::kLBracket) || !ParseShape(&shape) || !Expect(K::kComma) || !ParseDType(&dtype)) {
    return nullptr;
  }
  TensorView view;
  ExprList valid, stride;
  const MemRef* memref = nullptr;
  if (Accept(K::kComma) && !At(K::kRBracket)) {
    if (distributed && AtWindowBufferMarker()) {
      // Upstream's explicit dumps name the window buffer in a trailing string;
      // it is informational (pld.tensor.window re-derives it) and dropped.
      Advance();
    } else if (AtMemRef()) {  // [shape, dtype, memref]
      memref = ParseMemRef();
      if (memref == nullptr) return nullptr;
    } else if (AtDotted("pl", "TensorView")) {
      bool ok = ParseViewFields("pl.TensorView", [&](absl::string_view k, bool* known) {
        if (k == "layout") return ParseEnumOf({"TensorLayout"}, &view.layout);
        if (k == "pad") return ParseEnumOf({"PadValue"}, &view.pad);
        *known = false;
        return false;
      }, &valid, &stride);
      if (!ok) return nullptr;
    } else if (!ParseLayoutShorthand(distributed, &view.layout)) {
      return nullptr;
    }
    if (Accept(K::kComma) && memref == nullptr && AtMemRef()) {  // [shape, dtype, view, memref]
      memref = ParseMemRef();
      if (memref == nullptr) return nullptr;
      Accept(K::kComma);
    }
    if (distributed && AtWindowBufferMarker()) Advance();
    Accept(K::kComma);
  }
  if (!Expect(K::kRBracket)) return nullptr;
  if (!valid.empty() && valid.size() != shape.size()) {
    Fail(at,
         absl::StrCat("valid_shape has ", valid.size(), " dims but the shape has ", shape.size()));
    return nullptr;
  }
  if (!stride.empty() && stride.size() != shape.size()) {
    Fail(at, absl::StrCat("stride has ", stride.size(), " dims but the shape has ", shape.size()));
    return nullptr;
  }
  view.valid_shape = valid;
  view.stride = stride;
  const Type* type = nullptr;
  if (distributed) {
    type = ctx_.GetDistributedTensorType(dtype, shape, view);
  } else {
    type = ctx_.GetTensorType(dtype, shape, view);
  }
  return memref != nullptr ? ctx_.WithMemRef(type, memref) : type;
}

const Type* Parser::ParseTileType(const Token& at) {
  ExprList shape;
  DataType dtype;
  if (!Expect(K::kLBracket) || !ParseShape(&shape) || !Expect(K::kComma) || !ParseDType(&dtype)) {
    return nullptr;
  }
  std::optional<MemorySpace> space;
  bool has_view = false;
  // Fields given in pl.TileView(...); the others take the implicit view's.
  ExprList valid, stride;
  const Expr* start_offset = nullptr;
  TileLayout blayout = TileLayout::kRowMajor;
  TileLayout slayout = TileLayout::kNoneBox;
  bool has_blayout = false;
  bool has_slayout = false;
  uint32_t fractal = 0;  // 0: not given
  PadValue pad = PadValue::kNull;
  CompactMode compact = CompactMode::kNull;
  const MemRef* memref = nullptr;
  Token memref_tok;
  while (error_.ok() && Accept(K::kComma) && !At(K::kRBracket)) {
    if (AtMemRef() || AtModuleMemRef()) {  // in any position, as upstream accepts it
      if (memref != nullptr) {
        Fail(Peek(), "a Tile annotation takes at most one pl.MemRef");
        return nullptr;
      }
      memref_tok = Peek();
      memref = AtMemRef() ? ParseMemRef() : ParseModuleMemRefUse();
      if (memref == nullptr) return nullptr;
      continue;
    }
    if (AtName("pl") && At(K::kDot, 1) && (AtName("Mem", 2) || AtName("MemorySpace", 2))) {
      if (space) {
        Fail(Peek(), "the memory space is given twice");
        return nullptr;
      }
      MemorySpace m = MemorySpace::kVec;
      if (!ParseEnumOf({"Mem", "MemorySpace"}, &m)) return nullptr;
      space = m;
      continue;
    }
    if (!AtDotted("pl", "TileView") || has_view) {
      if (At(K::kName) && !AtName("pl")) {
        // A name here is a MemRef declared at module level; this one is not.
        const ModuleConst* c = FindConst(Text(Peek()));
        Fail(Peek(), absl::StrCat("expected pl.Mem.<space>, pl.MemRef(...) or pl.TileView(...) "
                                  "but found '", Text(Peek()), "', ",
                                  c != nullptr ? absl::StrCat("which is assigned at module level (",
                                                              PosText(c->def_pos),
                                                              ") something other than a "
                                                              "pl.MemRef declaration")
                                               : "which is not defined (declare it at module "
                                                 "level: NAME = pl.MemRef())"));
        return nullptr;
      }
      Fail(Peek(), absl::StrCat("expected pl.Mem.<space>, pl.MemRef(...) or pl.TileView(...) but "
                                "found ",
                                Describe(Peek())));
      return nullptr;
    }
    has_view = true;
    bool ok = ParseViewFields("pl.TileView", [&](absl::string_view k, bool* known) {
      if (k == "start_offset") {
        start_offset = ParseDim();
        return start_offset != nullptr;
      }
      if (k == "blayout" || k == "slayout") {
        TileLayout l = TileLayout::kRowMajor;
        if (!ParseEnumOf({"TileLayout"}, &l)) return false;
        (k == "blayout" ? blayout : slayout) = l;
        (k == "blayout" ? has_blayout : has_slayout) = true;
        return true;
      }
      if (k == "fractal") {
        Token lit = Peek();
        int64_t v = 0;
        if (!Expect(K::kInt) || !ParseInt(lit, &v)) return false;
        if (v <= 0 || v > std::numeric_limits<uint32_t>::max()) {
          Fail(lit, "fractal must be a positive number of bytes");
          return false;
        }
        fractal = static_cast<uint32_t>(v);
        return true;
      }
      if (k == "pad") return ParseEnumOf({"PadValue"}, &pad);
      if (k == "compact") return ParseEnumOf({"CompactMode"}, &compact);
      *known = false;
      return false;
    }, &valid, &stride);
    if (!ok) return nullptr;
  }
  if (!Expect(K::kRBracket)) return nullptr;
  if (!valid.empty() && valid.size() != shape.size()) {
    Fail(at,
         absl::StrCat("valid_shape has ", valid.size(), " dims but the shape has ", shape.size()));
    return nullptr;
  }
  if (!stride.empty() && stride.size() != shape.size()) {
    Fail(at, absl::StrCat("stride has ", stride.size(), " dims but the shape has ", shape.size()));
    return nullptr;
  }
  if (memref != nullptr && !space) {
    Fail(memref_tok, "a Tile annotation with a pl.MemRef must also give its memory space "
                     "(pl.Mem.<space>)");
    return nullptr;
  }
  const TileType* tile = has_view ? TileTypeWithView(dtype, shape, space, valid, stride,
                                                     start_offset, has_blayout ? &blayout : nullptr,
                                                     has_slayout ? &slayout : nullptr, fractal,
                                                     pad, compact)
                                  : ctx_.GetTileType(dtype, shape, space);
  return memref != nullptr ? ctx_.WithMemRef(tile, memref) : tile;
}

const TileType* Parser::TileTypeWithView(DataType dtype, const ExprList& shape,
                                         std::optional<MemorySpace> space, const ExprList& valid,
                                         const ExprList& stride, const Expr* start_offset,
                                         const TileLayout* blayout, const TileLayout* slayout,
                                         uint32_t fractal, PadValue pad, CompactMode compact) {
  TileView view = ImplicitTileView(space, ShapeBLayout(shape));
  view.valid_shape = valid;
  view.stride = stride;
  view.start_offset = start_offset;
  if (blayout != nullptr) view.blayout = *blayout;
  if (slayout != nullptr) view.slayout = *slayout;
  if (fractal != 0) view.fractal = fractal;
  view.pad = pad;
  view.compact = compact;
  return ctx_.GetTileType(dtype, shape, space, &view);
}

}  // namespace pto::ir::parser_impl
