// TileGen: the state of GenerateTileProgram (tile_program_gen.h) while it
// builds one kernel - the live tiles with their ValueBounds, the open blocks,
// the statement budget - and the choices it makes from the fuzz input.
// Private to fuzz/gen: its statements are defined by concept in
// tile_program_gen.cc (the kernel, inputs, outputs, the statement choice),
// tile_gen_compute.cc (composites, arithmetic, casts, tuples) and
// tile_gen_control.cc (loops, whiles, ifs).
//
//   TileGen gen(ctx, data, options);
//   TileProgram p = gen.Build();

#ifndef PTO_FUZZ_GEN_TILE_GEN_H_
#define PTO_FUZZ_GEN_TILE_GEN_H_

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <vector>

#include <fuzzer/FuzzedDataProvider.h>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "backends/backend.h"
#include "fuzz/gen/tile_program_gen.h"
#include "fuzz/oracle/value_bounds.h"
#include "ir/context.h"
#include "ir/ops/builtin.h"

namespace pto::fuzz::tile_gen {

using ir::AttrValue;
using ir::DataType;
using ir::Expr;
using ir::NamedAttr;
using ir::TileType;
using ir::Var;

inline constexpr DataType kInputDTypes[] = {DataType::kFP32,  DataType::kFP32,  DataType::kFP16,
                                            DataType::kBF16,  DataType::kInt32, DataType::kInt16,
                                            DataType::kInt8,  DataType::kUInt8};
inline constexpr DataType kCommonCastDTypes[] = {
    DataType::kFP32,  DataType::kFP16, DataType::kBF16,  DataType::kInt32,
    DataType::kInt16, DataType::kInt8, DataType::kUInt8, DataType::kFP8E4M3FN};
inline constexpr DataType kSelectDTypes[] = {DataType::kFP32,  DataType::kFP16,  DataType::kBF16,
                                             DataType::kInt32, DataType::kInt16, DataType::kUInt16,
                                             DataType::kUInt32, DataType::kInt8, DataType::kUInt8};
inline constexpr DataType kQuantDTypes[] = {DataType::kFP32, DataType::kFP16, DataType::kBF16};

inline bool In(DataType t, absl::Span<const DataType> set) {
  return std::find(set.begin(), set.end(), t) != set.end();
}

inline const TileType* TileOf(const Var* v) { return v->type()->As<TileType>(); }

inline std::optional<std::vector<int64_t>> StaticShape(ir::ExprSpan dims) {
  std::vector<int64_t> out;
  for (const Expr* d : dims) {
    std::optional<int64_t> c = ir::AsConstInt(d);
    if (!c) return std::nullopt;
    out.push_back(*c);
  }
  return out;
}

struct Live {
  const Var* var;
  ValueBound bound;
};

class TileGen {
 public:
  TileGen(ir::Context& ctx, FuzzedDataProvider& data, const TileProgramOptions& options)
      : ctx_(ctx), data_(data), options_(options) {}

  TileProgram Build();

 private:
  // --- Choices ---------------------------------------------------------------------
  bool Coin() { return data_.ConsumeBool(); }
  int Int(int lo, int hi) { return data_.ConsumeIntegralInRange<int>(lo, hi); }
  bool OneIn(int n) { return Int(0, n - 1) == 0; }
  template <typename T>
  T Pick(absl::Span<const T> items) {
    return items[data_.ConsumeIntegralInRange<size_t>(0, items.size() - 1)];
  }
  template <typename T>
  T Pick(std::initializer_list<T> items) {
    return Pick(absl::Span<const T>(items.begin(), items.size()));
  }

  // --- Values in scope ------------------------------------------------------------------
  template <typename Pred>
  std::optional<Live> PickLive(Pred pred) {
    if (live_.empty()) return std::nullopt;
    size_t n = live_.size();
    size_t start = data_.ConsumeIntegralInRange<size_t>(0, n - 1);
    for (size_t k = 0; k < n; ++k) {
      const Live& l = live_[(start + k) % n];
      if (pred(l)) return l;
    }
    return std::nullopt;
  }

  void EnterBlock() {
    blocks_.emplace_back();
    marks_.push_back(live_.size());
  }
  std::vector<const ir::Stmt*> ExitBlock() {
    std::vector<const ir::Stmt*> stmts = std::move(blocks_.back());
    blocks_.pop_back();
    live_.resize(marks_.back());
    marks_.pop_back();
    return stmts;
  }
  void Emit(const ir::Stmt* s) { blocks_.back().push_back(s); }

  const ir::Call* Try(absl::string_view op, std::vector<const Expr*> args,
                      std::vector<NamedAttr> kwargs = {}) {
    absl::StatusOr<const ir::Call*> call = ir::MakeCall(ctx_, op, args, kwargs);
    return call.ok() ? *call : nullptr;
  }

