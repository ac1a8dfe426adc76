// Control flow of the text form: for / while loops and ifs, and the
// return vars through which their pl.yield_ values leave (see parser/stmt.cc
// for the yield statement itself, parser/forms/yield.cc for the return vars'
// types, parser/forms/loops.cc for spmd / split_aiv).

#include "ir/text/parser/depth_guard.h"
#include "ir/text/parser/parser_impl.h"
#include "ir/type_compat.h"

namespace pto::ir::parser_impl {

void Parser::BindAll(const YieldInfo& yield, const VarList& vars) {
  for (size_t i = 0; i < vars.size(); ++i)
    Bind(yield.targets[i].name, vars[i], yield.targets[i].tok);
}

bool Parser::ParseFor() {
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
    return spmd ? ParseSpmdFor(for_tok, loop_name) : ParseSplitAivFor(for_tok, loop_name);
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
  std::vector<LoopAttr> loop_attrs;
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
        // An int module constant (or --define) also gives the stage count.
        const ModuleConst* c = stage_tok.kind == K::kName && !At(K::kDot, 1) &&
                                       names_.find(Text(stage_tok)) == names_.end()
                                   ? FindConst(Text(stage_tok))
                                   : nullptr;
        if (c != nullptr && c->kind == ModuleConst::Kind::kInt) {
          Advance();
          v = c->i;
        } else if (!At(K::kInt) || !Expect(K::kInt) || !ParseInt(stage_tok, &v)) {
          return Fail(stage_tok, "stage must be a positive integer literal or int constant");
        }
        stage = v;
      } else if (k == "attrs" && !is_while) {
        if (!ParseLoopAttrs(&loop_attrs)) return false;
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
  fn_.jump_ok.push_back(is_while || kind == ForKind::kSequential);
  bool ok =
      ParseBlock(is_while ? BlockKind::kWhile : BlockKind::kFor, &body, is_while ? &cond : nullptr);
  fn_.jump_ok.pop_back();
  ExitBlock(is_while ? BlockKind::kWhile : BlockKind::kFor,
            ok && iter_args.empty() && body.yield.targets.empty());
  if (!ok) return false;
  if (is_while && !cond.expr->type()->Is<ScalarType>()) {
    return FailAt(cond.pos, absl::StrCat("a while condition must be a scalar, got ",
                                         PrintType(cond.expr->type())));
  }
  VarList return_vars;
  if (!iter_args.empty()) {
    if (body.yield.stmt == nullptr && !is_while) {
      // Upstream's pre-SSA form: the body rebinds the carried names and
      // upstream's ConvertToSSA later yields them. Kept as written, with
      // the unbound return vars upstream's parser names `<iter arg>_out`.
      for (const IterArg* ia : iter_args) {
        return_vars.push_back(ctx_.NewVar(ctx_.SaveString(absl::StrCat(ia->name(), "_out")),
                                          ia->type(), ia->loc()));
      }
    } else if (body.yield.stmt == nullptr) {
      return Fail(for_tok, absl::StrCat("a loop with init_values must end with pl.yield_ of its ",
                                        iter_args.size(), " carried value",
                                        iter_args.size() == 1 ? "" : "s"));
    }
    if (body.yield.stmt != nullptr && body.yield.stmt->values().size() != iter_args.size()) {
      return Fail(body.yield.tok, absl::StrCat("pl.yield_ gives ", body.yield.stmt->values().size(),
                                               " values but the loop carries ", iter_args.size()));
    }
  }
  IterArgSpan ias(iter_args.data(), iter_args.size());
  if (!MakeReturnVars(body.yield, ias, &return_vars)) return false;
  if (is_while) {
    stmt_stack_.push_back(
        ctx_.NewWhile(cond.expr, ias, body.body, return_vars, Loc(for_tok), Lead()));
  } else {
    stmt_stack_.push_back(ctx_.NewFor(
        loop_var, start, stop, step, ias, body.body, return_vars, *kind,
        kind == ForKind::kPipeline ? static_cast<int>(*stage) : 0, Loc(for_tok), Lead(),
        loop_attrs));
  }
  if (body.yield.stmt != nullptr) BindAll(body.yield, return_vars);
  return true;
}

bool Parser::ParseWhile() {
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
  fn_.jump_ok.push_back(true);
  bool ok = ParseBlock(BlockKind::kWhile, &body);
  fn_.jump_ok.pop_back();
  ExitBlock(BlockKind::kWhile, ok && body.yield.targets.empty());
  if (!ok) return false;
  VarList return_vars;
  if (!MakeReturnVars(body.yield, {}, &return_vars)) return false;
  stmt_stack_.push_back(ctx_.NewWhile(cond.expr, {}, body.body, return_vars, Loc(at), Lead()));
  BindAll(body.yield, return_vars);
  return true;
}

bool Parser::ParseIf() {
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
  if (At(K::kElif)) {
    // Python's `elif c:` is `else:` holding one `if c:` (upstream reads the
    // AST's orelse the same way); the nested if is parsed from the `elif`.
    DepthGuard guard(this);
    if (!guard.Check(Peek())) return false;
    // The nested if is the else branch's one statement, with the comments
    // of a statement of its own (parser/stmt.cc).
    const Token elif_tok = Peek();
    StmtFrame frame;
    frame.line = elif_tok.line;
    frame.col = elif_tok.col;
    StmtFrame* saved = stmt_frame_;
    if (inline_depth_ == 0) stmt_frame_ = &frame;
    EnterBlock();
    size_t base = stmt_stack_.size();
    ok = ParseIf();
    stmt_frame_ = saved;
    ExitBlock(BlockKind::kElse, ok && then_block.yield.targets.empty());
    if (!ok) return false;
    if (inline_depth_ == 0) comments_.DropTail(elif_tok.line, elif_tok.col, last_newline_line_);
    else_block.body = ctx_.NewFlatSeq(Stmts(stmt_stack_.data() + base, stmt_stack_.size() - base));
    stmt_stack_.resize(base);
    if (!then_block.yield.targets.empty()) {
      return Fail(then_block.yield.tok,
                  "an if that yields values cannot continue with elif: write else: with an if "
                  "and a pl.yield_ of its values");
    }
    has_else = true;
  } else if (At(K::kElse)) {
    // Comments about the else line lead the else branch's first statement
    // (parser/stmt.cc).
    Advance();
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
      const Type* a = ty.stmt->values()[i]->type();
      const Type* b = ey.stmt->values()[i]->type();
      // Upstream's type checker lets the branches differ where a later pass
      // settles the type (a tile's memory space, a tensor's stride).
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
                                   return_vars, Loc(at), Lead()));
  BindAll(ty, return_vars);
  return true;
}

}  // namespace pto::ir::parser_impl
