// Tensor gathers: tensor.gather (index form along any axis of a rank >= 2
// input), tensor.gather_mask (columns chosen by a fixed mask pattern),
// tensor.gather_compare (per-row indices of elements passing a threshold,
// with per-row counts: a pair of tensors), and the paged-KV ops
// tensor.paged_gather (rows through a block table straight into L1/UB),
// tensor.create_l1 (an on-chip accumulator) and tensor.gather_row (one GM
// row window into it; writes the accumulator).
//
//   g = pl.tensor.gather(x, dim=1, index=idx)
//   h = pl.tensor.gather_mask(x, mask_pattern=1)              # [M, N] -> [M, N/2]
//   idx, cnt = pl.tensor.gather_compare(x, k, cmp_mode=4, offset=0, out_cols=8)
//   acc = pl.tensor.gather_row(acc, kv, [r, 0], [p, 0], [1, 128])

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

constexpr DataType kGatherDTypes[] = {DataType::kFP16, DataType::kFP32, DataType::kInt16,
                                      DataType::kInt32};
constexpr DataType kPagedDTypes[] = {DataType::kFP16, DataType::kBF16, DataType::kFP32,
                                     DataType::kInt8};

absl::StatusOr<const TensorType*> ExpectPlainTensor(const DeduceContext& dc, size_t i) {
  PTO_ASSIGN_OR_RETURN(const TensorType* t, ExpectTensor(dc, i));
  if (t->IsDistributed()) return dc.Error("does not take a DistributedTensorType");
  return t;
}

int64_t IntKwarg(const DeduceContext& dc, absl::string_view name) {
  return dc.FindKwarg(name)->int_value();
}

absl::StatusOr<const Type*> DeduceGather(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* input, ExpectPlainTensor(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, input->dtype(), kGatherDTypes, "input dtype"));
  PTO_ASSIGN_OR_RETURN(const TensorType* index, ExpectPlainTensor(dc, 1));
  bool input_16bit = input->dtype() == DataType::kFP16 || input->dtype() == DataType::kInt16;
  if (index->dtype() != DataType::kInt32 &&
      !(index->dtype() == DataType::kInt16 && input_16bit)) {
    return dc.Error(absl::StrCat("needs INT32 indices, or INT16 indices with a 16-bit input; got ",
                                 index->dtype().name(), " indices with ", input->dtype().name(),
                                 " input"));
  }
  int64_t rank = static_cast<int64_t>(input->rank());
  if (rank < 2) return dc.Error(absl::StrCat("needs rank >= 2, got rank ", rank));
  if (static_cast<int64_t>(index->rank()) != rank) {
    return dc.Error(
        absl::StrCat("index rank ", index->rank(), " must match the input rank ", rank));
  }
  int64_t dim = IntKwarg(dc, "dim");
  int64_t axis = dim < 0 ? dim + rank : dim;
  if (axis < 0 || axis >= rank) {
    return dc.Error(absl::StrCat("dim must be in [", -rank, ", ", rank - 1, "], got ", dim));
  }
  for (int64_t d = 0; d < rank; ++d) {
    if (d == axis) continue;
    std::optional<int64_t> i = AsConstInt(index->shape()[d]);
    std::optional<int64_t> n = AsConstInt(input->shape()[d]);
    if (i && n && *i > *n) {
      return dc.Error(absl::StrCat("index dimension ", d, " (", *i,
                                   ") exceeds the input dimension (", *n, ")"));
    }
  }
  return MakeTensor(dc, input->dtype(), index->shape(), TensorView{});
}

