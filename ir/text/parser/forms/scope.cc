// `with` scopes of the text form: pl.at, pl.cluster, pl.spmd, pl.scope and
// pl.manual_scope, parsed into a ScopeStmt whose arguments are sorted into
// one canonical order (so printing is a fixed point).
//
//   with pl.at(level=pl.Level.CORE_GROUP, name_hint="qk"):
//       t = pl.tile.load(...)
//   with pl.spmd(4, sync_start=True):
//       ...
//   with pl.manual_scope():            # prints as pl.scope(mode=pl.ScopeMode.MANUAL)
//       ...
//
// A scope is transparent to names, like Python's `with`: what its body
// binds stays visible after it.

#include "ir/text/parser/parser_impl.h"

namespace pto::ir::parser_impl {
namespace {

enum class ArgForm : uint8_t { kLevel, kRole, kScopeMode, kSplit, kString, kBool, kExpr };

struct ArgSpec {
  ScopeKind kind;
  absl::string_view key;
  ArgForm form;
};

// Every argument a scope accepts, in the order it prints (upstream's).
constexpr ArgSpec kScopeArgs[] = {
    {ScopeKind::kAt, "level", ArgForm::kLevel},
    {ScopeKind::kAt, "role", ArgForm::kRole},
    {ScopeKind::kAt, "optimizations", ArgForm::kSplit},
    {ScopeKind::kAt, "name_hint", ArgForm::kString},
    {ScopeKind::kAt, "deps", ArgForm::kExpr},
    {ScopeKind::kAt, "no_dep_args", ArgForm::kExpr},
    {ScopeKind::kAt, "dumps", ArgForm::kExpr},
    {ScopeKind::kAt, "allow_early_resolve", ArgForm::kBool},
    {ScopeKind::kAt, "windowize", ArgForm::kBool},
    {ScopeKind::kCluster, "name_hint", ArgForm::kString},
    {ScopeKind::kSpmd, "core_num", ArgForm::kExpr},
    {ScopeKind::kSpmd, "sync_start", ArgForm::kBool},
    {ScopeKind::kSpmd, "name_hint", ArgForm::kString},
    {ScopeKind::kSpmd, "optimizations", ArgForm::kSplit},
    {ScopeKind::kSpmd, "deps", ArgForm::kExpr},
    {ScopeKind::kSpmd, "allow_early_resolve", ArgForm::kBool},
    {ScopeKind::kSpmd, "predicate", ArgForm::kExpr},
    {ScopeKind::kRuntime, "mode", ArgForm::kScopeMode},
};

constexpr absl::string_view kScopeModes[] = {"AUTO", "MANUAL"};

int SpecIndex(ScopeKind kind, absl::string_view key) {
  for (size_t i = 0; i < sizeof(kScopeArgs) / sizeof(kScopeArgs[0]); ++i) {
    if (kScopeArgs[i].kind == kind && kScopeArgs[i].key == key) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace

bool Parser::ParseScopeArg(ScopeKind kind, int spec, const Token& key, ScopeArg* out,
                           ExprList* operands) {
  const ArgSpec& s = kScopeArgs[spec];
  out->key = s.key;
  switch (s.form) {
    case ArgForm::kLevel:
    case ArgForm::kRole:
    case ArgForm::kScopeMode: {
      Token cls, member;
      if (!ParseEnumRef(&cls, &member)) return false;
      absl::string_view c = Text(cls), m = Text(member);
      bool ok = false;
      if (s.form == ArgForm::kLevel) {
        // An alias (pl.Level.POD) is its primary level, as upstream's enum
        // gives it; the scope keeps (and prints) the primary name.
        std::optional<Level> level = c == "Level" ? LevelFromName(m) : std::nullopt;
        ok = level.has_value();
        if (ok) m = EnumName(*level);
      } else if (s.form == ArgForm::kRole) {
        ok = c == "Role" && EnumFromName<Role>(m).has_value();
      } else {
        for (absl::string_view mode : kScopeModes) ok = ok || (c == "ScopeMode" && m == mode);
      }
      if (!ok) {
        return Fail(member, absl::StrCat("pl.", ScopeKindName(kind), "(): ", s.key,
                                         " cannot be pl.", c, ".", m));
      }
      out->enum_ref = ctx_.SaveString(absl::StrCat(c, ".", m));
      return true;
    }
    case ArgForm::kSplit: {
      // optimizations=[pl.split(pl.SplitMode.X), pl.cross_core_slot(slot_num=N)],
      // each at most once, either or none. The split goes in enum_ref (NONE is
      // the default and prints nothing, as upstream), the slot count in value.
      if (!Expect(K::kLBracket)) return false;
      bool seen_split = false, seen_slot = false;
      auto parse_slot_num = [&](const Token& at) {
        Token k = Peek(), n;
        if (!ExpectName(&k) || Text(k) != "slot_num" || !Expect(K::kAssign)) {
          return Fail(k, "expected slot_num=N");
        }
        n = Peek();
        int64_t v = 0;
        if (!Expect(K::kInt) || !ParseInt(n, &v) || v < 1 || v > (int64_t{1} << 31)) {
          return Fail(n, "slot_num must be a positive integer literal");
        }
        if (seen_slot) return Fail(at, "optimizations=[...] sets the cross-core slot count twice");
        seen_slot = true;
        out->value = AttrValue::Int(v);
        return true;
      };
      while (!At(K::kRBracket)) {
        Token at = Peek();
        // pl.<entry> or its fully qualified pl.optimizations.<entry>.
        int k = AtDotted("pl", "optimizations") && At(K::kDot, 3) ? 2 : 0;
        bool split = AtDotted("pl", "split") || (k > 0 && AtName("split", k + 2));
        if (!split && !AtDotted("pl", "cross_core_slot") &&
            !(k > 0 && AtName("cross_core_slot", k + 2))) {
          return Fail(at, "optimizations takes [pl.split(pl.SplitMode.<mode>)] and "
                          "pl.cross_core_slot(slot_num=N)");
        }
        for (int i = 0; i < 3 + k; ++i) Advance();
        if (!Expect(K::kLParen)) return false;
        if (split) {
          if (seen_split) return Fail(at, "pl.split(...) appears twice in optimizations=[...]");
          seen_split = true;
          fn_.split_written = true;
          Token cls, member;
          if (!ParseEnumRef(&cls, &member)) return false;
          if (Text(cls) != "SplitMode" || !IsSplitMode(Text(member))) {
            return Fail(member,
                        absl::StrCat("unknown split mode pl.", Text(cls), ".", Text(member)));
          }
          if (Text(member) != "NONE") {
            out->enum_ref = ctx_.SaveString(absl::StrCat("SplitMode.", Text(member)));
          }
          // The deprecated pl.split(mode, slot_num=N) spelling.
          if (Accept(K::kComma) && !At(K::kRParen) && !parse_slot_num(at)) return false;
        } else if (!parse_slot_num(at)) {
          return false;
        }
        if (!Expect(K::kRParen)) return false;
        if (!Accept(K::kComma)) break;
      }
      return Expect(K::kRBracket);
    }
    case ArgForm::kString: {
      Token str;
      if (!Expect(K::kString, &str)) return false;
      std::string v = text::UnquoteString(Text(str));
      for (char c : v) {
        if (static_cast<unsigned char>(c) < 0x20) return Fail(str, "a name_hint must be one line");
      }
      if (!CheckScopeNameHint(str, ScopeKindName(kind), v)) return false;
      out->value = AttrValue::String(ctx_.SaveString(v));
      return true;
    }
    case ArgForm::kBool: {
      bool v = false;
      if (!ParseBoolLiteral(key, &v)) return false;
      out->value = AttrValue::Bool(v);
      return true;
    }
    case ArgForm::kExpr: {
      if (s.key == "no_dep_args" || s.key == "dumps") {
        return ParseTensorNameList(ScopeKindName(kind), s.key, out, operands);
      }
      if (s.key == "deps") {  // parser/calls/deps.cc, as on a submit
        Token open = Peek();
        ExprList deps;
        int depth = 0;
        if (!ParseDeps(absl::StrCat("pl.", ScopeKindName(kind), "()"), &deps, &depth)) {
          return false;
        }
        out->operand = static_cast<int>(operands->size());
        operands->push_back(ctx_.NewMakeTuple(ExprSpan(deps.data(), deps.size()), Loc(open)));
        return true;
      }
      Value v = ParseExpr();
      if (!v) return false;
      if (s.key == "core_num" && !CheckCoreNum("pl.spmd()", v)) return false;
      out->operand = static_cast<int>(operands->size());
      operands->push_back(v.expr);
      return true;
    }
  }
  return false;
}

bool Parser::ParseScopeArgs(ScopeKind kind, bool manual, bool loop_form, const Token& name_tok,
                            std::vector<ScopeArg>* sorted, ExprList* operands) {
  absl::string_view name = Text(name_tok);
  // Indexed by the arg's place in kScopeArgs: sorted as they print.
  absl::InlinedVector<std::pair<int, ScopeArg>, 4> args;
  int positional = 0;
  while (error_.ok() && !At(K::kRParen)) {
    Token key = Peek();
    int spec = -1;
    if (At(K::kName) && At(K::kAssign, 1)) {
      Advance();
      Advance();
      absl::string_view k = Text(key);
      if (loop_form && (k == "init_values" || k == "chunk" || k == "chunk_policy" ||
                        k == "attrs" || k == "step" || k == "stage" || k == "deps")) {
        return Fail(key, absl::StrCat("the pl.", name, "() loop form does not accept '", k,
                                      "='"));
      }
      spec = SpecIndex(kind, k);
      if (spec < 0 || manual) {
        return Fail(key, absl::StrCat("unknown keyword '", k, "' in pl.", name, "()"));
      }
    } else {
      // The one positional parameter: pl.spmd's core count, pl.at's level.
      const char* first = kind == ScopeKind::kSpmd ? "core_num" : kind == ScopeKind::kAt ? "level"
                                                                                          : "";
      if (positional > 0 || *first == '\0' || manual) {
        return Fail(key, absl::StrCat("pl.", name, "() takes no further positional arguments"));
      }
      spec = SpecIndex(kind, first);
      ++positional;
    }
    for (const auto& a : args) {
      if (a.first == spec) {
        return Fail(key, absl::StrCat("pl.", name, "() gets '", kScopeArgs[spec].key,
                                      "' twice"));
      }
    }
    ScopeArg arg;
    if (!ParseScopeArg(kind, spec, key, &arg, operands)) return false;
    args.emplace_back(spec, arg);
    if (!Accept(K::kComma)) break;
  }
  if (!Expect(K::kRParen)) return false;
  if (manual) {
    ScopeArg mode;
    mode.key = "mode";
    mode.enum_ref = "ScopeMode.MANUAL";
    args.emplace_back(SpecIndex(kind, "mode"), mode);
  }
  // Defaults print nothing: a False flag, an AUTO scope, no optimizations.
  std::sort(args.begin(), args.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  bool has_level = false, has_core_num = false;
  for (const auto& [spec, a] : args) {
    has_level = has_level || a.key == "level";
    has_core_num = has_core_num || a.key == "core_num";
    if (a.operand < 0 && a.enum_ref.empty() && a.value.kind() == AttrKind::kBool &&
        !a.value.bool_value()) {
      continue;
    }
    if (a.enum_ref == "ScopeMode.AUTO") continue;
    if (a.key == "no_dep_args" && a.operand < 0) continue;  // an empty list
    sorted->push_back(a);
  }
  if (kind == ScopeKind::kAt && !has_level) {
    return Fail(name_tok, "pl.at() needs level=pl.Level.<level>");
  }
  if (kind == ScopeKind::kAt && !loop_form) {
    MergeDumpTags(fn_.dump_tagged, sorted, operands, Loc(name_tok));
  }
  if (kind == ScopeKind::kSpmd && !has_core_num) {
    return Fail(name_tok, "pl.spmd() needs the core count: pl.spmd(n)");
  }
  return true;
}

// Upstream merges the marked tensors into every scope that becomes a kernel
// dispatch, after those dumps= names (the outliner drops what the kernel
// does not take).
void Parser::MergeDumpTags(const ExprList& tags, std::vector<ScopeArg>* args, ExprList* operands,
                           SourceLoc at) {
  if (tags.empty()) return;
  auto dumps = std::find_if(args->begin(), args->end(),
                            [](const ScopeArg& a) { return a.key == "dumps"; });
  ExprList names;
  if (dumps != args->end()) {
    ExprSpan written = (*operands)[dumps->operand]->As<MakeTuple>()->elements();
    names.assign(written.begin(), written.end());
  }
  const size_t before = names.size();
  for (const Expr* t : tags) {
    if (std::find(names.begin(), names.end(), t) == names.end()) names.push_back(t);
  }
  if (names.size() == before) return;
  const Expr* list = ctx_.NewMakeTuple(ExprSpan(names.data(), names.size()), at);
  if (dumps != args->end()) {
    (*operands)[dumps->operand] = list;
    return;
  }
  ScopeArg arg;
  arg.key = "dumps";
  arg.operand = static_cast<int>(operands->size());
  operands->push_back(list);
  const int spec = SpecIndex(ScopeKind::kAt, "dumps");
  auto later = [&](const ScopeArg& a) { return SpecIndex(ScopeKind::kAt, a.key) > spec; };
  args->insert(std::find_if(args->begin(), args->end(), later), arg);
}

const AssignStmt* Parser::BindNullaryOp(absl::string_view op_name, const Token& name_tok) {
  // A caller-supplied registry may lack the op.
  const Op* op = ops_.Find(op_name);
  if (op == nullptr) {
    Fail(name_tok, absl::StrCat("binding '", Text(name_tok), "' needs the op ", op_name,
                                ", which the op registry lacks"));
    return nullptr;
  }
  absl::StatusOr<const Call*> call = CreateCall(ctx_, *op, {}, {}, Loc(name_tok));
  if (!call.ok()) {
    Fail(name_tok, call.status().message());
    return nullptr;
  }
  const Var* var = ctx_.NewVar(Text(name_tok), (*call)->type(), Loc(name_tok));
  Bind(Text(name_tok), var, name_tok);
  return ctx_.NewAssign(var, *call, Loc(name_tok));
}

bool Parser::ParseWith(BlockKind outer, YieldInfo* yield) {
  Token with_tok = Advance();
  Token head = Peek();
  if (!AtName("pl") || !At(K::kDot, 1) || !At(K::kName, 2)) {
    return Fail(head, absl::StrCat("expected pl.at, pl.cluster, pl.spmd, pl.scope or "
                                   "pl.manual_scope after 'with' but found ",
                                   Describe(head)));
  }
  Advance();
  Advance();
  Token name_tok = Advance();
  absl::string_view name = Text(name_tok);
  ScopeKind kind;
  bool manual = false;
  if (name == "at") {
    kind = ScopeKind::kAt;
  } else if (name == "cluster") {
    kind = ScopeKind::kCluster;
  } else if (name == "spmd") {
    kind = ScopeKind::kSpmd;
  } else if (name == "scope") {
    kind = ScopeKind::kRuntime;
  } else if (name == "manual_scope") {
    kind = ScopeKind::kRuntime;
    manual = true;
  } else {
    return Fail(name_tok, absl::StrCat("expected pl.at, pl.cluster, pl.spmd, pl.scope or "
                                       "pl.manual_scope after 'with' but found pl.",
                                       name));
  }
  if (!Expect(K::kLParen)) return false;
  std::vector<ScopeArg> sorted;
  ExprList operands;
  fn_.split_written = false;
  if (!ParseScopeArgs(kind, manual, /*loop_form=*/false, name_tok, &sorted, &operands)) {
    return false;
  }
  // `as tid` captures the scope's TaskId: upstream defines it by a
  // `tid = system.task_invalid()` placeholder right before the scope (the
  // printer folds it back into `as tid`) and records it on the scope.
  Token tid_tok;
  bool has_tid = false;
  if (At(K::kAs)) {
    Token as_tok = Advance();
    if (kind != ScopeKind::kAt && kind != ScopeKind::kSpmd) {
      return Fail(as_tok, absl::StrCat("'as' is only allowed on pl.at and pl.spmd, not pl.",
                                       name, "()"));
    }
    if (!At(K::kName) || !At(K::kColon, 1)) {
      return Fail(Peek(), absl::StrCat("the 'as' target of pl.", name,
                                       "() must be a plain variable name"));
    }
    tid_tok = Advance();
    has_tid = true;
  }
  if (kind == ScopeKind::kSpmd && !CheckSpmdInCluster(name_tok, sorted, has_tid)) return false;
  bool manual_mode = false;
  for (const ScopeArg& a : sorted) manual_mode = manual_mode || a.enum_ref == "ScopeMode.MANUAL";
  if (kind == ScopeKind::kRuntime && !CheckRuntimeScope(name_tok, manual_mode)) return false;
  if (kind == ScopeKind::kSpmd && !has_tid) {
    for (const ScopeArg& a : sorted) {
      if (a.key == "deps") {
        return Fail(name_tok, "pl.spmd(deps=...) needs the task id it orders: write "
                              "'with pl.spmd(n, deps=[...]) as tid:'");
      }
    }
  }
  if (!Expect(K::kColon)) return false;
  if (has_tid) {
    const AssignStmt* placeholder = BindNullaryOp("system.task_invalid", tid_tok);
    if (placeholder == nullptr) return false;
    stmt_stack_.push_back(placeholder);
    ScopeArg arg;
    arg.key = "task_id_var";
    arg.operand = static_cast<int>(operands.size());
    operands.push_back(placeholder->var());
    sorted.push_back(arg);
  }
  bool opens_incore = false, opens_split = fn_.split_written;
  for (const ScopeArg& a : sorted) {
    opens_incore = opens_incore || a.enum_ref == "Level.CORE_GROUP";
    opens_split = opens_split || (a.key == "optimizations" && !a.enum_ref.empty());
  }
  fn_.incore_scopes += opens_incore;
  fn_.split_scopes += opens_split;
  fn_.manual_scopes += manual_mode;
  fn_.cluster_scopes += kind == ScopeKind::kCluster;
  fn_.spmd_scopes += kind == ScopeKind::kSpmd;
  // The kernel scope an inline spmd body gets carries the dump tags of the
  // scope's entry, as the loop form's does.
  ExprList entry_tags;
  if (kind == ScopeKind::kSpmd) entry_tags = fn_.dump_tagged;
  Block body;
  bool saved_yield_ok = fn_.scope_yield_ok;
  fn_.scope_yield_ok = outer == BlockKind::kFor || outer == BlockKind::kWhile ||
                    outer == BlockKind::kThen || outer == BlockKind::kElse ||
                    (outer == BlockKind::kScope && saved_yield_ok);
  bool ok = ParseBlock(BlockKind::kScope, &body);
  fn_.scope_yield_ok = saved_yield_ok;
  fn_.incore_scopes -= opens_incore;
  fn_.split_scopes -= opens_split;
  fn_.manual_scopes -= manual_mode;
  fn_.cluster_scopes -= kind == ScopeKind::kCluster;
  fn_.spmd_scopes -= kind == ScopeKind::kSpmd;
  if (!ok) return false;
  const Stmt* scope_body = body.body;
  if (kind == ScopeKind::kSpmd) {
    auto opt = std::find_if(sorted.begin(), sorted.end(),
                            [](const ScopeArg& a) { return a.key == "optimizations"; });
    bool needs_carrier = false;
    if (!CheckSpmdBody(name_tok, body.body, opt != sorted.end(), &needs_carrier)) return false;
    if (needs_carrier) {
      std::vector<ScopeArg> inner = {CoreGroupLevel()};
      if (opt != sorted.end()) {
        inner.push_back(*opt);
        sorted.erase(opt);
      }
      SplitSpmdNameHint(&sorted, &inner);
      ExprList inner_operands;
      MergeDumpTags(entry_tags, &inner, &inner_operands, Loc(with_tok));
      const Stmt* kernel = ctx_.NewScope(
          ScopeKind::kAt, inner, ExprSpan(inner_operands.data(), inner_operands.size()),
          body.body, Loc(with_tok));
      scope_body = ctx_.NewFlatSeq(Stmts(&kernel, 1));
    }
  }
  // The yield ends the enclosing body too (the caller checks nothing follows).
  if (body.yield.stmt != nullptr) *yield = std::move(body.yield);
  stmt_stack_.push_back(ctx_.NewScope(kind, sorted, ExprSpan(operands.data(), operands.size()),
                                      scope_body, Loc(with_tok), Lead()));
  return true;
}

ScopeArg Parser::CoreGroupLevel() {
  ScopeArg level;
  level.key = "level";
  level.enum_ref = "Level.CORE_GROUP";
  return level;
}

void Parser::SplitSpmdNameHint(std::vector<ScopeArg>* spmd_args, std::vector<ScopeArg>* kernel) {
  constexpr absl::string_view kSuffix = "_spmd";
  for (ScopeArg& a : *spmd_args) {
    if (a.key != "name_hint" || a.value.kind() != AttrKind::kString ||
        a.value.string_value().empty()) {
      continue;
    }
    absl::string_view hint = a.value.string_value();
    ScopeArg kernel_name = a;
    if (absl::ConsumeSuffix(&hint, kSuffix)) {
      kernel_name.value = AttrValue::String(hint);
    } else {
      a.value = AttrValue::String(ctx_.SaveString(absl::StrCat(hint, kSuffix)));
    }
    const int spec = SpecIndex(ScopeKind::kAt, "name_hint");
    auto later = [&](const ScopeArg& b) { return SpecIndex(ScopeKind::kAt, b.key) > spec; };
    kernel->insert(std::find_if(kernel->begin(), kernel->end(), later), kernel_name);
    return;
  }
}

}  // namespace pto::ir::parser_impl
