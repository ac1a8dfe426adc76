#include "bench/program_gen.h"

#include <algorithm>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/check.h"
#include "ir/ops/builtin.h"

namespace pto::bench {
namespace {

using ir::AttrValue;
using ir::Context;
using ir::DataType;
using ir::Expr;
using ir::NamedAttr;
using ir::Stmt;
using ir::Type;
using ir::Var;

// SplitMix64: a tiny generator whose sequence is fixed by the seed on every
// platform (std distributions are not).
class Random {
 public:
  explicit Random(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n).
  int Below(int n) { return static_cast<int>(Next() % static_cast<uint64_t>(n)); }

 private:
  uint64_t state_;
};

// Builds calls of built-in ops; every generated call must be valid, so a
// failure is a bug in the generator.
class Builder {
 public:
  explicit Builder(Context& ctx) : ctx_(ctx) {}
  Context& ctx() { return ctx_; }

  const ir::Call* Call(absl::string_view op, std::initializer_list<const Expr*> args,
                       std::initializer_list<NamedAttr> kwargs = {}) {
    absl::StatusOr<const ir::Call*> call = ir::MakeCall(
        ctx_, op, ir::ExprSpan(args.begin(), args.size()),
        absl::Span<const NamedAttr>(kwargs.begin(), kwargs.size()));
    PTO_CHECK(call.ok()) << call.status().message();
    return *call;
  }
  // `name = call` appended to `out`; returns the new Var.
  const Var* Assign(std::vector<const Stmt*>& out, absl::string_view name, const ir::Call* call) {
    const Var* v = ctx_.NewVar(name, call->type());
    out.push_back(ctx_.NewAssign(v, call));
    return v;
  }
  const Expr* Tuple(std::initializer_list<const Expr*> values) {
    return ctx_.NewMakeTuple(ir::ExprSpan(values.begin(), values.size()));
  }
  const Expr* Indices(std::initializer_list<int64_t> values) {
    return ctx_.NewMakeTuple(ctx_.IndexList(absl::Span<const int64_t>(values.begin(), values.size())));
  }
  const ir::Call* Load(const Expr* tensor, const Expr* row, int64_t rows, int64_t cols) {
    return Call("tile.load", {tensor, Tuple({row, ctx_.Index(0)}), Indices({rows, cols}),
                              Indices({rows, cols})},
                {{"target_memory", AttrValue::Enum(ir::MemorySpace::kVec)}});
  }
  const ir::Call* Cast(const Expr* tile, DataType to, ir::RoundMode mode) {
    return Call("tile.cast", {tile},
                {{"target_type", AttrValue::DType(to)}, {"mode", AttrValue::Enum(mode)}});
  }

 private:
  Context& ctx_;
};

// An InCore kernel `name(params...) -> return type of params.back()` whose
// body is `stmts` followed by `r = tile.store(result, [0, 0], out)` and
// `return r`, where `out` is the last param.
const ir::Function* Kernel(Builder& b, absl::string_view name, std::vector<const Var*> params,
                           std::vector<const Stmt*> stmts, const Var* result) {
  Context& ctx = b.ctx();
  const Var* out = params.back();
  const Var* r =
      b.Assign(stmts, "r", b.Call("tile.store", {result, b.Indices({0, 0}), out}));
  const Expr* ret = r;
  stmts.push_back(ctx.NewReturn({&ret, 1}));
  std::vector<ir::ParamDirection> dirs(params.size(), ir::ParamDirection::kIn);
  dirs.back() = ir::ParamDirection::kOut;
  const Type* returns[] = {out->type()};
  return ctx.NewFunction(name, params, dirs, returns, ctx.NewSeq(stmts),
                         ir::FunctionType::kInCore);
}

// --- MixedProgram ------------------------------------------------------------------

class MixedKernel {
 public:
  MixedKernel(Builder& b, Random& random, const Var* x, const Var* y)
      : b_(b), ctx_(b.ctx()), random_(random), x_(x), y_(y) {}

  // `body` statements between the two loads and the store/return.
  std::vector<const Stmt*> Body(int64_t body, const Var** result) {
    std::vector<const Stmt*> out;
    out.reserve(body + 2);
    a_ = b_.Assign(out, "a", b_.Load(x_, ctx_.Index(0), 16, 64));
    i_ = b_.Assign(out, "b", b_.Load(y_, ctx_.Index(0), 16, 64));
    cur_ = a_;
    int64_t left = body;
    while (left > 0) {
      int pick = random_.Below(100);
      if (pick < 15 && left >= 4) {
        left -= CastRoundTrip(out);
      } else if (pick < 30 && left >= 2) {
        left -= Composite(out);
      } else if (pick < 48 && left >= 5) {
        left -= Loop(out, std::min<int64_t>(left, 4 + random_.Below(5)));
      } else {
        Elementwise(out, cur_);
        left -= 1;
      }
    }
    *result = cur_;
    return out;
  }

