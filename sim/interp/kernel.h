// The op-kernel interface of the reference interpreter and its dispatch
// table.
//
// Every registered op the interpreter executes has one KernelFn in the
// table returned by BuiltinKernels(): adding an op is one `Add` line in its
// family's registration function (elementwise.cc, cast.cc, ...). A kernel
// reads its evaluated arguments and kwargs from the KernelContext, evaluates
// the call's (deduced) result type for the result geometry, computes, and
// sets the result. Errors go through KernelContext::Error, which prefixes
// the call's location and the op name.
//
//   absl::Status Neg(KernelContext& ctx) {
//     PTO_ASSIGN_OR_RETURN(const BufferView* in, ctx.BufferArg(0));
//     PTO_ASSIGN_OR_RETURN(BufferView out, ctx.AllocateResult());
//     ...
//     ctx.SetResult(Value::Of(out));
//     return absl::OkStatus();
//   }
//   void RegisterElementwiseKernels(KernelRegistry& r) { r.Add("tile.neg", Neg); }

#ifndef PTO_SIM_INTERP_KERNEL_H_
#define PTO_SIM_INTERP_KERNEL_H_

#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "ir/context.h"
#include "ir/expr.h"
#include "sim/interp/value.h"

namespace pto::sim {

class DistRuntime;  // sim/interp/dist_runtime.h

// What to do when an op reads an element that holds no defined data (never
// written, or outside a tile's valid shape).
enum class UndefinedReads : uint8_t {
  kPropagate,  // the dependent results are undefined (poison) too
  kError,      // the op fails, naming the argument
};

struct InterpreterOptions {
  UndefinedReads undefined_reads = UndefinedReads::kPropagate;
  // A While loop running longer is an error (a verified program may loop
  // forever; a reference run must end).
  int64_t max_while_iterations = int64_t{1} << 32;
  // Nested program-function calls.
  int max_call_depth = 200;
  // A result buffer larger than this is an error rather than an allocation
  // failure (a verified program may declare enormous static shapes).
  int64_t max_buffer_bytes = int64_t{16} << 30;
  // The rank world of the distributed (pld.*) kernels; null runs the
  // built-in single-rank world (rank 0 of 1). The multi-rank simulator
  // (sim/multirank/multirank.h) sets one per rank. Not owned.
  DistRuntime* dist = nullptr;
};

// Evaluates scalar expressions (dims of types) in the current frame.
class ScalarEvaluator {
 public:
  virtual ~ScalarEvaluator() = default;
  virtual absl::StatusOr<Scalar> EvalScalar(const ir::Expr* expr) const = 0;
};

// The geometry of a tensor or tile type, evaluated in the current frame.
struct BufferSpec {
  ir::DataType dtype;
  Dims shape;
  Dims valid;
  bool is_tile = false;
  // Storage order of a fresh buffer: column-major trailing pair for
  // col_major tiles (flat, none_box) and DN tensors.
  bool col_major = false;
  std::optional<ir::MemorySpace> memory_space;
  // Tensor views with explicit strides (elements), else empty.
  Dims element_strides;
};

// Which block of a launch runs (a pl.spmd scope, a call launching core_num
// blocks): what get_block_idx / get_block_num read. Outside any launch the
// code runs as block 0 of 1.
struct LaunchIndex {
  int64_t block = 0;
  int64_t blocks = 1;
};

// What a kernel sees of the op it executes: its evaluated arguments, its
// attributes, where its result goes and how errors are located. The IR
// interpreter runs a kernel for an IR call (IrKernelContext); the PTO
// interpreter runs the same kernel for a PTO op (sim/pto/), so an op and the
// PTO it is emitted as share one kernel.
class KernelContext {
 public:
  KernelContext(absl::Span<const Value> args, const InterpreterOptions& options,
                LaunchIndex launch = {})
      : args_(args), options_(options), launch_(launch) {}
  virtual ~KernelContext() = default;

  virtual absl::string_view op_name() const = 0;
  const LaunchIndex& launch() const { return launch_; }
  const InterpreterOptions& options() const { return options_; }
  size_t num_args() const { return args_.size(); }
  const Value& arg(size_t i) const { return args_[i]; }

  // Typed argument access; errors name the argument by its schema name.
  absl::StatusOr<const BufferView*> BufferArg(size_t i) const;
  absl::StatusOr<Scalar> ScalarArg(size_t i) const;
  // A list argument (MakeTuple) of integer scalars.
  absl::StatusOr<Dims> IndexListArg(size_t i) const;
  virtual const ir::AttrValue* Kwarg(absl::string_view name) const = 0;
  virtual absl::string_view ArgName(size_t i) const = 0;

