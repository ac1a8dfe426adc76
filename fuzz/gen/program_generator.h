// A structure-aware generator of random, well-typed tile-IR programs.
//
// Fuzz harnesses turn libFuzzer's bytes into programs the verifier accepts:
// several functions (InCore, Opaque, ...) that call each other through
// `self.f(...)`, nested pl.range/parallel/unroll/pipeline loops with
// loop-carried values, ifs and both while forms with return values, tuples,
// scalar arithmetic, `pl.dynamic` dims, tensor params with views, tiles with
// views, valid shapes and memory spaces, and calls of every registered op.
// Every op call is built with MakeCall and kept only when it succeeds, so the
// output is well typed by construction; an op the generator cannot build yet
// is listed in UncoveredOps() with the reason.
//
//   FuzzedDataProvider data(bytes, size);
//   Context ctx;
//   Program p = ProgramGenerator().Generate(ctx, data);
//   // VerifyProgram(p).ok(); PrintProgram(p) re-parses to an equal program.
//
// Generation is linear and bounded: statements per function, nesting depth,
// functions and params are capped by GeneratorOptions, and generation stops
// early when the input bytes run out (FuzzedDataProvider then yields zeros).
// The same bytes always give the same program.
//
// Extending it (e.g. a tile-program fuzzer focused on composite ops):
//
//   GeneratorOptions opts;
//   opts.allowed_ops = {"tile.full", "tile.sin", "tile.cos", "tile.select", "tile.cmps"};
//   opts.op_weights["tile.select"] = 8;
//   opts.custom_stmts.push_back({"softmax_like", 2, [](GenScope& s) {
//     const Var* t = s.FindTile([](const TileType* t) { return t->dtype() == DataType::kFP32; });
//     return t != nullptr && s.TryOp("tile.sin", {t}) != nullptr;
//   }});
//   ProgramGenerator gen(opts);
//
// `allowed_ops` bounds every op that may appear, including the helper calls
// a recipe makes to materialise operands (tile.full, tile.cmps, ...).

#ifndef PTO_FUZZ_GEN_PROGRAM_GENERATOR_H_
#define PTO_FUZZ_GEN_PROGRAM_GENERATOR_H_

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <string>
#include <vector>

#include <fuzzer/FuzzedDataProvider.h>

#include "absl/container/flat_hash_set.h"
#include "absl/functional/function_ref.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "ir/context.h"
#include "ir/function.h"
#include "ir/op_registry.h"

namespace pto::fuzz {

class GenScope;

// Builds something at the current point of a function body through `scope`
// (op calls, statements). Returns false when it could not (nothing usable
// was emitted); the generator then moves on.
using GenFn = std::function<bool(GenScope& scope)>;

struct CustomStmt {
  std::string name;
  int weight = 1;
  GenFn generate;
};

struct GeneratorOptions {
  int max_functions = 3;
  int max_params = 5;
  // Statements per function, nested ones included.
  int max_stmts = 24;
  // Nesting of loops and ifs.
  int max_depth = 3;
  int max_rank = 3;

  // Ops that may appear anywhere in the program; empty means every op.
  absl::flat_hash_set<std::string> allowed_ops;
  // Relative weight of each op as a statement (default 1; 0 disables it as
  // a statement, though a recipe may still call it as a helper).
  std::map<std::string, int> op_weights;
  // Recipes that replace (or add, for an op without one) the built-in way
  // of building a call of the op named by the key.
  std::map<std::string, GenFn> op_recipes;

  // Relative weights of the statement kinds.
  int op_stmt_weight = 12;
  int scalar_weight = 2;
  int for_weight = 2;
  int if_weight = 2;
  int while_weight = 1;
  int tuple_weight = 1;
  int call_weight = 2;
  std::vector<CustomStmt> custom_stmts;
};

// An op the built-in recipes do not construct, and why.
struct UncoveredOp {
  absl::string_view name;
  absl::string_view reason;
};

// The current point of the function under construction, as op recipes and
// custom statement generators see it: the randomness, the values in scope
// and the ways to emit statements. Every choice is drawn from the input
// bytes; when they run out the choices are the minimal ones.
class GenScope {
 public:
  GenScope(ir::Context& ctx, FuzzedDataProvider& data, const GeneratorOptions& options);
  GenScope(const GenScope&) = delete;
  GenScope& operator=(const GenScope&) = delete;

  ir::Context& ctx() const { return ctx_; }
  FuzzedDataProvider& data() const { return data_; }
  const GeneratorOptions& options() const { return options_; }

  // --- Choices -----------------------------------------------------------------
  bool Coin() { return data_.ConsumeBool(); }
  // True with probability 1/n.
  bool OneIn(int n) { return Int(0, n - 1) == 0; }
  int Int(int lo, int hi) { return data_.ConsumeIntegralInRange<int>(lo, hi); }
  int64_t Int64(int64_t lo, int64_t hi) { return data_.ConsumeIntegralInRange<int64_t>(lo, hi); }
  template <typename T>
  const T& Pick(absl::Span<const T> items) {
    return items[data_.ConsumeIntegralInRange<size_t>(0, items.size() - 1)];
  }
  template <typename T>
  T Pick(std::initializer_list<T> items) {
    return Pick(absl::Span<const T>(items.begin(), items.size()));
  }
  // A common dtype usually, any dtype sometimes.
  ir::DataType AnyDType();
  // A static extent for tile and tensor dims (1 .. 128, mostly powers of 2).
  int64_t Extent();
  // A static shape of rank min_rank .. max_rank (capped by options.max_rank).
  std::vector<int64_t> Shape(int min_rank, int max_rank);
  // A literal of `dtype`: ConstInt, ConstFloat or ConstBool.
  const ir::Expr* Literal(ir::DataType dtype);
  // A list literal of INDEX constants.
  const ir::Expr* IndexList(absl::Span<const int64_t> values);

