// Functions and statements of the text form: upstream PyPTO's printed
// spelling (expressions are in printer/expr.cc).

#include "ir/text/printer/printer_impl.h"

#include <string>

#include "ir/text/python/source.h"

namespace pto::ir::printer_impl {

// --- Functions and statements ------------------------------------------------

void Printer::PrintFunction(const Function* f) {
  Indent();
  Append("@pl.function");
  bool has_type = f->func_type() != FunctionType::kOpaque;
  if (has_type || f->level() || f->role() || !f->attrs().auto_scope ||
      !f->attrs().external_source.empty()) {
    out_.push_back('(');
    bool first = true;
    if (has_type) {
      Append("type=");
      AppendEnum(&out_, f->func_type());
      first = false;
    }
    if (f->level()) {
      if (!first) Append(", ");
      Append("level=");
      AppendEnum(&out_, *f->level());
      first = false;
    }
    if (f->role()) {
      if (!first) Append(", ");
      Append("role=");
      AppendEnum(&out_, *f->role());
      first = false;
    }
    if (!f->attrs().auto_scope) {
      if (!first) Append(", ");
      Append("auto_scope=False");
      first = false;
    }
    if (!f->attrs().external_source.empty()) {
      if (!first) Append(", ");
      Append("external_source=");
      AppendDoubleQuoted(f->attrs().external_source);
    }
    out_.push_back(')');
  }
  out_.push_back('\n');
  Indent();
  Append("def ");
  Append(f->name());
  out_.push_back('(');
  in_signature_ = true;  // MemRef bases print as strings (PrintMemRef)
  // SubWorker functions are self-contained and take no `self`.
  bool emit_self = !(f->role() && *f->role() == Role::kSubWorker);
  if (emit_self) Append("self");
  for (size_t i = 0; i < f->params().size(); ++i) {
    if (i > 0 || emit_self) Append(", ");
    const Var* p = f->params()[i];
    Append(NameOf(p));
    Append(": ");
    ParamDirection dir = i < f->directions().size() ? f->directions()[i] : ParamDirection::kIn;
    if (dir == ParamDirection::kIn) {
      PrintTypeText(p->type());
    } else {
      AppendEnum(&out_, dir);
      out_.push_back('[');
      PrintTypeText(p->type());
      out_.push_back(']');
    }
  }
  out_.push_back(')');
  absl::Span<const Type* const> returns = f->return_types();
  if (!returns.empty()) {
    Append(" -> ");
    if (returns.size() == 1) {
      PrintTypeText(returns[0]);
    } else {
      Append("tuple[");
      for (size_t i = 0; i < returns.size(); ++i) {
        if (i > 0) Append(", ");
        PrintTypeText(returns[i]);
      }
      out_.push_back(']');
    }
  }
  in_signature_ = false;
  Append(":\n");
  ++indent_;
  if (!f->attrs().attrs.empty()) {
    // Upstream's prologue: every attr the decorator does not print.
    Indent();
    Append("pl.func_attr({");
    for (size_t i = 0; i < f->attrs().attrs.size(); ++i) {
      const FuncAttr& a = f->attrs().attrs[i];
      if (i > 0) Append(", ");
      AppendDoubleQuoted(a.key);
      Append(": ");
      if (a.expr != nullptr) {
        PrintExprText(a.expr);
      } else if (!a.enum_ref.empty()) {
        Append("pl.");
        Append(a.enum_ref);
      } else {
        PrintAttr(a.value);
      }
    }
    Append("})\n");
  }
  const Stmt* body = f->body();
  // A function-level yield prints as `return`.
  auto print_top = [&](const Stmt* s) {
    if (const auto* y = s->As<YieldStmt>()) {
      Indent();
      PrintComments(y);
      PrintReturnValues("return", y->values());
    } else {
      PrintStmtBlock(s);
    }
  };
  const auto* seq = body == nullptr ? nullptr : body->As<SeqStmts>();
  if (f->attrs().requires_runtime_binding) {
    // An abstract SubWorker: upstream prints the bare `...` it re-reads.
    Indent();
    Append("...");
  } else if (!f->attrs().python_body.empty()) {
    // Host Python: its text, re-indented as upstream prints an InlineStmt
    // (every non-empty line at the body's indentation), except lines that
    // begin inside a string literal, which upstream indents too and which
    // would then change the string on re-reading.
    std::string text;
    text::AppendIndentedPython(f->attrs().python_body,
                               std::string(static_cast<size_t>(indent_) * 4, ' '), &text);
    Append(text);
  } else if (body == nullptr || (seq != nullptr && seq->stmts().empty())) {
    Indent();
    Append("pass");
  } else if (seq != nullptr) {
    bool printed = false;
    for (size_t i = 0; i < seq->stmts().size(); ++i) {
      const Stmt* s = seq->stmts()[i];
      if (i + 1 < seq->stmts().size() && IsTaskIdPlaceholder(s, seq->stmts()[i + 1])) continue;
      if (printed) out_.push_back('\n');
      printed = true;
      print_top(s);
    }
  } else {
    print_top(body);
  }
  --indent_;
}

void Printer::PrintComments(const Stmt* s) {
  for (absl::string_view line : s->comments()) {
    Append("# ");
    Append(line);
    out_.push_back('\n');
    Indent();
  }
}

void Printer::PrintStmtBlock(const Stmt* s) {
  if (const auto* seq = s->As<SeqStmts>()) {
    PrintStmtsFrom(seq, 0);
    return;
  }
  Indent();
  PrintComments(s);
  PrintStmt(s);
}

void Printer::PrintReturnValues(absl::string_view keyword, ExprSpan values) {
  Append(keyword);
  if (values.empty()) return;
  out_.push_back(' ');
  PrintExprList(values);
}

void Printer::PrintExprList(ExprSpan values) {
  for (size_t i = 0; i < values.size(); ++i) {
    if (i > 0) Append(", ");
    PrintExprText(values[i]);
  }
}

void Printer::PrintStmt(const Stmt* s) {
  switch (s->kind()) {
    case NodeKind::kAssign: {
      const auto* a = s->As<AssignStmt>();
      Append(NameOf(a->var()));
      // An unregistered op's type is its annotation: concise output keeps it
      // so that it parses back.
      const auto* call = a->value()->As<Call>();
      bool opaque = call != nullptr && call->op() != nullptr && call->op()->unregistered();
      if (!options_.concise || opaque) {
        Append(": ");
        PrintAssignType(a->var()->type());
      }
      Append(" = ");
      lhs_call_ = call;
      lhs_name_ = NameOf(a->var());
      PrintExprText(a->value());
      lhs_call_ = nullptr;
      return;
    }
    case NodeKind::kEval:
      PrintExprText(s->As<EvalStmt>()->expr());
      return;
    case NodeKind::kReturn:
      PrintReturnValues("return", s->As<ReturnStmt>()->values());
      return;
    case NodeKind::kYield:
      Append("pl.yield_(");
      PrintExprList(s->As<YieldStmt>()->values());
      out_.push_back(')');
      return;
    case NodeKind::kIf:
      PrintIf(s->As<IfStmt>());
      return;
    case NodeKind::kFor:
      PrintFor(s->As<ForStmt>());
      return;
    case NodeKind::kWhile:
      PrintWhile(s->As<WhileStmt>());
      return;
    case NodeKind::kScope:
      PrintScope(s->As<ScopeStmt>());
      return;
    case NodeKind::kBreak:
      Append("break");
      return;
    case NodeKind::kContinue:
      Append("continue");
      return;
    default:
      PTO_UNREACHABLE() << "not a statement kind: " << static_cast<int>(s->kind());
  }
}

void Printer::PrintYieldAssign(VarSpan return_vars, ExprSpan values) {
  if (return_vars.size() == 1) {
    Append(NameOf(return_vars[0]));
    if (!options_.concise) {
      Append(": ");
      PrintTypeText(return_vars[0]->type());
    }
  } else {
    for (size_t i = 0; i < return_vars.size(); ++i) {
      if (i > 0) Append(", ");
      Append(NameOf(return_vars[i]));
    }
  }
  Append(" = pl.yield_(");
  PrintExprList(values);
  out_.push_back(')');
}

// A loop or branch body: a final yield that feeds return vars prints as their
// assignment (`r: T = pl.yield_(v)`).
void Printer::PrintBody(const Stmt* body, VarSpan return_vars) {
  if (body == nullptr) {
    Indent();
    Append("pass");
    return;
  }
  const auto* seq = body->As<SeqStmts>();
  if (seq != nullptr && seq->stmts().size() == 1) {
    PrintBody(seq->stmts()[0], return_vars);
    return;
  }
  auto print_yield = [&](const YieldStmt* y) {
    Indent();
    PrintComments(y);
    if (!y->values().empty() && !return_vars.empty()) {
      PrintYieldAssign(return_vars, y->values());
    } else {
      PrintStmt(y);
    }
  };
  // A scope ending the body may end with its yield.
  auto print_last = [&](const Stmt* s) {
    const auto* scope = s->As<ScopeStmt>();
    if (scope != nullptr && !return_vars.empty()) {
      Indent();
      PrintComments(scope);
      PrintScope(scope, return_vars);
    } else {
      PrintStmtBlock(s);
    }
  };
  if (const auto* y = body->As<YieldStmt>()) {
    print_yield(y);
  } else if (seq != nullptr) {
    if (seq->stmts().empty()) {
      Indent();
      Append("pass");
      return;
    }
    bool printed = false;
    for (size_t i = 0; i < seq->stmts().size(); ++i) {
      const Stmt* s = seq->stmts()[i];
      if (i + 1 < seq->stmts().size() && IsTaskIdPlaceholder(s, seq->stmts()[i + 1])) continue;
      if (printed) out_.push_back('\n');
      printed = true;
      const auto* y = s->As<YieldStmt>();
      if (y != nullptr && i + 1 == seq->stmts().size()) {
        print_yield(y);
      } else if (i + 1 == seq->stmts().size()) {
        print_last(s);
      } else {
        PrintStmtBlock(s);
      }
    }
  } else {
    print_last(body);
  }
}

void Printer::PrintIf(const IfStmt* i) {
  Append("if ");
  PrintExprText(i->condition());
  Append(":\n");
  ++indent_;
  PrintBody(i->then_body(), i->return_vars());
  --indent_;
  if (i->else_body() != nullptr) {
    out_.push_back('\n');
    Indent();
    Append("else:\n");
    ++indent_;
    PrintBody(i->else_body(), i->return_vars());
    --indent_;
  }
}

void Printer::PrintFor(const ForStmt* f) {
  Append("for ");
  Append(NameOf(f->loop_var()));
  IterArgSpan iter_args = f->iter_args();
  if (!iter_args.empty()) {
    Append(", (");
    for (size_t i = 0; i < iter_args.size(); ++i) {
      if (i > 0) Append(", ");
      Append(NameOf(iter_args[i]));
    }
    if (iter_args.size() == 1) out_.push_back(',');
    out_.push_back(')');
  }
  Append(" in ");
  AppendEnum(&out_, f->for_kind());
  out_.push_back('(');
  // Start and step are elided only when they re-parse identically: as bare
  // INDEX literals 0 and 1.
  auto is_index = [](const Expr* e, int64_t v) {
    const auto* c = e->As<ConstInt>();
    return c != nullptr && c->value() == v && c->dtype() == DataType::kIndex;
  };
  bool start_zero = is_index(f->start(), 0);
  bool step_one = is_index(f->step(), 1);
  if (!(start_zero && step_one)) {
    PrintExprText(f->start());
    Append(", ");
  }
  PrintExprText(f->stop());
  if (!step_one) {
    Append(", ");
    PrintExprText(f->step());
  }
  if (f->for_kind() == ForKind::kPipeline) {
    Append(", stage=");
    AppendInt(&out_, f->stage());
  }
  if (!iter_args.empty()) {
    Append(", init_values=(");
    for (size_t i = 0; i < iter_args.size(); ++i) {
      if (i > 0) Append(", ");
      PrintExprText(iter_args[i]->init());
    }
    if (iter_args.size() == 1) out_.push_back(',');
    out_.push_back(')');
  }
  PrintLoopAttrs(f->attrs());
  Append("):\n");
  ++indent_;
  PrintBody(f->body(), f->return_vars());
  --indent_;
}

void Printer::PrintWhile(const WhileStmt* w) {
  IterArgSpan iter_args = w->iter_args();
  if (iter_args.empty()) {
    Append("while ");
    PrintExprText(w->condition());
    Append(":\n");
    ++indent_;
    PrintBody(w->body(), w->return_vars());
    --indent_;
    return;
  }
  Append("for (");
  for (size_t i = 0; i < iter_args.size(); ++i) {
    if (i > 0) Append(", ");
    Append(NameOf(iter_args[i]));
  }
  if (iter_args.size() == 1) out_.push_back(',');
  Append(") in pl.while_(init_values=(");
  for (size_t i = 0; i < iter_args.size(); ++i) {
    if (i > 0) Append(", ");
    PrintExprText(iter_args[i]->init());
  }
  if (iter_args.size() == 1) out_.push_back(',');
  Append(")):\n");
  ++indent_;
  Indent();
  Append("pl.cond(");
  PrintExprText(w->condition());
  Append(")\n");
  PrintBody(w->body(), w->return_vars());
  --indent_;
}

}  // namespace pto::ir::printer_impl
