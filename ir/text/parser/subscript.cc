// Subscript sugar of the hand-written DSL, with upstream's meaning:
//
//   x[i]            tuple      -> TupleGetItem (an int literal index)
//   a[i]            array      -> array.get_element(a, i)
//   t[i, j]         2-D tensor -> tensor.read(t, [i, j])  (every axis a scalar)
//   t[0:32, :]      tensor     -> tensor.slice(t, shape, offset[, [], drop_dims])
//   u[0:16, 8:16]   tile       -> tile.slice(u, shape, offset[, valid_shape, drop_dims])
//   dst[0:16, :] = src         -> dst = tensor.assemble / tile.assemble(dst, src, offset)
//   arr[i] = v                 -> arr = array.update_element(arr, i, v)
//
// A scalar index drops its axis (numpy style: shape 1, listed in drop_dims),
// a slice keeps it, missing trailing axes are `:`. Slice steps are rejected,
// as upstream rejects them. The result prints as the explicit op call (the
// canonical form), which parses back to the same IR.

#include "ir/text/parser/depth_guard.h"
#include "ir/text/parser/parser_impl.h"

namespace pto::ir::parser_impl {
namespace {

std::optional<int64_t> ConstOf(const Expr* e) {
  if (e == nullptr || !e->Is<ConstInt>()) return std::nullopt;
  return AsConstInt(e);
}

bool SameExtent(const Expr* a, const Expr* b) {
  std::optional<int64_t> ca = ConstOf(a), cb = ConstOf(b);
  if (ca && cb) return *ca == *cb;
  return a == b;
}

}  // namespace

// upper - lower, folded when both are constants; `(k + C) - k` is C, as
// upstream's simplifier makes it.
const Expr* Parser::SliceExtent(const Expr* upper, const Expr* lower, const Token& at) {
  std::optional<int64_t> u = ConstOf(upper), l = ConstOf(lower);
  if (u && l) return IndexConst(*u - *l);
  if (l && *l == 0) return upper;
  if (const auto* b = upper->As<BinaryExpr>(); b != nullptr && b->op() == BinaryOp::kAdd) {
    if (b->lhs() == lower) return b->rhs();
    if (b->rhs() == lower) return b->lhs();
  }
  absl::StatusOr<const Expr*> e = MakeScalarBinary(ctx_, BinaryOp::kSub, upper, lower, Loc(at));
  if (!e.ok()) {
    Fail(at, e.status().message());
    return nullptr;
  }
  return *e;
}

const Expr* Parser::ScalarMinMax(BinaryOp op, const Expr* a, const Expr* b, const Token& at) {
  absl::StatusOr<const Expr*> e = MakeScalarBinary(ctx_, op, a, b, Loc(at));
  if (!e.ok()) {
    Fail(at, e.status().message());
    return nullptr;
  }
  return *e;
}

// The components between '[' (already read) and ']' (read here).
bool Parser::ParseSubscriptIndices(SubIndices* out, int* depth) {
  DepthGuard guard(this);
  if (!guard.Check(Peek())) return false;
  auto at_end = [this] { return At(K::kComma) || At(K::kRBracket); };
  do {
    if (At(K::kRBracket)) break;  // a trailing comma
    SubIndex idx;
    idx.tok = Peek();
    if (!At(K::kColon)) {
      Value v = ParseExpr();
      if (!v) return false;
      idx.lower = v.expr;
      *depth = std::max(*depth, v.depth);
    }
    if (Accept(K::kColon)) {
      idx.is_slice = true;
      if (!At(K::kColon) && !at_end()) {
        Value v = ParseExpr();
        if (!v) return false;
        idx.upper = v.expr;
        *depth = std::max(*depth, v.depth);
      }
      if (Accept(K::kColon) && !at_end()) {
        return Fail(Peek(), "a slice step is not supported in a subscript: write a[start:stop]");
      }
    }
    out->push_back(idx);
  } while (Accept(K::kComma));
  if (!Expect(K::kRBracket)) return false;
  if (out->empty()) return Fail(Peek(), "a subscript needs an index");
  return true;
}

Value Parser::SubscriptCall(absl::string_view name, ExprSpan args, int depth, const Token& at) {
  const Op* op = ops_.Find(name);
  if (op == nullptr) return FailValue(at, absl::StrCat("unknown op '", name, "'"));
  if (depth + 1 > max_depth_) {
    return FailValue(
        at, absl::StrCat("expression is nested too deeply (the limit is ", max_depth_, " levels)"));
  }
  absl::StatusOr<const Call*> call = CreateCall(ctx_, *op, args, {}, Loc(at));
  if (!call.ok()) return FailValue(at, call.status().message());
  return Value{*call, depth + 1, at.pos()};
}

const Expr* Parser::IndexTuple(absl::Span<const Expr* const> elements, const Token& at) {
  return ctx_.NewMakeTuple(ExprSpan(elements.data(), elements.size()), Loc(at));
}

Value Parser::ParseSubscript(const Value& base, const Token& open) {
  const Type* type = base.expr->type();
  int depth = base.depth;
  if (const auto* tt = type->As<TupleType>()) {
    Token index_tok = Peek();
    int64_t index = 0;
    if (!At(K::kInt)) {
      return FailValue(index_tok, "a tuple index must be a non-negative integer literal");
    }
    Advance();
    if (!ParseInt(index_tok, &index) || !Expect(K::kRBracket)) return Value{};
    if (index >= static_cast<int64_t>(tt->elements().size())) {
      return FailValue(index_tok,
                       absl::StrCat("tuple index ", index, " is out of range for ", PrintType(tt)));
    }
    if (depth + 1 > max_depth_) {
      return FailValue(open, absl::StrCat("expression is nested too deeply (the limit is ",
                                          max_depth_, " levels)"));
    }
    return Value{ctx_.NewTupleGetItem(base.expr, static_cast<int>(index), LocOf(base.pos)),
                 depth + 1, base.pos};
  }
  const auto* shaped = type->As<ShapedType>();
  if (!type->Is<ArrayType>() && shaped == nullptr) {
    return FailValue(open, absl::StrCat("only tuples, tensors, tiles and arrays can be indexed, "
                                        "not ",
                                        PrintType(type)));
  }
  SubIndices indices;
  if (!ParseSubscriptIndices(&indices, &depth)) return Value{};
  const Token& where = open;
  if (type->Is<ArrayType>()) {
    if (indices.size() != 1 || indices[0].is_slice) {
      return FailValue(open, "an array takes a single index: arr[i]");
    }
    const Expr* args[] = {base.expr, indices[0].lower};
    return SubscriptCall("array.get_element", ExprSpan(args, 2), depth, where);
  }
  bool tile = type->Is<TileType>();
  absl::string_view kind = tile ? "tile" : "tensor";
  size_t rank = shaped->rank();
  if (indices.size() > rank) {
    return FailValue(open, absl::StrCat("the subscript has ", indices.size(),
                                        " indices but the ", kind, " is ", rank, "-D"));
  }
  bool has_slice = false;
  for (const SubIndex& i : indices) has_slice |= i.is_slice;
  if (!has_slice && indices.size() == rank) {
    // Every axis a scalar: an element read.
    ExprList idx;
    for (const SubIndex& i : indices) idx.push_back(i.lower);
    const Expr* args[] = {base.expr, IndexTuple(idx, open)};
    return SubscriptCall(tile ? "tile.read" : "tensor.read", ExprSpan(args, 2), depth + 1, where);
  }
  ExprList shape, offset, valid, drop;
  bool needs_valid = false;
  ExprSpan full = shaped->shape();
  ExprSpan logical = tile ? type->As<TileType>()->ValidShape() : full;
  if (logical.size() != full.size()) logical = full;
  for (size_t d = 0; d < indices.size(); ++d) {
    const SubIndex& i = indices[d];
    if (!i.is_slice) {
      offset.push_back(i.lower);
      shape.push_back(IndexConst(1));
      valid.push_back(IndexConst(1));
      drop.push_back(IndexConst(static_cast<int64_t>(d)));
      continue;
    }
    const Expr* lower = i.lower != nullptr ? i.lower : IndexConst(0);
    offset.push_back(lower);
    if (!tile) {
      const Expr* upper = i.upper != nullptr ? i.upper : full[d];
      const Expr* extent = i.lower == nullptr ? upper : SliceExtent(upper, lower, i.tok);
      if (extent == nullptr) return Value{};
      shape.push_back(extent);
      continue;
    }
    // A tile keeps a static shape; a dynamic or overhanging window narrows
    // its valid_shape instead.
    std::optional<int64_t> lo = ConstOf(lower);
    if (i.lower != nullptr && !lo) {
      return FailValue(i.tok, "a tile subscript needs a constant lower bound (use explicit tile "
                              "ops for a dynamic window)");
    }
    const Expr* valid_upper = logical[d];
    if (i.upper != nullptr) {
      std::optional<int64_t> u = ConstOf(i.upper), s = ConstOf(logical[d]);
      valid_upper = u && s ? IndexConst(std::min(*u, *s))
                           : ScalarMinMax(BinaryOp::kMin, i.upper, logical[d], i.tok);
      if (valid_upper == nullptr) return Value{};
    }
    const Expr* valid_extent = valid_upper;
    if (i.lower != nullptr) {
      std::optional<int64_t> vu = ConstOf(valid_upper);
      if (vu) {
        valid_extent = IndexConst(std::max<int64_t>(*vu - *lo, 0));
      } else {
        const Expr* diff = SliceExtent(valid_upper, lower, i.tok);
        if (diff == nullptr) return Value{};
        valid_extent = ConstOf(diff) ? IndexConst(std::max<int64_t>(*ConstOf(diff), 0))
                                     : ScalarMinMax(BinaryOp::kMax, diff, IndexConst(0), i.tok);
        if (valid_extent == nullptr) return Value{};
      }
    }
    // The allocation extent: what the bounds allow inside the static shape.
    std::optional<int64_t> st = ConstOf(full[d]);
    std::optional<int64_t> up = i.upper != nullptr ? ConstOf(i.upper) : std::nullopt;
    std::optional<int64_t> max_extent;
    if (lo && st) max_extent = std::max<int64_t>(*st - *lo, 0);
    const Expr* alloc = full[d];
    if (up) {
      int64_t e = lo ? std::max<int64_t>(*up - *lo, 0) : *up;
      if (max_extent) e = std::min(e, *max_extent);
      if (e <= 0) {
        return FailValue(i.tok, "a tile subscript must give a positive static extent (keep the "
                                "bounds inside the tile's shape, upper > lower)");
      }
      alloc = IndexConst(e);
    } else if (max_extent) {
      if (*max_extent <= 0) {
        return FailValue(i.tok, "a tile subscript must give a positive static extent (keep the "
                                "bounds inside the tile's shape, upper > lower)");
      }
      alloc = IndexConst(*max_extent);
    }
    shape.push_back(alloc);
    valid.push_back(valid_extent);
    needs_valid |= !SameExtent(alloc, valid_extent);
  }
  for (size_t d = indices.size(); d < rank; ++d) {
    offset.push_back(IndexConst(0));
    shape.push_back(full[d]);
    valid.push_back(logical[d]);
    needs_valid |= tile && !SameExtent(full[d], logical[d]);
  }
  absl::InlinedVector<const Expr*, 5> args = {base.expr, IndexTuple(shape, open),
                                              IndexTuple(offset, open)};
  if (!drop.empty()) {
    args.push_back(tile && needs_valid ? IndexTuple(valid, open) : IndexTuple({}, open));
    args.push_back(IndexTuple(drop, open));
  } else if (tile && needs_valid) {
    args.push_back(IndexTuple(valid, open));
  }
  return SubscriptCall(tile ? "tile.slice" : "tensor.slice", ExprSpan(args.data(), args.size()),
                       depth + 1, where);
}

// `name[...] = value`: the cursor at `name`.
bool Parser::ParseSubscriptWrite() {
  Token name = Advance();
  Token open = Advance();  // '['
  if (strict_ssa_) {
    return Fail(open, "strict_ssa: 'dst[...] = src' rebinds dst; write dst = pl.assemble(...)");
  }
  Value base = LookupName(name);
  if (!base) return false;
  const Type* type = base.expr->type();
  int depth = base.depth;
  SubIndices indices;
  if (!type->Is<ArrayType>() && !type->Is<TensorType>() && !type->Is<TileType>()) {
    return Fail(open, absl::StrCat("only a tensor, tile or array can be assigned through a "
                                   "subscript, not ",
                                   PrintType(type)));
  }
  if (!ParseSubscriptIndices(&indices, &depth)) return false;
  if (!At(K::kAssign)) {
    return Fail(Peek(), absl::StrCat("expected '=' after `", Text(name),
                                     "[...]` (a subscript write) but found ", Describe(Peek())));
  }
  Advance();
  Token value_tok = Peek();
  const Expr* result = nullptr;
  if (const auto* at = type->As<ArrayType>()) {
    if (indices.size() != 1 || indices[0].is_slice) {
      return Fail(open, "an array takes a single index: arr[i] = value");
    }
    Value v = ParseExpr();
    if (!v) return false;
    const Expr* value = v.expr;
    if (const auto* c = value->As<ConstInt>(); c != nullptr && c->dtype() == DataType::kIndex) {
      value = ctx_.Int(c->value(), at->dtype(), c->loc());
    }
    const Expr* args[] = {base.expr, indices[0].lower, value};
    Value call = SubscriptCall("array.update_element", ExprSpan(args, 3),
                               std::max(depth, v.depth), name);
    if (!call) return false;
    result = call.expr;
  } else {
    bool tile = type->Is<TileType>();
    absl::string_view kind = tile ? "tile" : "tensor";
    const auto* shaped = type->As<ShapedType>();
    size_t rank = shaped->rank();
    if (indices.size() > rank) {
      return Fail(open, absl::StrCat("the subscript has ", indices.size(), " indices but the ",
                                     kind, " is ", rank, "-D"));
    }
    bool has_slice = false;
    for (const SubIndex& i : indices) has_slice |= i.is_slice;
    if (!has_slice && indices.size() == rank) {
      return Fail(open, absl::StrCat("an element write 'dst[i, j] = scalar' is not supported for "
                                     "a ",
                                     kind, ": write a window, dst[i:i+1, j:j+1] = src"));
    }
    ExprList offset, extent;
    absl::InlinedVector<bool, 4> dropped(rank, false);
    for (size_t d = 0; d < indices.size(); ++d) {
      const SubIndex& i = indices[d];
      if (!i.is_slice) {
        offset.push_back(i.lower);
        extent.push_back(IndexConst(1));
        dropped[d] = true;
        continue;
      }
      const Expr* lower = i.lower != nullptr ? i.lower : IndexConst(0);
      const Expr* upper = i.upper != nullptr ? i.upper : shaped->shape()[d];
      const Expr* e = SliceExtent(upper, lower, i.tok);
      if (e == nullptr) return false;
      offset.push_back(lower);
      extent.push_back(e);
    }
    for (size_t d = indices.size(); d < rank; ++d) {
      offset.push_back(IndexConst(0));
      extent.push_back(shaped->shape()[d]);
    }
    ExprList kept;
    for (size_t d = 0; d < rank; ++d) {
      if (!dropped[d]) kept.push_back(extent[d]);
    }
    size_t natural = kept.size();
    size_t floored = tile ? std::max<size_t>(2, natural) : natural;
    Value v = ParseExpr();
    if (!v) return false;
    depth = std::max(depth, v.depth);
    const auto* src = v.expr->type()->As<ShapedType>();
    if (src == nullptr || src->Is<TileType>() != tile) {
      return Fail(value_tok, absl::StrCat("the value assigned to a ", kind, " window must be a ",
                                          kind, ", got ", PrintType(v.expr->type())));
    }
    size_t src_rank = src->rank();
    if (src_rank != natural && src_rank != floored) {
      return Fail(value_tok,
                  absl::StrCat("the value must be ",
                               natural == floored ? absl::StrCat(natural, "-D")
                                                  : absl::StrCat(natural, "-D or ", floored, "-D"),
                               " to fill the ", kind, " window, got ", src_rank, "-D"));
    }
    size_t lead = src_rank - natural;
    ExprSpan src_valid = tile ? src->As<TileType>()->ValidShape()
                              : src->As<TensorType>()->ValidShape();
    bool narrowed_view = tile ? src->As<TileType>()->view() != nullptr &&
                                    !src->As<TileType>()->view()->valid_shape.empty()
                              : src->As<TensorType>()->view() != nullptr &&
                                    !src->As<TensorType>()->view()->valid_shape.empty();
    for (size_t a = 0; a < src_rank; ++a) {
      const Expr* want = a < lead ? IndexConst(1) : kept[a - lead];
      std::optional<int64_t> w = ConstOf(want), s = ConstOf(src->shape()[a]);
      if (!w || !s || *w == *s) continue;
      if (narrowed_view) {
        std::optional<int64_t> vs = ConstOf(src_valid[a]);
        if (!vs || *vs == *w) continue;
      }
      return Fail(value_tok, absl::StrCat("the ", kind, " window has ", *w,
                                          " elements on the value's axis ", a, ", the value ",
                                          *s));
    }
    const Expr* source = v.expr;
    if (src_rank != rank) {
      // Unit axes go back where the scalar indices dropped them.
      auto lift = [&](ExprSpan seq) {
        ExprList out;
        size_t next = lead;
        for (size_t d = 0; d < rank; ++d) out.push_back(dropped[d] ? IndexConst(1) : seq[next++]);
        return out;
      };
      bool narrowed = narrowed_view;
      if (narrowed) {
        narrowed = false;
        for (size_t a = 0; a < src_rank; ++a) narrowed |= !SameExtent(src->shape()[a], src_valid[a]);
      }
      ExprList lifted = lift(src->shape());
      absl::InlinedVector<const Expr*, 3> args = {source, IndexTuple(lifted, value_tok)};
      if (narrowed && !tile) args.push_back(IndexTuple(lift(src_valid), value_tok));
      Value r = SubscriptCall(tile ? "tile.reshape" : "tensor.reshape",
                              ExprSpan(args.data(), args.size()), depth, value_tok);
      if (!r) return false;
      source = r.expr;
      depth = r.depth;
    }
    const Expr* args[] = {base.expr, source, IndexTuple(offset, open)};
    Value call = SubscriptCall(tile ? "tile.assemble" : "tensor.assemble", ExprSpan(args, 3),
                               depth, name);
    if (!call) return false;
    result = call.expr;
  }
  // `dst = assemble(dst, ...)` assigns dst again, as any rebinding does.
  const Var* var = nullptr;
  if (!ReassignedVar(name, Text(name), result->type(), &var)) return false;
  if (var == nullptr) var = ctx_.NewVar(Text(name), result->type(), Loc(name));
  stmt_stack_.push_back(ctx_.NewAssign(var, result, Loc(name), Lead()));
  Bind(Text(name), var, name);
  return ExpectNewline();
}

}  // namespace pto::ir::parser_impl
