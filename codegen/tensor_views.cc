// FunctionEmitter: kernel arguments and tensor views.
//
// A kernel takes its tensors as `!pto.ptr<elt>` arguments, then one
// CommContext per window parameter and the symbolic dims no parameter binds
// (EmitSignature); each tensor is then addressed through a
// pto.make_tensor_view over its pointer (the prologue's, a tensor view op's,
// a peer view's in comm_emitters.cc), and a load or store through a
// pto.partition_view of that.

#include <optional>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "codegen/function_emitter.h"
#include "codegen/pto_emitter.h"
#include "ir/pto_names.h"
#include "ir/visitor.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::codegen {

using ir::DataType;

namespace {

// Vars inside a dim expression, in first-seen order.
void CollectDimVars(const ir::Expr* e, std::vector<const ir::Var*>& out) {
  if (e == nullptr) return;
  if (const auto* v = e->As<ir::Var>()) {
    out.push_back(v);
  } else if (const auto* b = e->As<ir::BinaryExpr>()) {
    CollectDimVars(b->lhs(), out);
    CollectDimVars(b->rhs(), out);
  } else if (const auto* u = e->As<ir::UnaryExpr>()) {
    CollectDimVars(u->operand(), out);
  }
}

// A stride or extent: a constant while both inputs are, else an SSA value.
struct Term {
  std::optional<int64_t> value;
  absl::string_view ssa;
};

// Whether `fn` calls tile.get_block_idx or tile.get_block_num.
bool ReadsBlockIdentity(const ir::Function& fn) {
  struct Finder : ir::IRVisitor {
    bool found = false;
    void VisitCall(const ir::Call* c) override {
      found = found || c->callee_name() == "tile.get_block_idx" ||
              c->callee_name() == "tile.get_block_num";
      ir::IRVisitor::VisitCall(c);
    }
  } finder;
  finder.VisitFunction(&fn);
  return finder.found;
}

}  // namespace

// --- Kernel arguments ---------------------------------------------------------------