// Patterns 1-2 keep every other column, 3-6 every fourth, 7 all of them.
absl::StatusOr<const Type*> DeduceGatherMask(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* input, ExpectPlainTensor(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, input->dtype(), kGatherDTypes, "input dtype"));
  if (input->rank() != 2) {
    return dc.Error(absl::StrCat("needs a 2-D input, got rank ", input->rank()));
  }
  int64_t pattern = IntKwarg(dc, "mask_pattern");
  if (pattern < 1 || pattern > 7) {
    return dc.Error(absl::StrCat("mask_pattern must be in [1, 7], got ", pattern));
  }
  const Expr* cols = input->shape()[1];
  if (pattern != 7) {
    int64_t divisor = pattern <= 2 ? 2 : 4;
    if (std::optional<int64_t> c = AsConstInt(cols); c && *c % divisor != 0) {
      return dc.Error(absl::StrCat("mask_pattern ", pattern, " needs a column count divisible by ",
                                   divisor, ", got ", *c));
    }
    cols = FloorDivExtent(dc.ctx(), cols, divisor);
  }
  DataType dtype = input->dtype();
  if (const AttrValue* out = dc.FindKwarg("output_dtype")) {
    if (out->dtype().bits() != dtype.bits()) {
      return dc.Error(absl::StrCat("output_dtype ", out->dtype().name(),
                                   " must have the input's bit width (", dtype.name(), ")"));
    }
    dtype = out->dtype();
  }
  const Expr* shape[] = {input->shape()[0], cols};
  return MakeTensor(dc, dtype, shape, TensorView{});
}

// (INT32 indices [rows, out_cols], counts [1, rows] of count_dtype).
absl::StatusOr<const Type*> DeduceGatherCompare(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* input, ExpectPlainTensor(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, input->dtype(), kGatherDTypes, "input dtype"));
  if (input->rank() != 2) {
    return dc.Error(absl::StrCat("needs a 2-D input, got rank ", input->rank()));
  }
  PTO_ASSIGN_OR_RETURN(const ScalarType* kvalue, ExpectScalar(dc, 1));
  if (kvalue->dtype() != input->dtype()) {
    return dc.Error(absl::StrCat("kvalue dtype ", kvalue->dtype().name(),
                                 " must equal the input dtype ", input->dtype().name()));
  }
  int64_t cmp_mode = IntKwarg(dc, "cmp_mode");
  if (cmp_mode < 0 || cmp_mode > 5) {
    return dc.Error(absl::StrCat("cmp_mode must be in [0, 5] (eq/ne/lt/le/gt/ge), got ", cmp_mode));
  }
  int64_t out_cols = IntKwarg(dc, "out_cols");
  if (out_cols <= 0) return dc.Error(absl::StrCat("out_cols must be > 0, got ", out_cols));
  DataType count = DataType::kInt32;
  if (const AttrValue* c = dc.FindKwarg("count_dtype")) count = c->dtype();
  PTO_RETURN_IF_ERROR(
      ExpectDType(dc, count, {DataType::kInt32, DataType::kUInt32}, "count_dtype"));
  Context& ctx = dc.ctx();
  const Expr* rows = input->shape()[0];
  const Expr* dst_shape[] = {rows, ctx.Index(out_cols)};
  const Expr* cnt_shape[] = {ctx.Index(1), rows};
  PTO_ASSIGN_OR_RETURN(const TensorType* dst,
                       MakeTensor(dc, DataType::kInt32, dst_shape, TensorView{}));
  PTO_ASSIGN_OR_RETURN(const TensorType* cnt, MakeTensor(dc, count, cnt_shape, TensorView{}));
  const Type* elements[] = {dst, cnt};
  return ctx.GetTupleType(elements);
}

// A 1-D or [1, n] INT32 tensor (indices, block table).
absl::Status ExpectInt32Row(const DeduceContext& dc, size_t i, absl::string_view what) {
  PTO_ASSIGN_OR_RETURN(const TensorType* t, ExpectPlainTensor(dc, i));
  PTO_RETURN_IF_ERROR(
      ExpectDType(dc, t->dtype(), {DataType::kInt32}, absl::StrCat(what, " dtype")));
  if (t->rank() != 1 && (t->rank() != 2 || AsConstInt(t->shape()[0]) != 1)) {
    return dc.Error(absl::StrCat(what, " must be 1-D or [1, n], got shape ",
                                 FormatShape(t->shape())));
  }
  return absl::OkStatus();
}

