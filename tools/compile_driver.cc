#include "tools/compile_driver.h"

#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "backends/registry.h"
#include "codegen/pto_emitter.h"
#include "ir/context.h"
#include "ir/diagnostic.h"
#include "ir/enums.h"
#include "ir/status_macros.h"
#include "ir/text/printer/printer.h"
#include "ir/type.h"
#include "ir/visitor.h"
#include "passes/all_passes.h"
#include "passes/pass_manager.h"
#include "tools/cli.h"
#include "tools/output_file.h"

namespace pto::tools {
namespace {

// Which core's memories a function's tiles live in.
class CoreUse : public ir::IRVisitor {
 public:
  bool cube = false;
  bool vector = false;

  void VisitAssign(const ir::AssignStmt* s) override {
    Note(s->var()->type());
    ir::IRVisitor::VisitAssign(s);
  }
  void Note(const ir::Type* type) {
    const auto* tile = type->As<ir::TileType>();
    if (tile == nullptr || !tile->memory_space()) return;
    switch (*tile->memory_space()) {
      case ir::MemorySpace::kVec:
        vector = true;
        break;
      case ir::MemorySpace::kMat: case ir::MemorySpace::kLeft: case ir::MemorySpace::kRight:
      case ir::MemorySpace::kAcc: case ir::MemorySpace::kBias: case ir::MemorySpace::kLeftScale:
      case ir::MemorySpace::kRightScale:
        cube = true;
        break;
      default:
        break;
    }
  }
};

// "aic" or "aiv", upstream's folder names; an error for a mixed kernel.
absl::StatusOr<absl::string_view> CoreTypeOf(const ir::Program& program, const ir::Function& fn) {
  if (fn.func_type() == ir::FunctionType::kAIC) return "aic";
  if (fn.func_type() == ir::FunctionType::kAIV) return "aiv";
  CoreUse use;
  for (const ir::Var* p : fn.params()) use.Note(p->type());
  use.VisitFunction(&fn);
  if (use.cube && use.vector) {
    return ir::LocatedError(
        program.context(), fn.loc(),
        absl::StrCat("pto-compile: kernel '", fn.name(), "' computes on both the cube (Mat, "
                     "Left, Right, Acc) and the vector core (Vec); such a mixed kernel is split "
                     "by ExpandMixedKernel, which is not built yet"));
  }
  return use.cube ? "aic" : "aiv";
}

// Why a function that is not a kernel is not emitted.
std::string NotEmittedReason(const ir::Function& fn) {
  if (fn.attrs().requires_runtime_binding) return "an abstract SubWorker the runtime binds";
  if (!fn.attrs().python_body.empty()) return "a HOST SubWorker whose body is host Python";
  return absl::StrCat("a ", ir::EnumName(fn.func_type()),
                      " function: orchestration codegen is not built yet");
}

// A JSON string literal.
std::string Json(absl::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          absl::StrAppend(&out, "\\u00", absl::Hex(static_cast<unsigned char>(c), absl::kZeroPad2));
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

struct Kernel {
  const ir::Function* fn;
  absl::string_view core_type;
  std::string path;
};

std::string Manifest(const ir::Program& program, absl::string_view backend,
                     const std::vector<Kernel>& kernels,
                     const std::vector<std::pair<const ir::Function*, std::string>>& others) {
  std::string m = absl::StrCat("{\n  \"program\": ", Json(program.name()), ",\n  \"backend\": ",
                               Json(backend), ",\n  \"kernels\": [");
  for (size_t k = 0; k < kernels.size(); ++k) {
    const ir::Function& fn = *kernels[k].fn;
    absl::StrAppend(&m, k ? "," : "", "\n    {\"name\": ", Json(fn.name()),
                    ", \"core_type\": ", Json(kernels[k].core_type),
                    ", \"file\": ", Json(kernels[k].path), ", \"params\": [");
    for (size_t i = 0; i < fn.params().size(); ++i) {
      absl::StrAppend(&m, i ? ", " : "", "{\"name\": ", Json(fn.params()[i]->name()),
                      ", \"direction\": ", Json(ir::EnumName(fn.directions()[i])),
                      ", \"type\": ", Json(ir::PrintType(fn.params()[i]->type())), "}");
    }
    absl::StrAppend(&m, "]}");
  }
  absl::StrAppend(&m, kernels.empty() ? "" : "\n  ", "],\n  \"not_emitted\": [");
  for (size_t k = 0; k < others.size(); ++k) {
    absl::StrAppend(&m, k ? "," : "", "\n    {\"name\": ", Json(others[k].first->name()),
                    ", \"type\": ", Json(ir::EnumName(others[k].first->func_type())),
                    ", \"reason\": ", Json(others[k].second), "}");
  }
  absl::StrAppend(&m, others.empty() ? "" : "\n  ", "]\n}\n");
  return m;
}

}  // namespace

absl::StatusOr<CompileResult> CompileProgram(std::string text, absl::string_view filename,
                                             const CompileOptions& options,
                                             const std::string& out_dir) {
  if (out_dir.empty()) return absl::InvalidArgumentError("-o DIR is required");
  PTO_ASSIGN_OR_RETURN(std::vector<std::unique_ptr<passes::Pass>> pipeline,
                       passes::BuiltinPasses().Build(options.passes));
  PTO_ASSIGN_OR_RETURN(const backends::Backend* backend, backends::FindBackend(options.backend));
  if (backend == nullptr) return absl::InvalidArgumentError("pto-compile needs a --backend");
  ir::Context ctx;
  PTO_ASSIGN_OR_RETURN(ir::Program parsed,
                       ParseInput(ctx, std::move(text), filename, options.allow_unregistered_ops,
                                  options.defines));
  passes::PassManager pm(std::move(pipeline));
  passes::PassContext pass_context(backend);
  PTO_ASSIGN_OR_RETURN(ir::Program program, pm.Run(parsed, pass_context));

  std::vector<Kernel> kernels;
  std::vector<std::pair<const ir::Function*, std::string>> others;
  std::vector<std::pair<std::string, std::string>> files;
  codegen::PtoOptions pto_options;
  pto_options.emit_locations = options.emit_source_loc;
  for (const ir::Function* fn : program.functions()) {
    if (!codegen::IsPtoKernel(*fn) || fn->attrs().requires_runtime_binding ||
        !fn->attrs().python_body.empty()) {
      others.emplace_back(fn, NotEmittedReason(*fn));
      continue;
    }
    PTO_ASSIGN_OR_RETURN(absl::string_view core_type, CoreTypeOf(program, *fn));
    const ir::Function* one[] = {fn};
    PTO_ASSIGN_OR_RETURN(std::string pto, codegen::EmitPto(program, one, backend, pto_options));
    std::string path = absl::StrCat("kernels/", core_type, "/", fn->name(), ".pto");
    for (const Kernel& k : kernels) {
      if (k.path == path) {
        return absl::InvalidArgumentError(absl::StrCat("two kernels would be written to ", path));
      }
    }
    kernels.push_back({fn, core_type, path});
    files.emplace_back(path, std::move(pto));
  }
  files.emplace_back("manifest.json", Manifest(program, backend->Name(), kernels, others));
  PTO_ASSIGN_OR_RETURN(std::vector<std::string> written, WriteFiles(out_dir, files, "pto-compile"));
  CompileResult result;
  for (const auto& [path, contents] : files) result.files.push_back(path);
  for (const auto& [fn, why] : others) result.not_emitted.push_back(std::string(fn->name()));
  return result;
}

}  // namespace pto::tools
