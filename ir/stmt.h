// Statement nodes of the tile IR.
//
// Structured control flow only. Values flow out of a For/While/If through its
// return vars: the body (or each branch) ends in a YieldStmt whose values bind
// the return vars; a For/While's IterArgs take their init values on entry and
// the yielded values on each further iteration.
//
//   for i, (acc,) in pl.range(4, init_values=(a0,)):     ForStmt
//       nxt = pl.tile.adds(acc, 1.0)                       AssignStmt
//       acc_out = pl.yield_(nxt)                           YieldStmt -> return var
//
// Statements may carry leading comments (printed as `# ...` lines above the
// statement); comments are ignored by structural equality.

#ifndef PTO_IR_STMT_H_
#define PTO_IR_STMT_H_

#include <cstring>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "ir/attr.h"
#include "ir/enums.h"
#include "ir/expr.h"

namespace pto::ir {

using VarSpan = absl::Span<const Var* const>;
using IterArgSpan = absl::Span<const IterArg* const>;

class Stmt : public Node {
 public:
  // Text of the `# ...` lines printed before the statement (without '#').
  absl::Span<const absl::string_view> comments() const {
    if (bits32_ == 0) return {};
    // Few statements have comments, so their pointer is not a field: Context
    // stores it in the arena right before a statement that has some.
    const absl::string_view* data;
    std::memcpy(&data, reinterpret_cast<const char*>(this) - sizeof(data), sizeof(data));
    return absl::Span<const absl::string_view>(data, bits32_);
  }
  static bool ClassOf(const Node* n) { return n->kind() >= NodeKind::kAssign; }

 protected:
  // bits32_ is the comment count; subclasses may use bits8_ and bits16_.
  // Context places the comments' pointer (Stmt::comments()).
  Stmt(NodeKind kind, SourceLoc loc, absl::Span<const absl::string_view> comments)
      : Node(kind, loc) {
    bits32_ = static_cast<uint32_t>(comments.size());
  }
};

using Stmts = absl::Span<const Stmt* const>;

// `var = value`: the only definition of a non-loop Var.
class AssignStmt : public Stmt {
 public:
  const Var* var() const { return var_; }
  const Expr* value() const { return value_; }
  static bool ClassOf(const Node* n) { return n->kind() == NodeKind::kAssign; }

 private:
  friend class Context;
  AssignStmt(SourceLoc loc, absl::Span<const absl::string_view> comments, const Var* var,
             const Expr* value)
      : Stmt(NodeKind::kAssign, loc, comments), var_(var), value_(value) {}
  const Var* var_;
  const Expr* value_;
};

// A call evaluated for its effect, e.g. `pld.system.notify(...)`.
class EvalStmt : public Stmt {
 public:
  const Expr* expr() const { return expr_; }
  static bool ClassOf(const Node* n) { return n->kind() == NodeKind::kEval; }

 private:
  friend class Context;
  EvalStmt(SourceLoc loc, absl::Span<const absl::string_view> comments, const Expr* expr)
      : Stmt(NodeKind::kEval, loc, comments), expr_(expr) {}
  const Expr* expr_;
};

class ReturnStmt : public Stmt {
 public:
  ExprSpan values() const { return values_; }
  static bool ClassOf(const Node* n) { return n->kind() == NodeKind::kReturn; }

 private:
  friend class Context;
  ReturnStmt(SourceLoc loc, absl::Span<const absl::string_view> comments, ExprSpan values)
      : Stmt(NodeKind::kReturn, loc, comments), values_(values) {}
  ExprSpan values_;
};

// Ends a For/While body or an If branch; binds the construct's return vars.
class YieldStmt : public Stmt {
 public:
  ExprSpan values() const { return values_; }
  static bool ClassOf(const Node* n) { return n->kind() == NodeKind::kYield; }

 private:
  friend class Context;
  YieldStmt(SourceLoc loc, absl::Span<const absl::string_view> comments, ExprSpan values)
      : Stmt(NodeKind::kYield, loc, comments), values_(values) {}
  ExprSpan values_;
};

// A statement sequence. Context::NewSeq flattens nested sequences, so a
// SeqStmts never directly contains another.
class SeqStmts : public Stmt {
 public:
  Stmts stmts() const { return stmts_; }
  static bool ClassOf(const Node* n) { return n->kind() == NodeKind::kSeq; }

 private:
  friend class Context;
  SeqStmts(SourceLoc loc, Stmts stmts)
      : Stmt(NodeKind::kSeq, loc, {}), stmts_(stmts) {}
  Stmts stmts_;
};

class IfStmt : public Stmt {
 public:
  const Expr* condition() const { return condition_; }
  const Stmt* then_body() const { return then_body_; }
  const Stmt* else_body() const { return else_body_; }  // may be null
  VarSpan return_vars() const { return return_vars_; }
  static bool ClassOf(const Node* n) { return n->kind() == NodeKind::kIf; }

