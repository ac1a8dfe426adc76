#include "tools/opt_driver.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/strings/str_cat.h"
#include "backends/registry.h"
#include "codegen/pto_emitter.h"
#include "ir/context.h"
#include "ir/enums.h"
#include "ir/status_macros.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"
#include "passes/all_passes.h"
#include "passes/pass_manager.h"
#include "tools/cli.h"

namespace pto::tools {

namespace {

// `parse` reads the input into the Context it is given.
absl::Status Run(absl::FunctionRef<absl::StatusOr<ir::Program>(ir::Context&)> parse,
                 const OptOptions& options, ir::TextSink& out, std::string* dumps) {
  // Resolve the pipeline first: a bad --passes is reported before any work.
  PTO_ASSIGN_OR_RETURN(std::vector<std::unique_ptr<passes::Pass>> pipeline,
                       passes::BuiltinPasses().Build(options.passes));
  PTO_ASSIGN_OR_RETURN(const backends::Backend* backend, backends::FindBackend(options.backend));
  if (options.emit != "ir" && options.emit != "pto") {
    return absl::InvalidArgumentError(
        absl::StrCat("unknown --emit '", options.emit, "'; known: ir, pto"));
  }

  ir::Context ctx;
  PTO_ASSIGN_OR_RETURN(ir::Program program, parse(ctx));

  ir::PrintOptions print_options;
  print_options.concise = options.concise;
  passes::PassManagerOptions pm_options;
  pm_options.verify_each = options.verify_each;
  if (options.print_ir_after_all && dumps != nullptr) {
    pm_options.after_pass = [&](const passes::Pass& pass, const ir::Program& out) {
      absl::StrAppend(dumps, "# -----// IR Dump After ", pass.name(), " //----- #\n",
                      ir::PrintProgram(out, print_options), "\n\n");
    };
  }
  passes::PassManager pm(std::move(pipeline), pm_options);
  passes::PassContext pass_context(backend);
  PTO_ASSIGN_OR_RETURN(ir::Program result, pm.Run(program, pass_context));
  if (options.emit == "pto") {
    codegen::PtoOptions pto_options;
    pto_options.emit_locations = options.emit_source_loc;
    // Every kernel, in one module; orchestration is named in a comment
    // (pto-compile lists it in its manifest).
    std::vector<const ir::Function*> kernels;
    std::string skipped;
    for (const ir::Function* fn : result.functions()) {
      if (codegen::IsPtoKernel(*fn)) {
        kernels.push_back(fn);
      } else {
        absl::StrAppend(&skipped, "// not emitted: @", fn->name(), " (",
                        ir::EnumName(fn->func_type()), ")\n");
      }
    }
    PTO_RETURN_IF_ERROR(out.Write(skipped));
    return codegen::EmitPto(result, kernels, backend, out, pto_options);
  }
  // A printed program has no final newline.
  PTO_RETURN_IF_ERROR(ir::PrintProgram(result, out, print_options));
  return out.Write("\n");
}

}  // namespace

absl::Status RunOpt(std::string text, absl::string_view filename, const OptOptions& options,
                    ir::TextSink& out, std::string* dumps) {
  return Run(
      [&](ir::Context& ctx) {
        return ParseInput(ctx, std::move(text), filename, options.allow_unregistered_ops,
                          options.defines);
      },
      options, out, dumps);
}

absl::Status RunOptOnBorrowedText(absl::string_view text, absl::string_view filename,
                                  const OptOptions& options, ir::TextSink& out,
                                  std::string* dumps) {
  return Run(
      [&](ir::Context& ctx) {
        return ParseBorrowedInput(ctx, text, filename, options.allow_unregistered_ops,
                                  options.defines);
      },
      options, out, dumps);
}

}  // namespace pto::tools
