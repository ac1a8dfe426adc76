#include "passes/tensor_to_tile/conversion.h"
#include "passes/tensor_to_tile/rules.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "ir/diagnostic.h"
#include "ir/ops/builtin.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::passes::tensor_to_tile {
namespace {

using ir::AttrValue;
using ir::ExprSpan;
using ir::MemorySpace;


absl::StatusOr<const ir::Expr*> ExpectTile(ConversionBuilder& b, const ir::Expr* e,
                                           absl::string_view what) {
  if (TileOf(e) == nullptr) {
    return b.Error(absl::StrCat(what, " must be a tile once converted"));
  }
  return e;
}

// --- Compute ops with another tile form ------------------------------------------

bool IsConstOne(const ir::Expr* e) {
  const auto* c = e->As<ir::ConstInt>();
  return c != nullptr && c->value() == 1;
}

// {wide, narrow} when one operand is a [M, N] tile and the other its [M, 1]
// row vector; {-1, -1} otherwise.
std::pair<int, int> RowBroadcast(ExprSpan args) {
  const ir::TileType* a = TileOf(args[0]);
  const ir::TileType* c = args.size() > 1 ? TileOf(args[1]) : nullptr;
  if (a == nullptr || c == nullptr || a->rank() != 2 || c->rank() != 2) return {-1, -1};
  if (IsConstOne(c->shape()[1]) && !IsConstOne(a->shape()[1])) return {0, 1};
  if (IsConstOne(a->shape()[1]) && !IsConstOne(c->shape()[1])) return {1, 0};
  return {-1, -1};
}

template <const char* kTileOp, const char* kRowExpandOp>
absl::StatusOr<const ir::Expr*> ConvertBroadcastBinary(ConversionBuilder& b, ExprSpan args) {
  auto [wide, narrow] = RowBroadcast(args);
  if (wide >= 0) return b.Call(kRowExpandOp, {args[wide], args[narrow]});
  return b.Call(kTileOp, args, b.Kwargs());
}

// tile.div (TDIV) divides operands of one dtype: each operand of another
// dtype is cast to the promoted one first. A row-vector divisor becomes
// tile.row_expand_div (matrix / row vector only).
absl::StatusOr<const ir::Expr*> ConvertDiv(ConversionBuilder& b, ExprSpan args) {
  std::vector<const ir::Expr*> operands(args.begin(), args.end());
  const ir::TileType* lhs = TileOf(operands[0]);
  const ir::TileType* rhs = TileOf(operands[1]);
  if (lhs != nullptr && rhs != nullptr) {
    const ir::DataType promoted = ir::PromoteDataTypes(lhs->dtype(), rhs->dtype());
    for (size_t i = 0; i < 2; ++i) {
      if (TileOf(operands[i])->dtype() == promoted) continue;
      PTO_ASSIGN_OR_RETURN(
          operands[i],
          b.Bind(i == 0 ? "div_lhs_cast" : "div_rhs_cast",
                 b.Call("tile.cast", {operands[i]},
                        {{"target_type", AttrValue::DType(promoted)},
                         {"mode", AttrValue::Enum(ir::RoundMode::kRound)}})));
    }
  }
  auto [wide, narrow] = RowBroadcast(operands);
  if (wide >= 0) {
    if (wide != 0) {
      return b.Error(
          "a row-vector dividend cannot be broadcast: pto.trowexpanddiv divides a matrix by a "
          "row vector only");
    }
    if (b.FlagKwarg("high_precision")) {
      return b.Error("high_precision=True does not support row broadcasting");
    }
    return b.Call("tile.row_expand_div", {operands[0], operands[1]});
  }
  return b.Call("tile.div", operands, b.Kwargs());
}

// tensor.maximum / minimum / cmp with a scalar rhs is tile.maximums /
// minimums / cmps.
template <const char* kTileOp, const char* kScalarOp>
absl::StatusOr<const ir::Expr*> ConvertMinMax(ConversionBuilder& b, ExprSpan args) {
  const bool scalar = args[1]->type()->Is<ir::ScalarType>();
  return b.Call(scalar ? kScalarOp : kTileOp, args, b.Kwargs());
}

// tile.row_* reductions need a scratch tile whose last axis is at least 128.
template <const char* kTileOp>
absl::StatusOr<const ir::Expr*> ConvertRowReduce(ConversionBuilder& b, ExprSpan args) {
  PTO_ASSIGN_OR_RETURN(const ir::Expr* in, ExpectTile(b, args[0], "the input"));
  const ir::TileType* t = TileOf(in);
  std::vector<const ir::Expr*> shape(t->shape().begin(), t->shape().end());
  if (shape.size() >= 2) {
    const auto* last = shape.back()->As<ir::ConstInt>();
    if (last == nullptr || last->value() < 128) shape.back() = b.ctx().Index(128);
  }
  PTO_ASSIGN_OR_RETURN(const ir::Var* tmp, Scratch(b, "tmp_tile", t, shape));
  return b.Call(kTileOp, {in, tmp});
}

// Arg reductions read the column count from the scratch: exactly the input's
// shape.
template <const char* kTileOp>
absl::StatusOr<const ir::Expr*> ConvertArgReduce(ConversionBuilder& b, ExprSpan args) {
  PTO_ASSIGN_OR_RETURN(const ir::Expr* in, ExpectTile(b, args[0], "the input"));
  PTO_ASSIGN_OR_RETURN(const ir::Var* tmp, Scratch(b, "tmp_tile", TileOf(in), TileOf(in)->shape()));
  return b.Call(kTileOp, {in, tmp});
}

absl::StatusOr<const ir::Expr*> ConvertRsqrt(ConversionBuilder& b, ExprSpan args) {
  if (!b.FlagKwarg("high_precision")) return b.Call("tile.rsqrt", {args[0]});
  PTO_ASSIGN_OR_RETURN(const ir::Expr* in, ExpectTile(b, args[0], "the input"));
  PTO_ASSIGN_OR_RETURN(const ir::Var* tmp, Scratch(b, "rsqrt_tmp", TileOf(in), TileOf(in)->shape()));
  return b.Call("tile.rsqrt", {in, tmp});
}

template <const char* kTileOp>
absl::StatusOr<const ir::Expr*> ConvertXor(ConversionBuilder& b, ExprSpan args) {
  PTO_ASSIGN_OR_RETURN(const ir::Expr* lhs, ExpectTile(b, args[0], "the lhs"));
  PTO_ASSIGN_OR_RETURN(const ir::Var* tmp, Scratch(b, "xor_tmp", TileOf(lhs), TileOf(lhs)->shape()));
  return b.Call(kTileOp, {lhs, args[1], tmp});
}

// tile.mrgsort_format2 merges into a scratch as wide as all its sources.
absl::StatusOr<const ir::Expr*> ConvertMergeSort2(ConversionBuilder& b, ExprSpan args) {
  std::vector<const ir::Expr*> operands(args.begin(), args.end());
  const ir::TileType* first = TileOf(operands[0]);
  if (first == nullptr) return b.Error("the sources must be tiles once converted");
  std::vector<const ir::Expr*> shape(first->shape().begin(), first->shape().end() - 1);
  const ir::Expr* width = nullptr;
  int64_t total = 0;
  bool constant = true;
  for (const ir::Expr* src : operands) {
    const ir::Expr* last = TileOf(src)->shape().back();
    const auto* c = last->As<ir::ConstInt>();
    constant = constant && c != nullptr;
    if (c != nullptr) total += c->value();
    width = width == nullptr ? last
                             : b.ctx().NewBinary(ir::BinaryOp::kAdd, width, last,
                                                 ir::DataType::kIndex);
  }
  shape.push_back(constant ? b.ctx().Index(total) : width);
  PTO_ASSIGN_OR_RETURN(const ir::Var* tmp, Scratch(b, "mrgsort2_tmp", first, shape));
  operands.push_back(tmp);
  return b.Call("tile.mrgsort_format2", operands, b.Kwargs());
}

// The transpose's scratch is FlattenTileNdTo2D's to add; a tensor-level
// valid_shape operand has no tile form.
absl::StatusOr<const ir::Expr*> ConvertTranspose(ConversionBuilder& b, ExprSpan args) {
  return b.Call("tile.transpose", args.subspan(0, 3));
}

size_t RankOf(const ir::Expr* e) { return e->type()->As<ir::ShapedType>()->rank(); }

absl::StatusOr<const ir::Expr*> ConvertMatmul(ConversionBuilder& b, ExprSpan args) {
  const bool batched = RankOf(args[0]) > 2 || RankOf(args[1]) > 2;
  return b.Call(batched ? "tile.batch_matmul" : "tile.matmul", {args[0], args[1]});
}

absl::StatusOr<const ir::Expr*> ConvertMatmulAcc(ConversionBuilder& b, ExprSpan args) {
  const bool batched = RankOf(args[0]) > 2 || RankOf(args[1]) > 2 || RankOf(args[2]) > 2;
  if (batched && args.size() == 4) {
    return b.Error(
        "init_cond is not supported on operands of rank > 2; loop over the batch axis and "
        "accumulate 2-D operands instead");
  }
  return b.Call(batched ? "tile.batch_matmul_acc" : "tile.matmul_acc", args);
}

constexpr char kTileAdd[] = "tile.add", kTileSub[] = "tile.sub", kTileMul[] = "tile.mul";
constexpr char kRowAdd[] = "tile.row_expand_add", kRowSub[] = "tile.row_expand_sub",
               kRowMul[] = "tile.row_expand_mul";
constexpr char kMax[] = "tile.maximum", kMaxs[] = "tile.maximums", kMin[] = "tile.minimum",
               kMins[] = "tile.minimums";
constexpr char kRowMax[] = "tile.row_max", kRowSum[] = "tile.row_sum", kRowMin[] = "tile.row_min",
               kRowProd[] = "tile.row_prod";
constexpr char kRowArgmax[] = "tile.row_argmax", kRowArgmin[] = "tile.row_argmin",
               kColArgmax[] = "tile.col_argmax", kColArgmin[] = "tile.col_argmin";
constexpr char kXor[] = "tile.xor", kXors[] = "tile.xors";
constexpr char kCmp[] = "tile.cmp", kCmps[] = "tile.cmps";

constexpr OperandSpace kVecSources[] = {{0, MemorySpace::kVec, ""},
                                        {1, MemorySpace::kVec, ""},
                                        {2, MemorySpace::kVec, ""},
                                        {3, MemorySpace::kVec, ""}};
constexpr OperandSpace kMatmulSpaces[] = {{0, MemorySpace::kMat, "a_trans"},
                                          {1, MemorySpace::kMat, "b_trans"}};
constexpr OperandSpace kMatmulAccSpaces[] = {{1, MemorySpace::kMat, "a_trans"},
                                             {2, MemorySpace::kMat, "b_trans"}};

const Conversion kTable[] = {
    {"tensor.add", ConvertBroadcastBinary<kTileAdd, kRowAdd>, false, {}, kTileAdd},
    {"tensor.sub", ConvertBroadcastBinary<kTileSub, kRowSub>, false, {}, kTileSub},
    {"tensor.mul", ConvertBroadcastBinary<kTileMul, kRowMul>, false, {}, kTileMul},
    {"tensor.div", ConvertDiv},
    {"tensor.maximum", ConvertMinMax<kMax, kMaxs>, false, {}, kMax, kMaxs},
    {"tensor.minimum", ConvertMinMax<kMin, kMins>, false, {}, kMin, kMins},
    {"tensor.cmp", ConvertMinMax<kCmp, kCmps>, false, {}, kCmp, kCmps},
    {"tensor.row_max", ConvertRowReduce<kRowMax>},
    {"tensor.row_sum", ConvertRowReduce<kRowSum>},
    {"tensor.row_min", ConvertRowReduce<kRowMin>},
    {"tensor.row_prod", ConvertRowReduce<kRowProd>},
    {"tensor.row_argmax", ConvertArgReduce<kRowArgmax>},
    {"tensor.row_argmin", ConvertArgReduce<kRowArgmin>},
    {"tensor.col_argmax", ConvertArgReduce<kColArgmax>},
    {"tensor.col_argmin", ConvertArgReduce<kColArgmin>},
    {"tensor.rsqrt", ConvertRsqrt},
    {"tensor.xor", ConvertXor<kXor>},
    {"tensor.xors", ConvertXor<kXors>},
    {"tensor.transpose", ConvertTranspose},
    {"tensor.matmul", ConvertMatmul, false, kMatmulSpaces},
    {"tensor.matmul_acc", ConvertMatmulAcc, false, kMatmulAccSpaces},
    {"tensor.mrgsort_format2", ConvertMergeSort2, false, kVecSources},
    {"pld.tensor.remote_store", nullptr, false, absl::MakeConstSpan(kVecSources, 1)},
    {"pld.tensor.put", ConvertPut, /*self_loading=*/true},
    {"pld.tensor.get", ConvertGet, /*self_loading=*/true},
    {"tensor.expand_clone", ConvertExpandClone, /*self_loading=*/true},
    {"tensor.gather", ConvertGather, /*self_loading=*/true},
    {"tensor.scatter_update", ConvertScatterUpdate},
    {"tensor.create", ConvertCreate},
    {"tensor.slice", ConvertSlice, /*self_loading=*/true},
    {"tensor.assemble", ConvertAssemble, /*self_loading=*/true},
    {"tensor.read", ConvertRead, /*self_loading=*/true},
    {"tensor.write", ConvertWrite, /*self_loading=*/true},
    {"tensor.fillpad", ConvertFillpad, /*self_loading=*/true},
    {"tensor.fillpad_expand", ConvertFillpadExpand, /*self_loading=*/true},
};

// Tensor ops whose tile form is not built here yet: they convert by no
// rule (the same-named tile op takes other operands), so the pass reports
// them instead of guessing.
constexpr absl::string_view kUnsupported[] = {
    "tensor.paged_gather", "tensor.create_l1",      "tensor.gather_row", "tensor.scatter",
    "tensor.scatter_mask", "tensor.gather_compare", "tensor.alloc",      "tensor.aiv_shard",
    "tensor.aic_gather",
};

// "tensor.exp" -> "tile.exp", "pld.tensor.remote_store" -> "pld.tile.remote_store".
std::string TileOpOf(absl::string_view tensor_op) {
  const size_t at = tensor_op.find("tensor.");
  return absl::StrCat(tensor_op.substr(0, at), "tile.", tensor_op.substr(at + 7));
}

}  // namespace

