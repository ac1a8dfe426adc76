// Statements of the text form: assignments, yields, returns, break /
// continue and expression statements (control flow: parser/forms/control.cc).

#include "ir/text/parser/depth_guard.h"
#include "ir/text/parser/parser_impl.h"

namespace pto::ir::parser_impl {

// --- Statements --------------------------------------------------------------------

uint32_t Parser::StmtEndLine() {
  for (int k = 0; k < 3; ++k) {
    const Token& t = Peek(k);
    if (t.kind == K::kNewline) return t.line;
    if (t.kind == K::kEof || t.kind == K::kError) break;
  }
  return Peek().line;
}

Comments Parser::Lead() {
  StmtFrame* f = stmt_frame_;
  if (f == nullptr || f->given) return {};
  f->given = true;
  // StmtEndLine() first: it looks ahead to the NEWLINE, so the comments
  // on the statement's last line are lexed.
  if (!f->compound) comments_.TakeThrough(StmtEndLine(), &f->lead);
  if (f->lead.empty()) return {};
  // The texts point into the source (docstring lines are saved already,
  // and saved again here: they are few).
  for (absl::string_view& text : f->lead) text = ctx_.SaveString(text);
  Comments lead(f->lead.data(), f->lead.size());
  if (f->ahead != SIZE_MAX) {
    // Upstream's first IR statement of the source statement takes them.
    stmt_stack_[f->ahead] = ctx_.WithComments(stmt_stack_[f->ahead], lead);
    return {};
  }
  return lead;
}

void Parser::NoteStmtAhead() {
  if (stmt_frame_ != nullptr && stmt_frame_->ahead == SIZE_MAX) {
    stmt_frame_->ahead = stmt_stack_.size();
  }
}

bool Parser::ParseBlock(BlockKind kind, Block* out, Value* while_cond) {
  DepthGuard guard(this);
  if (!guard.Check(Peek())) return false;
  if (!At(K::kNewline)) {
    return Fail(Peek(),
                absl::StrCat("expected the end of the line after ':' but found ", Describe(Peek()),
                             " (a block goes on the following, indented lines)"));
  }
  const uint32_t header_end = Advance().line;
  if (!At(K::kIndent)) {
    return Fail(Peek(), absl::StrCat("expected an indented block but found ", Describe(Peek())));
  }
  Advance();
  // The statement owning this block is a compound one: when its first body
  // (not an else branch) begins, it takes its header's comments.
  StmtFrame* owner = stmt_frame_;
  if (owner != nullptr && !owner->compound) {
    owner->compound = true;
    comments_.TakeHeader(owner->line, header_end, Peek().line, Peek().col, &owner->lead);
  }
  size_t base = stmt_stack_.size();
  if (while_cond != nullptr) {
    Token at = Peek();
    if (!AtDotted("pl", "cond")) {
      return Fail(at, "the first statement of a pl.while_ body must be pl.cond(<condition>)");
    }
    // Not a statement: its comments lead the next one.
    Advance();
    Advance();
    Advance();
    if (!Expect(K::kLParen)) return false;
    *while_cond = ParseExpr();
    if (!*while_cond || !Expect(K::kRParen) || !ExpectNewline()) return false;
  }
  // Where the block's statements begin (after pl.cond): its tail is what
  // follows its last statement at this indentation.
  const uint32_t body_line = Peek().line;
  const uint32_t body_col = Peek().col;
  bool first = true;
  while (error_.ok() && !At(K::kDedent)) {
    if (out->yield.stmt != nullptr) {
      return Fail(out->yield.tok, "pl.yield_ must be the last statement of its block");
    }
    string_pool_.clear();
    if (!ParseStatement(kind, &out->yield, &first)) return false;
  }
  if (!Expect(K::kDedent)) return false;
  // Tail-of-block comments (at the body's indentation after its last
  // statement) lead nothing: dropped, as upstream does. A then-branch ends
  // before its else/elif line; a function's tail goes with the function.
  if (!first && kind != BlockKind::kFunction && inline_depth_ == 0) {
    uint32_t upper = last_newline_line_;
    if (kind == BlockKind::kThen && (At(K::kElse) || At(K::kElif))) upper = Peek().line - 1;
    comments_.DropTail(body_line, body_col, upper);
  }
  // Every statement parsed is a single statement (nested blocks are bodies
  // of the loops and ifs that own them): nothing to flatten.
  out->body = ctx_.NewFlatSeq(Stmts(stmt_stack_.data() + base, stmt_stack_.size() - base));
  stmt_stack_.resize(base);
  return true;
}

namespace {

// Python's str.splitlines() of a docstring's value: lines end at \n, \r,
// \r\n, \v, \f, \x1c-\x1e and the UTF-8 of U+0085, U+2028 and U+2029;
// a final line break makes no empty line; no text is one empty line.
std::vector<absl::string_view> DocLines(absl::string_view s) {
  std::vector<absl::string_view> lines;
  size_t start = 0, i = 0;
  while (i < s.size()) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    size_t brk = 0;  // the line break's length at i
    if (c == '\n' || c == '\v' || c == '\f' || (c >= 0x1c && c <= 0x1e)) {
      brk = 1;
    } else if (c == '\r') {
      brk = i + 1 < s.size() && s[i + 1] == '\n' ? 2 : 1;
    } else if (c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x85) {
      brk = 2;
    } else if (c == 0xE2 && i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x80 &&
               (static_cast<unsigned char>(s[i + 2]) == 0xA8 ||
                static_cast<unsigned char>(s[i + 2]) == 0xA9)) {
      brk = 3;
    }
    if (brk == 0) {
      ++i;
      continue;
    }
    lines.push_back(s.substr(start, i - start));
    i += brk;
    start = i;
  }
  if (start < s.size() || lines.empty()) lines.push_back(s.substr(start));
  return lines;
}

}  // namespace