absl::Status FunctionEmitter::EmitSignature(std::string& header) {
  loc_ = fn_.loc();
  ir::FunctionType type = fn_.func_type();
  if (!IsPtoKernel(fn_)) {
    return Fail(absl::StrCat("function '", fn_.name(), "' has type ", ir::EnumName(type),
                             "; PTO codegen emits kernels only (InCore, AIC, AIV)"));
  }
  header = absl::StrCat("  func.func @", MlirSymbolName(fn_.name()), "(");
  int next_arg = 0;
  auto add_arg = [&](absl::string_view type_text) {
    absl::string_view name = names_.Fresh(absl::StrCat("arg", next_arg));
    absl::StrAppend(&header, next_arg == 0 ? "" : ", ", name, ": ", type_text);
    ++next_arg;
    return name;
  };
  std::vector<const ir::Var*> dim_vars;
  for (const ir::Var* p : fn_.params()) {
    loc_ = p->loc().known() ? p->loc() : fn_.loc();
    std::optional<DataType> dtype;
    if (const auto* st = p->type()->As<ir::ShapedType>()) dtype = st->dtype();
    if (const auto* sc = p->type()->As<ir::ScalarType>()) dtype = sc->dtype();
    if (dtype && !SupportsIncore(*dtype)) {
      return NotIncore(*dtype, absl::StrCat("parameter '", p->name(), "'"));
    }
    if (const auto* t = p->type()->As<ir::TensorType>()) {
      PTO_ASSIGN_OR_RETURN(absl::string_view dtype, ScalarTypeName(t->dtype()));
      tensor_params_.emplace_back(p, add_arg(PtrType(dtype)));
      for (const ir::Expr* d : t->shape()) CollectDimVars(d, dim_vars);
    } else if (const auto* s = p->type()->As<ir::ScalarType>()) {
      PTO_ASSIGN_OR_RETURN(absl::string_view dtype, ScalarTypeName(s->dtype()));
      BindScalar(p, ScalarValue{add_arg(dtype), s->dtype()});
    } else {
      return Fail(absl::StrCat("parameter '", p->name(), "' is a ",
                               ir::TypeKindName(p->type()),
                               "; a PTO kernel takes tensors (as pointers) and scalars"));
    }
  }
  // Each window parameter's CommContext follows the parameters.
  for (const auto& [param, ptr] : tensor_params_) {
    if (!param->type()->Is<ir::DistributedTensorType>()) continue;
    absl::string_view ctx = names_.Fresh(absl::StrCat(param->name(), "_ctx"));
    absl::StrAppend(&header, next_arg == 0 ? "" : ", ", ctx, ": !pto.ptr<i64>");
    ++next_arg;
    comm_of_ptr_[ptr] = ctx;
  }
  // Symbolic dims of param tensors that no param binds are passed by the
  // caller after the params, as pl.dynamic values.
  for (const ir::Var* v : dim_vars) {
    if (bindings_.contains(v)) continue;
    const auto* s = v->type()->As<ir::ScalarType>();
    if (s == nullptr) return Fail(absl::StrCat("dim '", v->name(), "' is not a scalar"));
    PTO_ASSIGN_OR_RETURN(absl::string_view dtype, ScalarTypeName(s->dtype()));
    BindScalar(v, ScalarValue{add_arg(dtype), s->dtype()});
  }
  // The SPMD identity arguments come last, as upstream's kernel wrapper
  // passes them.
  if (ReadsBlockIdentity(fn_)) {
    spmd_block_idx_ = names_.Fresh(ir::kSpmdBlockIdxParam);
    spmd_block_num_ = names_.Fresh(ir::kSpmdBlockNumParam);
    absl::StrAppend(&header, next_arg == 0 ? "" : ", ", spmd_block_idx_, ": i32, ",
                    spmd_block_num_, ": i32");
    next_arg += 2;
  }
  // A symbol only a view names (valid_shape, stride) has no runtime value:
  // nothing the caller passes carries it.
  for (const auto& [param, ptr] : tensor_params_) {
    const ir::TensorView* view = param->type()->As<ir::TensorType>()->view();
    if (view == nullptr) continue;
    std::vector<const ir::Var*> view_vars;
    for (const ir::Expr* d : view->stride) CollectDimVars(d, view_vars);
    for (const ir::Expr* d : view->valid_shape) CollectDimVars(d, view_vars);
    for (const ir::Var* v : view_vars) {
      if (bindings_.contains(v)) continue;
      loc_ = param->loc().known() ? param->loc() : fn_.loc();
      return Fail(absl::StrCat("symbolic extent '", v->name(), "' in the view of parameter '",
                               param->name(),
                               "' is type metadata only; bind it with a scalar parameter or a "
                               "dim of a tensor parameter's shape"));
    }
  }
  header += ")";
  if (type == ir::FunctionType::kAIC) {
    header += " attributes {pto.kernel_kind = #pto.kernel_kind<cube>}";
  } else if (type == ir::FunctionType::kAIV) {
    header += " attributes {pto.kernel_kind = #pto.kernel_kind<vector>}";
  }
  header += " {\n";
  return absl::OkStatus();
}

absl::StatusOr<absl::string_view> FunctionEmitter::CommContext(const ir::Expr* window) {
  PTO_ASSIGN_OR_RETURN(TensorValue t, Tensor(window));
  auto it = comm_of_ptr_.find(t.ptr);
  if (it == comm_of_ptr_.end()) {
    const auto* var = window->As<ir::Var>();
    return Fail(absl::StrCat("'", var != nullptr ? var->name() : "?",
                             "' has no CommContext: cross-rank ops need a window parameter "
                             "(pld.DistributedTensor) or a view of one"));
  }
  return it->second;
}

// --- Tensor views -------------------------------------------------------------------

