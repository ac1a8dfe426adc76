#include "codegen/pto_emitter.h"

#include "absl/strings/str_cat.h"
#include "codegen/function_emitter.h"
#include "codegen/op_emitter.h"
#include "codegen/pattern_b.h"
#include "ir/analysis/memref_rules.h"
#include "ir/diagnostic.h"
#include "ir/analysis/unregistered_ops.h"
#include "ir/status_macros.h"

namespace pto::codegen {

bool IsPtoKernel(const ir::Function& fn) {
  ir::FunctionType type = fn.func_type();
  return fn.IsInCore() || type == ir::FunctionType::kOpaque || type == ir::FunctionType::kInline;
}

namespace {

absl::Status EmitModule(const ir::Program& program,
                        absl::Span<const ir::Function* const> functions,
                        const backends::Backend* backend, ir::TextSink& out,
                        const PtoOptions& options) {
  // Before the first byte: an opaque op would fail only part way through.
  PTO_RETURN_IF_ERROR(ir::RejectUnregisteredOps(program, "codegen"));
  PTO_RETURN_IF_ERROR(ir::RejectTileMemRefs(program, "codegen"));
  PTO_RETURN_IF_ERROR(RejectPatternB(program));
  for (const ir::Function* fn : functions) {
    if (fn->attrs().requires_runtime_binding) {
      return ir::LocatedError(program.context(), fn->loc(),
                              absl::StrCat("codegen: function '", fn->name(),
                                           "' is an abstract SubWorker (a `...` body the "
                                           "runtime binds): nothing to emit"));
    }
    if (!fn->attrs().python_body.empty()) {
      return ir::LocatedError(program.context(), fn->loc(),
                              absl::StrCat("codegen: function '", fn->name(),
                                           "' is a HOST SubWorker whose body is host Python "
                                           "(kept as source text): nothing to emit"));
    }
  }
  std::string head = "module";
  if (backend != nullptr) {
    absl::StrAppend(&head, " attributes {pto.target_arch = \"", backend->Name(), "\"}");
  }
  head += " {\n";
  PTO_RETURN_IF_ERROR(out.Write(head));
  const OpEmitterTable& emitters = PtoOpEmitters();
  for (const ir::Function* fn : functions) {
    FunctionEmitter emitter(program.context(), *fn, backend, options, emitters);
    PTO_RETURN_IF_ERROR(emitter.Emit(out));
  }
  return out.Write("}\n");
}

}  // namespace

absl::Status EmitPto(const ir::Program& program, const backends::Backend* backend,
                     ir::TextSink& out, const PtoOptions& options) {
  return EmitModule(program, program.functions(), backend, out, options);
}

absl::Status EmitPto(const ir::Program& program,
                     absl::Span<const ir::Function* const> functions,
                     const backends::Backend* backend, ir::TextSink& out,
                     const PtoOptions& options) {
  return EmitModule(program, functions, backend, out, options);
}

absl::StatusOr<std::string> EmitPto(const ir::Program& program,
                                    absl::Span<const ir::Function* const> functions,
                                    const backends::Backend* backend,
                                    const PtoOptions& options) {
  // Room for a small kernel's module at once; a larger one grows by doubling.
  std::string text;
  text.reserve(8192);
  ir::StringSink sink(&text);
  PTO_RETURN_IF_ERROR(EmitModule(program, functions, backend, sink, options));
  return text;
}

absl::StatusOr<std::string> EmitPto(const ir::Program& program,
                                    const backends::Backend* backend,
                                    const PtoOptions& options) {
  return EmitPto(program, program.functions(), backend, options);
}

}  // namespace pto::codegen