bool Parser::ParseStatement(BlockKind kind, YieldInfo* yield, bool* first) {
  // A reference, not a copy: the token was usually lexed just now, and
  // copying it whole stalls on its field-by-field stores. `t` is not used
  // after a token is consumed.
  const Token& t = Peek();
  if (inline_depth_ > 0) {
    // An inline body keeps no comments (parser/calls/inline.cc).
    StmtFrame* saved = stmt_frame_;
    stmt_frame_ = nullptr;
    bool ok = true;
    if (t.kind == K::kString && At(K::kNewline, 1)) {
      Advance();
      Advance();
    } else {
      ok = ParseStatementKind(kind, yield);
    }
    stmt_frame_ = saved;
    return ok;
  }
  if (AtFuncAttr()) {
    if (kind != BlockKind::kFunction || !fn_.prologue_open) {
      return Fail(t, "pl.func_attr() must come before every other statement of the function");
    }
    // A directive, not a statement: its comments lead the next one.
    return ParseFuncAttrStatement();
  }
  if (!*first) comments_.SweepStale(t.line, t.col);
  *first = false;
  StmtFrame frame;
  frame.line = t.line;
  frame.col = t.col;
  if (t.kind == K::kString && At(K::kNewline, 1)) {
    // A bare string (a docstring) makes no IR: the comments through its
    // last line, then its lines, lead the next statement, as upstream keeps
    // them.
    Token str = Advance();
    NoteNewline(Advance());
    comments_.TakeThrough(last_newline_line_, &frame.lead);
    std::string body = text::UnquoteString(Text(str));
    for (absl::string_view line : DocLines(body)) frame.lead.push_back(ctx_.SaveString(line));
    comments_.Requeue(last_newline_line_, frame.col, frame.lead);
    return true;
  }
  StmtFrame* saved = stmt_frame_;
  stmt_frame_ = &frame;
  bool ok = ParseStatementKind(kind, yield);
  stmt_frame_ = saved;
  if (!ok) return false;
  if (!frame.given) {
    // No IR statement took them (`pass`, pl.static_assert): they lead
    // whatever comes next.
    if (!frame.compound) comments_.TakeThrough(last_newline_line_, &frame.lead);
    comments_.Requeue(last_newline_line_, frame.col, frame.lead);
  }
  return true;
}

