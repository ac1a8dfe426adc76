#include "tools/run_driver.h"

#include <filesystem>
#include <fstream>
#include <random>
#include <system_error>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "backends/registry.h"
#include "ir/context.h"
#include "ir/analysis/unregistered_ops.h"
#include "ir/status_macros.h"
#include "ir/text/parser/parser.h"
#include "passes/all_passes.h"
#include "passes/pass_manager.h"
#include "sim/interp/interpreter.h"
#include "sim/multirank/multirank.h"
#include "sim/npy/npy_buffer.h"
#include "sim/numerics/element_convert.h"
#include "sim/numerics/float_formats.h"
#include "tools/cli.h"
#include "tools/run_io.h"

namespace pto::sim {
namespace {

using ir::DataType;

using DimBindings = absl::flat_hash_map<const ir::Var*, int64_t>;

// A type dim's value from constants and already-bound dynamic dims.
std::optional<int64_t> StaticDim(const ir::Expr* e, const DimBindings& bound) {
  if (std::optional<int64_t> c = ir::AsConstInt(e)) return c;
  if (const auto* v = e->As<ir::Var>()) {
    auto it = bound.find(v);
    if (it == bound.end()) return std::nullopt;
    return it->second;
  }
  if (const auto* b = e->As<ir::BinaryExpr>()) {
    std::optional<int64_t> x = StaticDim(b->lhs(), bound);
    std::optional<int64_t> y = StaticDim(b->rhs(), bound);
    if (!x || !y) return std::nullopt;
    absl::StatusOr<Scalar> r = EvalBinary(b->op(), Scalar::Int(DataType::kIndex, *x),
                                          Scalar::Int(DataType::kIndex, *y), DataType::kIndex);
    if (!r.ok()) return std::nullopt;
    return r->i;
  }
  return std::nullopt;
}

bool ColMajorOf(const ir::ShapedType* type) {
  if (const auto* tile = type->As<ir::TileType>()) {
    ir::TileView v = tile->EffectiveView();
    return tile->rank() >= 2 && v.blayout == ir::TileLayout::kColMajor &&
           v.slayout == ir::TileLayout::kNoneBox;
  }
  const auto* tensor = type->As<ir::TensorType>();
  return tensor->rank() >= 2 && tensor->EffectiveView().layout == ir::TensorLayout::kDN;
}

// Binds every parameter of `f` for one rank (rank 0 of a single-rank run):
// from `inputs` (parameter name -> .npy path), else as RunOptions says.
// Out, InOut and window parameters are also listed in `written_params`.
absl::Status BindArguments(const ir::Function* f,
                           const absl::flat_hash_map<std::string, std::string>& inputs,
                           const RunOptions& options, int rank, std::vector<Value>& args,
                           std::vector<std::pair<std::string, BufferView>>& written_params) {
  DimBindings dims;
  for (size_t i = 0; i < f->params().size(); ++i) {
    const ir::Var* param = f->params()[i];
    std::string name(param->name());
    std::string what = absl::StrCat("input '", name, "'");
    ir::ParamDirection dir = f->directions()[i];
    std::mt19937_64 rng(options.seed.value_or(0) * 1000003 + i + static_cast<uint64_t>(rank) * 7919);
    auto input = inputs.find(name);
    if (const auto* shaped = param->type()->As<ir::ShapedType>()) {
      if (const auto* tensor = shaped->As<ir::TensorType>();
          tensor != nullptr && tensor->view() != nullptr && !tensor->view()->stride.empty()) {
        return absl::UnimplementedError(absl::StrCat(
            what, ": parameters with explicit strides are not supported by pto-run"));
      }
      std::optional<NpyArray> file;
      if (input != inputs.end()) {
        PTO_ASSIGN_OR_RETURN(file, ReadNpyFile(input->second));
      }
      // Resolve the shape: static dims from the type, dynamic ones from the file.
      std::vector<int64_t> file_shape;
      if (file) file_shape = LogicalShapeOf(*file, shaped->dtype());
      Dims shape;
      for (size_t d = 0; d < shaped->rank(); ++d) {
        const ir::Expr* dim = shaped->shape()[d];
        std::optional<int64_t> v = StaticDim(dim, dims);
        if (!v && file && d < file_shape.size()) {
          v = file_shape[d];
          if (const auto* var = dim->As<ir::Var>()) dims[var] = *v;
        }
        if (!v) {
          return absl::InvalidArgumentError(absl::StrCat(
              what, " has a dynamic shape: give it with --in=", name, "=PATH.npy"));
        }
        shape.push_back(*v);
      }
      bool col_major = ColMajorOf(shaped);
      int64_t bits = shaped->dtype().storage_bits();
      for (int64_t d : shape) {
        if (d < 0 || (d > 0 && __builtin_mul_overflow(bits, d, &bits))) bits = INT64_MAX;
      }
      if (bits / 8 > options.interpreter.max_buffer_bytes) {
        return absl::InvalidArgumentError(absl::StrCat(
            what, " (", shaped->dtype().name(), " ", DescribeDims(shape),
            ") exceeds the interpreter's buffer limit of ", options.interpreter.max_buffer_bytes,
            " bytes"));
      }
      BufferView buffer;
      if (file) {
        PTO_ASSIGN_OR_RETURN(buffer, BufferFromNpy(*file, shaped->dtype(), shape, col_major, what));
      } else if (dir == ir::ParamDirection::kOut) {
        buffer = AllocateBuffer(shaped->dtype(), shape, col_major);
      } else if (options.seed) {
        PTO_ASSIGN_OR_RETURN(buffer, RandomBuffer(shaped->dtype(), shape, col_major, rng));
      } else {
        return absl::InvalidArgumentError(absl::StrCat(
            "missing ", what, " (", shaped->dtype().name(), " ", DescribeDims(shape),
            "): pass --in=", name, "=PATH.npy or --seed=N"));
      }
      buffer.is_tile = shaped->Is<ir::TileType>();
      if (dir != ir::ParamDirection::kIn ||
          (options.ranks >= 1 && param->type()->Is<ir::DistributedTensorType>())) {
        written_params.emplace_back(name, buffer);
      }
      args.push_back(Value::Of(buffer));
    } else if (const auto* st = param->type()->As<ir::ScalarType>()) {
      std::optional<std::string> path;
      if (input != inputs.end()) path = input->second;
      PTO_ASSIGN_OR_RETURN(Scalar s, ScalarInput(name, st->dtype(), path, options.seed.has_value(), rng));
      args.push_back(Value::Of(s));
    } else {
      return absl::UnimplementedError(
          absl::StrCat(what, ": pto-run binds only tensor, tile and scalar parameters"));
    }
  }

  return absl::OkStatus();
}

// The multi-rank run: binds each rank, runs the simulator, writes
// `<name>.rank<R>.npy` and checks that the signal windows end at zero.
absl::StatusOr<RunResult> RunRanks(const ir::Program& program, const ir::Function& f,
                                   const std::vector<absl::flat_hash_map<std::string, std::string>>&
                                       inputs,
                                   const RunOptions& options) {
  int n = options.ranks;
  std::vector<std::vector<Value>> args(static_cast<size_t>(n));
  std::vector<std::vector<std::pair<std::string, BufferView>>> written(static_cast<size_t>(n));
  for (int r = 0; r < n; ++r) {
    absl::Status s = BindArguments(&f, inputs[static_cast<size_t>(r)], options, r,
                                   args[static_cast<size_t>(r)], written[static_cast<size_t>(r)]);
    if (!s.ok()) return absl::Status(s.code(), absl::StrCat("rank ", r, ": ", s.message()));
  }
  MultiRankOptions mr;
  mr.nranks = n;
  mr.seed = options.schedule_seed;
  mr.mode = options.threads ? ExecutionMode::kThreads : ExecutionMode::kScheduled;
  mr.interpreter = options.interpreter;
  MultiRankSimulator sim(program, mr);
  PTO_ASSIGN_OR_RETURN(MultiRankResult run, sim.Run(f, std::move(args)));

  RunResult result;
  std::vector<std::string> signal_names;
  for (size_t param : run.signal_params) {
    std::string name(f.params()[param]->name());
    signal_names.push_back(name);
    for (int r = 0; r < n; ++r) {
      for (const auto& written_entry : written[static_cast<size_t>(r)]) {
        // A named reference, not a structured binding: C++17 lambdas cannot
        // capture a binding (clang rejects it; gcc accepts it as C++20 does).
        const auto& buffer = written_entry.second;
        if (written_entry.first != name) continue;
        std::vector<std::string> cells;
        bool nonzero = false;
        ForEachIndex(buffer.shape, [&](absl::Span<const int64_t> index) {
          int64_t bit = BitOffset(buffer, index);
          int64_t v = IsDefinedAt(buffer, bit)
                          ? Scalar::FromElementBits(buffer.dtype, LoadBits(buffer, bit)).i
                          : -1;
          nonzero |= v != 0;
          cells.push_back(absl::StrCat(v));
        });
        if (!nonzero) continue;
        std::string message =
            absl::StrCat("signal window '", name, "' does not end at zero: rank ", r, " holds [",
                         absl::StrJoin(cells, ", "), "]");
        if (options.check_signals) return absl::FailedPreconditionError(message);
        result.warnings.push_back(message);
      }
    }
  }
  std::vector<Output> outputs;
  for (int r = 0; r < n; ++r) {
    for (const auto& [name, buffer] : written[static_cast<size_t>(r)]) {
      AddBufferOutput(absl::StrCat(name, ".rank", r), buffer, outputs);
    }
    const std::vector<Value>& returns = run.returns[static_cast<size_t>(r)];
    for (size_t i = 0; i < returns.size(); ++i) {
      AddValueOutput(absl::StrCat("ret", i, ".rank", r), returns[i], outputs);
    }
  }
  PTO_ASSIGN_OR_RETURN(RunResult finished, FinishRun(options.out_dir, outputs));
  result.files = std::move(finished.files);
  result.warnings.insert(result.warnings.end(), finished.warnings.begin(),
                         finished.warnings.end());
  if (!signal_names.empty() && result.warnings.empty()) {
    result.notes.push_back(absl::StrCat("signal windows end at zero on all ", n, " ranks: ",
                                        absl::StrJoin(signal_names, ", ")));
  } else if (signal_names.empty()) {
    result.notes.push_back(absl::StrCat(n, " ranks ran; no signal window was waited on"));
  }
  return result;
}

}  // namespace

absl::StatusOr<RunResult> RunProgram(std::string text, absl::string_view filename,
                                     const RunOptions& options) {
  if (options.function.empty()) return absl::InvalidArgumentError("--func is required");
  if (options.out_dir.empty()) return absl::InvalidArgumentError("--out-dir is required");
  PTO_ASSIGN_OR_RETURN(std::vector<std::unique_ptr<passes::Pass>> pipeline,
                       passes::BuiltinPasses().Build(options.passes));
  PTO_ASSIGN_OR_RETURN(const backends::Backend* backend, backends::FindBackend(options.backend));
  ir::Context ctx;
  PTO_ASSIGN_OR_RETURN(ir::Program program,
                       tools::ParseInput(ctx, std::move(text), filename,
                                         options.allow_unregistered_ops, options.defines));
  passes::PassManager pm(std::move(pipeline));
  passes::PassContext pass_context(backend);
  PTO_ASSIGN_OR_RETURN(program, pm.Run(program, pass_context));
  PTO_RETURN_IF_ERROR(ir::RejectUnregisteredOps(program, "interpreter"));

  const ir::Function* f = program.FindFunction(options.function);
  if (f == nullptr) {
    std::vector<std::string> names;
    for (const ir::Function* g : program.functions()) names.emplace_back(g->name());
    return absl::NotFoundError(absl::StrCat("no function '", options.function,
                                            "' in the program; it has: ",
                                            absl::StrJoin(names, ", ")));
  }

  absl::flat_hash_map<std::string, std::string> inputs;
  for (const auto& [name, path] : options.inputs) {
    if (!inputs.emplace(name, path).second) {
      return absl::InvalidArgumentError(absl::StrCat("input '", name, "' is given twice"));
    }
  }
  absl::flat_hash_map<std::string, size_t> param_index;
  for (size_t i = 0; i < f->params().size(); ++i) {
    std::string name(f->params()[i]->name());
    if (!param_index.emplace(name, i).second) {
      return absl::InvalidArgumentError(absl::StrCat("function '", f->name(),
                                                     "' has two parameters named '", name, "'"));
    }
  }
  for (const auto& [full_name, path] : inputs) {
    std::string name = full_name.substr(0, full_name.find('@'));
    if (!param_index.contains(name)) {
      std::vector<std::string> names;
      for (const ir::Var* p : f->params()) names.emplace_back(p->name());
      return absl::InvalidArgumentError(absl::StrCat("function '", f->name(),
                                                     "' has no parameter '", name,
                                                     "'; its parameters: ",
                                                     absl::StrJoin(names, ", ")));
    }
  }

  absl::flat_hash_map<std::string, std::string> common;
  std::vector<absl::flat_hash_map<std::string, std::string>> per_rank(
      static_cast<size_t>(std::max(1, options.ranks)));
  for (const auto& [name, path] : inputs) {
    size_t at = name.find('@');
    if (at == std::string::npos) {
      common.emplace(name, path);
      continue;
    }
    int r = -1;
    if (options.ranks < 1) {
      return absl::InvalidArgumentError(absl::StrCat("input '", name,
                                                     "' names a rank: pass --ranks=N"));
    }
    if (!absl::SimpleAtoi(name.substr(at + 1), &r) || r < 0 || r >= options.ranks) {
      return absl::InvalidArgumentError(absl::StrCat("input '", name, "': the rank after '@' must be in [0, ",
                                                     options.ranks, ")"));
    }
    per_rank[static_cast<size_t>(r)].emplace(name.substr(0, at), path);
  }
  for (auto& m : per_rank) {
    for (const auto& [name, path] : common) m.emplace(name, path);  // a rank's own file wins
  }
  if (options.ranks >= 1) return RunRanks(program, *f, per_rank, options);

  std::vector<Value> args;
  std::vector<std::pair<std::string, BufferView>> written_params;
  PTO_RETURN_IF_ERROR(BindArguments(f, per_rank[0], options, 0, args, written_params));

  Interpreter interp(program, options.interpreter);
  PTO_ASSIGN_OR_RETURN(std::vector<Value> results, interp.Run(*f, std::move(args)));

  std::vector<Output> outputs;
  for (const auto& [name, buffer] : written_params) AddBufferOutput(name, buffer, outputs);
  for (size_t i = 0; i < results.size(); ++i) {
    AddValueOutput(absl::StrCat("ret", i), results[i], outputs);
  }
  return FinishRun(options.out_dir, outputs);
}

}  // namespace pto::sim
