#include "tools/pto_file_run.h"

#include <optional>
#include <random>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/status_macros.h"
#include "sim/interp/buffer.h"
#include "sim/npy/npy.h"
#include "sim/npy/npy_buffer.h"
#include "sim/pto/interpreter.h"
#include "sim/pto/reader.h"
#include "sim/pto/types.h"
#include "tools/run_io.h"

namespace pto::sim {
namespace {

using pto_text::Block;
using pto_text::Module;
using pto_text::Operand;
using pto_text::Operation;
using pto_text::PtoType;

absl::string_view Bare(absl::string_view value) { return value.substr(1); }

// What the function's top level says about a pointer parameter: the name
// of the view made of it, and that view's extent when its shape and strides
// are constants.
struct PointerUse {
  std::string view_name;
  std::optional<Dims> shape;  // packed row-major: the view's shape; else [extent]
};

absl::flat_hash_map<absl::string_view, PointerUse> PointerUses(const Block& body) {
  absl::flat_hash_map<absl::string_view, int64_t> constants;
  absl::flat_hash_map<absl::string_view, PointerUse> uses;
  for (const Operation& op : body.ops) {
    if (op.name == "arith.constant" && op.results.size() == 1) {
      int64_t v;
      if (absl::SimpleAtoi(op.FindAttr("value")->value, &v)) constants[op.results[0].value] = v;
    }
    if (op.name != "pto.make_tensor_view") continue;
    const Operand* ptr = op.Find("ptr");
    if (uses.contains(ptr->value)) continue;
    PointerUse& use = uses[ptr->value];
    use.view_name = std::string(Bare(op.results[0].value));
    Dims shape, strides;
    bool constant = true;
    for (const Operand* o : op.FindAll("shape")) {
      auto c = constants.find(o->value);
      constant = constant && c != constants.end();
      if (constant) shape.push_back(c->second);
    }
    for (const Operand* o : op.FindAll("strides")) {
      auto c = constants.find(o->value);
      constant = constant && c != constants.end();
      if (constant) strides.push_back(c->second);
    }
    if (!constant) continue;  // the pointer keeps its view's name, not an extent
    int64_t extent = 1, packed = 1;
    bool empty = false, row_major = true;
    for (size_t d = shape.size(); d-- > 0;) {
      empty = empty || shape[d] == 0;
      extent += (shape[d] - 1) * strides[d];
      row_major = row_major && strides[d] == packed;
      packed *= shape[d];
    }
    use.shape = row_major ? shape : Dims{empty ? 0 : extent};
  }
  return uses;
}

}  // namespace

absl::StatusOr<RunResult> RunPtoFile(std::string text, absl::string_view filename,
                                     const RunOptions& options) {
  if (options.out_dir.empty()) return absl::InvalidArgumentError("--out-dir is required");
  if (options.passes != "none") {
    return absl::InvalidArgumentError(
        "--passes applies to DSL programs; a PTO module runs as written");
  }
  if (options.ranks != 0) {
    return absl::UnimplementedError("a PTO module runs on one rank (--ranks is for DSL programs)");
  }
  PTO_ASSIGN_OR_RETURN(Module module, pto_text::ReadPto(filename, text));
  std::vector<std::string> names;
  const Operation* fn = nullptr;
  for (const Operation& f : module.body().ops) {
    absl::string_view name = Bare(f.FindAttr("sym_name")->value);
    names.emplace_back(name);
    if (name == options.function || (options.function.empty() && module.body().ops.size() == 1)) {
      fn = &f;
    }
  }
  if (fn == nullptr) {
    return absl::NotFoundError(
        options.function.empty()
            ? absl::StrCat("the module has ", names.size(), " functions: pass --func (",
                           absl::StrJoin(names, ", "), ")")
            : absl::StrCat("no function '", options.function, "' in the module; it has: ",
                           absl::StrJoin(names, ", ")));
  }
  const Block& body = fn->regions[0];
  absl::flat_hash_map<absl::string_view, PointerUse> uses = PointerUses(body);

  // Each parameter's names.
  std::vector<std::vector<std::string>> param_names;
  absl::flat_hash_map<std::string, size_t> by_name;
  for (size_t i = 0; i < body.args.size(); ++i) {
    std::vector<std::string> ns = {std::string(Bare(body.args[i].value))};
    auto use = uses.find(body.args[i].value);
    if (use != uses.end()) ns.push_back(use->second.view_name);
    for (const std::string& n : ns) by_name.emplace(n, i);
    param_names.push_back(std::move(ns));
  }
  std::vector<std::optional<std::string>> files(body.args.size());
  for (const auto& [name, path] : options.inputs) {
    auto it = by_name.find(name);
    if (it == by_name.end()) {
      std::vector<std::string> all;
      for (const auto& ns : param_names) all.push_back(absl::StrJoin(ns, " or "));
      return absl::InvalidArgumentError(absl::StrCat("function '",
                                                     Bare(fn->FindAttr("sym_name")->value),
                                                     "' has no parameter '", name,
                                                     "'; its parameters: ",
                                                     absl::StrJoin(all, ", ")));
    }
    if (files[it->second]) {
      return absl::InvalidArgumentError(absl::StrCat("input '", name, "' is given twice"));
    }
    files[it->second] = path;
  }

  std::vector<Value> args;
  std::vector<std::pair<std::string, BufferView>> pointers;
  for (size_t i = 0; i < body.args.size(); ++i) {
    const std::string& name = param_names[i].back();
    // The SPMD identity parameters (codegen puts them last) take the
    // launch's values, block 0 of 1, from the interpreter.
    if (pto_text::IsLaunchParameter(name)) break;
    std::string what = absl::StrCat("input '", name, "'");
    PTO_ASSIGN_OR_RETURN(PtoType type, pto_text::ParsePtoType(body.args[i].type));
    std::mt19937_64 rng(options.seed.value_or(0) * 1000003 + i);
    if (type.kind == PtoType::kScalar) {
      PTO_ASSIGN_OR_RETURN(Scalar s, ScalarInput(name, type.dtype, files[i],
                                                 options.seed.has_value(), rng));
      args.push_back(Value::Of(s));
      continue;
    }
    if (type.kind != PtoType::kPtr) {
      return absl::InvalidArgumentError(absl::StrCat(
          what, " is a ", body.args[i].type,
          "; a kernel's parameters are pointers and scalars, which pto-run binds"));
    }
    BufferView buffer;
    auto use = uses.find(body.args[i].value);
    std::optional<Dims> shape = use != uses.end() ? use->second.shape : std::nullopt;
    if (files[i]) {
      PTO_ASSIGN_OR_RETURN(NpyArray file, ReadNpyFile(*files[i]));
      std::vector<int64_t> file_shape = LogicalShapeOf(file, type.dtype);
      PTO_ASSIGN_OR_RETURN(buffer, BufferFromNpy(file, type.dtype, file_shape, false, what));
    } else if (!shape) {
      return absl::InvalidArgumentError(absl::StrCat(
          "missing ", what, " (a pointer to ", type.dtype.name(),
          " whose extent is not a constant): pass --in=", name, "=PATH.npy"));
    } else if (options.seed) {
      PTO_ASSIGN_OR_RETURN(buffer, RandomBuffer(type.dtype, *shape, false, rng));
    } else {
      buffer = AllocateBuffer(type.dtype, *shape, false);
    }
    pointers.emplace_back(name, buffer);
    args.push_back(Value::Of(buffer));
  }

  pto_text::PtoInterpreter interp(module, options.interpreter);
  PTO_RETURN_IF_ERROR(interp.Run(Bare(fn->FindAttr("sym_name")->value), std::move(args)));
  std::vector<Output> outputs;
  for (const auto& [name, buffer] : pointers) AddBufferOutput(name, buffer, outputs);
  return FinishRun(options.out_dir, outputs);
}

}  // namespace pto::sim