bool Parser::ParseStatementKind(BlockKind kind, YieldInfo* yield) {
  const Token& t = Peek();
  if (AtFuncAttr()) {
    return Fail(t, "pl.func_attr() must come before every other statement of the function");
  }
  fn_.prologue_open = false;
  switch (t.kind) {
    case K::kFor:
      return ParseFor();
    case K::kWhile:
      return ParseWhile();
    case K::kIf:
      return ParseIf();
    case K::kReturn:
      return ParseReturn();
    case K::kPass:
      Advance();
      return ExpectNewline();
    case K::kElse:
      return Fail(t, "'else' without a matching 'if'");
    case K::kElif:
      return Fail(t, "'elif' without a matching 'if'");
    case K::kDef:
      return Fail(t, "nested function definitions are not supported");
    case K::kClass:
    case K::kAt:
      return Fail(t, "classes and decorators are only allowed at module level");
    case K::kImport:
    case K::kFrom:
      return Fail(t, "imports are only allowed at module level");
    case K::kOtherKeyword:
      if (Text(t) == "with") return ParseWith(kind, yield);
      if (Text(t) == "break" || Text(t) == "continue") return ParseJump();
      return Fail(t, absl::StrCat("'", Text(t), "' is not supported"));
    case K::kIndent:
      return Fail(t, "unexpected indentation");
    case K::kEllipsis:
      if (kind == BlockKind::kFunction && At(K::kNewline, 1)) {
        // A `...` body: checked once the function is read (parser/module/module_funcs.cc).
        ellipsis_tok_ = Advance();
        NoteNewline(Advance());
        return true;
      }
      return ParseExprStatement();
    case K::kName:
      if (At(K::kColon, 1) || At(K::kAssign, 1)) return ParseAssign(kind, yield);
      if (At(K::kComma, 1)) return ParseMultiAssign(kind, yield);
      if (At(K::kLBracket, 1)) return ParseSubscriptWrite();  // parser/subscript.cc
      if (At(K::kAugAssign, 1)) {
        return Fail(Peek(1),
                    "augmented assignment is not supported: write `x = x + ...`, "
                    "which binds a new value");
      }
      if (AtYieldCall()) return ParseYield(kind, yield);
      return ParseExprStatement();
    case K::kLParen:
      // `(a, b) = ...` and `(a,) = pl.yield_(...)`: parenthesized targets.
      if (AtParenTargets()) return ParseMultiAssign(kind, yield);
      return ParseExprStatement();
    default:
      return ParseExprStatement();
  }
}

bool Parser::ParseJump() {
  Token at = Advance();
  bool is_break = Text(at) == "break";
  if (fn_.jump_ok.empty() || !fn_.jump_ok.back()) {
    return Fail(at, absl::StrCat("'", Text(at),
                                 "' is only allowed in a pl.range or while loop (not in "
                                 "pl.parallel, pl.unroll or pl.pipeline)"));
  }
  stmt_stack_.push_back(is_break ? static_cast<const Stmt*>(ctx_.NewBreak(Loc(at), Lead()))
                                 : ctx_.NewContinue(Loc(at), Lead()));
  // Statements after it in its block are kept (upstream parses them); they
  // never run.
  return ExpectNewline();
}

