// Scopes in the text form, as upstream prints them:
//
//   with pl.at(level=pl.Level.CORE_GROUP, name_hint="k") as tid:   # tid: TASK_ID
//   for i in pl.spmd(4, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
//   for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
//
// The loop forms are scopes whose first body statement binds the loop
// variable (ir/text/parser/forms/loops.cc builds them); that statement prints as the
// loop header. The `tid = system.task_invalid()` placeholder that defines an
// `as` variable prints as the `as` clause of the scope after it.

#include "ir/text/printer/printer_impl.h"

#include "absl/strings/strip.h"
#include "ir/spmd_body.h"

namespace pto::ir::printer_impl {
namespace {

// The assignment `v = <op>()` that `s` is, if it is one without comments.
const AssignStmt* NullaryBinding(const Stmt* s, absl::string_view op) {
  const auto* a = s == nullptr ? nullptr : s->As<AssignStmt>();
  if (a == nullptr || !a->comments().empty()) return nullptr;
  const auto* c = a->value()->As<Call>();
  if (c == nullptr || c->op() == nullptr || c->op()->name() != op || !c->args().empty()) {
    return nullptr;
  }
  return a;
}

const ScopeArg* FindArg(const ScopeStmt* s, absl::string_view key) {
  for (const ScopeArg& a : s->args()) {
    if (a.key == key) return &a;
  }
  return nullptr;
}

const Stmt* OnlyStmt(const Stmt* body) {
  const auto* seq = body->As<SeqStmts>();
  if (seq == nullptr) return body;
  return seq->stmts().size() == 1 ? seq->stmts()[0] : nullptr;
}

// The kernel scope of what `for i in pl.spmd(...)` builds: a pl.spmd scope
// holding only a pl.at(CORE_GROUP[, optimizations]) scope whose body starts
// with `i = tile.get_block_idx()`. Null for any other scope.
const ScopeStmt* SpmdLoopKernel(const ScopeStmt* s) {
  if (s->scope_kind() != ScopeKind::kSpmd || FindArg(s, "task_id_var") != nullptr ||
      FindArg(s, "optimizations") != nullptr) {
    return nullptr;
  }
  const Stmt* only = OnlyStmt(s->body());
  const auto* k = only == nullptr ? nullptr : only->As<ScopeStmt>();
  if (k == nullptr || k->scope_kind() != ScopeKind::kAt || !k->comments().empty()) return nullptr;
  absl::Span<const ScopeArg> args = k->args();
  if (args.empty() || args[0].key != "level" || args[0].enum_ref != "Level.CORE_GROUP") {
    return nullptr;
  }
  // Besides its optimizations, the kernel may carry only the name the
  // loop's name_hint gives it: the spmd scope's, without its "_spmd".
  const ScopeArg* spmd_name = FindArg(s, "name_hint");
  absl::string_view derived;
  if (spmd_name != nullptr && spmd_name->value.kind() == AttrKind::kString) {
    derived = spmd_name->value.string_value();
    absl::ConsumeSuffix(&derived, "_spmd");
  }
  for (size_t i = 1; i < args.size(); ++i) {
    if (args[i].key == "optimizations" && i == 1) continue;
    if (args[i].key == "name_hint" && i + 1 == args.size() && !derived.empty() &&
        args[i].value.kind() == AttrKind::kString && args[i].value.string_value() == derived) {
      continue;
    }
    return nullptr;
  }
  const auto* seq = k->body()->As<SeqStmts>();
  if (seq == nullptr || seq->stmts().empty() ||
      NullaryBinding(seq->stmts()[0], "tile.get_block_idx") == nullptr) {
    return nullptr;
  }
  return k;
}

// The kernel scope upstream's parser wraps an inline `with pl.spmd(...) as
// tid:` body in, when reading the body back inline rebuilds it: the kernel
// takes a split or a slot count, or its body reads the block index. Null
// when the scope's body must print as written.
const ScopeStmt* SpmdInlineKernel(const ScopeStmt* s) {
  if (s->scope_kind() != ScopeKind::kSpmd || FindArg(s, "task_id_var") == nullptr) return nullptr;
  const Stmt* only = OnlyStmt(s->body());
  const auto* k = only == nullptr ? nullptr : only->As<ScopeStmt>();
  if (k == nullptr || k->scope_kind() != ScopeKind::kAt || !k->comments().empty() ||
      k->args().empty() || k->args()[0].enum_ref != "Level.CORE_GROUP") {
    return nullptr;
  }
  return ScanSpmdBody(k->body()).NeedsKernelScope(FindArg(k, "optimizations") != nullptr) ? k
                                                                                       : nullptr;
}

}  // namespace

bool Printer::IsTaskIdPlaceholder(const Stmt* s, const Stmt* next) {
  const AssignStmt* a = NullaryBinding(s, "system.task_invalid");
  const auto* scope = next->As<ScopeStmt>();
  if (a == nullptr || scope == nullptr) return false;
  const ScopeArg* tid = FindArg(scope, "task_id_var");
  return tid != nullptr && scope->operands()[tid->operand] == a->var();
}

bool Printer::IsRegionSplit(const Call* c, const Kwarg& k) {
  const Op* op = c->op();
  if (op == nullptr || k.key >= op->kwargs().size() || op->kwargs()[k.key].name != "split") {
    return false;
  }
  absl::string_view n = op->name();
  return n == "tile.aiv_shard" || n == "tile.aic_gather" || n == "tensor.aiv_shard" ||
         n == "tensor.aic_gather";
}

bool Printer::IsNameFromTarget(const Call* c, const Kwarg& k) const {
  const Op* op = c->op();
  return op != nullptr && k.key < op->kwargs().size() && op->kwargs()[k.key].name == "name" &&
         k.value.kind() == AttrKind::kString && k.value.string_value() == lhs_name_ &&
         op->name() == "pld.tensor.alloc_window_buffer";
}

void Printer::PrintStmtsFrom(const SeqStmts* seq, size_t start) {
  Stmts stmts = seq->stmts();
  bool printed = false;
  for (size_t i = start; i < stmts.size(); ++i) {
    if (i + 1 < stmts.size() && IsTaskIdPlaceholder(stmts[i], stmts[i + 1])) continue;
    if (printed) out_.push_back('\n');
    printed = true;
    PrintStmtBlock(stmts[i]);
  }
  if (!printed) {
    Indent();
    Append("pass");
  }
}

void Printer::PrintScopeArgs(const ScopeStmt* s, const ScopeArg* optimizations) {
  bool first = true;
  auto print_arg = [&](const ScopeArg& a) {
    if (!first) Append(", ");
    first = false;
    // spmd's core count is its positional argument.
    if (a.key != "core_num") {
      Append(a.key);
      out_.push_back('=');
    }
    if (a.operand >= 0 && a.key == "predicate") {
      out_.push_back('(');  // upstream's spelling, whatever the expression
      PrintExprText(s->operands()[a.operand]);
      out_.push_back(')');
    } else if (a.operand >= 0) {
      PrintExprText(s->operands()[a.operand]);
    } else if (a.key == "optimizations") {
      out_.push_back('[');
      if (!a.enum_ref.empty()) {
        Append("pl.split(pl.");
        Append(a.enum_ref);
        out_.push_back(')');
      }
      if (a.value.kind() == AttrKind::kInt) {
        if (!a.enum_ref.empty()) Append(", ");
        Append("pl.cross_core_slot(slot_num=");
        Append(absl::StrCat(a.value.int_value()));
        out_.push_back(')');
      }
      out_.push_back(']');
    } else if (!a.enum_ref.empty()) {
      Append("pl.");
      Append(a.enum_ref);
    } else if (a.value.kind() == AttrKind::kString) {
      AppendDoubleQuoted(a.value.string_value());
    } else {
      PrintAttr(a.value);
    }
  };
  for (const ScopeArg& a : s->args()) {
    if (a.key == "task_id_var") continue;
    // A loop's kernel optimizations go where pl.spmd's own would.
    if (optimizations != nullptr &&
        (a.key == "deps" || a.key == "allow_early_resolve" || a.key == "predicate")) {
      print_arg(*optimizations);
      optimizations = nullptr;
    }
    print_arg(a);
  }
  if (optimizations != nullptr) print_arg(*optimizations);
}

void Printer::PrintScope(const ScopeStmt* s, VarSpan return_vars) {
  if (s->scope_kind() == ScopeKind::kSplitAiv) {
    PrintSplitAiv(s);
    return;
  }
  if (const ScopeStmt* kernel = SpmdLoopKernel(s)) {
    const auto* seq = kernel->body()->As<SeqStmts>();
    const auto* bind = seq->stmts()[0]->As<AssignStmt>();
    Append("for ");
    Append(NameOf(bind->var()));
    Append(" in pl.spmd(");
    PrintScopeArgs(s, FindArg(kernel, "optimizations"));
    Append("):\n");
    ++indent_;
    PrintStmtsFrom(seq, 1);
    --indent_;
    return;
  }
  // An `as tid` spmd scope prints its kernel's optimizations on its own
  // line and the kernel's body inline, which reads back as the same scopes.
  const ScopeStmt* kernel = SpmdInlineKernel(s);
  Append("with pl.");
  Append(ScopeKindName(s->scope_kind()));
  out_.push_back('(');
  PrintScopeArgs(s, kernel != nullptr ? FindArg(kernel, "optimizations") : nullptr);
  out_.push_back(')');
  if (const ScopeArg* tid = FindArg(s, "task_id_var")) {
    Append(" as ");
    PrintExprText(s->operands()[tid->operand]);
  }
  Append(":\n");
  ++indent_;
  PrintBody(kernel != nullptr ? kernel->body() : s->body(), return_vars);
  --indent_;
}

void Printer::PrintSplitAiv(const ScopeStmt* s) {
  const auto* seq = s->body()->As<SeqStmts>();
  const AssignStmt* bind =
      seq != nullptr && !seq->stmts().empty()
          ? NullaryBinding(seq->stmts()[0], "tile.get_subblock_idx")
          : nullptr;
  Append("for ");
  Append(bind != nullptr ? NameOf(bind->var()) : "aiv_id");
  Append(" in pl.split_aiv(2, mode=pl.");
  const ScopeArg* mode = FindArg(s, "mode");
  Append(mode != nullptr ? mode->enum_ref : "SplitMode.NONE");
  Append("):\n");
  ++indent_;
  ++split_aiv_depth_;
  if (seq != nullptr) {
    PrintStmtsFrom(seq, bind != nullptr ? 1 : 0);
  } else {
    PrintBody(s->body(), {});
  }
  --split_aiv_depth_;
  --indent_;
}

}  // namespace pto::ir::printer_impl