  // `hint = value`; a tile result becomes a live value with `bound`.
  const Var* Bind(const Expr* value, absl::string_view hint, const ValueBound& bound) {
    const Var* v = ctx_.NewVar(hint, value->type());
    Emit(ctx_.NewAssign(v, value));
    ++stmts_;
    if (value->type()->Is<TileType>()) live_.push_back({v, bound});
    return v;
  }

  const Expr* Tuple(absl::Span<const int64_t> values) {
    return ctx_.NewMakeTuple(ctx_.IndexList(values));
  }

  // --- Inputs and outputs -----------------------------------------------------------------
  void AddInput(DataType dtype, std::vector<int64_t> shape, TileInput::Fill fill, double range,
                bool may_narrow);
  // Stores `v` into a fresh Out tensor of its shape; the output's index, or
  // -1 when tile.store rejects the tile.
  int StoreOutput(const Var* v, const ValueBound& bound, int source = -1);

  // --- Statements --------------------------------------------------------------------------
  void GenBlock(int depth, int cap);
  void GenStmt(int depth);

  // --- Composites, arithmetic, casts, tuples (tile_gen_compute.cc) ---------------------
  // tile.sin or tile.cos of an FP32 value inside the spec's accuracy range.
  struct SinCos {
    const ir::Call* call;
    bool is_sin;
    ValueBound bound;
  };
  std::optional<SinCos> MakeSinCos();
  void GenSinCos();
  // A literal every select dtype holds exactly.
  const Expr* SmallLiteral(DataType dtype);
  const Expr* CompareLiteral(DataType dtype);
  void GenSelect();
  void GenBinary();
  void GenScalar();
  void GenUnary();
  void GenCast();
  void GenQuant();
  // A composite whose result nothing reads, as a statement of its own.
  void GenEval();
  // `tup = (a, b, ...)` of live tiles (and a scalar now and then), perhaps
  // an alias of it, and projections of its elements. The lowering must leave
  // such user tuples alone; codegen follows them to their elements.
  void GenTuple();

  // --- Loops, whiles, ifs (tile_gen_control.cc) -----------------------------------------
  // The bound assumed for a loop-carried value on every iteration.
  ValueBound Widen(const Live& init);
  // Up to two live tiles a loop carries, each with the widened bound its
  // iterations assume.
  void AddCarriedTiles(std::vector<const ir::IterArg*>& iter_args,
                       std::vector<ValueBound>& assumed);
  // What the loop body yields for iter_args[first...]: a live value of the
  // same type within the bound assumed for it, else the iter arg itself.
  void YieldCarried(absl::Span<const ir::IterArg* const> iter_args,
                    absl::Span<const ValueBound> assumed, size_t first,
                    std::vector<const Expr*>& yields);
  void GenFor(int depth);
  // `for (n, acc, ...) in pl.while_(...)` with `pl.cond(...)` on a counter
  // that makes it terminate, or (a third) GenNativeWhile.
  void GenWhile(int depth);
  // `while cond:` with nothing carried, its condition false on entry.
  void GenNativeWhile(int depth);
  const Expr* Condition();
  void GenIf(int depth);
  // `with pl.scope():` (AUTO or MANUAL) or `with pl.cluster():` around a
  // block; a scope is transparent to names, so what it binds stays live.
  void GenScope(int depth);
  // `if <cond>: break` or `continue` in the pl.range loop being built.
  void GenLoopExit();

  ir::Context& ctx_;
  FuzzedDataProvider& data_;
  const TileProgramOptions& options_;
  const backends::Backend* backend_ = nullptr;
  int64_t rows_ = 1;
  int64_t cols_ = 8;
  // Everything of the TileProgram but the program itself.
  struct Draft {
    absl::string_view arch;
    std::vector<TileInput> inputs;
    std::vector<TileOutput> outputs;
    bool may_fail_lowering = false;
    TileProgramFeatures features;
  };
  Draft out_;
  std::vector<Live> live_;
  std::vector<size_t> marks_;
  std::vector<std::vector<const ir::Stmt*>> blocks_;
  // Open MANUAL scopes, and whether an AUTO scope was placed: the parser
  // takes no scope but pl.cluster() inside a MANUAL one, and a hand-placed
  // AUTO scope only in an auto_scope=False function (upstream's rules).
  int manual_depth_ = 0;
  bool placed_auto_scope_ = false;
  std::vector<const Var*> loop_vars_;
  const Var* last_store_ = nullptr;
  int stmts_ = 0;
};

}  // namespace pto::fuzz::tile_gen

#endif  // PTO_FUZZ_GEN_TILE_GEN_H_
