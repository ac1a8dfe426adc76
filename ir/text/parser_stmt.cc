// Statements and control flow of the text form: assignments, yields,
// returns, for / while loops and ifs.

#include "ir/text/parser_impl.h"

namespace pto::ir::parser_impl {

// --- Statements --------------------------------------------------------------------

absl::InlinedVector<absl::string_view, 2> Parser::TakeComments(const Token& t) {
  absl::InlinedVector<absl::string_view, 2> out;
  absl::Span<const text::Comment> all = main_.lexer().comments();
  for (uint32_t i = comment_cursor_; i < t.comments_before && i < all.size(); ++i) {
    out.push_back(ctx_.SaveString(all[i].text));
  }
  comment_cursor_ = std::max(comment_cursor_, t.comments_before);
  return out;
}

bool Parser::ParseBlock(BlockKind kind, Block* out, Value* while_cond) {
  DepthGuard guard(this);
  if (!guard.Check(Peek())) return false;
  if (!At(K::kNewline)) {
    return Fail(Peek(),
                absl::StrCat("expected the end of the line after ':' but found ", Describe(Peek()),
                             " (a block goes on the following, indented lines)"));
  }
  Advance();
  if (!At(K::kIndent)) {
    return Fail(Peek(), absl::StrCat("expected an indented block but found ", Describe(Peek())));
  }
  Advance();
  size_t base = stmt_stack_.size();
  if (while_cond != nullptr) {
    Token at = Peek();
    if (!AtDotted("pl", "cond")) {
      return Fail(at, "the first statement of a pl.while_ body must be pl.cond(<condition>)");
    }
    TakeComments(at);
    Advance();
    Advance();
    Advance();
    if (!Expect(K::kLParen)) return false;
    *while_cond = ParseExpr();
    if (!*while_cond || !Expect(K::kRParen) || !ExpectNewline()) return false;
  }
  while (error_.ok() && !At(K::kDedent)) {
    if (out->yield.stmt != nullptr) {
      return Fail(out->yield.tok, "pl.yield_ must be the last statement of its block");
    }
    string_pool_.clear();
    if (!ParseStatement(kind, &out->yield)) return false;
  }
  // A docstring ending the block has no statement to lead (upstream drops
  // such trailing comments too).
  pending_doc_.clear();
  if (!Expect(K::kDedent)) return false;
  // Every statement parsed is a single statement (nested blocks are bodies
  // of the loops and ifs that own them): nothing to flatten.
  out->body = ctx_.NewFlatSeq(Stmts(stmt_stack_.data() + base, stmt_stack_.size() - base));
  stmt_stack_.resize(base);
  return true;
}

bool Parser::ParseStatement(BlockKind kind, YieldInfo* yield) {
  // A reference, not a copy: the token was usually lexed just now, and
  // copying it whole stalls on its field-by-field stores. `t` is not used
  // after a token is consumed.
  const Token& t = Peek();
  absl::InlinedVector<absl::string_view, 2> comments = TakeComments(t);
  if (t.kind == K::kString && At(K::kNewline, 1)) {
    // A bare string (a docstring) makes no IR: its lines, after the
    // comments above it, lead the next statement, as upstream keeps them.
    Token str = Advance();
    Advance();
    for (absl::string_view line : comments) pending_doc_.push_back(line);
    std::string body = text::UnquoteString(Text(str));
    for (absl::string_view line : absl::StrSplit(body, '\n')) {
      line = absl::StripTrailingAsciiWhitespace(line);
      pending_doc_.push_back(ctx_.SaveString(line));
    }
    return true;
  }
  if (AtFuncAttr()) {
    if (kind != BlockKind::kFunction || !prologue_open_) {
      return Fail(t, "pl.func_attr() must come before every other statement of the function");
    }
    // Its comments, like a docstring's, lead the next statement.
    for (absl::string_view line : comments) pending_doc_.push_back(line);
    return ParseFuncAttrStatement();
  }
  prologue_open_ = false;
  if (!pending_doc_.empty()) {
    comments.insert(comments.begin(), pending_doc_.begin(), pending_doc_.end());
    pending_doc_.clear();
  }
  Comments c(comments);
  switch (t.kind) {
    case K::kFor:
      return ParseFor(c);
    case K::kWhile:
      return ParseWhile(c);
    case K::kIf:
      return ParseIf(c);
    case K::kReturn:
      return ParseReturn(c);
    case K::kPass:
      Advance();
      return ExpectNewline();
    case K::kElse:
      return Fail(t, "'else' without a matching 'if'");
    case K::kElif:
      return Fail(t, "'elif' is not supported: nest an if inside else");
    case K::kDef:
      return Fail(t, "nested function definitions are not supported");
    case K::kClass:
    case K::kAt:
      return Fail(t, "classes and decorators are only allowed at module level");
    case K::kImport:
    case K::kFrom:
      return Fail(t, "imports are only allowed at module level");
    case K::kOtherKeyword:
      if (Text(t) == "with") return ParseWith(c, kind, yield);
      if (Text(t) == "break" || Text(t) == "continue") return ParseJump(c);
      return Fail(t, absl::StrCat("'", Text(t), "' is not supported"));
    case K::kIndent:
      return Fail(t, "unexpected indentation");
    case K::kName:
      if (At(K::kColon, 1) || At(K::kAssign, 1)) return ParseAssign(kind, yield, c);
      if (At(K::kComma, 1)) return ParseMultiAssign(kind, yield, c);
      if (At(K::kLBracket, 1)) return ParseSubscriptWrite(c);  // parser_subscript.cc
      if (At(K::kAugAssign, 1)) {
        return Fail(Peek(1),
                    "augmented assignment is not supported: write `x = x + ...`, "
                    "which binds a new value");
      }
      if (AtYieldCall()) return ParseYield(kind, yield, c);
      return ParseExprStatement(c);
    case K::kLParen:
      // `(a, b) = ...` and `(a,) = pl.yield_(...)`: parenthesized targets.
      if (AtParenTargets()) return ParseMultiAssign(kind, yield, c);
      return ParseExprStatement(c);
    default:
      return ParseExprStatement(c);
  }
}

bool Parser::ParseJump(Comments comments) {
  Token at = Advance();
  bool is_break = Text(at) == "break";
  if (jump_ok_.empty() || !jump_ok_.back()) {
    return Fail(at, absl::StrCat("'", Text(at),
                                 "' is only allowed in a pl.range or while loop (not in "
                                 "pl.parallel, pl.unroll or pl.pipeline)"));
  }
  stmt_stack_.push_back(is_break ? static_cast<const Stmt*>(ctx_.NewBreak(Loc(at), comments))
                                 : ctx_.NewContinue(Loc(at), comments));
  if (!ExpectNewline()) return false;
  if (!At(K::kDedent)) {
    return Fail(Peek(), absl::StrCat("'", Text(at), "' must be the last statement of its block"));
  }
  return true;
}

bool Parser::ParseYield(BlockKind kind, YieldInfo* yield, Comments comments,
                        bool parenthesized) {
  Token at = Peek();
  if (kind == BlockKind::kFunction) {
    return Fail(at, "pl.yield_ outside a loop or if body: use return");
  }
  if (kind == BlockKind::kScope && !scope_yield_ok_) {
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
  const YieldStmt* y = ctx_.NewYield(ExprSpan(values.data(), values.size()), Loc(at), comments);
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

bool Parser::ParseAssign(BlockKind kind, YieldInfo* yield, Comments comments) {
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
    return ParseYield(kind, yield, comments, paren_yield);
  }
  rhs_annotation_ = annotation;
  rhs_offset_ = Peek().offset;
  rhs_name_ = Text(name);
  unregistered_rhs_ = nullptr;
  Value v = ParseExpr();
  rhs_offset_ = ~uint32_t{0};
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
  const Var* var = ReassignedVar(Text(name), var_type);  // parser_leak.cc
  if (var == nullptr) var = AdoptMemRefBase(Text(name), var_type);  // parser_memref.cc
  if (var == nullptr) var = ctx_.NewVar(Text(name), var_type, Loc(name));
  stmt_stack_.push_back(ctx_.NewAssign(var, v.expr, Loc(name), comments));
  Bind(Text(name), var, name);
  return ExpectNewline();
}

bool Parser::AtParenTargets() {
  // `( name ,` opens targets: as an expression it would be a tuple, which is
  // no statement (the token buffer looks 3 tokens ahead at most).
  return At(K::kName, 1) && At(K::kComma, 2);
}

bool Parser::ParseMultiAssign(BlockKind kind, YieldInfo* yield, Comments comments) {
  bool paren = Accept(K::kLParen);
  Token first = Peek();
  K end = paren ? K::kRParen : K::kAssign;
  do {
    Token name;
    if (!ExpectName(&name)) return false;
    yield->targets.push_back(YieldTarget{Text(name), name, nullptr, Token{}});
  } while (Accept(K::kComma) && !At(end));
  if (paren && !Expect(K::kRParen)) return false;
  if (!Expect(K::kAssign)) return false;
  if (AtYieldCall()) return ParseYield(kind, yield, comments);
  // `a, b = <tuple>`: upstream binds the tuple to `_tuple_tmp`, then each
  // name to its element.
  absl::InlinedVector<YieldTarget, 2> targets = std::move(yield->targets);
  yield->targets.clear();
  Token at = Peek();
  Value v = ParseExpr();
  if (!v) return false;
  const auto* tt = v.expr->type()->As<TupleType>();
  if (tt == nullptr) {
    return Fail(at, absl::StrCat("assigning several names needs a tuple value, got ",
                                 PrintType(v.expr->type())));
  }
  const auto* call = v.expr->As<Call>();
  const bool submit = call != nullptr && call->is_submit();
  if (submit && (targets.size() != 2 || tt->elements().size() != 2)) {
    // Upstream unpacks a submit as (results, task id) only.
    return Fail(first, absl::StrCat("a submit is unpacked as `out, tid = ...` (2 names); this "
                                    "one has ", tt->elements().size() - 1,
                                    " result(s) and ", targets.size(), " names"));
  }
  if (tt->elements().size() != targets.size()) {
    return Fail(first, absl::StrCat(targets.size(), " names are assigned from a tuple of ",
                                     tt->elements().size()));
  }
  const Var* tmp =
      ctx_.NewVar(submit ? "_submit_tmp" : "_tuple_tmp", v.expr->type(), Loc(first));
  stmt_stack_.push_back(ctx_.NewAssign(tmp, v.expr, Loc(first), comments));
  for (size_t i = 0; i < targets.size(); ++i) {
    const Expr* e = ctx_.NewTupleGetItem(tmp, static_cast<int>(i), Loc(targets[i].tok));
    const Var* var = ReassignedVar(targets[i].name, e->type());
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

bool Parser::ParseExprStatement(Comments comments) {
  Token at = Peek();
  if (AtNoIrCall()) return SkipNoIrCall() && ExpectNewline();  // parser_bind.cc
  Value v = ParseExpr();
  if (!v) return false;
  if (At(K::kAssign)) return Fail(Peek(), "only a name can be assigned to");
  if (At(K::kColon)) return Fail(Peek(), "only a name can be annotated");
  // Upstream keeps any IR expression as an EvalStmt (`pl.const(0, pl.INT64)`
  // on a line of its own); a list or tuple is no IR value of its own.
  if (v.expr->Is<MakeTuple>()) {
    return Fail(at, "an expression statement cannot be a list or tuple (its value would be unused)");
  }
  stmt_stack_.push_back(ctx_.NewEval(v.expr, Loc(at), comments));
  return ExpectNewline();
}

bool Parser::ParseReturn(Comments comments) {
  Token at = Advance();
  ExprList values;
  if (!At(K::kNewline)) {
    do {
      Value v = ParseExpr();
      if (!v) return false;
      values.push_back(v.expr);
    } while (Accept(K::kComma) && !At(K::kNewline));
  }
  stmt_stack_.push_back(ctx_.NewReturn(ExprSpan(values.data(), values.size()), Loc(at), comments));
  return ExpectNewline();
}

void Parser::BindAll(const YieldInfo& yield, const VarList& vars) {
  for (size_t i = 0; i < vars.size(); ++i)
    Bind(yield.targets[i].name, vars[i], yield.targets[i].tok);
}

bool Parser::ParseFor(Comments comments) {
  Token for_tok = Advance();
  Token loop_name;
  bool has_loop_var = false;
  bool has_carried = false;
  absl::InlinedVector<Token, 4> carried;
  std::optional<Token> flat_tok;
  auto parse_carried = [&]() {
    Token open;
    if (!Expect(K::kLParen, &open)) return false;
    has_carried = true;
    while (!At(K::kRParen)) {
      Token n;
      if (!ExpectName(&n)) return false;
      carried.push_back(n);
      if (!Accept(K::kComma)) break;
    }
    return Expect(K::kRParen);
  };
  if (At(K::kLParen)) {
    if (!parse_carried()) return false;
  } else {
    if (!ExpectName(&loop_name)) return false;
    has_loop_var = true;
    if (Accept(K::kComma)) {
      if (At(K::kLParen)) {
        if (!parse_carried()) return false;
      } else {
        // `for a, b in pl.while_(...)` (a target tuple without parentheses,
        // which only pl.while_ accepts: checked below).
        flat_tok = Peek();
        carried.push_back(loop_name);
        while (!At(K::kIn)) {
          Token n;
          if (!ExpectName(&n)) return false;
          carried.push_back(n);
          if (!Accept(K::kComma)) break;
        }
      }
    }
  }
  if (!Expect(K::kIn)) return false;
  Token head = Peek();
  bool spmd = AtDotted("pl", "spmd");
  if (spmd || AtDotted("pl", "split_aiv")) {
    if (!has_loop_var || has_carried || flat_tok) {
      return Fail(for_tok, absl::StrCat("for ... in pl.", spmd ? "spmd" : "split_aiv",
                                        "(...) must use a single loop variable"));
    }
    return spmd ? ParseSpmdFor(for_tok, loop_name, comments)
                : ParseSplitAivFor(for_tok, loop_name, comments);
  }
  if (!AtName("pl") || !At(K::kDot, 1) || !At(K::kName, 2)) {
    return Fail(head, absl::StrCat("expected pl.range, pl.parallel, pl.unroll, pl.pipeline, "
                                   "pl.while_, pl.spmd or pl.split_aiv but found ",
                                   Describe(head)));
  }
  Advance();
  Advance();
  Token kind_tok = Advance();
  absl::string_view kind_name = Text(kind_tok);
  bool is_while = kind_name == "while_";
  std::optional<ForKind> kind = EnumFromName<ForKind>(kind_name);
  if (!is_while && !kind) {
    return Fail(kind_tok, absl::StrCat("expected pl.range, pl.parallel, pl.unroll, pl.pipeline, "
                                       "pl.while_, pl.spmd or pl.split_aiv but found pl.",
                                       kind_name));
  }
  if (flat_tok) {
    if (!is_while) {
      return Fail(*flat_tok,
                  "loop-carried names go in parentheses: for i, (a, b) in "
                  "pl.range(n, init_values=(a0, b0))");
    }
    has_loop_var = false;
    has_carried = true;
  }
  if (is_while && has_loop_var) {
    return Fail(loop_name,
                "pl.while_ has no loop variable: write for (a,) in "
                "pl.while_(init_values=(a0,))");
  }
  if (!is_while && !has_loop_var) {
    return Fail(for_tok,
                absl::StrCat("pl.", kind_name, " needs a loop variable: for i, (a,) in pl.",
                             kind_name, "(n, init_values=(a0,))"));
  }
  if (!Expect(K::kLParen)) return false;
  absl::InlinedVector<Value, 3> bounds;
  ExprList inits;
  bool has_inits = false;
  std::optional<int64_t> stage;
  Token stage_tok;
  while (error_.ok() && !At(K::kRParen)) {
    if (At(K::kName) && At(K::kAssign, 1)) {
      Token key = Advance();
      Advance();
      absl::string_view k = Text(key);
      if (k == "init_values") {
        Token open = Peek();
        K close = At(K::kLParen) ? K::kRParen : K::kRBracket;
        if (!At(K::kLParen) && !At(K::kLBracket)) {
          return Fail(open, "init_values must be a tuple: init_values=(a0, b0)");
        }
        Advance();
        int depth = 0;
        if (!ParseExprList(close, &inits, &depth)) return false;
        has_inits = true;
      } else if (k == "stage") {
        stage_tok = Peek();
        int64_t v = 0;
        if (!Expect(K::kInt) || !ParseInt(stage_tok, &v)) {
          return Fail(stage_tok, "stage must be a positive integer literal");
        }
        stage = v;
      } else {
        return Fail(key, absl::StrCat("unknown keyword '", k, "' in pl.", kind_name, "()"));
      }
    } else {
      if (has_inits || stage) {
        return Fail(Peek(), "positional argument follows keyword argument");
      }
      Value v = ParseExpr();
      if (!v) return false;
      bounds.push_back(v);
    }
    if (!Accept(K::kComma)) break;
  }
  if (!Expect(K::kRParen) || !Expect(K::kColon)) return false;

  if (is_while) {
    if (!bounds.empty()) {
      return Fail(kind_tok, "pl.while_ takes only init_values; the condition goes in pl.cond()");
    }
  } else if (bounds.empty() || bounds.size() > 3) {
    return Fail(kind_tok, absl::StrCat("pl.", kind_name,
                                       "() takes 1 to 3 positional arguments "
                                       "(stop, or start, stop[, step]), got ",
                                       bounds.size()));
  }
  if (has_carried != has_inits) {
    return Fail(has_carried ? kind_tok : for_tok,
                has_carried ? "loop-carried names need init_values=(...)"
                            : "init_values needs loop-carried names: for i, (a,) in "
                              "pl.range(n, init_values=(a0,))");
  }
  if (carried.size() != inits.size()) {
    return Fail(kind_tok,
                absl::StrCat(carried.size(), " loop-carried name", carried.size() == 1 ? "" : "s",
                             " but ", inits.size(), " init value", inits.size() == 1 ? "" : "s"));
  }
  if (is_while && carried.empty()) {
    return Fail(kind_tok, "pl.while_ needs at least one loop-carried value; use `while cond:`");
  }
  if (kind == ForKind::kUnroll && !carried.empty()) {
    return Fail(kind_tok, "pl.unroll() cannot carry values (no init_values)");
  }
  if (kind == ForKind::kPipeline) {
    if (!stage) return Fail(kind_tok, "pl.pipeline() requires stage=N");
    if (*stage < 1 || *stage > std::numeric_limits<int>::max()) {
      return Fail(stage_tok, "stage must be a positive integer literal");
    }
  } else if (stage) {
    return Fail(stage_tok, absl::StrCat("stage= is only supported on pl.pipeline(), not pl.",
                                        kind_name, "()"));
  }

  // Bounds: start, stop, step; bare ints are INDEX.
  const Expr* start = ctx_.Index(0);
  const Expr* stop = nullptr;
  const Expr* step = ctx_.Index(1);
  if (!is_while) {
    for (const Value& b : bounds) {
      const auto* st = b.expr->type()->As<ScalarType>();
      if (st == nullptr || !st->dtype().IsInt()) {
        return FailAt(b.pos, absl::StrCat("loop bounds must be integer scalars, got ",
                                          PrintType(b.expr->type())));
      }
    }
    if (bounds.size() == 1) {
      stop = bounds[0].expr;
    } else {
      start = bounds[0].expr;
      stop = bounds[1].expr;
      if (bounds.size() == 3) step = bounds[2].expr;
    }
  }
  // The loop variable takes a non-INDEX constant bound's dtype (upstream's
  // rule, so that typed bounds round-trip).
  DataType loop_dtype = DataType::kIndex;
  bool saw_index = false;
  bool saw_int64 = false;
  for (const Value& b : bounds) {
    const auto* c = b.expr->As<ConstInt>();
    if (c == nullptr) continue;
    if (c->dtype() == DataType::kIndex) {
      saw_index = true;
    } else if (c->dtype() == DataType::kInt64) {
      saw_int64 = true;
    } else {
      loop_dtype = c->dtype();
      break;
    }
  }
  if (loop_dtype == DataType::kIndex && saw_int64 && !saw_index) loop_dtype = DataType::kInt64;

  EnterBlock();
  const Var* loop_var = nullptr;
  if (has_loop_var) {
    loop_var = ctx_.NewVar(Text(loop_name), ctx_.GetScalarType(loop_dtype), Loc(loop_name));
    Bind(Text(loop_name), loop_var, loop_name);
  }
  absl::InlinedVector<const IterArg*, 4> iter_args;
  for (size_t i = 0; i < carried.size(); ++i) {
    const IterArg* ia =
        ctx_.NewIterArg(Text(carried[i]), inits[i]->type(), inits[i], Loc(carried[i]));
    iter_args.push_back(ia);
    Bind(Text(carried[i]), ia, carried[i]);
  }
  Block body;
  Value cond;
  jump_ok_.push_back(is_while || kind == ForKind::kSequential);
  bool ok =
      ParseBlock(is_while ? BlockKind::kWhile : BlockKind::kFor, &body, is_while ? &cond : nullptr);
  jump_ok_.pop_back();
  ExitBlock(is_while ? BlockKind::kWhile : BlockKind::kFor,
            ok && iter_args.empty() && body.yield.targets.empty());
  if (!ok) return false;
  if (is_while && !cond.expr->type()->Is<ScalarType>()) {
    return FailAt(cond.pos, absl::StrCat("a while condition must be a scalar, got ",
                                         PrintType(cond.expr->type())));
  }
  if (!iter_args.empty()) {
    if (body.yield.stmt == nullptr) {
      return Fail(for_tok, absl::StrCat("a loop with init_values must end with pl.yield_ of its ",
                                        iter_args.size(), " carried value",
                                        iter_args.size() == 1 ? "" : "s"));
    }
    if (body.yield.stmt->values().size() != iter_args.size()) {
      return Fail(body.yield.tok, absl::StrCat("pl.yield_ gives ", body.yield.stmt->values().size(),
                                               " values but the loop carries ", iter_args.size()));
    }
  }
  VarList return_vars;
  IterArgSpan ias(iter_args.data(), iter_args.size());
  if (!MakeReturnVars(body.yield, ias, &return_vars)) return false;
  if (is_while) {
    stmt_stack_.push_back(
        ctx_.NewWhile(cond.expr, ias, body.body, return_vars, Loc(for_tok), comments));
  } else {
    stmt_stack_.push_back(ctx_.NewFor(
        loop_var, start, stop, step, ias, body.body, return_vars, *kind,
        kind == ForKind::kPipeline ? static_cast<int>(*stage) : 0, Loc(for_tok), comments));
  }
  BindAll(body.yield, return_vars);
  return true;
}

bool Parser::ParseWhile(Comments comments) {
  Token at = Advance();
  Value cond = ParseExpr();
  if (!cond) return false;
  if (!cond.expr->type()->Is<ScalarType>()) {
    return Fail(
        at, absl::StrCat("a while condition must be a scalar, got ", PrintType(cond.expr->type())));
  }
  if (!Expect(K::kColon)) return false;
  EnterBlock();
  Block body;
  jump_ok_.push_back(true);
  bool ok = ParseBlock(BlockKind::kWhile, &body);
  jump_ok_.pop_back();
  ExitBlock(BlockKind::kWhile, ok && body.yield.targets.empty());
  if (!ok) return false;
  VarList return_vars;
  if (!MakeReturnVars(body.yield, {}, &return_vars)) return false;
  stmt_stack_.push_back(ctx_.NewWhile(cond.expr, {}, body.body, return_vars, Loc(at), comments));
  BindAll(body.yield, return_vars);
  return true;
}

bool Parser::ParseIf(Comments comments) {
  Token at = Advance();
  Value cond = ParseExpr();
  if (!cond) return false;
  if (!cond.expr->type()->Is<ScalarType>()) {
    return Fail(
        at, absl::StrCat("an if condition must be a scalar, got ", PrintType(cond.expr->type())));
  }
  if (!Expect(K::kColon)) return false;
  Block then_block;
  EnterBlock();
  bool ok = ParseBlock(BlockKind::kThen, &then_block);
  ExitBlock(BlockKind::kThen, ok && then_block.yield.targets.empty());
  if (!ok) return false;
  Block else_block;
  bool has_else = false;
  if (At(K::kElif)) return Fail(Peek(), "'elif' is not supported: nest an if inside else");
  if (At(K::kElse)) {
    Token else_tok = Advance();
    // Comments between the branches have no statement to attach to.
    comment_cursor_ = std::max(comment_cursor_, else_tok.comments_before);
    if (!Expect(K::kColon)) return false;
    EnterBlock();
    ok = ParseBlock(BlockKind::kElse, &else_block);
    ExitBlock(BlockKind::kElse,
              ok && then_block.yield.targets.empty() && else_block.yield.targets.empty());
    if (!ok) return false;
    has_else = true;
  }
  const YieldInfo& ty = then_block.yield;
  const YieldInfo& ey = else_block.yield;
  if (!ty.targets.empty() || !ey.targets.empty()) {
    if (!has_else) {
      return Fail(ty.tok, "an if that yields values needs an else branch yielding the same names");
    }
    const YieldInfo& missing = ty.targets.empty() ? ty : ey;
    if (ty.targets.empty() || ey.targets.empty()) {
      return Fail(missing.stmt != nullptr ? missing.tok : at,
                  "both branches of an if must end with pl.yield_ assigning the same names");
    }
    if (ty.targets.size() != ey.targets.size()) {
      return Fail(ey.tok, absl::StrCat("the else branch yields ", ey.targets.size(),
                                       " values but the if branch yields ", ty.targets.size()));
    }
    for (size_t i = 0; i < ty.targets.size(); ++i) {
      if (ty.targets[i].name != ey.targets[i].name) {
        return Fail(ey.targets[i].tok,
                    absl::StrCat("the else branch yields '", ey.targets[i].name,
                                 "' where the if branch yields '", ty.targets[i].name, "'"));
      }
      // Upstream's type checker lets the branches differ where a later pass
      // settles the type (a tile's memory space, a tensor's stride).
      const Type* a = ty.stmt->values()[i]->type();
      const Type* b = ey.stmt->values()[i]->type();
      if (!CarriedTypesAgree(a, b)) {
        return Fail(ey.tok,
                    absl::StrCat("'", ey.targets[i].name, "' has type ", PrintType(a),
                                 " in the if branch but ", PrintType(b), " in the else branch"));
      }
      if (!CheckYieldAnnotation(ey.targets[i], b)) return false;
    }
  }
  VarList return_vars;
  if (!MakeReturnVars(ty, {}, &return_vars)) return false;
  stmt_stack_.push_back(ctx_.NewIf(cond.expr, then_block.body, has_else ? else_block.body : nullptr,
                                   return_vars, Loc(at), comments));
  BindAll(ty, return_vars);
  return true;
}

}  // namespace pto::ir::parser_impl
