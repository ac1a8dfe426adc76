#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/status_macros.h"
#include "passes/tensor_to_tile/rules.h"

namespace pto::passes::tensor_to_tile {

using ir::AttrValue;
using ir::ExprSpan;
using ir::MemorySpace;

namespace {

// The slice's window valid shape at full rank: the deduced result's, with
// the dropped axes (valid extent 1) put back.
std::vector<const ir::Expr*> FullRankValid(ConversionBuilder& b, size_t rank) {
  const auto* result = b.call().type()->As<ir::ShapedType>();
  ExprSpan valid = result->As<ir::TensorType>() != nullptr
                       ? result->As<ir::TensorType>()->ValidShape()
                       : result->shape();
  if (valid.size() == rank) return {valid.begin(), valid.end()};
  std::vector<const ir::Expr*> full;
  std::vector<const ir::Expr*> dropped =
      b.call().args().size() > 4 ? Elements(b.call().arg(4)) : std::vector<const ir::Expr*>{};
  std::vector<bool> is_dropped(rank, false);
  for (const ir::Expr* d : dropped) {
    if (const auto* c = d->As<ir::ConstInt>(); c != nullptr) {
      int64_t axis = c->value() < 0 ? c->value() + static_cast<int64_t>(rank) : c->value();
      if (axis >= 0 && axis < static_cast<int64_t>(rank)) is_dropped[axis] = true;
    }
  }
  size_t next = 0;
  for (size_t i = 0; i < rank; ++i) {
    full.push_back(is_dropped[i] || next >= valid.size() ? b.ctx().Index(1) : valid[next++]);
  }
  return full;
}

// A tensor operand of fillpad is loaded with its valid region, which the
// tile op then pads.
absl::StatusOr<const ir::Expr*> LoadWithValid(ConversionBuilder& b, absl::string_view name,
                                              const ir::Expr* input) {
  if (TensorOf(input) == nullptr) return input;
  return b.LoadWhole(name, input, MemorySpace::kVec, /*valid_region_only=*/true);
}

}  // namespace

absl::StatusOr<const ir::Expr*> ConvertSlice(ConversionBuilder& b, ExprSpan args) {
  if (TileOf(args[0]) != nullptr) {
    std::vector<ir::NamedAttr> kwargs;
    if (const AttrValue* pad = b.call().FindKwarg("pad_value")) kwargs.push_back({"pad_value", *pad});
    return b.Call("tile.slice", args, kwargs);
  }
  const size_t rank = Elements(args[1]).size();
  std::vector<const ir::Expr*> valid = FullRankValid(b, rank);
  PTO_ASSIGN_OR_RETURN(
      const ir::Call* load,
      b.Call("tile.load", {args[0], args[2], args[1], b.ctx().NewMakeTuple(valid)},
             {{"target_memory", AttrValue::Enum(b.load_space())}}));
  const auto* result = b.call().type()->As<ir::ShapedType>();
  load = MarkMatBridge(b.ctx(), load);
  if (result->rank() == rank) return load;
  const ir::Var* full = b.Bind("slice_load", load);
  return b.Call("tile.reshape", {full, b.ctx().NewMakeTuple(result->shape())});
}

absl::StatusOr<const ir::Expr*> ConvertAssemble(ConversionBuilder& b, ExprSpan args) {
  const ir::Expr* target = args[0];
  const ir::Expr* source = args[1];
  const AttrValue* atomic = b.call().FindKwarg("atomic");
  const bool atomic_add = atomic != nullptr && atomic->As<ir::AtomicType>() != ir::AtomicType::kNone;
  if (TileOf(source) != nullptr && TensorOf(target) != nullptr) {
    std::vector<ir::NamedAttr> kwargs;
    if (atomic_add) kwargs.push_back({"atomic", *atomic});
    return b.Call("tile.store", {source, args[2], target}, kwargs);
  }
  if (TileOf(target) != nullptr) {
    if (atomic_add) {
      return b.Error(
          "atomic=AtomicType.Add needs a tensor in global memory as the target, but this "
          "assemble targets an on-chip tile");
    }
    if (TensorOf(source) != nullptr) {
      PTO_ASSIGN_OR_RETURN(source, b.LoadWhole("assemble_src", source, MemorySpace::kVec));
    }
    return b.Call("tile.assemble", {target, source, args[2]});
  }
  if (atomic_add) {
    return b.Error(
        "atomic=AtomicType.Add needs an on-chip computed source stored into a tensor; this "
        "assemble copies one tensor into another, so no store can carry the atomic add");
  }
  return b.Call("tensor.assemble", args, b.Kwargs());
}

// tensor.read / tensor.write stay scalar accesses of global memory on a
// tensor, and become tile.read / tile.write on a converted tile.
absl::StatusOr<const ir::Expr*> ConvertRead(ConversionBuilder& b, ExprSpan args) {
  return b.Call(TileOf(args[0]) != nullptr ? "tile.read" : "tensor.read", args, b.Kwargs());
}
absl::StatusOr<const ir::Expr*> ConvertWrite(ConversionBuilder& b, ExprSpan args) {
  return b.Call(TileOf(args[0]) != nullptr ? "tile.write" : "tensor.write", args, b.Kwargs());
}

absl::StatusOr<const ir::Expr*> ConvertCreate(ConversionBuilder& b, ExprSpan args) {
  std::vector<ir::NamedAttr> kwargs;
  if (const AttrValue* dtype = b.call().FindKwarg("dtype")) kwargs.push_back({"dtype", *dtype});
  kwargs.push_back({"target_memory", AttrValue::Enum(MemorySpace::kVec)});
  return b.Call("tile.create", args, kwargs);
}

absl::StatusOr<const ir::Expr*> ConvertFillpad(ConversionBuilder& b, ExprSpan args) {
  PTO_ASSIGN_OR_RETURN(const ir::Expr* src, LoadWithValid(b, "fillpad_src", args[0]));
  return b.Call("tile.fillpad", {src}, b.Kwargs());
}

absl::StatusOr<const ir::Expr*> ConvertFillpadExpand(ConversionBuilder& b, ExprSpan args) {
  PTO_ASSIGN_OR_RETURN(const ir::Expr* src, LoadWithValid(b, "fillpad_expand_src", args[0]));
  return b.Call("tile.fillpad_expand", {src, args[1]}, b.Kwargs());
}


// tensor.expand_clone(input, target): a rank-3 input broadcast along at most
// one axis (of extent 1) into the target: a copy, one store per target row
// (axis 0), a column broadcast per row (axis 1), or one row broadcast
// (axis 2).
absl::StatusOr<const ir::Expr*> ConvertExpandClone(ConversionBuilder& b, ExprSpan args) {
  const ir::TensorType* in = TensorOf(args[0]);
  const ir::TensorType* target = TensorOf(args[1]);
  if (in == nullptr || target == nullptr || in->rank() != 3 || target->rank() != 3) {
    return b.Error("expects a rank-3 input and target tensor in global memory");
  }
  int axis = -1;
  for (int i = 0; i < 3; ++i) {
    if (ir::ExprIdentical(in->shape()[i], target->shape()[i])) continue;
    const auto* c = in->shape()[i]->As<ir::ConstInt>();
    if (c == nullptr || c->value() != 1 || axis >= 0) {
      return b.Error("can broadcast one axis, of extent 1, at most");
    }
    axis = i;
  }
  ir::Context& ctx = b.ctx();
  const ir::SourceLoc loc = b.call().loc();
  const ir::Expr* zero = ctx.Index(0);
  const ir::Expr* one = ctx.Index(1);
  const ir::MakeTuple* zeros = ctx.NewMakeTuple({zero, zero, zero});
  auto load = [&](ConversionBuilder& into, absl::string_view name, const ir::Expr* offsets,
                  ExprSpan shape, ExprSpan valid) {
    return into.Bind(name, into.Call("tile.load",
                                     {args[0], offsets, ctx.NewMakeTuple(shape),
                                      ctx.NewMakeTuple(valid)},
                                     {{"target_memory", AttrValue::Enum(MemorySpace::kVec)}}));
  };
  auto create = [&](ConversionBuilder& into, absl::string_view name, ExprSpan shape) {
    return into.Bind(name, into.Call("tile.create", {ctx.NewMakeTuple(shape)},
                                     {{"dtype", AttrValue::DType(in->dtype())},
                                      {"target_memory", AttrValue::Enum(MemorySpace::kVec)}}));
  };
  if (axis == -1 || axis == 2) {
    PTO_ASSIGN_OR_RETURN(const ir::Var* tile,
                         load(b, "expand_clone_input", zeros, in->shape(), in->ValidShape()));
    const ir::Expr* stored = tile;
    if (axis == 2) {
      PTO_ASSIGN_OR_RETURN(const ir::Var* t, create(b, "expand_clone_d2_target", target->shape()));
      PTO_ASSIGN_OR_RETURN(stored,
                           b.Bind("expand_clone_d2_row", b.Call("tile.row_expand", {t, tile})));
    }
    return b.Call("tile.store", {stored, zeros, args[1]});
  }
  // One store per index of axis 0, carried through the target.
  const ir::Var* i = ctx.NewVar("i", ctx.GetScalarType(ir::DataType::kIndex), loc);
  const ir::IterArg* acc = ctx.NewIterArg("expand_clone_acc", target, args[1], loc);
  const ir::MakeTuple* row = ctx.NewMakeTuple({i, zero, zero});
  std::vector<const ir::Stmt*> body;
  ConversionBuilder inner(ctx, b.call(), body);
  const ir::Expr* value = nullptr;
  if (axis == 0) {
    PTO_ASSIGN_OR_RETURN(value, load(b, "expand_clone_input", zeros, in->shape(), in->ValidShape()));
  } else {
    const std::vector<const ir::Expr*> one_row = {one, one, in->ValidShape()[2]};
    PTO_ASSIGN_OR_RETURN(const ir::Var* src,
                         load(inner, "expand_clone_d1_input", row, one_row, one_row));
    PTO_ASSIGN_OR_RETURN(const ir::Var* t,
                         create(inner, "expand_clone_d1_target",
                                {one, target->shape()[1], target->shape()[2]}));
    PTO_ASSIGN_OR_RETURN(value, inner.Bind("expand_clone_d1_col",
                                           inner.Call("tile.col_expand", {t, src})));
  }
  const std::string prefix = absl::StrCat("expand_clone_d", axis);
  PTO_ASSIGN_OR_RETURN(const ir::Var* stored,
                       inner.Bind(absl::StrCat(prefix, "_store"),
                                  inner.Call("tile.store", {value, row, acc})));
  body.push_back(ctx.NewYield({stored}, loc));
  const ir::Var* result = ctx.NewVar(absl::StrCat(prefix, "_result"), target, loc);
  b.Emit(ctx.NewFor(i, zero, target->shape()[0], one, {acc}, ctx.NewSeq(body, loc), {result},
                    ir::ForKind::kSequential, 0, loc));
  return result;
}

namespace {

// The staging tile shape of a put / get: the transfer flattened to
// [rows, cols] (rows the product of the leading extents), each capped by
// chunk_rows / chunk_cols.
absl::StatusOr<const ir::MakeTuple*> StageShape(ConversionBuilder& b, ExprSpan transfer) {
  auto cap = [&](absl::string_view name) -> int64_t {
    const AttrValue* v = b.call().FindKwarg(name);
    return v != nullptr ? v->int_value() : 0;
  };
  const int64_t chunk_rows = cap("chunk_rows"), chunk_cols = cap("chunk_cols");
  int64_t cols = chunk_cols;
  if (const auto* last = transfer.back()->As<ir::ConstInt>()) {
    cols = chunk_cols > 0 ? std::min(last->value(), chunk_cols) : last->value();
  } else if (chunk_cols <= 0) {
    return b.Error("a dynamic innermost transfer extent needs a static chunk_cols");
  }
  int64_t rows = 1;
  for (size_t i = 0; i + 1 < transfer.size(); ++i) {
    const auto* d = transfer[i]->As<ir::ConstInt>();
    if (d == nullptr) {
      if (chunk_rows <= 0) return b.Error("a dynamic leading transfer extent needs a static chunk_rows");
      rows = chunk_rows;
      break;
    }
    rows *= d->value();
  }
  if (chunk_rows > 0) rows = std::min(rows, chunk_rows);
  return b.ctx().NewMakeTuple({b.ctx().Index(rows), b.ctx().Index(cols)});
}

absl::StatusOr<const ir::Expr*> ConvertTransfer(ConversionBuilder& b, ExprSpan args,
                                                absl::string_view tile_op,
                                                absl::string_view stage) {
  if (TileOf(args[2]) != nullptr) {
    return b.Error(
        "the source must be a tensor in global memory, but it is a computed value (a tile): "
        "the transfer copies between two global-memory regions. Use pld.remote_store to push "
        "a computed value to a peer");
  }
  const ir::TensorType* dst = TensorOf(args[0]);
  std::vector<const ir::Expr*> transfer(dst->shape().begin(), dst->shape().end());
  if (args.size() == 6) transfer = Elements(args[5]);
  if (transfer.empty()) return b.Error("the transfer shape needs rank >= 1");
  PTO_ASSIGN_OR_RETURN(const ir::MakeTuple* shape, StageShape(b, transfer));
  const bool pipeline = b.FlagKwarg("pipeline");
  std::vector<const ir::Expr*> tile_args = {args[0], args[1], args[2]};
  for (absl::string_view suffix : pipeline ? std::vector<absl::string_view>{"_ping", "_pong"}
                                           : std::vector<absl::string_view>{""}) {
    PTO_ASSIGN_OR_RETURN(
        const ir::Var* s,
        b.Bind(absl::StrCat(stage, suffix),
               b.Call("tile.create", {shape},
                      {{"dtype", AttrValue::DType(dst->dtype())},
                       {"target_memory", AttrValue::Enum(MemorySpace::kVec)}})));
    tile_args.push_back(s);
  }
  tile_args.insert(tile_args.end(), args.begin() + 3, args.end());
  std::vector<ir::NamedAttr> kwargs;
  if (const AttrValue* atomic = b.call().FindKwarg("atomic")) {
    kwargs.push_back({"atomic", AttrValue::Int(atomic->raw_int())});
  }
  return b.Call(tile_op, tile_args, kwargs);
}

}  // namespace

absl::StatusOr<const ir::Expr*> ConvertPut(ConversionBuilder& b, ExprSpan args) {
  return ConvertTransfer(b, args, "pld.tile.put", "tput_stage");
}
absl::StatusOr<const ir::Expr*> ConvertGet(ConversionBuilder& b, ExprSpan args) {
  return ConvertTransfer(b, args, "pld.tile.get", "tget_stage");
}

}  // namespace pto::passes::tensor_to_tile
