// Op recipes for the tensor ops of issue #20: broadcast, elementwise
// additions (partial, fmod, cmp, bitwise), unary math, reductions, matmul,
// memory access (slice, assemble, write, dim, fillpad), creation (ci,
// random, block queries), gather, scatter, sort and transforms
// (ir/ops/tensor_*.cc). Internal to the program generator; see
// recipe_util.h.
//
// Each recipe finds a fitting tensor in scope or makes a fresh one of a
// shape the op accepts, so the op shows up often; the odd draw still probes
// a rejection.

#include <cstdint>
#include <optional>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "fuzz/gen/recipes/families.h"
#include "fuzz/gen/recipes/recipe_util.h"
#include "ir/attr.h"
#include "ir/context.h"
#include "ir/enums.h"
#include "ir/expr.h"

namespace pto::fuzz::recipes {
namespace {

using ir::AsConstInt;

constexpr DataType kFloat[] = {DataType::kFP16, DataType::kFP32};
constexpr DataType kInts[] = {DataType::kInt8, DataType::kInt16, DataType::kInt32,
                              DataType::kUInt8, DataType::kUInt16, DataType::kUInt32};
constexpr DataType kNotDTypes[] = {DataType::kInt16, DataType::kUInt16};
constexpr DataType kArith[] = {DataType::kInt16, DataType::kInt32, DataType::kFP16,
                               DataType::kFP32};

DataType PickOf(GenScope& s, absl::Span<const DataType> dtypes) { return s.Pick(dtypes); }

// A visible plain tensor of one of `dtypes` with a static shape of rank in
// [lo, hi], or a fresh one.
const Var* TensorIn(GenScope& s, absl::Span<const DataType> dtypes, int lo, int hi) {
  const Var* t = s.FindTensor([&](const TensorType* t) {
    return !t->IsDistributed() && In(t->dtype(), dtypes) && IsStatic(t) &&
           static_cast<int>(t->rank()) >= lo && static_cast<int>(t->rank()) <= hi;
  });
  if (t == nullptr || s.OneIn(3)) t = s.FreshTensor(s.Pick(dtypes), s.Shape(lo, hi));
  return t;
}

std::vector<int64_t> DimsOf(const Var* v) { return *StaticShape(TensorOf(v)->shape()); }

bool Unary(GenScope& s, absl::string_view op) {
  const Var* t = s.AnyTensor();
  return t != nullptr && s.TryOp(op, {t}) != nullptr;
}

bool UnaryIn(GenScope& s, absl::string_view op, absl::Span<const DataType> dtypes,
             bool high_precision) {
  const Var* t = TensorIn(s, dtypes, 1, 3);
  if (t == nullptr) return false;
  if (high_precision && s.OneIn(3)) {
    return s.TryOp(op, {t}, {{"high_precision", AttrValue::Bool(true)}}) != nullptr;
  }
  return s.TryOp(op, {t}) != nullptr;
}

bool Binary(GenScope& s, absl::string_view op) {
  const Var* lhs = s.AnyTensor();
  return lhs != nullptr && s.TryOp(op, {lhs, TensorPartner(s, lhs)}) != nullptr;
}

bool WithScalar(GenScope& s, absl::string_view op) {
  const Var* t = s.AnyTensor();
  return t != nullptr && s.TryOp(op, {t, ScalarOperand(s)}) != nullptr;
}

bool Cmp(GenScope& s) {
  const Var* lhs = s.AnyTensor();
  if (lhs == nullptr) return false;
  const Expr* rhs = s.Coin() ? static_cast<const Expr*>(TensorPartner(s, lhs)) : ScalarOperand(s);
  return s.TryOp("tensor.cmp", {lhs, rhs}, {{"cmp_type", AttrValue::Int(s.Int(0, 6))}}) !=
         nullptr;
}

bool Bitwise(GenScope& s, absl::string_view op) {
  const Var* lhs = TensorIn(s, kInts, 1, 3);
  if (lhs == nullptr) return false;
  const Var* rhs = s.Coin() ? s.FindOfType(lhs->type()) : lhs;
  return s.TryOp(op, {lhs, rhs == nullptr ? lhs : rhs}) != nullptr;
}

bool BitwiseScalar(GenScope& s, absl::string_view op) {
  const Var* lhs = TensorIn(s, kInts, 1, 3);
  if (lhs == nullptr) return false;
  const Expr* rhs = s.OneIn(4) ? ScalarOperand(s) : s.ctx().Index(s.Int(0, 7));
  return s.TryOp(op, {lhs, rhs}) != nullptr;
}

// A [M, N] tensor and its row ([M, 1]) or column ([1, N]) vector.
bool Expand(GenScope& s, absl::string_view op, bool row, bool same_dtype) {
  const Var* t = TensorIn(s, kArith, 2, 2);
  if (t == nullptr) return false;
  std::vector<int64_t> d = DimsOf(t);
  DataType vdt = same_dtype || s.Coin() ? TensorOf(t)->dtype() : PickOf(s, kArith);
  std::vector<int64_t> vshape = row ? std::vector<int64_t>{d[0], 1} : std::vector<int64_t>{1, d[1]};
  const Var* v = s.FreshTensor(vdt, vshape);
  return v != nullptr && s.TryOp(op, {t, v}) != nullptr;
}

bool ExpandClone(GenScope& s) {
  DataType dt = PickOf(s, kArith);
  int64_t a = s.Extent();
  int64_t b = s.Extent();
  int64_t n = s.Int(2, 4);
  int unit = s.Int(0, 2);
  std::vector<int64_t> target = {n, a, b};
  std::vector<int64_t> src = target;
  src[unit] = 1;
  const Var* in = s.FreshTensor(dt, src);
  const Var* tg = s.FreshTensor(dt, target);
  return in != nullptr && tg != nullptr && s.TryOp("tensor.expand_clone", {in, tg}) != nullptr;
}

bool Reduce(GenScope& s, absl::string_view op) {
  const Var* t = TensorIn(s, kArith, 2, 3);
  if (t == nullptr) return false;
  if (s.OneIn(3)) {
    int rank = static_cast<int>(TensorOf(t)->rank());
    return s.TryOp(op, {t},
                   {{"axis", AttrValue::Int(s.Int(-rank, rank - 1))},
                    {"keep_dim", AttrValue::Bool(s.Coin())}}) != nullptr;
  }
  return s.TryOp(op, {t}) != nullptr;
}

std::vector<NamedAttr> TransKwargs(GenScope& s, bool* a_trans, bool* b_trans) {
  *a_trans = s.OneIn(4);
  *b_trans = s.OneIn(4);
  return {{"a_trans", AttrValue::Bool(*a_trans)}, {"b_trans", AttrValue::Bool(*b_trans)}};
}

bool Matmul(GenScope& s) {
  int64_t m = s.Extent(), k = s.Extent(), n = s.Extent();
  bool at, bt;
  std::vector<NamedAttr> kw = TransKwargs(s, &at, &bt);
  kw.push_back({"c_matrix_nz", AttrValue::Bool(false)});
  if (s.Coin()) kw.push_back({"out_dtype", AttrValue::DType(DataType::kFP32)});
  const Var* a = s.FreshTensor(DataType::kFP16, at ? std::vector<int64_t>{k, m}
                                                    : std::vector<int64_t>{m, k});
  const Var* b = s.FreshTensor(DataType::kFP16, bt ? std::vector<int64_t>{n, k}
                                                    : std::vector<int64_t>{k, n});
  return a != nullptr && b != nullptr && s.TryOp("tensor.matmul", {a, b}, kw) != nullptr;
}

bool MatmulAcc(GenScope& s) {
  int64_t m = s.Extent(), k = s.Extent(), n = s.Extent();
  bool at, bt;
  std::vector<NamedAttr> kw = TransKwargs(s, &at, &bt);
  const Var* c = s.FreshTensor(DataType::kFP32, std::vector<int64_t>{m, n});
  const Var* a = s.FreshTensor(DataType::kBF16, at ? std::vector<int64_t>{k, m}
                                                    : std::vector<int64_t>{m, k});
  const Var* b = s.FreshTensor(DataType::kBF16, bt ? std::vector<int64_t>{n, k}
                                                    : std::vector<int64_t>{k, n});
  if (c == nullptr || a == nullptr || b == nullptr) return false;
  return s.TryOp("tensor.matmul_acc", {c, a, b}, kw) != nullptr;
}

// A window of `t`: per dim an extent in [1, dim] at an offset that fits.
void Window(GenScope& s, const std::vector<int64_t>& d, std::vector<int64_t>* shape,
            std::vector<int64_t>* offset) {
  for (int64_t n : d) {
    int64_t e = s.Int64(1, n);
    shape->push_back(e);
    offset->push_back(s.Int64(0, n - e));
  }
}

bool Slice(GenScope& s) {
  const Var* t = s.FindTensor([](const TensorType* t) { return IsStatic(t) && t->rank() >= 1; });
  if (t == nullptr) t = s.FreshTensor(s.AnyDType(), s.Shape(1, 3));
  if (t == nullptr) return false;
  std::vector<int64_t> shape, offset;
  Window(s, DimsOf(t), &shape, &offset);
  std::vector<NamedAttr> kw;
  if (s.OneIn(4)) kw.push_back({"pad_value", AttrValue::Enum(ir::PadValue::kZero)});
  if (s.OneIn(4)) kw.push_back({"clamp", AttrValue::Bool(true)});
  const Expr* args[] = {t, s.IndexList(shape), s.IndexList(offset)};
  return s.TryOp("tensor.slice", args, kw) != nullptr;
}

bool Assemble(GenScope& s) {
  const Var* t = TensorIn(s, kArith, 1, 3);
  if (t == nullptr) return false;
  std::vector<int64_t> shape, offset;
  Window(s, DimsOf(t), &shape, &offset);
  const Var* src = s.FreshTensor(TensorOf(t)->dtype(), shape);
  if (src == nullptr) return false;
  const Expr* args[] = {t, src, s.IndexList(offset)};
  if (s.OneIn(4)) {
    NamedAttr kw[] = {{"atomic", AttrValue::Enum(ir::AtomicType::kAdd)}};
    return s.TryOp("tensor.assemble", args, kw) != nullptr;
  }
  return s.TryOp("tensor.assemble", args, {}) != nullptr;
}

bool Write(GenScope& s) {
  const Var* t = TensorIn(s, kArith, 1, 3);
  if (t == nullptr) return false;
  const TensorType* tt = TensorOf(t);
  return s.TryOp("tensor.write", {t, Coordinates(s, tt), s.Literal(tt->dtype())}) != nullptr;
}

bool Dim(GenScope& s) {
  const Var* t = s.AnyTensor();
  if (t == nullptr) return false;
  const TensorType* tt = TensorOf(t);
  int rank = static_cast<int>(tt->rank());
  int axis = s.Int(-rank, rank);
  // An Orchestration body's tensor.dim of a dynamic dim reads back as the
  // dim's symbol (the parser's fold), so the generator never builds one.
  if (s.function_type() == ir::FunctionType::kOrchestration && axis >= -rank && axis < rank &&
      tt->shape()[axis < 0 ? axis + rank : axis]->As<ir::ConstInt>() == nullptr) {
    return false;
  }
  return s.TryOp("tensor.dim", {t, s.ctx().Index(axis)}) != nullptr;
}

ir::PadValue FillPad(GenScope& s) {
  return s.Pick<ir::PadValue>({ir::PadValue::kZero, ir::PadValue::kMax, ir::PadValue::kMin});
}

bool Fillpad(GenScope& s) {
  const Var* t = TensorIn(s, kArith, 1, 3);
  return t != nullptr &&
         s.TryOp("tensor.fillpad", {t}, {{"pad_value", AttrValue::Enum(FillPad(s))}}) != nullptr;
}

bool FillpadExpand(GenScope& s) {
  const Var* t = TensorIn(s, kArith, 1, 3);
  if (t == nullptr) return false;
  std::vector<int64_t> d = DimsOf(t);
  for (int64_t& n : d) n += s.Int(0, 16);
  return s.TryOp("tensor.fillpad_expand", {t, s.IndexList(d)},
                 {{"pad_value", AttrValue::Enum(FillPad(s))}}) != nullptr;
}

bool Ci(GenScope& s) {
  DataType dt = s.Pick<DataType>({DataType::kInt32, DataType::kInt16});
  std::vector<int64_t> shape = {1, s.Int(2, 64)};
  return s.TryOp("tensor.ci", {s.Literal(dt), s.IndexList(shape)},
                 {{"dtype", AttrValue::DType(dt)}, {"descending", AttrValue::Bool(s.Coin())}}) !=
         nullptr;
}

bool Random(GenScope& s) {
  std::vector<const Expr*> args;
  for (int i = 0; i < 6; ++i) args.push_back(s.Literal(DataType::kInt32));
  args.push_back(s.IndexList(Shape2D(s)));
  NamedAttr kw[] = {{"dtype", AttrValue::DType(s.Coin() ? DataType::kUInt32 : DataType::kInt32)},
                    {"rounds", AttrValue::Int(s.Coin() ? 7 : 10)}};
  return s.TryOp("tensor.random", args, kw) != nullptr;
}

bool NoArgs(GenScope& s, absl::string_view op) {
  return s.TryOp(op, absl::Span<const Expr* const>(), {}) != nullptr;
}

bool Gather(GenScope& s) {
  int64_t m = s.Extent(), n = s.Extent();
  const Var* x = s.FreshTensor(PickOf(s, kArith), std::vector<int64_t>{m, n});
  const Var* idx = s.FreshTensor(DataType::kInt32, std::vector<int64_t>{m, s.Int64(1, n)});
  return x != nullptr && idx != nullptr &&
         s.TryOp("tensor.gather", {x, idx}, {{"dim", AttrValue::Int(s.Coin() ? 1 : -1)}}) !=
             nullptr;
}

bool GatherMask(GenScope& s) {
  std::vector<int64_t> shape = {s.Extent(), 4 * s.Int(1, 8)};
  const Var* x = s.FreshTensor(PickOf(s, kArith), shape);
  return x != nullptr &&
         s.TryOp("tensor.gather_mask", {x}, {{"mask_pattern", AttrValue::Int(s.Int(1, 7))}}) !=
             nullptr;
}

bool GatherCompare(GenScope& s) {
  DataType dt = PickOf(s, kArith);
  const Var* x = s.FreshTensor(dt, Shape2D(s));
  if (x == nullptr) return false;
  NamedAttr kw[] = {{"cmp_mode", AttrValue::Int(s.Int(0, 5))},
                    {"offset", AttrValue::Int(0)},
                    {"out_cols", AttrValue::Int(s.Int(1, 32))}};
  const Expr* args[] = {x, s.Literal(dt)};
  return s.TryOp("tensor.gather_compare", args, kw) != nullptr;
}

bool PagedGather(GenScope& s) {
  int64_t cols = s.Extent();
  const Var* kv = s.FreshTensor(DataType::kFP16, std::vector<int64_t>{s.Extent(), cols});
  const Var* idx = s.FreshTensor(DataType::kInt32, std::vector<int64_t>{1, s.Extent()});
  const Var* table = s.FreshTensor(DataType::kInt32, std::vector<int64_t>{s.Extent()});
  if (kv == nullptr || idx == nullptr || table == nullptr) return false;
  NamedAttr kw[] = {{"block_size", AttrValue::Int(s.Int(1, 128))},
                    {"size", AttrValue::Int(s.Int64(1, cols))},
                    {"max_indices", AttrValue::Int(s.Int(1, 64))},
                    {"is_trans", AttrValue::Bool(s.Coin())}};
  const Expr* args[] = {kv, idx, table};
  return s.TryOp("tensor.paged_gather", args, kw) != nullptr;
}

bool CreateL1(GenScope& s) {
  return s.TryOp("tensor.create_l1", {s.IndexList(Shape2D(s))},
                 {{"dtype", AttrValue::DType(PickOf(s, kFloat))}}) != nullptr;
}

bool GatherRow(GenScope& s) {
  int64_t cols = s.Extent();
  DataType dt = PickOf(s, kFloat);
  const Var* acc = s.FreshTensor(dt, std::vector<int64_t>{s.Extent(), cols});
  const Var* src = s.FreshTensor(dt, std::vector<int64_t>{s.Extent(), cols});
  if (acc == nullptr || src == nullptr) return false;
  std::vector<int64_t> zero = {0, 0};
  std::vector<int64_t> shapes = {1, cols};
  const Expr* args[] = {acc, src, s.IndexList(zero), s.IndexList(zero), s.IndexList(shapes)};
  return s.TryOp("tensor.gather_row", args, {}) != nullptr;
}

bool Scatter(GenScope& s) {
  int64_t m = s.Extent(), n = s.Extent();
  int64_t k = s.Int64(1, n);
  const Var* x = s.FreshTensor(DataType::kFP32, std::vector<int64_t>{m, n});
  const Var* idx = s.FreshTensor(DataType::kInt32, std::vector<int64_t>{m, k});
  const Var* src = s.FreshTensor(DataType::kFP32, std::vector<int64_t>{m, k});
  if (x == nullptr || idx == nullptr || src == nullptr) return false;
  return s.TryOp("tensor.scatter", {x, idx, src}, {{"dim", AttrValue::Int(-1)}}) != nullptr;
}

bool ScatterMask(GenScope& s) {
  int64_t m = s.Extent(), n = s.Extent();
  const Var* x = s.FreshTensor(DataType::kFP16, std::vector<int64_t>{m, n});
  const Var* dst = s.FreshTensor(DataType::kFP16, std::vector<int64_t>{m, 2 * n});
  return x != nullptr && dst != nullptr &&
         s.TryOp("tensor.scatter_mask", {x, dst}, {{"mask_pattern", AttrValue::Int(1)}}) !=
             nullptr;
}

bool ScatterUpdate(GenScope& s) {
  int64_t b = s.Int(1, 4), q = s.Int(1, 4), d = s.Extent();
  const Var* x = s.FreshTensor(DataType::kBF16, std::vector<int64_t>{s.Extent(), d});
  const Var* idx = s.FreshTensor(DataType::kInt32, std::vector<int64_t>{b, q});
  const Var* src = s.FreshTensor(DataType::kBF16, std::vector<int64_t>{b * q, d});
  return x != nullptr && idx != nullptr && src != nullptr &&
         s.TryOp("tensor.scatter_update", {x, idx, src}) != nullptr;
}

bool Sort32(GenScope& s) {
  std::vector<int64_t> shape = {1, 32 * s.Int(1, 4)};
  const Var* x = s.FreshTensor(PickOf(s, kFloat), shape);
  const Var* idx = s.FreshTensor(DataType::kUInt32, shape);
  return x != nullptr && idx != nullptr && s.TryOp("tensor.sort32", {x, idx}) != nullptr;
}

bool MrgSort1(GenScope& s) {
  const Var* x = s.FreshTensor(PickOf(s, kFloat), std::vector<int64_t>{1, 64 * s.Int(1, 4)});
  return x != nullptr &&
         s.TryOp("tensor.mrgsort_format1", {x, s.ctx().Index(64 * s.Int(1, 2))}) != nullptr;
}

bool MrgSort2(GenScope& s) {
  DataType dt = PickOf(s, kFloat);
  std::vector<const Expr*> args;
  int n = s.Int(2, 4);
  for (int i = 0; i < n; ++i) {
    const Var* x = s.FreshTensor(dt, std::vector<int64_t>{1, s.Extent()});
    if (x == nullptr) return false;
    args.push_back(x);
  }
  NamedAttr kw[] = {{"exhausted", AttrValue::Bool(s.Coin())}};
  return s.TryOp("tensor.mrgsort_format2", args, kw) != nullptr;
}

bool Reshape(GenScope& s) {
  const Var* t = TensorIn(s, kArith, 1, 3);
  if (t == nullptr) return false;
  int64_t total = 1;
  for (int64_t n : DimsOf(t)) total *= n;
  std::vector<int64_t> shape = s.Coin() ? std::vector<int64_t>{1, total}
                                        : std::vector<int64_t>{total};
  return s.TryOp("tensor.reshape", {t, s.IndexList(shape)}) != nullptr;
}

bool Transpose(GenScope& s) {
  const Var* t = TensorIn(s, kArith, 2, 3);
  if (t == nullptr) return false;
  int rank = static_cast<int>(TensorOf(t)->rank());
  int a = s.Int(0, rank - 1);
  int b = s.Int(0, rank - 1);
  return s.TryOp("tensor.transpose", {t, s.ctx().Index(a), s.ctx().Index(b)}) != nullptr;
}

bool Concat(GenScope& s) {
  DataType dt = PickOf(s, kArith);
  int64_t m = s.Extent();
  const Var* a = s.FreshTensor(dt, std::vector<int64_t>{m, s.Extent()});
  const Var* b = s.FreshTensor(dt, std::vector<int64_t>{m, s.Extent()});
  return a != nullptr && b != nullptr && s.TryOp("tensor.concat", {a, b}) != nullptr;
}

bool SetValidShape(GenScope& s) {
  const Var* t = TensorIn(s, kArith, 2, 2);
  if (t == nullptr) return false;
  std::vector<int64_t> d = DimsOf(t);
  return s.TryOp("tensor.set_validshape",
                 {t, IndexOperand(s, 1, d[0]), IndexOperand(s, 1, d[1])}) != nullptr;
}

constexpr OpRecipe kRecipes[] = {
    PTO_RECIPE("tensor.abs", Unary, "tensor.abs"),
    PTO_RECIPE("tensor.and", Bitwise, "tensor.and"),
    PTO_RECIPE("tensor.ands", BitwiseScalar, "tensor.ands"),
    PTO_RECIPE("tensor.assemble", Assemble),
    PTO_RECIPE("tensor.ci", Ci),
    PTO_RECIPE("tensor.cmp", Cmp),
    PTO_RECIPE("tensor.col_argmax", Reduce, "tensor.col_argmax"),
    PTO_RECIPE("tensor.col_argmin", Reduce, "tensor.col_argmin"),
    PTO_RECIPE("tensor.col_expand", Expand, "tensor.col_expand", false, false),
    PTO_RECIPE("tensor.col_expand_add", Expand, "tensor.col_expand_add", false, false),
    PTO_RECIPE("tensor.col_expand_div", Expand, "tensor.col_expand_div", false, false),
    PTO_RECIPE("tensor.col_expand_expdif", Expand, "tensor.col_expand_expdif", false, false),
    PTO_RECIPE("tensor.col_expand_max", Expand, "tensor.col_expand_max", false, false),
    PTO_RECIPE("tensor.col_expand_min", Expand, "tensor.col_expand_min", false, false),
    PTO_RECIPE("tensor.col_expand_mul", Expand, "tensor.col_expand_mul", false, false),
    PTO_RECIPE("tensor.col_expand_sub", Expand, "tensor.col_expand_sub", false, false),
    PTO_RECIPE("tensor.col_max", Reduce, "tensor.col_max"),
    PTO_RECIPE("tensor.col_min", Reduce, "tensor.col_min"),
    PTO_RECIPE("tensor.col_prod", Reduce, "tensor.col_prod"),
    PTO_RECIPE("tensor.col_sum", Reduce, "tensor.col_sum"),
    PTO_RECIPE("tensor.concat", Concat),
    PTO_RECIPE("tensor.create_l1", CreateL1),
    PTO_RECIPE("tensor.dim", Dim),
    PTO_RECIPE("tensor.exp", UnaryIn, "tensor.exp", kArith, false),
    PTO_RECIPE("tensor.expand_clone", ExpandClone),
    PTO_RECIPE("tensor.expands", WithScalar, "tensor.expands"),
    PTO_RECIPE("tensor.fillpad", Fillpad),
    PTO_RECIPE("tensor.fillpad_expand", FillpadExpand),
    PTO_RECIPE("tensor.fmod", Binary, "tensor.fmod"),
    PTO_RECIPE("tensor.fmods", WithScalar, "tensor.fmods"),
    PTO_RECIPE("tensor.gather", Gather),
    PTO_RECIPE("tensor.gather_compare", GatherCompare),
    PTO_RECIPE("tensor.gather_mask", GatherMask),
    PTO_RECIPE("tensor.gather_row", GatherRow),
    PTO_RECIPE("tensor.get_block_idx", NoArgs, "tensor.get_block_idx"),
    PTO_RECIPE("tensor.get_block_num", NoArgs, "tensor.get_block_num"),
    PTO_RECIPE("tensor.get_subblock_idx", NoArgs, "tensor.get_subblock_idx"),
    PTO_RECIPE("tensor.log", UnaryIn, "tensor.log", kFloat, true),
    PTO_RECIPE("tensor.matmul", Matmul),
    PTO_RECIPE("tensor.matmul_acc", MatmulAcc),
    PTO_RECIPE("tensor.mrgsort_format1", MrgSort1),
    PTO_RECIPE("tensor.mrgsort_format2", MrgSort2),
    PTO_RECIPE("tensor.neg", Unary, "tensor.neg"),
    PTO_RECIPE("tensor.not", UnaryIn, "tensor.not", kNotDTypes, false),
    PTO_RECIPE("tensor.or", Bitwise, "tensor.or"),
    PTO_RECIPE("tensor.ors", BitwiseScalar, "tensor.ors"),
    PTO_RECIPE("tensor.paged_gather", PagedGather),
    PTO_RECIPE("tensor.part_add", Binary, "tensor.part_add"),
    PTO_RECIPE("tensor.part_max", Binary, "tensor.part_max"),
    PTO_RECIPE("tensor.part_min", Binary, "tensor.part_min"),
    PTO_RECIPE("tensor.part_mul", Binary, "tensor.part_mul"),
    PTO_RECIPE("tensor.random", Random),
    PTO_RECIPE("tensor.recip", UnaryIn, "tensor.recip", kArith, true),
    PTO_RECIPE("tensor.reshape", Reshape),
    PTO_RECIPE("tensor.row_argmax", Reduce, "tensor.row_argmax"),
    PTO_RECIPE("tensor.row_argmin", Reduce, "tensor.row_argmin"),
    PTO_RECIPE("tensor.row_expand", Expand, "tensor.row_expand", true, false),
    PTO_RECIPE("tensor.row_expand_add", Expand, "tensor.row_expand_add", true, true),
    PTO_RECIPE("tensor.row_expand_div", Expand, "tensor.row_expand_div", true, false),
    PTO_RECIPE("tensor.row_expand_expdif", Expand, "tensor.row_expand_expdif", true, false),
    PTO_RECIPE("tensor.row_expand_max", Expand, "tensor.row_expand_max", true, false),
    PTO_RECIPE("tensor.row_expand_min", Expand, "tensor.row_expand_min", true, false),
    PTO_RECIPE("tensor.row_expand_mul", Expand, "tensor.row_expand_mul", true, false),
    PTO_RECIPE("tensor.row_expand_sub", Expand, "tensor.row_expand_sub", true, false),
    PTO_RECIPE("tensor.row_max", Reduce, "tensor.row_max"),
    PTO_RECIPE("tensor.row_min", Reduce, "tensor.row_min"),
    PTO_RECIPE("tensor.row_prod", Reduce, "tensor.row_prod"),
    PTO_RECIPE("tensor.row_sum", Reduce, "tensor.row_sum"),
    PTO_RECIPE("tensor.rsqrt", UnaryIn, "tensor.rsqrt", kArith, true),
    PTO_RECIPE("tensor.scatter", Scatter),
    PTO_RECIPE("tensor.scatter_mask", ScatterMask),
    PTO_RECIPE("tensor.scatter_update", ScatterUpdate),
    PTO_RECIPE("tensor.set_validshape", SetValidShape),
    PTO_RECIPE("tensor.shl", Bitwise, "tensor.shl"),
    PTO_RECIPE("tensor.shls", BitwiseScalar, "tensor.shls"),
    PTO_RECIPE("tensor.shr", Bitwise, "tensor.shr"),
    PTO_RECIPE("tensor.shrs", BitwiseScalar, "tensor.shrs"),
    PTO_RECIPE("tensor.slice", Slice),
    PTO_RECIPE("tensor.sort32", Sort32),
    PTO_RECIPE("tensor.sqrt", UnaryIn, "tensor.sqrt", kArith, false),
    PTO_RECIPE("tensor.transpose", Transpose),
    PTO_RECIPE("tensor.write", Write),
    PTO_RECIPE("tensor.xor", Bitwise, "tensor.xor"),
    PTO_RECIPE("tensor.xors", BitwiseScalar, "tensor.xors"),
};

}  // namespace

absl::Span<const OpRecipe> TensorOpRecipes() { return kRecipes; }

}  // namespace pto::fuzz::recipes
