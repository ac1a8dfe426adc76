#include "codegen/pto_emitter.h"

#include "absl/strings/str_cat.h"
#include "codegen/function_emitter.h"
#include "codegen/op_emitter.h"
#include "ir/status_macros.h"

namespace pto::codegen {

absl::StatusOr<std::string> EmitPto(const ir::Program& program,
                                    const backends::Backend* backend,
                                    const PtoOptions& options) {
  std::string out = "module";
  if (backend != nullptr) {
    absl::StrAppend(&out, " attributes {pto.target_arch = \"", backend->Name(), "\"}");
  }
  out += " {\n";
  const OpEmitterTable& emitters = PtoOpEmitters();
  for (const ir::Function* fn : program.functions()) {
    FunctionEmitter emitter(program.context(), *fn, backend, options, emitters);
    PTO_RETURN_IF_ERROR(emitter.Emit(out));
  }
  out += "}\n";
  return out;
}

}  // namespace pto::codegen
