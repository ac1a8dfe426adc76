// The two for-loops of the text form that are scopes, not loops:
//
//   for i in pl.spmd(4, sync_start=True):     # i = tile.get_block_idx()
//       ...
//   for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
//       y = pl.aiv_shard(x)                   # inherits split=UP_DOWN
//
// Both build what upstream's parser builds. The spmd loop is
//   with pl.spmd(4, sync_start=True):
//       with pl.at(level=pl.Level.CORE_GROUP[, optimizations=[...]]):
//           i = tile.get_block_idx()
//           ...
// (the body is the InCore kernel each block runs) and the split_aiv loop is a
// ScopeKind::kSplitAiv scope whose body begins with
// `aiv_id = tile.get_subblock_idx()`, inside a pl.at(CORE_GROUP) scope made
// for it unless one is open or the function is InCore. The printer folds
// both back into the loop headers. Like `with`, they are transparent to
// names; break and continue cannot leave them, and pl.yield_ cannot end them.

#include "ir/text/parser/depth_guard.h"
#include "ir/text/parser/parser_impl.h"

namespace pto::ir::parser_impl {

// The body of a `for v in pl.spmd(...)` / `pl.split_aiv(...)` loop: the
// loop variable's binding `bind`, then the block, in which break, continue
// and a closing pl.yield_ are not allowed (the loop is a scope).
bool Parser::ParseScopeLoopBody(const AssignStmt* bind, std::vector<const Stmt*>* stmts) {
  fn_.jump_ok.push_back(false);
  bool saved_yield_ok = fn_.scope_yield_ok;
  fn_.scope_yield_ok = false;
  Block body;
  bool ok = ParseBlock(BlockKind::kScope, &body);
  fn_.scope_yield_ok = saved_yield_ok;
  fn_.jump_ok.pop_back();
  if (!ok) return false;
  stmts->push_back(bind);
  for (const Stmt* s : body.body->As<SeqStmts>()->stmts()) stmts->push_back(s);
  return true;
}
namespace {

// The SplitMode ints the aiv_shard/aic_gather ops take (upstream's values).
int64_t SplitModeValue(absl::string_view member) {
  if (member == "UP_DOWN") return 1;
  if (member == "LEFT_RIGHT") return 2;
  return 0;
}

}  // namespace

bool Parser::ParseSpmdFor(const Token& for_tok, const Token& var_tok) {
  Advance();
  Advance();
  Token name_tok = Advance();
  if (!Expect(K::kLParen)) return false;
  std::vector<ScopeArg> args;
  ExprList operands;
  fn_.split_written = false;
  if (!ParseScopeArgs(ScopeKind::kSpmd, /*manual=*/false, /*loop_form=*/true, name_tok, &args,
                      &operands)) {
    return false;
  }
  if (!CheckSpmdInCluster(name_tok, args, /*has_tid=*/false)) return false;
  if (!Expect(K::kColon)) return false;
  // The split belongs to the kernel the body becomes (upstream's InCore).
  std::vector<ScopeArg> outer;
  std::vector<ScopeArg> inner = {CoreGroupLevel()};
  bool split = fn_.split_written;
  for (const ScopeArg& a : args) {
    if (a.key == "optimizations") {
      inner.push_back(a);
      split = split || !a.enum_ref.empty();
    } else {
      outer.push_back(a);
    }
  }
  SplitSpmdNameHint(&outer, &inner);
  const AssignStmt* bind = BindNullaryOp("tile.get_block_idx", var_tok);
  if (bind == nullptr) return false;
  ExprList inner_operands;
  MergeDumpTags(fn_.dump_tagged, &inner, &inner_operands, Loc(for_tok));  // as at its entry
  ++fn_.incore_scopes;
  fn_.split_scopes += split;
  std::vector<const Stmt*> stmts;
  bool ok = ParseScopeLoopBody(bind, &stmts);
  fn_.split_scopes -= split;
  --fn_.incore_scopes;
  if (!ok) return false;
  const Stmt* kernel = ctx_.NewScope(ScopeKind::kAt, inner,
                                     ExprSpan(inner_operands.data(), inner_operands.size()),
                                     ctx_.NewFlatSeq(Stmts(stmts.data(), stmts.size())),
                                     Loc(for_tok));
  stmt_stack_.push_back(ctx_.NewScope(ScopeKind::kSpmd, outer,
                                      ExprSpan(operands.data(), operands.size()),
                                      ctx_.NewFlatSeq(Stmts(&kernel, 1)), Loc(for_tok),
                                      Lead()));
  return true;
}

bool Parser::ParseSplitAivFor(const Token& for_tok, const Token& var_tok) {
  Advance();
  Advance();
  Token name_tok = Advance();
  if (!fn_.split_aiv_modes.empty()) {
    return Fail(name_tok,
                "nested 'for ... in pl.split_aiv(...)' is not allowed: a split_aiv body "
                "already represents the two AIV lanes");
  }
  if (fn_.split_scopes > 0) {
    return Fail(name_tok,
                "pl.split_aiv cannot be used inside a scope declaring "
                "optimizations=[pl.split(...)]: the two are conflicting split specs");
  }
  if (!Expect(K::kLParen)) return false;
  int positional = 0;
  Token mode_member;
  bool has_mode = false;
  while (error_.ok() && !At(K::kRParen)) {
    Token key = Peek();
    if (At(K::kName) && At(K::kAssign, 1)) {
      Advance();
      Advance();
      absl::string_view k = Text(key);
      if (k == "mode") {
        if (has_mode) return Fail(key, "pl.split_aiv() gets 'mode' twice");
        Token cls;
        if (!ParseEnumRef(&cls, &mode_member)) return false;
        if (Text(cls) != "SplitMode" || !IsSplitMode(Text(mode_member))) {
          return Fail(mode_member, absl::StrCat("pl.split_aiv(): mode cannot be pl.", Text(cls),
                                                ".", Text(mode_member)));
        }
        has_mode = true;
      } else if (k == "optimizations") {
        return Fail(key, "pl.split_aiv() does not accept 'optimizations=': pl.split_aiv() is "
                         "the split declaration");
      } else if (k == "init_values" || k == "chunk" || k == "chunk_policy" || k == "attrs" ||
                 k == "step" || k == "stage") {
        return Fail(key, absl::StrCat("the pl.split_aiv() loop form does not accept '", k, "='"));
      } else {
        return Fail(key, absl::StrCat("unknown keyword '", k, "' in pl.split_aiv()"));
      }
    } else {
      if (positional++ > 0 || has_mode) {
        return Fail(key, "pl.split_aiv() takes exactly one positional argument (n, the AIV "
                         "sub-core count)");
      }
      Value n = ParseExpr();
      if (!n) return false;
      const auto* c = n.expr->As<ConstInt>();
      if (c == nullptr || c->value() != 2) {
        return FailAt(n.pos, "pl.split_aiv(n) requires n == 2 (the AIV sub-core count is "
                             "fixed at 2)");
      }
    }
    if (!Accept(K::kComma)) break;
  }
  if (!Expect(K::kRParen)) return false;
  if (positional == 0) {
    return Fail(name_tok, "pl.split_aiv() needs n, the AIV sub-core count: pl.split_aiv(2, ...)");
  }
  if (!has_mode) {
    return Fail(name_tok, "pl.split_aiv() requires mode=pl.SplitMode.<NONE|UP_DOWN|LEFT_RIGHT>");
  }
  if (!Expect(K::kColon)) return false;
  const AssignStmt* bind = BindNullaryOp("tile.get_subblock_idx", var_tok);
  if (bind == nullptr) return false;
  const ExprList tags = fn_.dump_tagged;  // as at the region's entry
  fn_.split_aiv_modes.push_back(Text(mode_member));
  std::vector<const Stmt*> stmts;
  bool ok = ParseScopeLoopBody(bind, &stmts);
  fn_.split_aiv_modes.pop_back();
  if (!ok) return false;
  ScopeArg mode;
  mode.key = "mode";
  mode.enum_ref = ctx_.SaveString(absl::StrCat("SplitMode.", Text(mode_member)));
  bool wrap = !fn_.incore && fn_.incore_scopes == 0;
  const Stmt* region = ctx_.NewScope(ScopeKind::kSplitAiv, absl::Span<const ScopeArg>(&mode, 1),
                                     {}, ctx_.NewFlatSeq(Stmts(stmts.data(), stmts.size())),
                                     Loc(for_tok), wrap ? Comments() : Lead());
  if (wrap) {
    // A region lives in a core kernel: open one for it (upstream's rule).
    std::vector<ScopeArg> args = {CoreGroupLevel()};
    ExprList operands;
    MergeDumpTags(tags, &args, &operands, Loc(for_tok));
    region = ctx_.NewScope(ScopeKind::kAt, args, ExprSpan(operands.data(), operands.size()),
                           ctx_.NewFlatSeq(Stmts(&region, 1)), Loc(for_tok), Lead());
  }
  stmt_stack_.push_back(region);
  return true;
}

Value Parser::ParseAivShard(const Token& head, absl::Span<const Token> segs) {
  absl::string_view name = Text(segs.back());
  bool in_region = !fn_.split_aiv_modes.empty();
  Advance();  // (
  DepthGuard guard(this);
  if (!guard.Check(head)) return Value{};
  Value x = ParseExpr();
  if (!x) return x;
  absl::InlinedVector<NamedAttr, 2> kwargs;
  while (Accept(K::kComma) && !At(K::kRParen)) {
    Token key;
    if (!ExpectName(&key) || !Expect(K::kAssign)) return Value{};
    absl::string_view k = Text(key);
    if (k != "split" && !(k == "lane_stride" && name == "aiv_shard")) {
      return FailValue(key, absl::StrCat("unknown keyword '", k, "' in pl.", name, "()"));
    }
    if (in_region) {
      return FailValue(key, absl::StrCat("pl.", name, "() does not take ", k,
                                         "= inside a pl.split_aiv region: the split mode is "
                                         "the region's"));
    }
    Token v = Peek();
    int64_t n = 0;
    if (!Expect(K::kInt) || !ParseInt(v, &n)) {
      return FailValue(v, absl::StrCat(k, " must be an integer literal"));
    }
    for (const NamedAttr& a : kwargs) {
      if (a.name == k) return FailValue(key, absl::StrCat("pl.", name, "() gets '", k, "' twice"));
    }
    kwargs.push_back(NamedAttr{k, AttrValue::Int(n)});
  }
  if (!Expect(K::kRParen)) return Value{};
  if (in_region) {
    kwargs.push_back(NamedAttr{"split", AttrValue::Int(SplitModeValue(fn_.split_aiv_modes.back()))});
  } else {
    bool has_split = false;
    for (const NamedAttr& a : kwargs) has_split = has_split || a.name == "split";
    if (!has_split) {
      return FailValue(head, absl::StrCat("pl.", name, "() outside a pl.split_aiv region needs "
                                          "split=N (the lowered SplitMode)"));
    }
  }
  // pl.aiv_shard goes by its operand: a Tensor to tensor.X, else tile.X.
  absl::string_view ns = segs.size() == 2 ? Text(segs[0])
                         : x.expr->type()->Is<TensorType>() ? "tensor"
                                                             : "tile";
  const Op* op = ops_.Find(absl::StrCat(ns, ".", name));
  if (op == nullptr) {
    return FailValue(head, absl::StrCat("unknown op '", ns, ".", name, "'"));
  }
  std::sort(kwargs.begin(), kwargs.end(),
            [](const NamedAttr& a, const NamedAttr& b) { return a.name < b.name; });
  absl::StatusOr<const Call*> call =
      CreateCall(ctx_, *op, ExprSpan(&x.expr, 1), kwargs, Loc(head));
  if (!call.ok()) return FailValue(head, call.status().message());
  return Value{*call, x.depth + 1, head.pos()};
}

}  // namespace pto::ir::parser_impl
