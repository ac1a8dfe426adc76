#include "passes/normalize/unroll_loops.h"

#include <optional>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/diagnostic.h"
#include "ir/expr_format.h"
#include "ir/mutator.h"
#include "passes/fresh_copy.h"
#include "passes/var_occurrences.h"

namespace pto::passes {
namespace {

using ir::Expr;
using ir::Stmt;
using ir::Var;

constexpr absl::string_view kPass = "UnrollLoops: ";

class Unroller : public ir::IRMutator {
 public:
  Unroller(ir::Context& ctx, int64_t max_trips) : IRMutator(ctx), max_trips_(max_trips) {}

  absl::StatusOr<const ir::Function*> Run(const ir::Function* f) {
    f_ = f;
    const ir::Function* g = MutateFunction(f);
    if (!status_.ok()) return status_;
    return g;
  }

  const Stmt* VisitFor(const ir::ForStmt* s) override {
    if (s->for_kind() != ir::ForKind::kUnroll) return IRMutator::VisitFor(s);
    if (!status_.ok()) return s;
    if (!s->iter_args().empty()) {
      return Fail(s, "a pl.unroll loop cannot carry values (init_values): each trip is a copy "
                     "of the body, so write the values as plain assignments");
    }
    int64_t bound[3];
    const char* what[3] = {"start", "stop", "step"};
    const Expr* exprs[3] = {s->start(), s->stop(), s->step()};
    for (int i = 0; i < 3; ++i) {
      std::optional<int64_t> v = ir::AsIntLiteral(exprs[i]);
      if (!v.has_value()) {
        return Fail(s, absl::StrCat("the loop's ", what[i], " must be a compile-time integer "
                                    "constant, got '", ir::FormatExpr(exprs[i]),
                                    "'; use pl.range for a bound known only at run time"));
      }
      bound[i] = *v;
    }
    const int64_t start = bound[0], stop = bound[1], step = bound[2];
    if (step == 0) return Fail(s, "the loop's step is 0");
    // Trips of range(start, stop, step), computed without overflow.
    int64_t trips = 0;
    if (step > 0 && stop > start) {
      trips = static_cast<int64_t>((static_cast<uint64_t>(stop) - static_cast<uint64_t>(start) +
                                    static_cast<uint64_t>(step) - 1) /
                                   static_cast<uint64_t>(step));
    } else if (step < 0 && start > stop) {
      uint64_t mag = static_cast<uint64_t>(0) - static_cast<uint64_t>(step);
      trips = static_cast<int64_t>(
          (static_cast<uint64_t>(start) - static_cast<uint64_t>(stop) + mag - 1) / mag);
    }
    if (trips > max_trips_) {
      return Fail(s, absl::StrCat("the loop has ", trips, " trips, more than the ", max_trips_,
                                  " unroll-loops allows (option max_iterations); use pl.range, "
                                  "or raise the limit"));
    }
    // Vars that occur outside the body keep their identity in every copy.
    if (totals_.count.empty()) totals_.VisitFunction(f_);  // only once a loop unrolls
    VarOccurrences inside;
    inside.VisitStmt(s->body());
    std::vector<const Var*> shared;
    for (const auto& [v, n] : inside.count) {
      if (n < totals_.Count(v)) shared.push_back(v);
    }
    const Stmt* body = VisitStmt(s->body());  // unrolls nested loops first
    if (!status_.ok()) return s;
    std::vector<const Stmt*> stmts;
    for (int64_t k = 0; k < trips; ++k) {
      FreshCopier copy(ctx(), "");
      for (const Var* v : shared) copy.Bind(v, v);
      copy.Bind(s->loop_var(), ctx().Index(start + k * step));
      std::vector<const Stmt*> trip = ir::StmtList(copy.VisitStmt(body));
      stmts.insert(stmts.end(), trip.begin(), trip.end());
    }
    // Read after the loop (Python keeps it), the loop var holds the last trip's value.
    const bool read_after = totals_.Count(s->loop_var()) > inside.Count(s->loop_var()) + 1;
    if (read_after && trips > 0) {
      stmts.push_back(
          ctx().NewAssign(s->loop_var(), ctx().Index(start + (trips - 1) * step), s->loc()));
    }
    if (stmts.empty()) return ctx().NewSeq({}, s->loc());
    return Expand(std::move(stmts), s);
  }

 private:
  const Stmt* Fail(const ir::ForStmt* s, absl::string_view message) {
    if (status_.ok()) status_ = ir::LocatedError(ctx(), s->loc(), absl::StrCat(kPass, message));
    return s;
  }

  int64_t max_trips_;
  const ir::Function* f_ = nullptr;
  VarOccurrences totals_;
  absl::Status status_;
};

class UnrollLoops : public Pass {
 public:
  explicit UnrollLoops(int64_t max_trips) : max_trips_(max_trips) {}
  absl::string_view name() const override { return "unroll-loops"; }
  absl::string_view description() const override {
    return "Replaces every pl.unroll loop by one copy of its body per trip, the loop variable "
           "a constant in each.";
  }
  PassProperties properties() const override {
    return {{}, {IRProperty::kUnrollResolved}, {}};
  }
  absl::StatusOr<ir::Program> Run(const ir::Program& program, PassContext&) const override {
    return RewriteFunctions(program, [&](const ir::Function* f) {
      return Unroller(program.context(), max_trips_).Run(f);
    });
  }

 private:
  int64_t max_trips_;
};

}  // namespace

std::vector<PassOptionSpec> UnrollLoopsOptions() {
  return {{"max_iterations", PassOptionSpec::kInt, "1024",
           "the most trips a loop may have to be unrolled"}};
}

std::unique_ptr<Pass> CreateUnrollLoopsPass(const PassOptions& options) {
  return std::make_unique<UnrollLoops>(options.GetInt("max_iterations"));
}

}  // namespace pto::passes
