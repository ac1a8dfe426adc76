// What OptimizeOrchTensors' rewrites ask of a program after
// ConvertTensorToTileOps: where each InCore function is called and which
// result of it each Out param carries.
//
//   CallSites sites = FindInCoreCallSites(program);
//   for (const CallSite& s : sites.of(f->name())) { ... s.call, s.loop ... }
//   for (OutReturn o : OutParamReturns(*f)) { ... f->params()[o.param] ... }
//
// A rewrite that changes an InCore function's signature must change every
// call of it, so it asks for all of them and declines when one does not
// qualify (or when one is not a plain statement it can rewrite).

#ifndef PTO_PASSES_TENSOR_TO_TILE_ORCH_CALLS_H_
#define PTO_PASSES_TENSOR_TO_TILE_ORCH_CALLS_H_

#include <cstddef>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "ir/function.h"

namespace pto::passes::tensor_to_tile {

// The statements of `body` in order, nested SeqStmts flattened (loops and
// branches are single statements).
std::vector<const ir::Stmt*> TopLevelStmts(const ir::Stmt* body);

// Every Var an AssignStmt in `body` defines (in loops and branches too),
// with its value.
absl::flat_hash_map<const ir::Var*, const ir::Expr*> AssignedValues(const ir::Stmt* body);

// Whether `a` and `b` are the same constant extents.
bool SameConstDims(ir::ExprSpan a, ir::ExprSpan b);
// Whether `offsets` is a MakeTuple of constant zeros (the origin).
bool AtOrigin(const ir::Expr* offsets);

// The call `op` when `e` is a call of builtin op `op`, else null.
const ir::Call* AsOpCall(const ir::Expr* e, absl::string_view op);

// One call of an InCore function.
struct CallSite {
  const ir::Function* caller;
  // The statement holding the call as its whole value (`r = self.k(...)` or
  // `self.k(...)`); null when the call is nested in an expression.
  const ir::Stmt* stmt;
  const ir::Call* call;
  // The innermost loop with iter args whose body holds `stmt` among its top-
  // level statements (TopLevelStmts), else null.
  const ir::Stmt* loop;
  // Whether any enclosing loop carries iter args.
  bool in_iter_loop;
  // `r` in `r = self.k(...)`, else null.
  const ir::Var* result() const;
};

class CallSites {
 public:
  // The calls of the function named `name`, in program order.
  absl::Span<const CallSite> of(absl::string_view name) const;

 private:
  friend CallSites FindInCoreCallSites(const ir::Program& program);
  absl::flat_hash_map<absl::string_view, std::vector<CallSite>> sites_;
};

// Every call of a function of type InCore, in every function.
CallSites FindInCoreCallSites(const ir::Program& program);

// An Out param of an InCore function and the index of the returned value
// that carries it: the return value is a tile.store into the param, or the
// result of a loop whose iter arg starts from the param.
struct OutReturn {
  size_t param;
  size_t ret;
};
std::vector<OutReturn> OutParamReturns(const ir::Function& f);

}  // namespace pto::passes::tensor_to_tile

#endif  // PTO_PASSES_TENSOR_TO_TILE_ORCH_CALLS_H_