std::vector<const ir::Expr*> Elements(const ir::Expr* tuple) {
  const auto* t = tuple->As<ir::MakeTuple>();
  if (t == nullptr) return {};
  return {t->elements().begin(), t->elements().end()};
}

absl::StatusOr<const ir::Var*> Scratch(ConversionBuilder& b, absl::string_view name,
                                       const ir::TileType* model, ExprSpan shape) {
  return b.Bind(name, b.Call("tile.create", {b.ctx().NewMakeTuple(shape)},
                             {{"dtype", AttrValue::DType(model->dtype())},
                              {"target_memory", AttrValue::Enum(MemorySpace::kVec)}}));
}

absl::StatusOr<const ir::Call*> ConversionBuilder::Call(absl::string_view op, ExprSpan args,
                                                        absl::Span<const ir::NamedAttr> kwargs) {
  const ir::Op* found = ir::BuiltinOps().Find(op);
  if (found == nullptr) return Error(absl::StrCat("no op ", op));
  absl::StatusOr<const ir::Call*> c = ir::CreateCall(ctx_, *found, args, kwargs, call_.loc());
  if (!c.ok()) return Error(absl::StrCat("cannot build ", op, ": ", c.status().message()));
  return *c;
}

const ir::Var* ConversionBuilder::Bind(absl::string_view name, const ir::Expr* value) {
  const ir::Var* v = ctx_.NewVar(name, value->type(), call_.loc());
  out_.push_back(ctx_.NewAssign(v, value, call_.loc()));
  return v;
}