bool Parser::ParseYield(BlockKind kind, YieldInfo* yield, bool parenthesized) {
  Token at = Peek();
  if (kind == BlockKind::kFunction) {
    return Fail(at, "pl.yield_ outside a loop or if body: use return");
  }
  if (kind == BlockKind::kScope && !fn_.scope_yield_ok) {
    return Fail(at, "pl.yield_ can end a with body only where it ends a loop or if body");
  }
  Advance();
  Advance();
  Advance();
  if (!Expect(K::kLParen)) return false;
  ExprList values;
  int depth = 0;
  if (!ParseExprList(K::kRParen, &values, &depth)) return false;
  if (yield->targets.size() > 1 && yield->targets.size() != values.size()) {
    return Fail(
        at, absl::StrCat("pl.yield_ gives ", values.size(), " value", values.size() == 1 ? "" : "s",
                         " but ", yield->targets.size(), " names are assigned"));
  }
  if (yield->targets.size() == 1 && values.size() != 1) {
    return Fail(
        at, absl::StrCat("pl.yield_ gives ", values.size(), " values but one name is assigned"));
  }
  const YieldStmt* y = ctx_.NewYield(ExprSpan(values.data(), values.size()), Loc(at), Lead());
  yield->stmt = y;
  yield->tok = at;
  stmt_stack_.push_back(y);
  if (parenthesized && !Expect(K::kRParen)) return false;
  return ExpectNewline();
}

bool Parser::CheckAnnotation(const Token& at, const Type* annotation, const Type* deduced) {
  if (annotation == nullptr || SameTypeIgnoringMemRef(annotation, deduced)) return true;
  return Fail(at, absl::StrCat("type annotation ", PrintType(annotation),
                               " does not match the deduced type ", PrintType(deduced)));
}

bool Parser::ParseAssign(BlockKind kind, YieldInfo* yield) {
  Token name = Advance();
  // The binding comes after the value: fetch its table slot meanwhile.
  names_.prefetch(Text(name));
  if (!CheckStrictRebind(name, Text(name), /*note=*/true)) return false;
  const Type* annotation = nullptr;
  Token annotation_tok;
  if (Accept(K::kColon)) {
    annotation = ParseAnnotation(&annotation_tok);
    if (annotation == nullptr) return false;
    if (!At(K::kAssign)) {
      return Fail(Peek(), "a declaration needs a value: write `x: T = value`");
    }
  }
  Advance();  // '='
  // `x: T = (pl.yield_(v))`: upstream's printer wraps a long line so.
  bool paren_yield = At(K::kLParen) && AtDotted("pl", "yield_", 1);
  if (paren_yield) Advance();
  if (AtYieldCall()) {
    yield->targets.push_back(YieldTarget{Text(name), name, annotation, annotation_tok});
    return ParseYield(kind, yield, paren_yield);
  }
  rhs_annotation_ = annotation;
  rhs_offset_ = Peek().offset;
  fn_.submit_offset = rhs_offset_;
  rhs_name_ = Text(name);
  unregistered_rhs_ = nullptr;
  Value v = ParseExpr();
  rhs_offset_ = ~uint32_t{0};
  fn_.submit_offset = ~uint32_t{0};
  if (!v) return false;
  if (unregistered_rhs_ != nullptr && v.expr != unregistered_rhs_) {
    return Fail(annotation_tok,
                absl::StrCat("the annotation types the unregistered op ",
                             unregistered_rhs_->op()->name(),
                             ", so its call must be the whole value"));
  }
  if (annotation != nullptr && annotation != v.expr->type()) {
    // An op whose result view may be overridden takes the annotated view.
    const auto* call = v.expr->As<Call>();
    if (call != nullptr && call->op() != nullptr &&
        ((call->op()->result_view_overridable() && SameTileUpToView(annotation, call->type())) ||
         (call->op()->typed_by_annotation() && call->type()->Is<UnknownType>()))) {
      absl::StatusOr<const Call*> retyped = RetypeCallView(ctx_, *call, annotation);
      if (!retyped.ok()) return Fail(annotation_tok, retyped.status().message());
      v.expr = *retyped;
    }
  }
  const Type* var_type = nullptr;
  if (!ApplyAnnotation(annotation_tok, annotation, &v, &var_type)) return false;
  // In an Orchestration body a name given a param's dynamic dim names that
  // symbol itself (upstream's fold), unless it names something else.
  if (fn_.type == FunctionType::kOrchestration && v.expr->kind() == NodeKind::kVar &&
      fn_.param_dim_symbols.contains(v.expr->As<Var>()) && var_type == v.expr->type()) {
    auto it = names_.find(Text(name));
    const bool free = it == names_.end() || it->second.dead ||
                      (it->second.var != nullptr && it->second.var->kind() == NodeKind::kVar &&
                       fn_.param_dim_symbols.contains(it->second.var->As<Var>()));
    if (free) {
      // No statement: its comments lead the next one (ParseStatement).
      Bind(Text(name), v.expr->As<Var>(), name);
      return ExpectNewline();
    }
  }
  const Var* var = nullptr;
  if (!ReassignedVar(name, Text(name), var_type, &var)) return false;  // forms/leak.cc
  if (var == nullptr) var = AdoptMemRefBase(Text(name), var_type);  // parser/memref.cc
  if (var == nullptr) var = ctx_.NewVar(Text(name), var_type, Loc(name));
  stmt_stack_.push_back(ctx_.NewAssign(var, v.expr, Loc(name), Lead()));
  Bind(Text(name), var, name);
  return ExpectNewline();
}

