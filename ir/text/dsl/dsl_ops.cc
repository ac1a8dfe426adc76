#include "ir/text/dsl/dsl_ops.h"

#include <iterator>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace pto::ir::text {
namespace {

// Row builders: one line of the table per DSL name.

// pl.<name> on Tensor -> tensor.<name>, on Tile -> tile.<name>.
constexpr DslOpRow Same(absl::string_view name, absl::string_view tensor, absl::string_view tile) {
  DslOpRow r{};
  r.name = name;
  r.tensor = tensor;
  r.tile = tile;
  return r;
}

// A binary dispatcher whose scalar second operand selects the `...s` form.
constexpr DslOpRow Binary(absl::string_view name, absl::string_view tensor,
                          absl::string_view tensor_scalar, absl::string_view tile,
                          absl::string_view tile_scalar) {
  DslOpRow r = Same(name, tensor, tile);
  r.tensor_scalar = tensor_scalar;
  r.tile_scalar = tile_scalar;
  r.scalar_arg = 1;
  return r;
}

// Binary, and two scalars build the scalar operator `op`.
constexpr DslOpRow Arith(absl::string_view name, absl::string_view tensor,
                         absl::string_view tensor_scalar, absl::string_view tile,
                         absl::string_view tile_scalar, BinaryOp op) {
  DslOpRow r = Binary(name, tensor, tensor_scalar, tile, tile_scalar);
  r.scalar = DslScalarForm::kBinary;
  r.binary = op;
  return r;
}

// A re-export of one op.
constexpr DslOpRow Fixed(absl::string_view name, absl::string_view op, int8_t scalar_arg = -1) {
  DslOpRow r{};
  r.name = name;
  r.fixed = op;
  r.scalar_arg = scalar_arg;
  return r;
}

constexpr DslOpRow Params(DslOpRow r, absl::string_view params) {
  r.params = params;
  return r;
}

constexpr DslOpRow TileDefaultOnly(DslOpRow r, absl::string_view names) {
  r.tile_default_only = names;
  return r;
}

constexpr DslOpRow NameFromTarget(DslOpRow r) {
  r.fill = DslFill::kNameFromTarget;
  return r;
}

constexpr DslOpRow ZeroArgs(DslOpRow r) {
  r.fill = DslFill::kZeroArgs;
  return r;
}

constexpr DslOpRow Fill(DslOpRow r, DslFill fill) {
  r.fill = fill;
  return r;
}

constexpr DslOpRow IntLiterals(DslOpRow r, absl::string_view rules) {
  r.int_literals = rules;
  return r;
}

constexpr DslOpRow MixesLevels(DslOpRow r) {
  r.mixes_levels = true;
  return r;
}

constexpr DslOpRow WithFill(DslOpRow r, DslFill fill) {
  r.fill = fill;
  return r;
}

constexpr DslOpRow Cast() {
  DslOpRow r = Params(Same("cast", "tensor.cast", "tile.cast"), "#0,target_type,mode");
  r.scalar = DslScalarForm::kCast;
  return r;
}

constexpr DslOpRow Load() {
  DslOpRow r = Fixed("load", "tile.load");
  r.fill = DslFill::kValidShapeFromShapes;
  return r;
}

// The table. Sources (upstream-dsl.md): §a.1 the 81 dispatchers of
// unified_ops.py, §a.2 the tile-only and §a.3 the tensor-only re-exports,
// §a.4 the system re-exports, §f the `pld.` short forms. pl.min/pl.max (the
// scalar Min/Max) and pl.const are read by the parser itself.
constexpr DslOpRow kRows[] = {
    // --- §a.1 dispatchers -------------------------------------------------------
    Arith("add", "tensor.add", "tensor.adds", "tile.add", "tile.adds", BinaryOp::kAdd),
    Arith("sub", "tensor.sub", "tensor.subs", "tile.sub", "tile.subs", BinaryOp::kSub),
    Arith("mul", "tensor.mul", "tensor.muls", "tile.mul", "tile.muls", BinaryOp::kMul),
    Arith("div", "tensor.div", "tensor.divs", "tile.div", "tile.divs", BinaryOp::kFloatDiv),
    Same("part_add", "tensor.part_add", "tile.part_add"),
    Same("part_mul", "tensor.part_mul", "tile.part_mul"),
    Same("part_max", "tensor.part_max", "tile.part_max"),
    Same("part_min", "tensor.part_min", "tile.part_min"),
    Binary("fmod", "tensor.fmod", "tensor.fmods", "tile.fmod", "tile.fmods"),
    Binary("fmods", "tensor.fmods", "", "tile.fmods", ""),
    Binary("maximum", "tensor.maximum", "", "tile.maximum", "tile.maximums"),
    Binary("minimum", "tensor.minimum", "", "tile.minimum", "tile.minimums"),
    Same("exp", "tensor.exp", "tile.exp"),
    Same("log", "tensor.log", "tile.log"),
    Same("sin", "tensor.sin", "tile.sin"),
    Same("cos", "tensor.cos", "tile.cos"),
    Same("neg", "tensor.neg", "tile.neg"),
    Same("abs", "tensor.abs", "tile.abs"),
    Same("recip", "tensor.recip", "tile.recip"),
    Same("sqrt", "tensor.sqrt", "tile.sqrt"),
    Same("rsqrt", "tensor.rsqrt", "tile.rsqrt"),
    Same("row_expand", "tensor.row_expand", "tile.row_expand"),
    Same("row_expand_mul", "tensor.row_expand_mul", "tile.row_expand_mul"),
    Same("row_expand_div", "tensor.row_expand_div", "tile.row_expand_div"),
    Same("row_expand_add", "tensor.row_expand_add", "tile.row_expand_add"),
    Same("row_expand_sub", "tensor.row_expand_sub", "tile.row_expand_sub"),
    Same("row_expand_max", "tensor.row_expand_max", "tile.row_expand_max"),
    Same("row_expand_min", "tensor.row_expand_min", "tile.row_expand_min"),
    Same("row_expand_expdif", "tensor.row_expand_expdif", "tile.row_expand_expdif"),
    Same("col_expand", "tensor.col_expand", "tile.col_expand"),
    Same("col_expand_mul", "tensor.col_expand_mul", "tile.col_expand_mul"),
    Same("col_expand_div", "tensor.col_expand_div", "tile.col_expand_div"),
    Same("col_expand_sub", "tensor.col_expand_sub", "tile.col_expand_sub"),
    Same("col_expand_add", "tensor.col_expand_add", "tile.col_expand_add"),
    Same("col_expand_max", "tensor.col_expand_max", "tile.col_expand_max"),
    Same("col_expand_min", "tensor.col_expand_min", "tile.col_expand_min"),
    Same("col_expand_expdif", "tensor.col_expand_expdif", "tile.col_expand_expdif"),
    Same("concat", "tensor.concat", "tile.concat"),
    Binary("expands", "tensor.expands", "", "tile.expands", ""),
    Same("reshape", "tensor.reshape", "tile.reshape"),
    Params(Same("reinterpret_view", "tensor.reinterpret_view", "tile.reinterpret_view"),
           "#0,dtype"),
    Same("transpose", "tensor.transpose", "tile.transpose"),
    WithFill(TileDefaultOnly(Params(Same("slice", "tensor.slice", "tile.slice"),
                                    "#0,shape,offset,valid_shape,drop_dims,pad_value,clamp"),
                             "clamp"),
             DslFill::kSliceOperands),
    Same("fillpad", "tensor.fillpad", "tile.fillpad"),
    Same("fillpad_expand", "tensor.fillpad_expand", "tile.fillpad_expand"),
    TileDefaultOnly(Params(Same("matmul", "tensor.matmul", "tile.matmul"),
                           "#0,#1,out_dtype,a_trans,b_trans,c_matrix_nz"),
                    "out_dtype,a_trans,b_trans,c_matrix_nz"),
    Same("batch_matmul", "", "tile.batch_matmul"),
    // init_cond=True reaches the wrapper as a Python bool, a BOOL constant.
    IntLiterals(TileDefaultOnly(Same("matmul_acc", "tensor.matmul_acc", "tile.matmul_acc"),
                                "a_trans,b_trans"),
                "init_cond:BOOL"),
    Same("row_max", "tensor.row_max", "tile.row_max"),
    Same("row_sum", "tensor.row_sum", "tile.row_sum"),
    Same("row_min", "tensor.row_min", "tile.row_min"),
    Same("row_prod", "tensor.row_prod", "tile.row_prod"),
    Same("col_sum", "tensor.col_sum", "tile.col_sum"),
    Same("col_max", "tensor.col_max", "tile.col_max"),
    Same("col_min", "tensor.col_min", "tile.col_min"),
    Same("col_prod", "tensor.col_prod", "tile.col_prod"),
    Same("row_argmax", "tensor.row_argmax", "tile.row_argmax"),
    Same("row_argmin", "tensor.row_argmin", "tile.row_argmin"),
    Same("col_argmax", "tensor.col_argmax", "tile.col_argmax"),
    Same("col_argmin", "tensor.col_argmin", "tile.col_argmin"),
    Cast(),
    Binary("cmp", "tensor.cmp", "", "tile.cmp", "tile.cmps"),
    Binary("and_", "tensor.and", "tensor.ands", "tile.and", "tile.ands"),
    Binary("ands", "tensor.ands", "", "tile.ands", ""),
    Binary("or_", "tensor.or", "tensor.ors", "tile.or", "tile.ors"),
    Binary("ors", "tensor.ors", "", "tile.ors", ""),
    Binary("xor", "tensor.xor", "tensor.xors", "tile.xor", "tile.xors"),
    Binary("xors", "tensor.xors", "", "tile.xors", ""),
    Same("not_", "tensor.not", "tile.not"),
    Binary("shl", "tensor.shl", "tensor.shls", "tile.shl", "tile.shls"),
    Binary("shls", "tensor.shls", "", "tile.shls", ""),
    Binary("shr", "tensor.shr", "tensor.shrs", "tile.shr", "tile.shrs"),
    Binary("shrs", "tensor.shrs", "", "tile.shrs", ""),
    Same("set_validshape", "tensor.set_validshape", "tile.set_validshape"),
    Fill(Same("read", "tensor.read", "tile.read"), DslFill::kScalarIndexList),
    Fill(Same("write", "tensor.write", "tile.write"), DslFill::kScalarIndexList),
    TileDefaultOnly(Same("assemble", "tensor.assemble", "tile.assemble"), "atomic"),
    Same("gather_row", "tensor.gather_row", "tile.gather_row"),
    Params(Same("scatter_update", "tensor.scatter_update", "tile.scatter_update"),
           "#0,dim,index,src"),
    Same("sort32", "tensor.sort32", "tile.sort32"),
    WithFill(Same("mrgsort", "tensor.mrgsort_format2", "tile.mrgsort_format2"),
             DslFill::kMergeSort),
    // --- §a.2 tile-only re-exports ---------------------------------------------
    Load(),
    Fixed("store", "tile.store"),
    Fixed("create_tile", "tile.create"),
    Fixed("move", "tile.move"),
    Fixed("relu", "tile.relu"),
    Fixed("cmps", "tile.cmps", 1),
    Fixed("maximums", "tile.maximums", 1),
    Fixed("minimums", "tile.minimums", 1),
    Fixed("rem", "tile.rem"),
    Fixed("rems", "tile.rems", 1),
    Fixed("prelu", "tile.prelu"),
    Fixed("lrelu", "tile.lrelu", 1),
    Fixed("addc", "tile.addc"),
    Fixed("subc", "tile.subc"),
    Fixed("addsc", "tile.addsc", 1),
    Fixed("subsc", "tile.subsc", 1),
    Fixed("sel", "tile.sel"),
    WithFill(Fixed("sels", "tile.sels", 3), DslFill::kSelsScalar),
    // tile.tri's wrapper makes any int diagonal an INT32 constant.
    IntLiterals(Fixed("tri", "tile.tri"), "diagonal:INT32!"),
    Fixed("gatherb", "tile.gatherb"),
    WithFill(Fixed("mgather", "tile.mgather"), DslFill::kCompactOptionalArgs),
    Fixed("mscatter", "tile.mscatter"),
    Fixed("matmul_bias", "tile.matmul_bias"),
    Fixed("matmul_mx", "tile.matmul_mx"),
    Fixed("matmul_mx_acc", "tile.matmul_mx_acc"),
    Fixed("matmul_mx_bias", "tile.matmul_mx_bias"),
    Fixed("gemv", "tile.gemv"),
    Fixed("gemv_acc", "tile.gemv_acc"),
    Fixed("gemv_bias", "tile.gemv_bias"),
    Fixed("aiv_shard", "tile.aiv_shard"),
    Fixed("aic_gather", "tile.aic_gather"),
    // Explicit tile forms whose wrapper differs from the IR schema.
    Params(Fixed("tile.full", "tile.full"), "shape,dtype,value"),
    // Explicit names upstream's modules define that are no IR op.
    WithFill(Fixed("tile.arange", "tile.ci"), DslFill::kStartTakesDtype),
    WithFill(Fixed("tile.mrgsort", "tile.mrgsort_format2"), DslFill::kMergeSort),
    // --- §a.3 tensor-only re-exports -------------------------------------------
    Fixed("create_tensor", "tensor.create"),
    WithFill(Fixed("arange", "tensor.ci"), DslFill::kStartTakesDtype),
    Params(Fixed("full", "tensor.full"), "shape,dtype,value"),
    WithFill(Fixed("tensor.arange", "tensor.ci"), DslFill::kStartTakesDtype),
    WithFill(Fixed("tensor.mrgsort", "tensor.mrgsort_format2"), DslFill::kMergeSort),
    Fixed("dim", "tensor.dim"),
    Fixed("expand_clone", "tensor.expand_clone"),
    WithFill(Params(Fixed("gather", "tensor.gather"), "input,dim,index"),
             DslFill::kGatherScatterForms),
    WithFill(Params(Fixed("scatter", "tensor.scatter"), "input,dim,index,src"),
             DslFill::kGatherScatterForms),
    Fixed("paged_gather", "tensor.paged_gather"),
    WithFill(Fixed("random", "tensor.random"), DslFill::kInt32Seeds),
    WithFill(Fixed("tensor.random", "tensor.random"), DslFill::kInt32Seeds),
    WithFill(Fixed("tile.random", "tile.random"), DslFill::kInt32Seeds),
    Fixed("create_l1", "tensor.create_l1"),
    Fixed("get_block_idx", "tensor.get_block_idx"),
    Fixed("get_block_num", "tensor.get_block_num"),
    Fixed("get_subblock_idx", "tensor.get_subblock_idx"),
    // --- §a.4 system re-exports ------------------------------------------------
    Fixed("tpush_to_aiv", "tile.tpush_to_aiv"),
    Fixed("tpush_to_aic", "tile.tpush_to_aic"),
    Fill(Fixed("tpop_from_aic", "tile.tpop_from_aic"), DslFill::kPopTypeVec),
    Fill(Fixed("tpop_from_aiv", "tile.tpop_from_aiv"), DslFill::kPopTypeMat),
    Fixed("tfree_to_aic", "system.tfree_to_aic"),
    Fixed("tfree_to_aiv", "system.tfree_to_aiv"),
    // A soft syncall's used_cores=N is an INT32 constant, and used_cores=0
    // ("derive it from the launch") no operand at all.
    IntLiterals(WithFill(Fixed("system.syncall", "system.syncall"), DslFill::kSyncall),
                "used_cores:INT32?"),
    Fixed("reserve_buffer", "system.reserve_buffer"),
    Fixed("import_peer_buffer", "system.import_peer_buffer"),
    ZeroArgs(Fixed("aic_initialize_pipe", "system.aic_initialize_pipe")),
    ZeroArgs(Fixed("aiv_initialize_pipe", "system.aiv_initialize_pipe")),
    // --- §f pld short forms ----------------------------------------------------
    WithFill(Fixed("pld.world_size", "pld.system.world_size"), DslFill::kHostOnly),
    Fixed("pld.get_comm_ctx", "pld.system.get_comm_ctx"),
    Fixed("pld.rank", "pld.system.rank"),
    Fixed("pld.nranks", "pld.system.nranks"),
    NameFromTarget(Fixed("pld.alloc_window_buffer", "pld.tensor.alloc_window_buffer")),
    Fixed("pld.window", "pld.tensor.window"),
    Fixed("pld.remote_load", "pld.tile.remote_load"),
    IntLiterals(
        MixesLevels(Same("pld.remote_store", "pld.tensor.remote_store", "pld.tile.remote_store")),
        "peer:INT32"),
    // Explicit pld forms whose wrapper places operands the schema cannot.
    IntLiterals(WithFill(Fixed("pld.tile.put", "pld.tile.put"), DslFill::kStagesThenRegion),
                "peer:INT32"),
    IntLiterals(WithFill(Fixed("pld.tile.get", "pld.tile.get"), DslFill::kStagesThenRegion),
                "peer:INT32"),
    // Explicit pld forms whose wrapper types a keyword's int (its
    // _normalize_expr with an INT32 int_dtype).
    IntLiterals(Fixed("pld.tensor.put", "pld.tensor.put"), "peer:INT32"),
    IntLiterals(Fixed("pld.tensor.get", "pld.tensor.get"), "peer:INT32"),
    IntLiterals(Fixed("pld.system.notify", "pld.system.notify"), "peer:INT32,value:INT32"),
    IntLiterals(Fixed("pld.system.wait", "pld.system.wait"), "expected:INT32"),
    IntLiterals(Fixed("pld.system.defer_wait", "pld.system.defer_wait"), "expected:INT32"),
};

struct Index {
  absl::flat_hash_map<absl::string_view, const DslOpRow*> by_name;
  absl::flat_hash_map<absl::string_view, const DslOpRow*> by_op;
};

const Index& GetIndex() {
  static const Index* index = [] {
    auto* ix = new Index;
    for (const DslOpRow& r : kRows) {
      ix->by_name.emplace(r.name, &r);
      for (absl::string_view op : {r.tensor, r.tensor_scalar, r.tile, r.tile_scalar, r.fixed}) {
        // The first row naming an op gives its rules (pl.add before pl.adds).
        if (!op.empty()) ix->by_op.emplace(op, &r);
      }
    }
    return ix;
  }();
  return *index;
}

}  // namespace