absl::StatusOr<const ir::Var*> ConversionBuilder::Bind(absl::string_view name,
                                                       absl::StatusOr<const ir::Call*> value) {
  if (!value.ok()) return value.status();
  return Bind(name, *value);
}

absl::StatusOr<const ir::Var*> ConversionBuilder::LoadWhole(absl::string_view name,
                                                            const ir::Expr* tensor,
                                                            MemorySpace space,
                                                            bool valid_region_only) {
  absl::StatusOr<const ir::Call*> load =
      WholeTensorLoad(ctx_, tensor, space, call_.loc(), valid_region_only);
  if (!load.ok()) return Error(absl::StrCat("cannot load a tensor: ", load.status().message()));
  return Bind(name, *load);
}

absl::StatusOr<const ir::Call*> WholeTensorLoad(ir::Context& ctx, const ir::Expr* tensor,
                                                MemorySpace space, ir::SourceLoc loc,
                                                bool valid_region_only) {
  const ir::TensorType* t = TensorOf(tensor);
  std::vector<const ir::Expr*> zeros(t->rank(), ctx.Index(0));
  const ir::MakeTuple* shape = ctx.NewMakeTuple(t->shape());
  const ir::MakeTuple* valid = valid_region_only ? ctx.NewMakeTuple(t->ValidShape()) : shape;
  PTO_ASSIGN_OR_RETURN(
      const ir::Call* load,
      ir::CreateCall(ctx, ir::BuiltinOp("tile.load"), {tensor, ctx.NewMakeTuple(zeros), shape, valid},
                     {{"target_memory", AttrValue::Enum(space)}}, loc));
  return MarkMatBridge(ctx, load);
}