bool Parser::AtParenTargets() {
  // `( name ,` opens targets: as an expression it would be a tuple, which is
  // no statement (the token buffer looks 3 tokens ahead at most).
  return At(K::kName, 1) && At(K::kComma, 2);
}

bool Parser::ParseMultiAssign(BlockKind kind, YieldInfo* yield) {
  bool paren = Accept(K::kLParen);
  Token first = Peek();
  K end = paren ? K::kRParen : K::kAssign;
  do {
    Token name;
    if (!ExpectName(&name)) return false;
    yield->targets.push_back(YieldTarget{Text(name), name, nullptr, Token{}});
  } while (Accept(K::kComma) && !At(end));
  if (paren && !Expect(K::kRParen)) return false;
  // `(a, b), tid = pl.submit(...)`: a submit of a kernel with several
  // results; upstream binds the group and the id flat, from one _submit_tmp.
  size_t group = 0;
  if (paren && At(K::kComma)) {
    group = yield->targets.size();
    Advance();
    Token name;
    if (!ExpectName(&name)) return false;
    yield->targets.push_back(YieldTarget{Text(name), name, nullptr, Token{}});
  }
  if (!Expect(K::kAssign)) return false;
  if (group > 0 && AtYieldCall()) {
    return Fail(first, "pl.yield_ assigns a flat list of names, not a parenthesized group");
  }
  if (AtYieldCall()) return ParseYield(kind, yield);
  // `a, b = <tuple>`: upstream binds the tuple to `_tuple_tmp`, then each
  // name to its element.
  absl::InlinedVector<YieldTarget, 2> targets = std::move(yield->targets);
  yield->targets.clear();
  Token at = Peek();
  fn_.submit_offset = at.offset;  // a submit may be this whole value
  Value v = ParseExpr();
  fn_.submit_offset = ~uint32_t{0};
  if (!v) return false;
  const auto* tt = v.expr->type()->As<TupleType>();
  if (tt == nullptr) {
    return Fail(at, absl::StrCat("assigning several names needs a tuple value, got ",
                                 PrintType(v.expr->type())));
  }
  const auto* call = v.expr->As<Call>();
  const bool submit = call != nullptr && call->is_submit();
  if (group > 0 && !submit) {
    return Fail(first, "a parenthesized group of names is only unpacked from pl.submit or "
                       "pl.spmd_submit: `(a, b), tid = pl.submit(...)`");
  }
  const size_t results = group > 0 ? group : 1;
  if (submit && (targets.size() != results + 1 || tt->elements().size() != results + 1)) {
    // Upstream unpacks a submit as (results, task id) only: `out, tid` for
    // one result, `(a, b), tid` for several.
    return Fail(first, absl::StrCat("a submit is unpacked as `out, tid = ...` (2 names) or, for "
                                    "several results, `(a, b), tid = ...`; this one has ",
                                    tt->elements().size() - 1, " result(s) and ", targets.size(),
                                    " names"));
  }
  if (tt->elements().size() != targets.size()) {
    return Fail(first, absl::StrCat(targets.size(), " names are assigned from a tuple of ",
                                     tt->elements().size()));
  }
  const Var* tmp =
      ctx_.NewVar(submit ? "_submit_tmp" : "_tuple_tmp", v.expr->type(), Loc(first));
  stmt_stack_.push_back(ctx_.NewAssign(tmp, v.expr, Loc(first), Lead()));
  for (size_t i = 0; i < targets.size(); ++i) {
    const Expr* e = ctx_.NewTupleGetItem(tmp, static_cast<int>(i), Loc(targets[i].tok));
    const Var* var = nullptr;
    if (!ReassignedVar(targets[i].tok, targets[i].name, e->type(), &var)) return false;
    if (var == nullptr) var = ctx_.NewVar(targets[i].name, e->type(), Loc(targets[i].tok));
    stmt_stack_.push_back(ctx_.NewAssign(var, e, Loc(targets[i].tok)));
  }
  for (size_t i = 0; i < targets.size(); ++i) {
    if (!CheckStrictRebind(targets[i].tok, targets[i].name, /*note=*/false)) return false;
    Bind(targets[i].name, stmt_stack_[stmt_stack_.size() - targets.size() + i]
                              ->As<AssignStmt>()->var(), targets[i].tok);
  }
  return ExpectNewline();
}