  // The IR call being run. Only the IR interpreter runs the kernels that
  // ask (dist, quant_mx): the PTO interpreter never dispatches to them.
  virtual const ir::Call& call() const = 0;
  // Integer values of dims in the current frame.
  virtual absl::StatusOr<Dims> EvalDims(ir::ExprSpan dims) const = 0;
  // The geometry of a tensor or tile type.
  virtual absl::StatusOr<BufferSpec> SpecOf(const ir::Type* type) const = 0;
  // The geometry of the result.
  virtual absl::StatusOr<BufferSpec> ResultSpec() const = 0;
  // The buffer the result is computed into: a fresh, fully undefined one
  // of the result's geometry (its valid shape set), or, for a
  // destination-passing PTO op, its destination.
  virtual absl::StatusOr<BufferView> AllocateResult() const;
  // The same for element `i` of a tuple result (tile.tquant_mx_raw's
  // (dst, exp)); for a PTO op, its i-th destination.
  virtual absl::StatusOr<BufferView> AllocateResultElement(size_t i) const = 0;
  static BufferView Allocate(const BufferSpec& spec);

  // "<file:line:col>" of the op, for reports that quote it later.
  virtual std::string Location() const = 0;
  // InvalidArgument "<file:line:col>: error: <op>: <message>".
  virtual absl::Status Error(absl::string_view message) const = 0;
  // Applies the UndefinedReads policy to `count` undefined elements read from
  // argument `i`.
  absl::Status CheckUndefined(int64_t count, size_t i) const;

  void SetResult(Value v) { result_ = std::move(v); }
  Value TakeResult() { return std::move(result_); }

 private:
  absl::Span<const Value> args_;
  const InterpreterOptions& options_;
  LaunchIndex launch_;
  Value result_;
};

// The context of a kernel run for an IR call (sim/interp/interpreter.h).
class IrKernelContext final : public KernelContext {
 public:
  IrKernelContext(const ir::Context& ir_ctx, const ir::Call& call, absl::Span<const Value> args,
                  const ScalarEvaluator& evaluator, const InterpreterOptions& options,
                  LaunchIndex launch = {})
      : KernelContext(args, options, launch), ir_ctx_(ir_ctx), call_(call), evaluator_(evaluator) {}

  absl::string_view op_name() const override { return call_.callee_name(); }
  const ir::AttrValue* Kwarg(absl::string_view name) const override {
    return call_.FindKwarg(name);
  }
  absl::string_view ArgName(size_t i) const override;
  const ir::Call& call() const override { return call_; }
  absl::StatusOr<Dims> EvalDims(ir::ExprSpan dims) const override;
  absl::StatusOr<BufferSpec> SpecOf(const ir::Type* type) const override;
  absl::StatusOr<BufferSpec> ResultSpec() const override { return SpecOf(call_.type()); }
  absl::StatusOr<BufferView> AllocateResultElement(size_t i) const override;
  std::string Location() const override { return ir_ctx_.FormatLoc(call_.loc()); }
  absl::Status Error(absl::string_view message) const override;

 private:
  const ir::Context& ir_ctx_;
  const ir::Call& call_;
  const ScalarEvaluator& evaluator_;
};

using KernelFn = absl::Status (*)(KernelContext& ctx);

class KernelRegistry {
 public:
  // Each op name registers once (checked).
  void Add(absl::string_view op_name, KernelFn fn);
  KernelFn Find(absl::string_view op_name) const;
  std::vector<std::string> Names() const;

 private:
  absl::flat_hash_map<std::string, KernelFn> kernels_;
};

// Every kernel, registered family by family (kernel_families.cc).
const KernelRegistry& BuiltinKernels();

// Op names of the registered ops the interpreter deliberately does not
// execute, each with the reason (kernel_families.cc).
struct KernelExclusion {
  absl::string_view op_name;
  absl::string_view reason;
};
absl::Span<const KernelExclusion> ExcludedOps();

// Family registration functions, one per file.
void RegisterElementwiseKernels(KernelRegistry& r);  // elementwise.cc
void RegisterCastKernels(KernelRegistry& r);         // cast.cc
void RegisterLaunchKernels(KernelRegistry& r);       // launch.cc
void RegisterCompareSelectKernels(KernelRegistry& r);  // compare_select.cc
void RegisterMemoryKernels(KernelRegistry& r);       // memory.cc
void RegisterViewKernels(KernelRegistry& r);         // views.cc
void RegisterCompositeKernels(KernelRegistry& r);    // composite.cc
void RegisterQuantMxKernels(KernelRegistry& r);      // quant_mx.cc
void RegisterDistKernels(KernelRegistry& r);         // dist.cc

}  // namespace pto::sim

#endif  // PTO_SIM_INTERP_KERNEL_H_