absl::StatusOr<const Type*> DeducePagedGather(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* src, ExpectPlainTensor(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, src->dtype(), kPagedDTypes, "src dtype"));
  if (src->rank() != 2) return dc.Error(absl::StrCat("needs a 2-D src, got rank ", src->rank()));
  PTO_RETURN_IF_ERROR(ExpectInt32Row(dc, 1, "indices"));
  PTO_RETURN_IF_ERROR(ExpectInt32Row(dc, 2, "block_table"));
  for (absl::string_view name : {"block_size", "size", "max_indices"}) {
    if (int64_t v = IntKwarg(dc, name); v <= 0) {
      return dc.Error(absl::StrCat(name, " must be > 0, got ", v));
    }
  }
  int64_t size = IntKwarg(dc, "size");
  int64_t col_off = IntKwarg(dc, "col_off");
  if (col_off < 0) return dc.Error(absl::StrCat("col_off must be >= 0, got ", col_off));
  bool is_trans = dc.FindKwarg("is_trans")->bool_value();
  if (is_trans && dc.FindKwarg("space")->As<MemorySpace>() != MemorySpace::kMat) {
    return dc.Error("is_trans=True needs space=Mat");
  }
  if (std::optional<int64_t> cols = AsConstInt(src->shape()[1]); cols && col_off + size > *cols) {
    return dc.Error(absl::StrCat("col_off + size (", col_off + size, ") exceeds the src columns (",
                                 *cols, ")"));
  }
  Context& ctx = dc.ctx();
  const Expr* rows = ctx.Index(IntKwarg(dc, "max_indices"));
  const Expr* cols = ctx.Index(size);
  const Expr* shape[] = {is_trans ? cols : rows, is_trans ? rows : cols};
  return MakeTensor(dc, src->dtype(), shape, TensorView{});
}

absl::StatusOr<const Type*> DeduceCreateL1(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(DimVec shape, ExpectStaticShape(dc, 0));
  PTO_ASSIGN_OR_RETURN(DataType dtype, RequireDTypeKwarg(dc, "dtype"));
  return MakeTensor(dc, dtype, shape, TensorView{});
}

absl::StatusOr<const Type*> DeduceGatherRow(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* acc, ExpectPlainTensor(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TensorType* src, ExpectPlainTensor(dc, 1));
  if (acc->dtype() != src->dtype()) {
    return dc.Error(absl::StrCat("needs acc and src of one dtype, got ", acc->dtype().name(),
                                 " and ", src->dtype().name()));
  }
  for (size_t i : {size_t{2}, size_t{3}}) {
    PTO_ASSIGN_OR_RETURN(ExprSpan offset, ExpectTuple(dc, i));
    PTO_RETURN_IF_ERROR(ExpectIntegerScalars(dc, offset, dc.op().args()[i].name));
  }
  PTO_ASSIGN_OR_RETURN(ExprSpan shapes, ExpectTuple(dc, 4));
  for (size_t i = 0; i < shapes.size(); ++i) {
    if (!AsConstInt(shapes[i])) {
      return dc.Error(absl::StrCat("shapes[", i, "] must be an int constant (it sizes the "
                                   "subview); pass a runtime extent through valid_shape"));
    }
  }
  if (dc.num_args() > 5) {
    PTO_ASSIGN_OR_RETURN(ExprSpan valid, ExpectTuple(dc, 5));
    if (valid.size() != shapes.size()) {
      return dc.Error(absl::StrCat("valid_shape rank ", valid.size(),
                                   " must match the shapes rank ", shapes.size()));
    }
    PTO_RETURN_IF_ERROR(ExpectIntegerScalars(dc, valid, "valid_shape"));
    // Upstream's deducer rejects a valid extent provably past the copied one.
    for (size_t i = 0; i < valid.size(); ++i) {
      if (ProveLessEqual(valid[i], shapes[i]) == Proof::kFalse) {
        return dc.Error(absl::StrCat("valid_shape[", i, "] = ", FormatExpr(valid[i]),
                                     " provably exceeds physical shape extent ",
                                     FormatExpr(shapes[i])));
      }
    }
    if (dc.FindKwarg("transpose")->bool_value()) {
      for (const Expr* e : valid) {
        if (!AsConstInt(e)) {
          return dc.Error("does not support a dynamic valid_shape with transpose=True");
        }
      }
    }
  }
  return acc;
}

}  // namespace