absl::StatusOr<TensorValue> FunctionEmitter::MakeTensorView(absl::string_view ptr,
                                                            const ir::TensorType& type,
                                                            absl::string_view name_hint,
                                                            ColumnVector column_vector) {
  size_t rank = type.rank();
  if (rank == 0) return Fail("a rank-0 tensor has no PTO tensor view");
  PTO_ASSIGN_OR_RETURN(absl::string_view dtype, ScalarTypeName(type.dtype()));
  ir::ExprSpan shape = type.shape();
  std::vector<Term> dims(rank);
  for (size_t i = 0; i < rank; ++i) {
    dims[i].value = ir::AsConstInt(shape[i]);
    PTO_ASSIGN_OR_RETURN(dims[i].ssa, Index(shape[i]));
  }
  ir::TensorView view = type.EffectiveView();
  ir::TensorLayout layout = view.layout;
  // PTOAS reads a [..., M, 1] ND tensor as DN; say so, as tile.load gives
  // such a window a col_major tile.
  bool declared = column_vector == ColumnVector::kKeepDeclared && type.view() != nullptr;
  if (rank >= 2 && ir::AsConstInt(shape.back()) == 1 && layout == ir::TensorLayout::kND &&
      !declared) {
    layout = ir::TensorLayout::kDN;
  }

  auto constant = [&](int64_t v) -> absl::StatusOr<Term> {
    PTO_ASSIGN_OR_RETURN(ScalarValue c, IntConstant(v, DataType::kIndex));
    return Term{v, c.name};
  };
  auto mul = [&](const Term& a, const Term& b) -> absl::StatusOr<Term> {
    int64_t p;
    if (a.value && b.value && !__builtin_mul_overflow(*a.value, *b.value, &p)) return constant(p);
    if (a.value == 1) return b;
    if (b.value == 1) return a;
    absl::string_view name = names_.Fresh(absl::StrCat(name_hint, "_stride"));
    EmitOp(absl::StrCat(name, " = arith.muli ", a.ssa, ", ", b.ssa, " : index"));
    return Term{std::nullopt, name};
  };

  std::vector<Term> strides(rank);
  if (!view.stride.empty()) {
    if (view.stride.size() != rank) {
      return Fail(absl::StrCat("tensor stride ", ir::FormatShape(view.stride),
                               " does not match its rank ", rank));
    }
    for (size_t i = 0; i < rank; ++i) {
      PTO_ASSIGN_OR_RETURN(strides[i].ssa, Index(view.stride[i]));
    }
  } else if (layout == ir::TensorLayout::kDN) {
    if (rank < 2) return Fail("a DN tensor needs rank >= 2");
    // Column-major trailing pair; outer dims step over whole blocks.
    PTO_ASSIGN_OR_RETURN(strides[rank - 2], constant(1));
    strides[rank - 1] = dims[rank - 2];
    if (rank >= 3) {
      PTO_ASSIGN_OR_RETURN(strides[rank - 3], mul(dims[rank - 2], dims[rank - 1]));
      for (size_t i = rank - 3; i-- > 0;) {
        PTO_ASSIGN_OR_RETURN(strides[i], mul(strides[i + 1], dims[i + 1]));
      }
    }
  } else {
    PTO_ASSIGN_OR_RETURN(strides[rank - 1], constant(1));
    for (size_t i = rank - 1; i-- > 0;) {
      PTO_ASSIGN_OR_RETURN(strides[i], mul(strides[i + 1], dims[i + 1]));
    }
  }

  TensorValue result;
  result.ptr = ptr;
  result.dtype = dtype;
  result.view = names_.Fresh(name_hint);
  result.view_type = Save(TensorViewType(rank, dtype));
  std::string line = absl::StrCat(result.view, " = pto.make_tensor_view ", ptr, ", shape = [");
  for (size_t i = 0; i < rank; ++i) absl::StrAppend(&line, i ? ", " : "", dims[i].ssa);
  line += "], strides = [";
  for (size_t i = 0; i < rank; ++i) absl::StrAppend(&line, i ? ", " : "", strides[i].ssa);
  absl::StrAppend(&line, "] {layout = #pto.layout<", PtoTensorLayout(layout), ">} : ",
                  result.view_type);
  EmitOp(line);
  return result;
}

absl::StatusOr<Operand> FunctionEmitter::PartitionView(const TensorValue& tensor,
                                                       absl::string_view name_hint,
                                                       ir::ExprSpan offsets, ir::ExprSpan sizes) {
  // One entry per tensor dim: inline, no allocation.
  absl::InlinedVector<absl::string_view, 4> offset_ssa;
  absl::InlinedVector<absl::string_view, 4> size_ssa;
  absl::InlinedVector<std::optional<int64_t>, 4> static_sizes;
  for (const ir::Expr* o : offsets) {
    PTO_ASSIGN_OR_RETURN(absl::string_view v, Index(o));
    offset_ssa.push_back(v);
  }
  for (const ir::Expr* s : sizes) {
    PTO_ASSIGN_OR_RETURN(absl::string_view v, Index(s));
    size_ssa.push_back(v);
    static_sizes.push_back(ir::AsConstInt(s));
  }
  Operand result;
  result.name = names_.Fresh(absl::StrCat(name_hint, "_pview"));
  result.type = Save(PartitionViewType(static_sizes, tensor.dtype));
  EmitOp(absl::StrCat(result.name, " = pto.partition_view ", tensor.view, ", offsets = [",
                      absl::StrJoin(offset_ssa, ", "), "], sizes = [",
                      absl::StrJoin(size_ssa, ", "), "] : ", tensor.view_type, " -> ",
                      result.type));
  return result;
}

}  // namespace pto::codegen
