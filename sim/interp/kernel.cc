#include "sim/interp/kernel.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/check.h"
#include "ir/diagnostic.h"
#include "ir/op.h"
#include "ir/status_macros.h"
#include "ir/type.h"

namespace pto::sim {

absl::string_view IrKernelContext::ArgName(size_t i) const {
  if (const ir::Op* op = call_.op()) {
    if (i < op->args().size()) return op->args()[i].name;
  }
  return "argument";
}

absl::StatusOr<const BufferView*> KernelContext::BufferArg(size_t i) const {
  if (i >= num_args()) return Error(absl::StrCat("missing argument ", ArgName(i)));
  if (const BufferView* b = arg(i).buffer()) return b;
  return Error(absl::StrCat(ArgName(i), " must be a tensor or tile, got a ", arg(i).KindName()));
}

absl::StatusOr<Scalar> KernelContext::ScalarArg(size_t i) const {
  if (i >= num_args()) return Error(absl::StrCat("missing argument ", ArgName(i)));
  if (const Scalar* s = arg(i).scalar()) return *s;
  return Error(absl::StrCat(ArgName(i), " must be a scalar, got a ", arg(i).KindName()));
}

absl::StatusOr<Dims> KernelContext::IndexListArg(size_t i) const {
  if (i >= num_args()) return Error(absl::StrCat("missing argument ", ArgName(i)));
  const std::vector<Value>* list = arg(i).tuple();
  if (list == nullptr) {
    return Error(absl::StrCat(ArgName(i), " must be a list, got a ", arg(i).KindName()));
  }
  Dims out;
  for (size_t k = 0; k < list->size(); ++k) {
    const Scalar* s = (*list)[k].scalar();
    if (s == nullptr || s->IsFloat()) {
      return Error(absl::StrCat(ArgName(i), " element ", k, " must be an integer scalar"));
    }
    out.push_back(s->i);
  }
  return out;
}

absl::StatusOr<Dims> IrKernelContext::EvalDims(ir::ExprSpan dims) const {
  Dims out;
  out.reserve(dims.size());
  for (const ir::Expr* d : dims) {
    absl::StatusOr<Scalar> s = evaluator_.EvalScalar(d);
    if (!s.ok()) return Error(s.status().message());
    if (s->IsFloat()) return Error("a dim evaluated to a float");
    out.push_back(s->i);
  }
  return out;
}

absl::StatusOr<BufferSpec> IrKernelContext::SpecOf(const ir::Type* type) const {
  BufferSpec spec;
  if (const auto* tile = type->As<ir::TileType>()) {
    spec.dtype = tile->dtype();
    spec.is_tile = true;
    spec.memory_space = tile->memory_space();
    PTO_ASSIGN_OR_RETURN(spec.shape, EvalDims(tile->shape()));
    PTO_ASSIGN_OR_RETURN(spec.valid, EvalDims(tile->ValidShape()));
    ir::TileView view = tile->EffectiveView();
    spec.col_major = tile->rank() >= 2 && view.blayout == ir::TileLayout::kColMajor &&
                     view.slayout == ir::TileLayout::kNoneBox;
  } else if (const auto* tensor = type->As<ir::TensorType>()) {
    spec.dtype = tensor->dtype();
    spec.memory_space = ir::MemorySpace::kDDR;
    PTO_ASSIGN_OR_RETURN(spec.shape, EvalDims(tensor->shape()));
    PTO_ASSIGN_OR_RETURN(spec.valid, EvalDims(tensor->ValidShape()));
    ir::TensorView view = tensor->EffectiveView();
    spec.col_major = view.layout == ir::TensorLayout::kDN && tensor->rank() >= 2;
    if (!view.stride.empty()) {
      PTO_ASSIGN_OR_RETURN(spec.element_strides, EvalDims(view.stride));
    }
  } else {
    return Error("expected a tensor or tile type");
  }
  if (spec.valid.size() != spec.shape.size()) return Error("valid shape rank differs from shape");
  int64_t bits = spec.dtype.storage_bits();
  for (size_t d = 0; d < spec.shape.size(); ++d) {
    if (spec.shape[d] > 0 && __builtin_mul_overflow(bits, spec.shape[d], &bits)) {
      bits = INT64_MAX;
    }
    if (spec.shape[d] < 0) {
      return Error(absl::StrCat("dim ", d, " evaluates to a negative extent ", spec.shape[d]));
    }
    if (spec.valid[d] < 0 || spec.valid[d] > spec.shape[d]) {
      return Error(absl::StrCat("valid extent ", spec.valid[d], " of dim ", d,
                                " is outside [0, ", spec.shape[d], "]"));
    }
  }
  if (bits / 8 > options().max_buffer_bytes) {
    return Error(absl::StrCat("a buffer of shape [", absl::StrJoin(spec.shape, ", "), "] of ",
                              spec.dtype.name(), " exceeds the interpreter's limit of ",
                              options().max_buffer_bytes, " bytes"));
  }
  return spec;
}

BufferView KernelContext::Allocate(const BufferSpec& spec) {
  BufferView v = AllocateBuffer(spec.dtype, spec.shape, spec.col_major);
  v.valid = spec.valid;
  v.is_tile = spec.is_tile;
  v.memory_space = spec.memory_space;
  return v;
}

absl::StatusOr<BufferView> KernelContext::AllocateResult() const {
  PTO_ASSIGN_OR_RETURN(BufferSpec spec, ResultSpec());
  return Allocate(spec);
}

absl::StatusOr<BufferView> IrKernelContext::AllocateResultElement(size_t i) const {
  const auto* tuple = call_.type()->As<ir::TupleType>();
  if (tuple == nullptr || i >= tuple->elements().size()) {
    return Error(absl::StrCat("expected a tuple result of at least ", i + 1, " elements"));
  }
  PTO_ASSIGN_OR_RETURN(BufferSpec spec, SpecOf(tuple->elements()[i]));
  return Allocate(spec);
}

absl::Status IrKernelContext::Error(absl::string_view message) const {
  return ir::LocatedError(ir_ctx_, call_.loc(), absl::StrCat(op_name(), ": ", message));
}

absl::Status KernelContext::CheckUndefined(int64_t count, size_t i) const {
  if (count == 0 || options().undefined_reads == UndefinedReads::kPropagate) {
    return absl::OkStatus();
  }
  return Error(absl::StrCat("reads ", count, " undefined element", count == 1 ? "" : "s",
                            " of ", ArgName(i),
                            " (never written, or outside its valid shape)"));
}

void KernelRegistry::Add(absl::string_view op_name, KernelFn fn) {
  bool inserted = kernels_.emplace(std::string(op_name), fn).second;
  PTO_CHECK(inserted) << "kernel registered twice: " << op_name;
}

KernelFn KernelRegistry::Find(absl::string_view op_name) const {
  auto it = kernels_.find(op_name);
  return it == kernels_.end() ? nullptr : it->second;
}

std::vector<std::string> KernelRegistry::Names() const {
  std::vector<std::string> names;
  for (const auto& [name, fn] : kernels_) names.push_back(name);
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace pto::sim