void RegisterTensorGatherOps(OpRegistry& registry) {
  registry.Register("tensor.gather")
      .Category(OpCategory::kTensor)
      .Doc("Gathers input elements along dim at the positions an index tensor gives.")
      .Arg("input")
      // Printed `dim=.., index=..`: the DSL's gather(input, dim, index)
      // reads a positional index as dim (upstream's own print does not
      // read back).
      .NamedArg("index")
      .Kwarg("dim", AttrKind::kInt)
      .Deduce(DeduceGather);
  registry.Register("tensor.gather_mask")
      .Category(OpCategory::kTensor)
      .Doc("Compacts each row of a 2-D tensor to the columns a fixed mask pattern selects.")
      .Arg("input")
      .KeywordOnly()
      .Kwarg("mask_pattern", AttrKind::kInt)
      .OptionalKwarg("output_dtype", AttrKind::kDataType)
      .Deduce(DeduceGatherMask);
  registry.Register("tensor.gather_compare")
      .Category(OpCategory::kTensor)
      .Doc("Per row of a 2-D tensor, the indices of elements passing a comparison with kvalue "
           "and their count.")
      .Arg("input")
      .Arg("kvalue")
      .KeywordOnly()
      .Kwarg("cmp_mode", AttrKind::kInt)
      .Kwarg("offset", AttrKind::kInt, AttrValue::Int(0))
      .Kwarg("out_cols", AttrKind::kInt)
      .OptionalKwarg("count_dtype", AttrKind::kDataType)
      .Deduce(DeduceGatherCompare);
  registry.Register("tensor.paged_gather")
      .Category(OpCategory::kTensor)
      .Doc("Gathers rows of a paged 2-D KV pool, by logical index through a block table, into "
           "an on-chip buffer.")
      .Arg("src")
      .Arg("indices")
      .Arg("block_table")
      .Kwarg("block_size", AttrKind::kInt)
      .Kwarg("size", AttrKind::kInt)
      .Kwarg("max_indices", AttrKind::kInt)
      .KeywordOnly()
      .Kwarg("col_off", AttrKind::kInt, AttrValue::Int(0))
      .Kwarg("is_trans", AttrKind::kBool, AttrValue::Bool(false))
      .Kwarg("is_b_matrix", AttrKind::kBool, AttrValue::Bool(false))
      .Kwarg("space", AttrKind::kMemorySpace, AttrValue::Enum(MemorySpace::kMat))
      .Deduce(DeducePagedGather);
  registry.Register("tensor.create_l1")
      .Category(OpCategory::kTensor)
      .Doc("An on-chip (L1) accumulator tensor of a static shape, for tensor.gather_row.")
      .Arg("shape")
      .Kwarg("dtype", AttrKind::kDataType)
      .Kwarg("transpose", AttrKind::kBool, AttrValue::Bool(false))
      .Deduce(DeduceCreateL1);
  registry.Register("tensor.gather_row")
      .Category(OpCategory::kTensor)
      .Doc("Copies a GM row window of src into acc at dst_offset; returns acc.")
      .Arg("acc")
      .Arg("src")
      .Arg("dst_offset")
      .Arg("src_offset")
      .Arg("shapes")
      .LeadingKeywordArg("valid_shape", /*optional=*/true)
      .Kwarg("transpose", AttrKind::kBool, AttrValue::Bool(false))
      .Writes(0)
      .Deduce(DeduceGatherRow);
}

}  // namespace pto::ir