bool Parser::ParseExprStatement() {
  Token at = Peek();
  if (AtNoIrCall()) return SkipNoIrCall() && ExpectNewline();  // parser/calls/bind.cc
  const bool inline_call = AtInlineCall();  // parser/calls/inline.cc
  Value v = ParseExpr();
  if (!v) return false;
  if (At(K::kAssign)) return Fail(Peek(), "only a name can be assigned to");
  if (At(K::kColon)) return Fail(Peek(), "only a name can be annotated");
  if (inline_call && v.expr->Is<MakeTuple>()) return FailInlineTupleStatement(at);
  // Upstream keeps any IR expression as an EvalStmt (`pl.const(0, pl.INT64)`
  // on a line of its own); a list or tuple is no IR value of its own.
  if (v.expr->Is<MakeTuple>()) {
    return Fail(at, "an expression statement cannot be a list or tuple (its value would be unused)");
  }
  stmt_stack_.push_back(ctx_.NewEval(v.expr, Loc(at), Lead()));
  return ExpectNewline();
}

bool Parser::ParseReturn() {
  Token at = Advance();
  ExprList values;
  bool comma = false;
  int depth = 0;
  // `return (a, b)` is `return a, b`: one Python tuple either way.
  const bool parenthesized = At(K::kLParen);
  if (!At(K::kNewline)) {
    while (true) {
      Value v = ParseExpr();
      if (!v) return false;
      if (parenthesized && values.empty() && v.expr->Is<MakeTuple>() && At(K::kNewline)) {
        ExprSpan items = v.expr->As<MakeTuple>()->elements();
        values.assign(items.begin(), items.end());
        comma = true;
        depth = std::max(depth, v.depth);
        break;
      }
      values.push_back(v.expr);
      depth = std::max(depth, v.depth);
      if (!Accept(K::kComma)) break;
      comma = true;
      if (At(K::kNewline)) break;
    }
  }
  if (inline_mode_) {
    // An inline body's return is the call's value (parser/calls/inline.cc).
    SetInlineReturn(at, values, comma, depth);
    return ExpectNewline();
  }
  stmt_stack_.push_back(ctx_.NewReturn(ExprSpan(values.data(), values.size()), Loc(at), Lead()));
  return ExpectNewline();
}

}  // namespace pto::ir::parser_impl
