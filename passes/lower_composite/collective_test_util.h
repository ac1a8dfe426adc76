// Helpers for the pld.tensor.* collective lowering tests: InCore kernels as
// DSL text, and probes of a lowered program's protocol structure (barrier
// waits and their thresholds, notifies, loop bounds, statement counts).
//
//   ir::Context ctx;
//   ir::Program out = testing::LowerAndCheck(
//       testing::Parse(ctx, CollectiveKernel({"signal: " + Signal(2)},
//                                            "        signal2 = pld.tensor.barrier(signal)\n"
//                                            "        return signal2",
//                                            Signal(2))),
//       "a5");
//   EXPECT_EQ(StaticWaits(out), (std::vector<int64_t>{1}));
//   EXPECT_EQ(CountStmts(out).fors, 3);

#ifndef PTO_PASSES_LOWER_COMPOSITE_COLLECTIVE_TEST_UTIL_H_
#define PTO_PASSES_LOWER_COMPOSITE_COLLECTIVE_TEST_UTIL_H_

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "ir/context.h"
#include "ir/ops/comm_enums.h"
#include "ir/visitor.h"
#include "passes/lower_composite/test_util.h"

namespace pto::passes::lower_composite::testing {

inline constexpr absl::string_view kInCore =
    "    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, "
    "role=pl.Role.SubWorker)\n";

// `pld.DistributedTensor[[dims], pl.<dtype>]`.
inline std::string Window(absl::string_view dims, absl::string_view dtype = "FP32") {
  return absl::StrCat("pld.DistributedTensor[[", dims, "], pl.", dtype, "]");
}
// A mesh signal [nr, 1].
inline std::string Signal(int nr) { return Window(absl::StrCat(nr, ", 1"), "INT32"); }
// A ring signal [2 * (nr - 1), nr].
inline std::string RingSignal(int nr) {
  return Window(absl::StrCat(2 * (nr - 1), ", ", nr), "INT32");
}
inline std::string Tensor(absl::string_view dims, absl::string_view dtype = "FP32") {
  return absl::StrCat("pl.Tensor[[", dims, "], pl.", dtype, "]");
}

// A program with one InCore function `k(params) -> ret` and `body`
// (statements indented by eight spaces, ending in a return).
inline std::string CollectiveKernel(const std::vector<std::string>& params, absl::string_view body,
                                    absl::string_view ret, absl::string_view header = kInCore) {
  return Prog(
      absl::StrCat(header, "    def k(", absl::StrJoin(params, ", "), ") -> ", ret, ":\n", body));
}

struct StmtCounts {
  int fors = 0;
  int ifs = 0;
  int whiles = 0;
};

inline StmtCounts CountStmts(const ir::Program& p) {
  struct Counter : ir::IRVisitor {
    StmtCounts counts;
    void VisitFor(const ir::ForStmt* s) override {
      ++counts.fors;
      IRVisitor::VisitFor(s);
    }
    void VisitIf(const ir::IfStmt* s) override {
      ++counts.ifs;
      IRVisitor::VisitIf(s);
    }
    void VisitWhile(const ir::WhileStmt* s) override {
      ++counts.whiles;
      IRVisitor::VisitWhile(s);
    }
  } c;
  c.VisitProgram(p);
  return c.counts;
}

// The calls of op `op`, in program order.
inline std::vector<const ir::Call*> CallsOf(const ir::Program& p, absl::string_view op) {
  struct Collector : ir::IRVisitor {
    absl::string_view op;
    std::vector<const ir::Call*> calls;
    void VisitCall(const ir::Call* c) override {
      if (c->op() != nullptr && c->op()->name() == op) calls.push_back(c);
      IRVisitor::VisitCall(c);
    }
  } c;
  c.op = op;
  c.VisitProgram(p);
  return c.calls;
}

inline int64_t IntKwarg(const ir::Call* c, absl::string_view name) {
  const ir::AttrValue* v = c->FindKwarg(name);
  return v == nullptr ? -1 : v->int_value();
}

// The constant thresholds of every pld.system.wait, in program order
// (computed thresholds are skipped).
inline std::vector<int64_t> StaticWaits(const ir::Program& p) {
  std::vector<int64_t> out;
  for (const ir::Call* c : CallsOf(p, "pld.system.wait")) {
    if (std::optional<int64_t> v = ir::AsConstInt(c->arg(2))) out.push_back(*v);
  }
  return out;
}

// The credits each epilogue notify retires: the negated constant value of
// every pld.system.notify whose value is a negative constant, in order.
inline std::vector<int64_t> StaticEpilogues(const ir::Program& p) {
  std::vector<int64_t> out;
  for (const ir::Call* c : CallsOf(p, "pld.system.notify")) {
    std::optional<int64_t> v = ir::AsConstInt(c->arg(3));
    if (v && *v < 0) out.push_back(-*v);
  }
  return out;
}

// Every notify is an AtomicAdd and every wait a Ge (the protocol's rule:
// Set is never mixed into the credit cells, Eq could deadlock).
inline bool OnlyAtomicAddAndGe(const ir::Program& p) {
  for (const ir::Call* c : CallsOf(p, "pld.system.notify")) {
    if (IntKwarg(c, "op") != static_cast<int64_t>(ir::NotifyOp::kAtomicAdd)) return false;
  }
  for (const ir::Call* c : CallsOf(p, "pld.system.wait")) {
    if (IntKwarg(c, "cmp") != static_cast<int64_t>(ir::WaitCmp::kGe)) return false;
  }
  return true;
}

// For loops in program order.
inline std::vector<const ir::ForStmt*> Fors(const ir::Program& p) {
  struct Collector : ir::IRVisitor {
    std::vector<const ir::ForStmt*> fors;
    void VisitFor(const ir::ForStmt* s) override {
      fors.push_back(s);
      IRVisitor::VisitFor(s);
    }
  } c;
  c.VisitProgram(p);
  return c.fors;
}

// The loop whose var is named `<base>__<qualifier>_tmp_v<N>`, the first one.
inline const ir::ForStmt* LoopNamed(const ir::Program& p, absl::string_view qualifier) {
  std::string needle = absl::StrCat("__", qualifier, "_tmp_v");
  for (const ir::ForStmt* f : Fors(p)) {
    absl::string_view name = f->loop_var()->name();
    if (name.find(needle) != absl::string_view::npos) return f;
  }
  return nullptr;
}

// The value bound to the first Var named `<base>__<qualifier>_tmp_v<N>`.
inline const ir::Expr* BoundValue(const ir::Program& p, absl::string_view qualifier) {
  struct Finder : ir::IRVisitor {
    std::string needle;
    const ir::Expr* found = nullptr;
    void VisitAssign(const ir::AssignStmt* s) override {
      if (found == nullptr && s->var()->name().find(needle) != absl::string_view::npos) {
        found = s->value();
      }
      IRVisitor::VisitAssign(s);
    }
  } f;
  f.needle = absl::StrCat("__", qualifier, "_tmp_v");
  f.VisitProgram(p);
  return f.found;
}

// The static dims of a list argument (-1 for a symbolic one).
inline std::vector<int64_t> ListValues(const ir::Expr* e) {
  std::vector<int64_t> out;
  const auto* t = e->As<ir::MakeTuple>();
  if (t == nullptr) return out;
  for (const ir::Expr* d : t->elements()) out.push_back(ir::AsConstInt(d).value_or(-1));
  return out;
}

// Evaluates an integer scalar expression of a lowered program: constants,
// Vars given in `env`, Vars bound by an AssignStmt of the program (their
// value evaluated recursively), and the arithmetic the lowerings emit. Used
// to check segment boundaries and thresholds numerically.
class ScalarEval {
 public:
  explicit ScalarEval(const ir::Program& p) {
    struct Collector : ir::IRVisitor {
      absl::flat_hash_map<const ir::Var*, const ir::Expr*>* defs;
      void VisitAssign(const ir::AssignStmt* s) override {
        (*defs)[s->var()] = s->value();
        IRVisitor::VisitAssign(s);
      }
    } c;
    c.defs = &defs_;
    c.VisitProgram(p);
  }
  void Set(const ir::Var* v, int64_t value) { env_[v] = value; }
  // The first Var named `<base>__<qualifier>_tmp_v<N>`.
  const ir::Var* VarNamed(absl::string_view qualifier) const {
    std::string needle = absl::StrCat("__", qualifier, "_tmp_v");
    const ir::Var* best = nullptr;
    for (const auto& [v, e] : defs_) {
      if (v->name().find(needle) != absl::string_view::npos &&
          (best == nullptr || v->id() < best->id())) {
        best = v;
      }
    }
    return best;
  }
  std::optional<int64_t> Eval(const ir::Expr* e) const {
    if (std::optional<int64_t> c = ir::AsConstInt(e)) return c;
    if (const auto* v = e->As<ir::Var>()) {
      if (auto it = env_.find(v); it != env_.end()) return it->second;
      if (auto it = defs_.find(v); it != defs_.end()) return Eval(it->second);
      return std::nullopt;
    }
    if (const auto* u = e->As<ir::UnaryExpr>()) {
      std::optional<int64_t> x = Eval(u->operand());
      if (!x) return std::nullopt;
      if (u->op() == ir::UnaryOp::kCast) return x;
      if (u->op() == ir::UnaryOp::kNeg) return -*x;
      return std::nullopt;
    }
    if (const auto* b = e->As<ir::BinaryExpr>()) {
      std::optional<int64_t> x = Eval(b->lhs());
      std::optional<int64_t> y = Eval(b->rhs());
      if (!x || !y) return std::nullopt;
      auto floordiv = [](int64_t a, int64_t d) {
        int64_t q = a / d;
        return (a % d != 0 && ((a < 0) != (d < 0))) ? q - 1 : q;
      };
      switch (b->op()) {
        case ir::BinaryOp::kAdd:
          return *x + *y;
        case ir::BinaryOp::kSub:
          return *x - *y;
        case ir::BinaryOp::kMul:
          return *x * *y;
        case ir::BinaryOp::kFloorDiv:
          return floordiv(*x, *y);
        case ir::BinaryOp::kFloorMod:
          return *x - floordiv(*x, *y) * *y;
        case ir::BinaryOp::kMin:
          return std::min(*x, *y);
        case ir::BinaryOp::kMax:
          return std::max(*x, *y);
        case ir::BinaryOp::kLt:
          return *x < *y;
        case ir::BinaryOp::kGt:
          return *x > *y;
        case ir::BinaryOp::kNe:
          return *x != *y;
        default:
          return std::nullopt;
      }
    }
    return std::nullopt;
  }

 private:
  absl::flat_hash_map<const ir::Var*, const ir::Expr*> defs_;
  absl::flat_hash_map<const ir::Var*, int64_t> env_;
};

}  // namespace pto::passes::lower_composite::testing

#endif  // PTO_PASSES_LOWER_COMPOSITE_COLLECTIVE_TEST_UTIL_H_