 private:
  friend class Context;
  IfStmt(SourceLoc loc, absl::Span<const absl::string_view> comments, const Expr* condition,
         const Stmt* then_body, const Stmt* else_body, VarSpan return_vars)
      : Stmt(NodeKind::kIf, loc, comments),
        condition_(condition),
        then_body_(then_body),
        else_body_(else_body),
        return_vars_(return_vars) {}
  const Expr* condition_;
  const Stmt* then_body_;
  const Stmt* else_body_;
  VarSpan return_vars_;
};

// One `"key": value` of a for loop's attrs={...}.
struct LoopAttr {
  absl::string_view key;
  AttrValue value = AttrValue::Bool(false);
};

class ForStmt : public Stmt {
 public:
  const Var* loop_var() const { return loop_var_; }
  const Expr* start() const { return start_; }
  const Expr* stop() const { return stop_; }
  const Expr* step() const { return step_; }
  IterArgSpan iter_args() const { return iter_args_; }
  const Stmt* body() const { return body_; }
  VarSpan return_vars() const { return return_vars_; }
  ForKind for_kind() const { return for_kind_; }
  // Pipeline depth of a ForKind::kPipeline loop (`stage=`); 0 otherwise.
  int stage() const { return stage_; }
  // The loop's `attrs={...}` (upstream's ForStmt attrs other than the
  // pipeline stage count): int, float, bool or string values, keys unique,
  // in written order. Passes carry them through unchanged.
  absl::Span<const LoopAttr> attrs() const { return attrs_; }
  static bool ClassOf(const Node* n) { return n->kind() == NodeKind::kFor; }

 private:
  friend class Context;
  ForStmt(SourceLoc loc, absl::Span<const absl::string_view> comments, const Var* loop_var,
          const Expr* start, const Expr* stop, const Expr* step, IterArgSpan iter_args,
          const Stmt* body, VarSpan return_vars, ForKind for_kind, int stage,
          absl::Span<const LoopAttr> attrs)
      : Stmt(NodeKind::kFor, loc, comments),
        for_kind_(for_kind),
        stage_(stage),
        loop_var_(loop_var),
        start_(start),
        stop_(stop),
        step_(step),
        iter_args_(iter_args),
        body_(body),
        return_vars_(return_vars),
        attrs_(attrs) {}
  ForKind for_kind_;
  int stage_;
  const Var* loop_var_;
  const Expr* start_;
  const Expr* stop_;
  const Expr* step_;
  IterArgSpan iter_args_;
  const Stmt* body_;
  VarSpan return_vars_;
  absl::Span<const LoopAttr> attrs_;
};

// `while cond:`. With iter_args the condition may read them; it is evaluated
// before every iteration.
class WhileStmt : public Stmt {
 public:
  const Expr* condition() const { return condition_; }
  IterArgSpan iter_args() const { return iter_args_; }
  const Stmt* body() const { return body_; }
  VarSpan return_vars() const { return return_vars_; }
  static bool ClassOf(const Node* n) { return n->kind() == NodeKind::kWhile; }

 private:
  friend class Context;
  WhileStmt(SourceLoc loc, absl::Span<const absl::string_view> comments, const Expr* condition,
            IterArgSpan iter_args, const Stmt* body, VarSpan return_vars)
      : Stmt(NodeKind::kWhile, loc, comments),
        condition_(condition),
        iter_args_(iter_args),
        body_(body),
        return_vars_(return_vars) {}
  const Expr* condition_;
  IterArgSpan iter_args_;
  const Stmt* body_;
  VarSpan return_vars_;
};

// The context manager of a `with` scope (upstream's scope statements).
enum class ScopeKind : uint8_t {
  kAt,       // with pl.at(level=..., ...)
  kCluster,  // with pl.cluster()
  kSpmd,     // with pl.spmd(core_num, ...)
  kRuntime,  // with pl.scope(mode=...) / pl.manual_scope()
  // for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.X): a region run by both
  // AIV lanes. Its one arg is `mode`; its body begins with
  // `aiv_id = tile.get_subblock_idx()` (the verifier checks), which the
  // for-form binds and the printer folds back into the loop header.
  kSplitAiv,
};

// `break` / `continue`: leave or restart the innermost sequential for or
// while loop (the verifier checks). Its carried values are the iteration's
// own: a break leaves with them, a continue carries them on unchanged.
class alignas(const void*) BreakStmt : public Stmt {
 public:
  static bool ClassOf(const Node* n) { return n->kind() == NodeKind::kBreak; }

 private:
  friend class Context;
  BreakStmt(SourceLoc loc, absl::Span<const absl::string_view> comments)
      : Stmt(NodeKind::kBreak, loc, comments) {}
};

class alignas(const void*) ContinueStmt : public Stmt {
 public:
  static bool ClassOf(const Node* n) { return n->kind() == NodeKind::kContinue; }

