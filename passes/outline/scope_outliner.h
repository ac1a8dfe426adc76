// Outlining a `with` scope into a function of its own: the machinery the
// OutlineHierarchyScopes, OutlineIncoreScopes and OutlineClusterScopes
// passes share. Each pass says which scopes go and what the new functions
// are; this library does the rest.
//
//   with pl.at(level=pl.Level.CORE_GROUP):      def main_incore_0(self, x, dst: pl.Out[..]):
//       y = pl.add(x, x)                 =>         y = pl.add(x, x)
//       d = pl.assemble(dst, y, [0])                d = pl.assemble(dst, y, [0])
//   ... y, d used after ...                         return (y, dst)
//                                               ret = self.main_incore_0(x, dst)
//                                               y = ret[0]; d = ret[1]
//
//   * Params: the Vars the scope reads and does not define, in the order the
//     body first reads them (a Var only a param's type names comes first).
//     A param the body writes through an op that writes an argument in place
//     (tile.store, tensor.assemble, ...) is Out; written and read, InOut.
//     A read of a write's result counts as a read of what it wrote.
//   * Results: the Vars the scope defines that are read after it, in the
//     order it defines them, then each written param no result stands for.
//     A result that is a write's value is returned as the param it wrote
//     (the caller's tensor was written in place). After the call, the
//     caller reads a written param through the call's result.
//   * The body is copied with new Vars (passes/fresh_copy.h); a write whose
//     value the scope drops is bound to `<param>_store` in the copy.
//   * The scope becomes `v = f(...)`, `ret = f(...)` with `v_i = ret[i]`,
//     or the bare call. A dispatch with options (a launch spec, task
//     dependencies) carries them on the call's CallSite; a submit's value is
//     the results followed by the task id, which binds the scope's `as tid`
//     Var (its `tid = system.task_invalid()` placeholder goes).
//   * Given the program, a call of one of its functions writes the
//     arguments the callee takes as Out or InOut, as an in-place op does.
//
// Requires SSA form (each Var defined once): a Var defined in the scope is
// read after it only where its definition reaches.
//
//   ScopeOutliner outliner(ctx, parent, [&](const ir::ScopeStmt* s) -> std::optional<OutlinedFunction> {
//     ...   // nullopt keeps the scope
//   });
//   absl::StatusOr<const ir::Function*> rewritten = outliner.Run();
//   for (const ir::Function* f : outliner.outlined()) ...

#ifndef PTO_PASSES_OUTLINE_SCOPE_OUTLINER_H_
#define PTO_PASSES_OUTLINE_SCOPE_OUTLINER_H_

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/statusor.h"
#include "ir/function.h"
#include "ir/mutator.h"
#include "passes/outline/dispatch.h"
#include "passes/outline/scope_args.h"

namespace pto::passes {

// What a scope becomes.
struct OutlinedFunction {
  std::string name;
  ir::FunctionType type = ir::FunctionType::kOpaque;
  std::optional<ir::Level> level;
  std::optional<ir::Role> role;
  std::vector<ir::FuncAttr> attrs;
  // How the caller dispatches it (passes/outline/dispatch.h).
  Dispatch dispatch;
  // Applied to the copied body before it becomes the function's (params and
  // results are those of the scope as written).
  std::function<const ir::Stmt*(const ir::Stmt*)> rewrite_body;
};

// A function attr set to True (`"spmd_unwrapped": True`).
ir::FuncAttr TrueAttr(absl::string_view key);

class ScopeOutliner : public ir::IRMutator {
 public:
  // Says whether to outline a scope, and as what. An error stops the
  // outlining (a scope the pass cannot outline); it should be located.
  // `enclosing` are the scopes around it, outermost first.
  using Select = std::function<absl::StatusOr<std::optional<OutlinedFunction>>(
      const ir::ScopeStmt*, absl::Span<const ir::ScopeStmt* const> enclosing)>;

  // The functions a call may name, by name.
  using Callees = absl::flat_hash_map<absl::string_view, const ir::Function*>;
  static Callees CalleesOf(const ir::Program& program);

  // `pass` names the pass in errors; `callees`, when given, tells what
  // their calls write.
  ScopeOutliner(ir::Context& ctx, absl::string_view pass, const ir::Function* parent,
                Select select, const Callees* callees = nullptr)
      : IRMutator(ctx), pass_(pass), parent_(parent), select_(std::move(select)),
        callees_(callees) {}

  // The parent with its selected scopes replaced by calls (the parent
  // itself when none was selected). Scopes inside a selected scope are not
  // looked at: they go into the new function as they are.
  absl::StatusOr<const ir::Function*> Run();
  // The new functions, in the order of their scopes.
  const std::vector<const ir::Function*>& outlined() const { return outlined_; }

  const ir::Stmt* VisitScope(const ir::ScopeStmt* s) override;

 private:
  const ir::Stmt* Outline(const ir::ScopeStmt* s, const OutlinedFunction& as);

  absl::string_view pass_;
  const ir::Function* parent_;
  Select select_;
  const Callees* callees_;
  // The `as tid` placeholders of outlined scopes: their submits bind them.
  absl::flat_hash_set<const ir::Var*> placeholders_;
  absl::Status status_;
  // How often each Var occurs in the parent, before any rewrite.
  absl::flat_hash_map<const ir::Var*, uint32_t> occurrences_;
  bool inside_selected_ = false;
  std::vector<const ir::ScopeStmt*> enclosing_;
  std::vector<const ir::Function*> outlined_;
};

}  // namespace pto::passes

#endif  // PTO_PASSES_OUTLINE_SCOPE_OUTLINER_H_