const ir::Call* MarkMatBridge(ir::Context& ctx, const ir::Call* load) {
  const auto* tile = load->type()->As<ir::TileType>();
  if (tile == nullptr || tile->memory_space() != MemorySpace::kMat) return load;
  ir::CallAttrItem item;
  item.value = AttrValue::Bool(true);
  ir::CallAttr attr{kMatBridgeAttr, false, absl::MakeConstSpan(&item, 1)};
  ir::CallSite site;
  site.attrs = absl::MakeConstSpan(&attr, 1);
  return ctx.WithOpCallSite(load, &site);
}

bool ConversionBuilder::FlagKwarg(absl::string_view name) const {
  const AttrValue* v = call_.FindKwarg(name);
  return v != nullptr && v->kind() == ir::AttrKind::kBool && v->bool_value();
}

absl::Status ConversionBuilder::Error(absl::string_view message) const {
  return ir::LocatedError(ctx_, call_.loc(),
                          absl::StrCat("ConvertTensorToTileOps: ", call_.callee_name(), ": ",
                                       message));
}

const Conversion* FindConversion(absl::string_view op_name) {
  // The table's entries, then the same-name rule for every other tensor op
  // with a same-named tile op; built once, read-only after.
  static const auto* const conversions = [] {
    auto* m = new absl::flat_hash_map<absl::string_view, Conversion>();
    for (const Conversion& c : kTable) m->emplace(c.tensor_op, c);
    for (const ir::Op* op : ir::BuiltinOps().SortedOps()) {
      absl::string_view name = op->name();
      if (!absl::StartsWith(name, "tensor.") || IsKeptTensorOp(name) || m->contains(name) ||
          std::find(std::begin(kUnsupported), std::end(kUnsupported), name) !=
              std::end(kUnsupported) ||
          ir::BuiltinOps().Find(TileOpOf(name)) == nullptr) {
        continue;
      }
      m->emplace(name, Conversion{name});
    }
    return m;
  }();
  auto it = conversions->find(op_name);
  return it == conversions->end() ? nullptr : &it->second;
}