 private:
  friend class Context;
  ContinueStmt(SourceLoc loc, absl::Span<const absl::string_view> comments)
      : Stmt(NodeKind::kContinue, loc, comments) {}
};

// The DSL name of a scope kind: with pl.<name>(...).
inline absl::string_view ScopeKindName(ScopeKind kind) {
  switch (kind) {
    case ScopeKind::kAt: return "at";
    case ScopeKind::kCluster: return "cluster";
    case ScopeKind::kSpmd: return "spmd";
    case ScopeKind::kRuntime: return "scope";
    case ScopeKind::kSplitAiv: return "split_aiv";
  }
  return "scope";
}

// One argument of a scope, in the canonical order the parser sorts them
// into. The key "task_id_var" is not a keyword: its operand is the TASK_ID
// variable of `with pl.at(...) as tid:`, which a `tid = system.task_invalid()`
// placeholder right before the scope defines (upstream's IR). Its value is exactly one of: the operand `operand` of the scope
// (an expression: a core count, a list of variables), an enum member
// `enum_ref` ("Level.CORE_GROUP", printed with `pl.`), or `value`.
struct ScopeArg {
  absl::string_view key;
  int operand = -1;
  absl::string_view enum_ref;
  AttrValue value = AttrValue::Bool(false);
};

// `with pl.<kind>(args):` around `body`. The scope is transparent to names:
// what its body binds is visible after it (Python's `with`).
class ScopeStmt : public Stmt {
 public:
  ScopeKind scope_kind() const { return scope_kind_; }
  absl::Span<const ScopeArg> args() const { return args_; }
  ExprSpan operands() const { return operands_; }
  const Stmt* body() const { return body_; }
  static bool ClassOf(const Node* n) { return n->kind() == NodeKind::kScope; }

 private:
  friend class Context;
  ScopeStmt(SourceLoc loc, absl::Span<const absl::string_view> comments, ScopeKind scope_kind,
            absl::Span<const ScopeArg> args, ExprSpan operands, const Stmt* body)
      : Stmt(NodeKind::kScope, loc, comments),
        scope_kind_(scope_kind),
        args_(args),
        operands_(operands),
        body_(body) {}
  ScopeKind scope_kind_;
  absl::Span<const ScopeArg> args_;
  ExprSpan operands_;
  const Stmt* body_;
};

// The yield ending a loop body or if branch (through scopes ending it), or
// null. A for loop with iter args and none is in upstream's pre-SSA form: its
// body rebinds the carried names, which upstream's ConvertToSSA yields later.
inline const YieldStmt* TrailingYield(const Stmt* body) {
  while (body != nullptr) {
    if (const auto* seq = body->As<SeqStmts>()) {
      body = seq->stmts().empty() ? nullptr : seq->stmts().back();
    } else if (const auto* scope = body->As<ScopeStmt>()) {
      body = scope->body();
    } else {
      return body->As<YieldStmt>();
    }
  }
  return nullptr;
}

// True if control never leaves `s` at its end: it ends (through sequences
// and scopes) in a break, continue or return. What such a branch defines
// never reaches the code after its if.
inline bool EndsInJump(const Stmt* s) {
  while (s != nullptr) {
    if (const auto* seq = s->As<SeqStmts>()) {
      s = seq->stmts().empty() ? nullptr : seq->stmts().back();
    } else if (const auto* scope = s->As<ScopeStmt>()) {
      s = scope->body();
    } else {
      return s->kind() == NodeKind::kBreak || s->kind() == NodeKind::kContinue ||
             s->kind() == NodeKind::kReturn;
    }
  }
  return false;
}

namespace stmt_internal {
// HasLoopJump, or with `breaks_only` HasLoopBreak.
inline bool FindLoopJump(const Stmt* body, bool breaks_only) {
  switch (body->kind()) {
    case NodeKind::kBreak: return true;
    case NodeKind::kContinue: return !breaks_only;
    case NodeKind::kSeq:
      for (const Stmt* c : body->As<SeqStmts>()->stmts()) {
        if (FindLoopJump(c, breaks_only)) return true;
      }
      return false;
    case NodeKind::kIf: {
      const auto* i = body->As<IfStmt>();
      return FindLoopJump(i->then_body(), breaks_only) ||
             (i->else_body() != nullptr && FindLoopJump(i->else_body(), breaks_only));
    }
    case NodeKind::kScope: return FindLoopJump(body->As<ScopeStmt>()->body(), breaks_only);
    default: return false;
  }
}
}  // namespace stmt_internal

// True if `body`, a loop's body, holds a break or continue of that loop
// (through ifs and scopes; a nested loop's belong to it).
inline bool HasLoopJump(const Stmt* body) { return stmt_internal::FindLoopJump(body, false); }
// The same for a break only.
inline bool HasLoopBreak(const Stmt* body) { return stmt_internal::FindLoopJump(body, true); }

// The statements of `body` in order: a sequence's elements, else `body`
// itself; none for a null body.
inline std::vector<const Stmt*> StmtList(const Stmt* body) {
  if (body == nullptr) return {};
  if (const auto* seq = body->As<SeqStmts>()) {
    return std::vector<const Stmt*>(seq->stmts().begin(), seq->stmts().end());
  }
  return {body};
}

}  // namespace pto::ir

#endif  // PTO_IR_STMT_H_