 private:
  std::string Name(absl::string_view base) { return absl::StrCat(base, next_name_++); }

  // One elementwise op on `value` (FP32 [16, 64]) appended to `out`; the
  // result becomes the current value.
  void Elementwise(std::vector<const Stmt*>& out, const Var* value) {
    const ir::Call* call = nullptr;
    switch (random_.Below(11)) {
      case 0: call = b_.Call("tile.add", {value, a_}); break;
      case 1: call = b_.Call("tile.sub", {value, a_}); break;
      case 2: call = b_.Call("tile.mul", {value, value}); break;
      case 3: call = b_.Call("tile.maximum", {value, a_}); break;
      case 4: call = b_.Call("tile.minimum", {value, a_}); break;
      case 5: call = b_.Call("tile.adds", {value, ctx_.Float(1.5)}); break;
      case 6: call = b_.Call("tile.muls", {value, ctx_.Float(0.25)}); break;
      case 7: call = b_.Call("tile.divs", {value, ctx_.Float(3.0)}); break;
      case 8: call = b_.Call("tile.maximums", {value, ctx_.Float(-8.0)}); break;
      case 9: call = b_.Call("tile.neg", {value}); break;
      default: call = b_.Call("tile.abs", {value}); break;
    }
    cur_ = b_.Assign(out, Name("t"), call);
  }

  // FP32 -> INT32 (round), an INT32 add, -> FP16 (a two-hop chain on a5),
  // -> FP32: 4 statements.
  int CastRoundTrip(std::vector<const Stmt*>& out) {
    const Var* i = b_.Assign(out, Name("q"), b_.Cast(cur_, DataType::kInt32, ir::RoundMode::kRound));
    const Var* j = b_.Assign(out, Name("q"), b_.Call("tile.add", {i, i_}));
    const Var* h = b_.Assign(out, Name("h"), b_.Cast(j, DataType::kFP16, ir::RoundMode::kRound));
    cur_ = b_.Assign(out, Name("f"), b_.Cast(h, DataType::kFP32, ir::RoundMode::kNone));
    return 4;
  }

  // tile.sin, tile.cos, or tile.cmps + tile.select: 1 or 2 statements.
  int Composite(std::vector<const Stmt*>& out) {
    switch (random_.Below(3)) {
      case 0:
        cur_ = b_.Assign(out, Name("s"), b_.Call("tile.sin", {cur_}));
        return 1;
      case 1:
        cur_ = b_.Assign(out, Name("c"), b_.Call("tile.cos", {cur_}));
        return 1;
      default: {
        const Var* m = b_.Assign(out, Name("m"),
                                 b_.Call("tile.cmps", {cur_, ctx_.Float(0.0)},
                                         {{"cmp_type", AttrValue::Int(4)}}));
        cur_ = b_.Assign(out, Name("sel"), b_.Call("tile.select", {m, cur_, a_}));
        return 2;
      }
    }
  }

  // for i, (acc,) in pl.range(4, init_values=(cur,)): a load at row i * 16,
  // an add, elementwise ops (sometimes a tile.sin), and the yield; then the
  // loop's result is the current value. `size` >= 5 statements in all.
  int Loop(std::vector<const Stmt*>& out, int64_t size) {
    const Var* iv = ctx_.NewVar(Name("i"), ctx_.GetScalarType(DataType::kIndex));
    const ir::IterArg* acc = ctx_.NewIterArg(Name("acc"), cur_->type(), cur_);
    std::vector<const Stmt*> body;
    const Expr* row = ctx_.NewBinary(ir::BinaryOp::kMul, iv, ctx_.Index(16), DataType::kIndex);
    const Var* t = b_.Assign(body, Name("x"), b_.Load(x_, row, 16, 64));
    cur_ = b_.Assign(body, Name("u"), b_.Call("tile.add", {acc, t}));
    for (int64_t k = 0; k < size - 4; ++k) {
      if (random_.Below(4) == 0) {
        cur_ = b_.Assign(body, Name("s"), b_.Call("tile.sin", {cur_}));
      } else {
        Elementwise(body, cur_);
      }
    }
    const Expr* yielded = cur_;
    body.push_back(ctx_.NewYield({&yielded, 1}));
    const Var* result = ctx_.NewVar(Name("acc_out"), acc->type());
    const ir::IterArg* iter_args[] = {acc};
    const Var* return_vars[] = {result};
    out.push_back(ctx_.NewFor(iv, ctx_.Index(0), ctx_.Index(4), ctx_.Index(1), iter_args,
                              ctx_.NewSeq(body), return_vars));
    cur_ = result;
    return static_cast<int>(size);
  }