const DslOpRow* FindDslOp(absl::string_view name) {
  const auto& m = GetIndex().by_name;
  auto it = m.find(name);
  return it == m.end() ? nullptr : it->second;
}

const DslOpRow* FindDslRulesOf(absl::string_view op_name) {
  const auto& m = GetIndex().by_op;
  auto it = m.find(op_name);
  return it == m.end() ? nullptr : it->second;
}

int RestampedScalarArg(const DslOpRow& rules, ExprSpan args) {
  // Whether the op is the row's tile/tensor op or its scalar form, the slot
  // is the row's scalar operand; a tile or tensor there is no scalar.
  const int k = RestampedScalarArgIndex(rules);
  if (args.size() < 2 || k < 0 || static_cast<size_t>(k) >= args.size()) return -1;
  const auto* scalar = args[k]->type()->As<ScalarType>();
  return scalar != nullptr && scalar->dtype() == DataType::kIndex ? k : -1;
}

std::optional<IntLiteralRule> FindIntLiteralRule(const DslOpRow& row, absl::string_view param) {
  for (absl::string_view entry : absl::StrSplit(row.int_literals, ',', absl::SkipEmpty())) {
    size_t colon = entry.find(':');
    if (colon == absl::string_view::npos || entry.substr(0, colon) != param) continue;
    absl::string_view dtype = entry.substr(colon + 1);
    const bool zero_absent = absl::ConsumeSuffix(&dtype, "?");
    const bool positional_too = absl::ConsumeSuffix(&dtype, "!");
    std::optional<DataType> d = DataType::FromName(dtype);
    if (!d) return std::nullopt;  // dsl_ops_test checks every entry names a dtype
    return IntLiteralRule{*d, positional_too, zero_absent};
  }
  return std::nullopt;
}

absl::Span<const DslOpRow> DslOps() { return absl::MakeConstSpan(kRows); }

}  // namespace pto::ir::text
