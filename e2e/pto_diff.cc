#include "e2e/pto_diff.h"

#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "backends/registry.h"
#include "codegen/pto_emitter.h"
#include "ir/context.h"
#include "ir/expr.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"
#include "ir/text/parser/parser.h"
#include "ir/type.h"
#include "passes/all_passes.h"
#include "passes/pass_manager.h"
#include "sim/interp/buffer.h"
#include "sim/interp/interpreter.h"
#include "sim/pto/interpreter.h"
#include "sim/pto/reader.h"

namespace pto::e2e {
namespace {

using sim::BufferView;
using sim::Scalar;
using sim::Value;

// Deterministic, defined inputs: small values every dtype holds exactly,
// with fractions, signs and zeros.
BufferView Input(ir::DataType dtype, const sim::Dims& shape, int seed) {
  BufferView b = sim::AllocateBuffer(dtype, shape, /*col_major=*/false);
  int64_t k = seed;
  sim::ForEachIndex(shape, [&](absl::Span<const int64_t> index) {
    ++k;
    int64_t v = (k * 37 + 11) % 17 - 8;
    Scalar s = dtype.IsFloat() ? Scalar::Float(dtype, static_cast<double>(v) / 4)
                               : Scalar::Int(dtype, dtype.IsBool() ? (v & 1) : v);
    sim::StoreBits(b, sim::BitOffset(b, index), s.ToElementBits());
  });
  return b;
}

// Why the kernel's inputs cannot be made here, or "" after making them.
std::string MakeArgs(const ir::Function& fn, std::vector<Value>& args) {
  int seed = 0;
  for (const ir::Var* p : fn.params()) {
    if (p->type()->Is<ir::DistributedTensorType>()) return "a window parameter";
    if (const auto* t = p->type()->As<ir::TensorType>()) {
      // Its memory is the strides' extent, which a packed input is not.
      if (t->view() != nullptr && !t->view()->stride.empty()) return "a strided tensor parameter";
      sim::Dims shape;
      for (const ir::Expr* d : t->shape()) {
        std::optional<int64_t> n = ir::AsConstInt(d);
        if (!n) return "a dynamic tensor shape";
        shape.push_back(*n);
      }
      args.push_back(Value::Of(Input(t->dtype(), shape, seed += 7)));
    } else if (const auto* s = p->type()->As<ir::ScalarType>()) {
      args.push_back(Value::Of(s->dtype().IsFloat() ? Scalar::Float(s->dtype(), 0.5)
                                                    : Scalar::Int(s->dtype(), 2)));
    } else {
      return absl::StrCat("a ", ir::TypeKindName(p->type()), " parameter");
    }
  }
  return "";
}

std::vector<Value> Copies(const std::vector<Value>& args) {
  std::vector<Value> out;
  for (const Value& v : args) {
    out.push_back(v.buffer() != nullptr ? Value::Of(sim::DeepCopy(*v.buffer())) : v);
  }
  return out;
}

std::string Element(const BufferView& b, int64_t bit) {
  if (!sim::IsDefinedAt(b, bit)) return "undefined";
  return Scalar::FromElementBits(b.dtype, sim::LoadBits(b, bit)).ToString();
}

std::string Compare(const BufferView& ir, const BufferView& pto) {
  std::string diff;
  sim::ForEachIndex(ir.shape, [&](absl::Span<const int64_t> index) {
    if (!diff.empty()) return;
    int64_t a = sim::BitOffset(ir, index), b = sim::BitOffset(pto, index);
    if (!sim::IsDefinedAt(ir, a)) return;
    if (!sim::IsDefinedAt(pto, b) || sim::LoadBits(ir, a) != sim::LoadBits(pto, b)) {
      diff = absl::StrCat("element [", absl::StrJoin(index, ", "), "]: IR ", Element(ir, a),
                          ", PTO ", Element(pto, b));
    }
  });
  return diff;
}

}  // namespace

absl::StatusOr<CompiledPto> CompileToPto(ir::Context& ctx, absl::string_view dsl,
                                         absl::string_view filename, absl::string_view arch,
                                         absl::string_view pipeline,
                                         const codegen::PtoOptions& options) {
  PTO_ASSIGN_OR_RETURN(ir::Program parsed, ir::ParseProgram(ctx, dsl, filename));
  PTO_ASSIGN_OR_RETURN(const backends::Backend* backend, backends::FindBackend(arch));
  PTO_ASSIGN_OR_RETURN(auto passes, passes::BuiltinPasses().Build(pipeline));
  passes::PassManager pm(std::move(passes));
  passes::PassContext pass_context(backend);
  PTO_ASSIGN_OR_RETURN(ir::Program lowered, pm.Run(parsed, pass_context));
  std::vector<const ir::Function*> kernels;
  for (const ir::Function* fn : lowered.functions()) {
    if (codegen::IsPtoKernel(*fn)) kernels.push_back(fn);
  }
  PTO_ASSIGN_OR_RETURN(std::string pto, codegen::EmitPto(lowered, kernels, backend, options));
  return CompiledPto{std::move(lowered), std::move(pto)};
}

absl::StatusOr<KernelDiff> DiffKernel(const ir::Program& lowered, absl::string_view function,
                                      const sim::pto_text::Module& module) {
  KernelDiff out;
  const ir::Function* fn = lowered.FindFunction(function);
  if (fn == nullptr) return absl::NotFoundError(absl::StrCat("no function ", function));
  std::vector<Value> args;
  out.skipped = MakeArgs(*fn, args);
  if (!out.skipped.empty()) return out;
  std::vector<Value> ir_args = Copies(args);
  if (!sim::Interpreter(lowered).Run(*fn, ir_args).ok()) {
    out.skipped = "the IR run fails";
    return out;
  }
  std::vector<Value> pto_args = Copies(args);
  PTO_RETURN_IF_ERROR(sim::pto_text::PtoInterpreter(module).Run(function, pto_args));
  for (size_t i = 0; i < args.size() && out.diff.empty(); ++i) {
    if (ir_args[i].buffer() == nullptr) continue;
    std::string d = Compare(*ir_args[i].buffer(), *pto_args[i].buffer());
    if (!d.empty()) out.diff = absl::StrCat("parameter ", fn->params()[i]->name(), ", ", d);
  }
  return out;
}

absl::StatusOr<KernelDiff> DiffProgram(absl::string_view dsl, absl::string_view arch,
                                       absl::string_view function,
                                       std::string (*mutate)(std::string)) {
  ir::Context ctx;
  PTO_ASSIGN_OR_RETURN(CompiledPto compiled, CompileToPto(ctx, dsl, "kernel.py", arch));
  if (mutate != nullptr) compiled.pto = mutate(std::move(compiled.pto));
  PTO_ASSIGN_OR_RETURN(sim::pto_text::Module module,
                       sim::pto_text::ReadPto("kernel.pto", compiled.pto));
  return DiffKernel(compiled.lowered, function, module);
}

}  // namespace pto::e2e