  Builder& b_;
  Context& ctx_;
  Random& random_;
  const Var* x_;
  const Var* y_;
  const Var* a_ = nullptr;    // the FP32 input tile
  const Var* i_ = nullptr;    // the INT32 input tile
  const Var* cur_ = nullptr;  // the FP32 value the next statement consumes
  int64_t next_name_ = 0;
};

int64_t CountIn(const Stmt* s) {
  if (s == nullptr) return 0;
  switch (s->kind()) {
    case ir::NodeKind::kSeq: {
      int64_t n = 0;
      for (const Stmt* c : s->As<ir::SeqStmts>()->stmts()) n += CountIn(c);
      return n;
    }
    case ir::NodeKind::kFor:
      return 1 + CountIn(s->As<ir::ForStmt>()->body());
    case ir::NodeKind::kWhile:
      return 1 + CountIn(s->As<ir::WhileStmt>()->body());
    case ir::NodeKind::kIf: {
      const auto* i = s->As<ir::IfStmt>();
      return 1 + CountIn(i->then_body()) + CountIn(i->else_body());
    }
    default:
      return 1;
  }
}

ir::Program MixedKernels(Context& ctx, int64_t statements, uint64_t seed, int64_t kernel_size) {
  PTO_CHECK(statements >= 8) << "a mixed kernel needs at least 8 statements";
  Builder b(ctx);
  Random random(seed);
  const Var* n = ctx.NewVar("N", ctx.GetScalarType(DataType::kIndex));
  const Expr* dims[] = {n, ctx.Index(64)};
  const Type* f32 = ctx.GetTensorType(DataType::kFP32, dims);
  const Type* i32 = ctx.GetTensorType(DataType::kInt32, dims);
  std::vector<const ir::Function*> functions;
  // Kernels of kernel_size; the last one takes the remainder, or joins the
  // one before when the remainder is too small for a kernel.
  int64_t left = statements;
  while (left > 0) {
    int64_t size = std::min(left, kernel_size);
    if (left - size > 0 && left - size < 8) size = left - 8;
    left -= size;
    const Var* x = ctx.NewVar("x", f32);
    const Var* y = ctx.NewVar("y", i32);
    const Var* out = ctx.NewVar("out", f32);
    const Var* result = nullptr;
    MixedKernel kernel(b, random, x, y);
    // Two loads, the body, the store and the return.
    std::vector<const Stmt*> body = kernel.Body(size - 4, &result);
    functions.push_back(
        Kernel(b, absl::StrCat("k", functions.size()), {x, y, out}, std::move(body), result));
  }
  return ctx.NewProgram("Mixed", functions);
}

}  // namespace

ir::Program MixedProgram(Context& ctx, int64_t statements, uint64_t seed) {
  return MixedKernels(ctx, statements, seed, kMixedFunctionStatements);
}

ir::Program SmallKernelsProgram(Context& ctx, int64_t statements, uint64_t seed) {
  return MixedKernels(ctx, statements, seed, kSmallKernelStatements);
}

namespace {

// One InCore function: a tile.load, then `n` chained calls `make(cur)`.
template <typename MakeCall>
ir::Program ChainProgram(Context& ctx, absl::string_view name, int64_t n, MakeCall make) {
  Builder b(ctx);
  const Type* tensor = ctx.GetTensorType(DataType::kFP32, ctx.IndexList({16, 16}));
  const Var* x = ctx.NewVar("x", tensor);
  const Var* out = ctx.NewVar("out", tensor);
  std::vector<const Stmt*> stmts;
  stmts.reserve(n + 3);
  const Var* cur = b.Assign(stmts, "t0", b.Load(x, ctx.Index(0), 16, 16));
  for (int64_t i = 1; i <= n; ++i) cur = b.Assign(stmts, absl::StrCat("t", i), make(b, cur));
  return ctx.NewProgram(name, {Kernel(b, "k", {x, out}, std::move(stmts), cur)});
}

}  // namespace

ir::Program SinChainProgram(Context& ctx, int64_t n) {
  return ChainProgram(ctx, "SinChain", n,
                      [](Builder& b, const Var* cur) { return b.Call("tile.sin", {cur}); });
}

ir::Program MulsChainProgram(Context& ctx, int64_t n) {
  return ChainProgram(ctx, "MulsChain", n, [&ctx](Builder& b, const Var* cur) {
    return b.Call("tile.muls", {cur, ctx.Float(0.5)});
  });
}

ir::Program CastChainProgram(Context& ctx, int64_t n) {
  PTO_CHECK(n >= 1);
  Builder b(ctx);
  // An odd count ends on FP16; an even one back on INT32.
  DataType last = n % 2 == 1 ? DataType::kFP16 : DataType::kInt32;
  const Type* in = ctx.GetTensorType(DataType::kInt32, ctx.IndexList({16, 64}));
  const Type* result = ctx.GetTensorType(last, ctx.IndexList({16, 64}));
  const Var* x = ctx.NewVar("x", in);
  const Var* out = ctx.NewVar("out", result);
  std::vector<const Stmt*> stmts;
  stmts.reserve(n + 3);
  const Var* cur = b.Assign(stmts, "t", b.Load(x, ctx.Index(0), 16, 64));
  for (int64_t i = 0; i < n; ++i) {
    bool to_half = i % 2 == 0;
    cur = b.Assign(stmts, absl::StrCat(to_half ? "h" : "i", i),
                   b.Cast(cur, to_half ? DataType::kFP16 : DataType::kInt32,
                          ir::RoundMode::kRound));
  }
  return ctx.NewProgram("CastChain", {Kernel(b, "k", {x, out}, std::move(stmts), cur)});
}

ir::Program CompositeProgram(Context& ctx, int64_t n) {
  Builder b(ctx);
  const Type* tensor = ctx.GetTensorType(DataType::kFP32, ctx.IndexList({16, 64}));
  const Var* x = ctx.NewVar("x", tensor);
  const Var* out = ctx.NewVar("out", tensor);
  std::vector<const Stmt*> stmts;
  stmts.reserve(n + n / 3 + 3);
  const Var* a = b.Assign(stmts, "a", b.Load(x, ctx.Index(0), 16, 64));
  const Var* cur = a;
  for (int64_t i = 0; i < n; ++i) {
    switch (i % 3) {
      case 0:
        cur = b.Assign(stmts, absl::StrCat("s", i), b.Call("tile.sin", {cur}));
        break;
      case 1:
        cur = b.Assign(stmts, absl::StrCat("c", i), b.Call("tile.cos", {cur}));
        break;
      default: {
        const Var* m = b.Assign(stmts, absl::StrCat("m", i),
                                b.Call("tile.cmps", {cur, ctx.Float(0.0)},
                                       {{"cmp_type", AttrValue::Int(4)}}));
        cur = b.Assign(stmts, absl::StrCat("sel", i), b.Call("tile.select", {m, cur, a}));
        break;
      }
    }
  }
  return ctx.NewProgram("Composite", {Kernel(b, "k", {x, out}, std::move(stmts), cur)});
}

int64_t CountStatements(const ir::Program& program) {
  int64_t n = 0;
  for (const ir::Function* f : program.functions()) n += CountIn(f->body());
  return n;
}

std::string MlirChain(int64_t n, ChainKind kind) {
  std::string text = "func @k(%arg0: tensor<16x16xf32>) -> tensor<16x16xf32> {\n";
  text.reserve(text.size() + static_cast<size_t>(n) * 56 + 128);
  if (kind == ChainKind::kMuls) {
    absl::StrAppend(&text, "  %half = arith.constant dense<5.000000e-01> : tensor<16x16xf32>\n");
  }
  std::string prev = "%arg0";
  for (int64_t i = 0; i < n; ++i) {
    if (kind == ChainKind::kSin) {
      absl::StrAppend(&text, "  %", i, " = math.sin ", prev, " : tensor<16x16xf32>\n");
    } else {
      absl::StrAppend(&text, "  %", i, " = arith.mulf ", prev, ", %half : tensor<16x16xf32>\n");
    }
    prev = absl::StrCat("%", i);
  }
  absl::StrAppend(&text, "  return ", prev, " : tensor<16x16xf32>\n}\n");
  return text;
}

}  // namespace pto::bench