absl::string_view TensorOpConvertingTo(absl::string_view tile_op) {
  static const auto* const inverse = [] {
    auto* m = new absl::flat_hash_map<std::string, absl::string_view>();
    for (const ir::Op* op : ir::BuiltinOps().SortedOps()) {
      const Conversion* c = FindConversion(op->name());
      if (c == nullptr || c->self_loading || !c->operand_spaces.empty()) continue;
      if (c->convert == nullptr) m->emplace(TileOpOf(c->tensor_op), c->tensor_op);
      if (!c->same_shape_tile_op.empty()) m->emplace(c->same_shape_tile_op, c->tensor_op);
      if (!c->scalar_rhs_tile_op.empty()) m->emplace(c->scalar_rhs_tile_op, c->tensor_op);
    }
    return m;
  }();
  auto it = inverse->find(tile_op);
  return it == inverse->end() ? absl::string_view() : it->second;
}

bool IsKeptTensorOp(absl::string_view op_name) {
  return op_name == "tensor.dim" || op_name == "tensor.view";
}

absl::StatusOr<const ir::Expr*> Convert(const Conversion& conv, ConversionBuilder& b,
                                        ExprSpan args) {
  if (conv.convert != nullptr) return conv.convert(b, args);
  return b.Call(TileOpOf(conv.tensor_op), args, b.Kwargs());
}

absl::Span<const Conversion> ConversionTable() { return kTable; }

}  // namespace pto::passes::tensor_to_tile
