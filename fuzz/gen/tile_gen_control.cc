// The control flow of TileGen (tile_gen.h): pl.range loops of every kind,
// while loops and ifs with return values. A loop-carried tile gets a widened
// ValueBound that every iteration must stay inside (Widen, YieldCarried), so
// the bound holds for the loop's result whatever the trip count.

#include <cmath>
#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "fuzz/gen/tile_gen.h"
#include "ir/check.h"
#include "ir/text/dsl/scalar_builder.h"

namespace pto::fuzz::tile_gen {

// The bound assumed for a loop-carried value on every iteration: the yield
// must stay within it (Covers), so it holds for the return var too.
ValueBound TileGen::Widen(const Live& init) {
  double factor = Pick<double>({1.0, 2.0, 8.0});
  bool fp32 = TileOf(init.var)->dtype() == DataType::kFP32;
  double m = init.bound.magnitude * factor;
  if (init.bound.exact()) {
    if (fp32 && std::isfinite(m) && OneIn(3)) return ValueBound::Approx(2e-6, m);
    return ValueBound::Exact(m);
  }
  return ValueBound::Approx(init.bound.error * 4 + 2e-6, m);
}

// Up to two live tiles a loop carries, each with the widened bound its
// iterations assume.
void TileGen::AddCarriedTiles(std::vector<const ir::IterArg*>& iter_args,
                              std::vector<ValueBound>& assumed) {
  int n = Int(0, 2);
  for (int i = 0; i < n; ++i) {
    std::optional<Live> init = PickLive([](const Live& l) { return l.bound.usable(); });
    if (!init) break;
    ValueBound a = Widen(*init);
    if (!a.usable()) continue;
    iter_args.push_back(ctx_.NewIterArg("acc", init->var->type(), init->var));
    assumed.push_back(a);
  }
}

// What the loop body yields for iter_args[first...]: a live value of the
// same type within the bound assumed for it, else the iter arg itself.
void TileGen::YieldCarried(absl::Span<const ir::IterArg* const> iter_args,
                           absl::Span<const ValueBound> assumed, size_t first,
                           std::vector<const Expr*>& yields) {
  for (size_t i = first; i < iter_args.size(); ++i) {
    std::optional<Live> y = PickLive([&](const Live& l) {
      return l.var->type() == iter_args[i]->type() && Covers(assumed[i], l.bound);
    });
    yields.push_back(y ? y->var : iter_args[i]);
  }
}

void TileGen::GenFor(int depth) {
  int trips = Int(1, 3);
  std::vector<const ir::IterArg*> iter_args;
  std::vector<ValueBound> assumed;
  AddCarriedTiles(iter_args, assumed);
  ir::ForKind kind = Pick<ir::ForKind>({ir::ForKind::kSequential, ir::ForKind::kSequential,
                                        ir::ForKind::kParallel, ir::ForKind::kPipeline,
                                        ir::ForKind::kUnroll});
  if (kind == ir::ForKind::kUnroll && !iter_args.empty()) kind = ir::ForKind::kSequential;
  int stage = kind == ir::ForKind::kPipeline ? Int(1, 3) : 0;
  const Var* loop_var = ctx_.NewVar("i", ctx_.GetScalarType(DataType::kIndex));

  EnterBlock();
  for (size_t i = 0; i < iter_args.size(); ++i) live_.push_back({iter_args[i], assumed[i]});
  loop_vars_.push_back(loop_var);
  // break and continue are allowed in pl.range only (not parallel, unroll
  // or pipeline); the exit comes first or after the body's statements.
  bool exits = kind == ir::ForKind::kSequential && OneIn(4) && options_.scopes_and_loop_exits;
  bool exit_first = exits && Coin();
  if (exit_first) GenLoopExit();
  GenBlock(depth + 1, Int(1, 4));
  if (exits && !exit_first) GenLoopExit();
  loop_vars_.pop_back();
  std::vector<const Expr*> yields;
  YieldCarried(iter_args, assumed, 0, yields);
  if (!iter_args.empty()) Emit(ctx_.NewYield(ctx_.Save<const Expr*>(yields)));
  std::vector<const ir::Stmt*> body = ExitBlock();

  std::vector<const Var*> rets;
  for (const ir::IterArg* ia : iter_args) rets.push_back(ctx_.NewVar("acc_out", ia->type()));
  Emit(ctx_.NewFor(loop_var, ctx_.Index(0), ctx_.Index(trips), ctx_.Index(1), iter_args,
                   ctx_.NewSeq(body), rets, kind, stage));
  ++stmts_;
  for (size_t i = 0; i < rets.size(); ++i) live_.push_back({rets[i], assumed[i]});
  ++out_.features.loops;
}

// `for (n, acc, ...) in pl.while_(init_values=(n0, init, ...))` whose
// `pl.cond(...)` tests a counter that makes it terminate: up from 0 while
// `n < trips`, or down from trips while `n > 0` or `n != 0`. The tiles it
// carries widen as a for loop's do. A third of the whiles are native
// `while cond:` loops instead (GenNativeWhile).
void TileGen::GenWhile(int depth) {
  if (OneIn(3)) {
    GenNativeWhile(depth);
    return;
  }
  bool down = Coin();
  int trips = Int(0, 3);
  const ir::Type* index = ctx_.GetScalarType(DataType::kIndex);
  std::vector<const ir::IterArg*> iter_args = {
      ctx_.NewIterArg("n", index, ctx_.Index(down ? trips : 0))};
  std::vector<ValueBound> assumed = {ValueBound::Exact()};
  AddCarriedTiles(iter_args, assumed);
  absl::StatusOr<const Expr*> cond =
      down ? ir::MakeScalarBinary(ctx_, Pick({ir::BinaryOp::kGt, ir::BinaryOp::kNe}),
                                  iter_args[0], ctx_.Index(0))
           : ir::MakeScalarBinary(ctx_, ir::BinaryOp::kLt, iter_args[0], ctx_.Index(trips));
  PTO_CHECK(cond.ok()) << cond.status();

  EnterBlock();
  for (size_t i = 1; i < iter_args.size(); ++i) live_.push_back({iter_args[i], assumed[i]});
  loop_vars_.push_back(iter_args[0]);
  GenBlock(depth + 1, Int(1, 4));
  loop_vars_.pop_back();
  absl::StatusOr<const Expr*> next = ir::MakeScalarBinary(
      ctx_, down ? ir::BinaryOp::kSub : ir::BinaryOp::kAdd, iter_args[0], ctx_.Index(1));
  PTO_CHECK(next.ok()) << next.status();
  std::vector<const Expr*> yields = {Bind(*next, "n_next", ValueBound::Exact())};
  YieldCarried(iter_args, assumed, 1, yields);
  Emit(ctx_.NewYield(ctx_.Save<const Expr*>(yields)));
  std::vector<const ir::Stmt*> body = ExitBlock();

  std::vector<const Var*> rets = {ctx_.NewVar("n_out", index)};
  for (size_t i = 1; i < iter_args.size(); ++i) {
    rets.push_back(ctx_.NewVar("acc_out", iter_args[i]->type()));
  }
  Emit(ctx_.NewWhile(*cond, iter_args, ctx_.NewSeq(body), rets));
  ++stmts_;
  for (size_t i = 1; i < rets.size(); ++i) live_.push_back({rets[i], assumed[i]});
  ++out_.features.whiles;
  if (down) ++out_.features.whiles_down;
}

// `while cond:` with nothing carried. Its condition can read only values
// defined before the loop, so it cannot change while the loop runs: a true
// one would never end. It is false on entry: a loop variable or while
// counter (all within [0, 3]) compared outside that range, or `False`. The
// body still has to verify, round-trip, lower and be emitted (scf.while);
// the interpreter skips it in both runs, so what it computes (even a store)
// leaves no trace in the outputs.
void TileGen::GenNativeWhile(int depth) {
  const Expr* cond = ctx_.Bool(false);
  if (!loop_vars_.empty() && !OneIn(4)) {
    const Var* v = loop_vars_[Int(0, static_cast<int>(loop_vars_.size()) - 1)];
    absl::StatusOr<const Expr*> c =
        Coin() ? ir::MakeScalarBinary(ctx_, Pick({ir::BinaryOp::kGt, ir::BinaryOp::kGe}), v,
                                      ctx_.Index(4))
               : ir::MakeScalarBinary(ctx_, ir::BinaryOp::kLt, v, ctx_.Index(0));
    PTO_CHECK(c.ok()) << c.status();
    cond = *c;
  }
  EnterBlock();
  GenBlock(depth + 1, Int(1, 3));
  std::vector<const ir::Stmt*> body = ExitBlock();
  Emit(ctx_.NewWhile(cond, {}, ctx_.NewSeq(body), {}));
  ++stmts_;
  ++out_.features.native_whiles;
}

const Expr* TileGen::Condition() {
  if (!loop_vars_.empty() && !OneIn(3)) {
    auto op = Pick<ir::BinaryOp>(
        {ir::BinaryOp::kLt, ir::BinaryOp::kEq, ir::BinaryOp::kGe, ir::BinaryOp::kNe});
    absl::StatusOr<const Expr*> c =
        ir::MakeScalarBinary(ctx_, op, loop_vars_.back(), ctx_.Index(Int(0, 2)));
    if (c.ok()) return *c;
  }
  return ctx_.Bool(Coin());
}

void TileGen::GenIf(int depth) {
  const Expr* cond = Condition();
  std::vector<const ir::Type*> types;
  int nret = Int(0, 2);
  for (int i = 0; i < nret; ++i) {
    std::optional<Live> v = PickLive([](const Live& l) { return l.bound.usable(); });
    if (v) types.push_back(v->var->type());
  }
  auto branch = [&](std::vector<ValueBound>* bounds) -> const ir::Stmt* {
    EnterBlock();
    GenBlock(depth + 1, Int(0, 3));
    if (!types.empty()) {
      std::vector<const Expr*> values;
      for (const ir::Type* t : types) {
        std::optional<Live> y =
            PickLive([&](const Live& l) { return l.bound.usable() && l.var->type() == t; });
        PTO_CHECK(y.has_value());  // the value the type came from is visible
        values.push_back(y->var);
        bounds->push_back(y->bound);
      }
      Emit(ctx_.NewYield(ctx_.Save<const Expr*>(values)));
    }
    return ctx_.NewSeq(ExitBlock());
  };
  std::vector<ValueBound> then_bounds, else_bounds;
  const ir::Stmt* then_body = branch(&then_bounds);
  const ir::Stmt* else_body = !types.empty() || Coin() ? branch(&else_bounds) : nullptr;
  std::vector<const Var*> rets;
  for (const ir::Type* t : types) rets.push_back(ctx_.NewVar("sel_out", t));
  Emit(ctx_.NewIf(cond, then_body, else_body, rets));
  ++stmts_;
  for (size_t i = 0; i < rets.size(); ++i) {
    live_.push_back({rets[i], Join(then_bounds[i], else_bounds[i])});
  }
  ++out_.features.ifs;
}

void TileGen::GenLoopExit() {
  bool is_break = Coin();
  const ir::Stmt* exit = is_break ? static_cast<const ir::Stmt*>(ctx_.NewBreak())
                                  : static_cast<const ir::Stmt*>(ctx_.NewContinue());
  // The loop's carried values are the iteration's own on either exit, so
  // the bounds assumed for them still hold.
  Emit(ctx_.NewIf(Condition(), ctx_.NewSeq({&exit, 1}), nullptr, {}));
  ++stmts_;
  ++(is_break ? out_.features.breaks : out_.features.continues);
}

void TileGen::GenScope(int depth) {
  static const ir::ScopeArg kManual[] = {
      {"mode", -1, "ScopeMode.MANUAL", AttrValue::Bool(false)}};
  int kind = Int(0, 2);
  if (manual_depth_ > 0) kind = 2;
  manual_depth_ += kind == 1;
  // Not EnterBlock: a scope keeps what its body binds visible after it.
  blocks_.emplace_back();
  GenBlock(depth + 1, Int(1, 3));
  manual_depth_ -= kind == 1;
  std::vector<const ir::Stmt*> body = std::move(blocks_.back());
  blocks_.pop_back();
  if (body.empty()) return;
  absl::Span<const ir::ScopeArg> args;
  if (kind == 1) args = kManual;
  placed_auto_scope_ = placed_auto_scope_ || kind == 0;
  Emit(ctx_.NewScope(kind == 2 ? ir::ScopeKind::kCluster : ir::ScopeKind::kRuntime, args, {},
                     ctx_.NewSeq(body)));
  ++stmts_;
  ++out_.features.scopes;
}

}  // namespace pto::fuzz::tile_gen
