// ProgramGenerator: functions, params and control flow; op calls come from
// the op recipes (recipes/, one file per op family) through GenScope. This
// file builds the program and its functions' signatures; the types are made
// in program_types.cc, the statements in program_stmts.cc.

#include "fuzz/gen/program_generator.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "fuzz/gen/program_builder.h"
#include "fuzz/gen/recipes/op_recipes.h"

namespace pto::fuzz {
namespace program_gen {
namespace {

// The last three are the dynamic dims' names: the printer must keep a param
// from shadowing a dim.
constexpr absl::string_view kParamNames[] = {"x", "y", "t", "a", "b", "out", "n", "src",
                                             "N", "M", "K"};

// Every Var mentioned by the dims of `type` (shape, view extents, offsets).
template <typename F>
void ForEachDimVar(const Type* type, F&& f, int depth = 0) {
  if (type == nullptr || depth > 8) return;
  auto walk = [&](const Expr* e, auto&& self) -> void {
    if (e == nullptr) return;
    if (const auto* v = e->As<Var>()) {
      f(v);
    } else if (const auto* b = e->As<ir::BinaryExpr>()) {
      self(b->lhs(), self);
      self(b->rhs(), self);
    } else if (const auto* u = e->As<ir::UnaryExpr>()) {
      self(u->operand(), self);
    }
  };
  auto dims = [&](ir::ExprSpan list) {
    for (const Expr* d : list) walk(d, walk);
  };
  if (const auto* tensor = type->As<ir::TensorType>()) {
    dims(tensor->shape());
    if (const ir::TensorView* v = tensor->view()) {
      dims(v->valid_shape);
      dims(v->stride);
    }
  } else if (const auto* tile = type->As<ir::TileType>()) {
    dims(tile->shape());
    if (const ir::TileView* v = tile->view()) {
      dims(v->valid_shape);
      dims(v->stride);
      walk(v->start_offset, walk);
    }
  } else if (const auto* tuple = type->As<ir::TupleType>()) {
    for (const Type* e : tuple->elements()) ForEachDimVar(e, f, depth + 1);
  }
}

}  // namespace

ir::Program Builder::Build() {
  MakePalette();
  int n = Int(1, std::max(1, options_.max_functions));
  for (int i = 0; i < n; ++i) functions_.push_back(MakeFunction(i));
  absl::string_view name = Pick<absl::string_view>({"Program", "Fuzz", "Gen"});
  return ctx_.NewProgram(name, functions_);
}

const ir::Function* Builder::MakeFunction(int index) {
  ir::FunctionType ftype = Pick<ir::FunctionType>(
      {ir::FunctionType::kInCore, ir::FunctionType::kOpaque, ir::FunctionType::kOpaque,
       ir::FunctionType::kInCore, ir::FunctionType::kOrchestration, ir::FunctionType::kAIV,
       ir::FunctionType::kAIC, ir::FunctionType::kGroup});
  std::optional<ir::Level> level;
  std::optional<ir::Role> role;
  if (ftype == ir::FunctionType::kOpaque) {
    // Mostly a HOST orchestrator: window buffers, pld.world_size and the
    // collectives over windows are made only there (the DSL's rule).
    if (OneIn(3)) {
      level = static_cast<ir::Level>(Int(0, ir::EnumSize<ir::Level>() - 1));
      role = static_cast<ir::Role>(Int(0, ir::EnumSize<ir::Role>() - 1));
    } else if (!OneIn(4)) {
      level = ir::Level::kHost;
      role = ir::Role::kOrchestrator;
    }
  }

  // Params: sometimes a previous function's signature first, so the new
  // function can call it.
  std::vector<const Type*> param_types;
  if (index > 0 && data_.ConsumeBool()) {
    const ir::Function* callee = functions_[Int(0, index - 1)];
    for (const Var* p : callee->params()) param_types.push_back(p->type());
  }
  if (!comm_types_.empty() && OneIn(3)) {
    param_types.insert(param_types.end(), comm_types_.begin(), comm_types_.end());
  }
  int extra = Int(0, std::max(0, options_.max_params - static_cast<int>(param_types.size())));
  for (int i = 0; i < extra && !palette_.empty(); ++i) {
    param_types.push_back(palette_[Int(0, static_cast<int>(palette_.size()) - 1)]);
  }
  std::vector<const Var*> params;
  std::vector<ir::ParamDirection> directions;
  for (const Type* t : param_types) {
    absl::string_view name = kParamNames[Int(0, static_cast<int>(std::size(kParamNames)) - 1)];
    params.push_back(ctx_.NewVar(name, t));
    ir::ParamDirection dir = ir::ParamDirection::kIn;
    if (t->Is<ir::TensorType>() && OneIn(3)) {
      dir = data_.ConsumeBool() ? ir::ParamDirection::kOut : ir::ParamDirection::kInOut;
    }
    directions.push_back(dir);
  }

  if (role == ir::Role::kSubWorker && level && *level >= ir::Level::kHost) {
    // Such a body is host Python kept as text, never DSL, in the canonical
    // form the parser keeps (ast.unparse's, ir/text/python/unparse.h): a
    // few, one with a docstring whose lines the printer must not re-indent.
    static constexpr absl::string_view kHostBodies[] = {
        "pass",
        "import torch\nassert torch.allclose(x, x)",
        "s = 'a\\n  b # c'\nif s:\n    print(s, (1, 2))",
        "def g(a, *, k=f'{x!r:>4}'):\n    \"\"\"Doc\n  # kept\"\"\"\n    return a[1:, ::2]",
    };
    ir::FunctionAttrs attrs;
    attrs.python_body = kHostBodies[Int(0, static_cast<int>(std::size(kHostBodies)) - 1)];
    return ctx_.NewFunction(absl::StrCat("f", index), params, directions, {}, ctx_.NewSeq({}),
                            ftype, level, role, {}, attrs);
  }

  GenScope s(ctx_, data_, options_);
  s.SetHost(level == ir::Level::kHost, &window_buffers_);
  s.SetFunctionType(ftype);
  scope_ = &s;
  s.EnterBlock();
  dyn_in_scope_.clear();
  params_ = params;
  for (const Var* p : params) s.Declare(p);
  for (const Var* d : dyn_) {
    bool used = false;
    for (const Type* t : param_types) {
      ForEachDimVar(t, [&](const Var* v) { used = used || v == d; });
    }
    if (used) {
      s.Declare(d);
      dyn_in_scope_.push_back(d);
    }
  }
  GenBlock(0, /*cap=*/options_.max_stmts);

  // Return values whose types mention only what the signature can name.
  std::vector<const Expr*> returns;
  std::vector<const Type*> return_types;
  int nret = Int(0, 2);
  for (int i = 0; i < nret; ++i) {
    const Var* v = s.Find([&](const Type* t) { return IsClosed(t); });
    if (v == nullptr) break;
    returns.push_back(v);
    return_types.push_back(v->type());
  }
  s.Emit(ctx_.NewReturn(ctx_.Save<const Expr*>(returns)));
  std::vector<const ir::Stmt*> body = s.ExitBlock();
  scope_ = nullptr;
  return ctx_.NewFunction(absl::StrCat("f", index), params, directions, return_types,
                          ctx_.NewSeq(body), ftype, level, role);
}

// Whether every Var in `type`'s dims is one a return type may name: a
// dynamic dim of the signature or a param (a dependent return type; a
// call substitutes its arguments). A body value would mean nothing
// outside the function.
bool Builder::IsClosed(const Type* type) const {
  bool closed = true;
  ForEachDimVar(type, [&](const Var* v) {
    bool ok = std::find(dyn_in_scope_.begin(), dyn_in_scope_.end(), v) != dyn_in_scope_.end() ||
              std::find(params_.begin(), params_.end(), v) != params_.end();
    closed = closed && ok;
  });
  return closed;
}

}  // namespace program_gen

namespace {

// Built-in recipes as GenFns, built once.
const std::vector<std::pair<std::string, GenFn>>& BuiltinGenFns() {
  static const auto* fns = [] {
    auto* v = new std::vector<std::pair<std::string, GenFn>>();
    for (const OpRecipe& r : BuiltinRecipes()) v->emplace_back(std::string(r.op), r.build);
    return v;
  }();
  return *fns;
}

}  // namespace

ProgramGenerator::ProgramGenerator(GeneratorOptions options) : options_(std::move(options)) {
  // The op table: every registered op with a recipe (a custom one wins),
  // filtered by the allow-list and weights, in op-name order.
  std::map<std::string, GenFn> recipes;
  for (const auto& [name, fn] : BuiltinGenFns()) recipes[name] = fn;
  for (const auto& [name, fn] : options_.op_recipes) recipes[name] = fn;
  for (auto& [name, fn] : recipes) {
    if (!options_.allowed_ops.empty() && !options_.allowed_ops.contains(name)) continue;
    auto w = options_.op_weights.find(name);
    int weight = w == options_.op_weights.end() ? 1 : w->second;
    if (weight <= 0) continue;
    op_total_ += weight;
    op_table_.push_back({op_total_, std::move(fn)});
  }
}

ir::Program ProgramGenerator::Generate(ir::Context& ctx, FuzzedDataProvider& data) const {
  std::vector<std::pair<int, const GenFn*>> ops;
  ops.reserve(op_table_.size());
  for (const WeightedGen& w : op_table_) ops.emplace_back(w.cumulative, &w.generate);
  program_gen::Builder builder(ctx, data, options_, ops, op_total_);
  return builder.Build();
}

absl::Span<const UncoveredOp> ProgramGenerator::UncoveredOps() { return BuiltinUncoveredOps(); }

std::vector<std::string> ProgramGenerator::CoveredOps() {
  std::vector<std::string> names;
  for (const OpRecipe& r : BuiltinRecipes()) names.emplace_back(r.op);
  return names;
}

}  // namespace pto::fuzz