  // --- Values in scope ----------------------------------------------------------
  // A random visible Var whose type satisfies `pred`, or nullptr.
  const ir::Var* Find(absl::FunctionRef<bool(const ir::Type*)> pred);
  const ir::Var* FindTile(absl::FunctionRef<bool(const ir::TileType*)> pred);
  const ir::Var* FindTensor(absl::FunctionRef<bool(const ir::TensorType*)> pred);
  const ir::Var* FindScalar(absl::FunctionRef<bool(ir::DataType)> pred);
  const ir::Var* FindOfType(const ir::Type* type);
  const ir::Var* AnyTile();
  const ir::Var* AnyTensor();
  absl::Span<const ir::Var* const> visible() const { return visible_; }
  // Makes `var` visible without defining it (params, loop vars, iter args).
  void Declare(const ir::Var* var) { visible_.push_back(var); }

  // --- Emission -------------------------------------------------------------------
  bool Allowed(absl::string_view op) const;
  // CreateCall of `op`; the call, or nullptr when the op is not allowed or
  // its schema/deducer rejects the operands (the attempt is discarded).
  const ir::Call* TryCall(absl::string_view op, absl::Span<const ir::Expr* const> args,
                          absl::Span<const ir::NamedAttr> kwargs = {});
  // TryCall, then bind the result (`name = call`) or, for a call without a
  // value, emit it as a statement. Returns the bound Var (nullptr on failure
  // or for a valueless call that was emitted).
  const ir::Var* TryOp(absl::string_view op, std::initializer_list<const ir::Expr*> args,
                       std::initializer_list<ir::NamedAttr> kwargs = {});
  const ir::Var* TryOp(absl::string_view op, absl::Span<const ir::Expr* const> args,
                       absl::Span<const ir::NamedAttr> kwargs);
  // `var = value` with a fresh Var named after `hint`; the Var becomes visible.
  const ir::Var* Bind(const ir::Expr* value, absl::string_view hint);
  void Emit(const ir::Stmt* stmt);
  // Statements emitted so far in this function (the budget counter).
  int emitted() const { return emitted_; }
  // HOST orchestration code (a HOST-level function), where the DSL allows
  // pld.world_size and window buffers; `window_buffers` counts the buffers
  // of the program, whose names must be unique.
  void SetHost(bool host, int* window_buffers) {
    host_ = host;
    window_buffers_ = window_buffers;
  }
  bool host() const { return host_ && window_buffers_ != nullptr; }
  // The type of the function under construction.
  void SetFunctionType(ir::FunctionType type) { function_type_ = type; }
  ir::FunctionType function_type() const { return function_type_; }
  // A new program-unique window buffer name (host() only).
  std::string NextWindowBufferName();

  // A fresh Vec tile of `dtype` and `shape` (tile.full or tile.create), or
  // nullptr when neither is allowed or the shape is invalid for the dtype.
  const ir::Var* FreshTile(ir::DataType dtype, absl::Span<const int64_t> shape);
  // A fresh tensor (tensor.full or tensor.create), or nullptr.
  const ir::Var* FreshTensor(ir::DataType dtype, absl::Span<const int64_t> shape);
  // A visible tile satisfying `pred`, else a fresh one of `dtype`/`shape`.
  const ir::Var* TileOr(absl::FunctionRef<bool(const ir::TileType*)> pred, ir::DataType dtype,
                        absl::Span<const int64_t> shape);

  // --- Blocks (for generators that build control flow) ------------------------------
  // Statements emitted after EnterBlock go to a new block; ExitBlock returns
  // them and hides the Vars defined or declared since.
  void EnterBlock();
  std::vector<const ir::Stmt*> ExitBlock();

 private:
  ir::Context& ctx_;
  FuzzedDataProvider& data_;
  const GeneratorOptions& options_;
  std::vector<const ir::Var*> visible_;
  std::vector<size_t> visible_marks_;
  std::vector<std::vector<const ir::Stmt*>> blocks_;
  int emitted_ = 0;
  bool host_ = false;
  int* window_buffers_ = nullptr;
  ir::FunctionType function_type_ = ir::FunctionType::kOpaque;
};

class ProgramGenerator {
 public:
  explicit ProgramGenerator(GeneratorOptions options = {});

  // A random program built in `ctx` from `data`. Always verifies (a
  // generator bug otherwise); may be small when the data is short.
  ir::Program Generate(ir::Context& ctx, FuzzedDataProvider& data) const;

  const GeneratorOptions& options() const { return options_; }

  // Registered ops without a built-in recipe, with the reason, sorted by name.
  static absl::Span<const UncoveredOp> UncoveredOps();
  // Names of the ops the built-in recipes construct, sorted.
  static std::vector<std::string> CoveredOps();

 private:
  struct WeightedGen {
    int cumulative;  // running sum of the weights up to this entry
    GenFn generate;
  };
  GeneratorOptions options_;
  // Op recipes with their cumulative weights, in op-name order.
  std::vector<WeightedGen> op_table_;
  int op_total_ = 0;
};

}  // namespace pto::fuzz

#endif  // PTO_FUZZ_GEN_PROGRAM_GENERATOR_H_
