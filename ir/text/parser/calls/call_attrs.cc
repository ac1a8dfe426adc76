// The generic `attrs={...}` dict on calls (upstream's Call attrs) and the
// task-dependency options that ride next to it:
//
//   y = pl.tile.move(x, target_memory=pl.Mem.Right, attrs={"pipeline_membership": "0:0"})
//   out = self.k(a, attrs={"arg_directions": [pl.adir.input], "core_num": 2})
//   fence = pl.system.task_dummy(deps=[tids])
//   out, tid = pl.submit(self.k, a, dumps=[a])
//
// A value is read by its spelling, as upstream's parser reads it: a number,
// string or True/False; an enum member (pl.Mem.X, pl.TensorLayout.X,
// pl.TileLayout.X, pl.PadValue.X, a dtype pl.FP32); pl.adir.X; a list of
// ints, of pl.adir.X or of names; or any other expression of the program.
// They become the call's CallSite::attrs (ir/call_site.h).

#include <algorithm>

#include "ir/text/parser/parser_impl.h"

namespace pto::ir::parser_impl {
namespace {

// The enum kinds upstream's attr printer writes (and so its parser reads).
bool IsAttrEnumKind(AttrKind kind) {
  switch (kind) {
    case AttrKind::kDataType:
    case AttrKind::kMemorySpace:
    case AttrKind::kTileLayout:
    case AttrKind::kTensorLayout:
    case AttrKind::kPadValue:
      return true;
    default:
      return false;
  }
}

}  // namespace

bool Parser::ParseCallAttrs(CallOptions* opts, bool function_call) {
  Token open = Peek();
  if (!Expect(K::kLBrace)) return false;
  if (!opts->given) opts->tok = open;
  opts->given = true;
  while (error_.ok() && !At(K::kRBrace)) {
    Token key_tok = Peek();
    if (!At(K::kString)) return Fail(key_tok, "attrs keys must be string literals");
    Advance();
    string_pool_.push_front(text::UnquoteString(Text(key_tok)));
    absl::string_view key = string_pool_.front();
    if (!Expect(K::kColon)) return false;
    bool seen = (key == "arg_directions" && opts->has_dirs);
    for (const CallAttr& a : opts->attrs) seen |= a.key == key;
    if (seen) return Fail(key_tok, absl::StrCat("attrs key '", key, "' is given twice"));
    if (key == "manual_dep_edges" || key == "dummy_task") {
      // As upstream: these have their own surfaces (deps=), never a dict entry.
      return Fail(key_tok, absl::StrCat("attrs key '", key, "' is not writable: manual "
                                        "dependency edges are written as deps=[...] on "
                                        "pl.system.task_dummy or pl.submit"));
    }
    if (key == "arg_directions" && function_call) {
      opts->has_dirs = true;
      if (!Expect(K::kLBracket)) return false;
      opts->dirs.clear();
      while (error_.ok() && !At(K::kRBracket)) {
        Token at = Peek();
        if (!(AtName("pl") && At(K::kDot, 1) && AtName("adir", 2) && At(K::kDot, 3))) {
          return Fail(at, "expected pl.adir.<direction> (input, output, output_existing, inout, "
                          "no_dep or scalar)");
        }
        for (int i = 0; i < 4; ++i) Advance();
        Token member;
        if (!ExpectName(&member)) return false;
        std::optional<ArgDirection> d = EnumFromName<ArgDirection>(Text(member));
        if (!d) {
          return Fail(member, absl::StrCat("unknown argument direction pl.adir.", Text(member)));
        }
        opts->dirs.push_back(*d);
        if (!Accept(K::kComma)) break;
      }
      if (!Expect(K::kRBracket)) return false;
    } else {
      CallAttr attr;
      attr.key = key;
      if (!ParseCallAttrValue(key, opts, &attr)) return false;
      if (key == kDumpVarsKey) {
        opts->attrs.insert(opts->attrs.begin(), attr);
      } else {
        opts->attrs.push_back(attr);
      }
    }
    if (!Accept(K::kComma)) break;
  }
  return Expect(K::kRBrace);
}

bool Parser::ParseCallAttrItem(absl::string_view key, CallAttrItem* out, int* depth) {
  const Token t = Peek();
  // (The token buffer looks at most 3 ahead.)
  if (AtName("pl") && At(K::kDot, 1) && AtName("adir", 2) && At(K::kDot, 3)) {
    for (int i = 0; i < 4; ++i) Advance();
    Token member;
    if (!ExpectName(&member)) return false;
    std::optional<ArgDirection> d = EnumFromName<ArgDirection>(Text(member));
    if (!d) return Fail(member, absl::StrCat("unknown argument direction pl.adir.", Text(member)));
    out->kind = CallAttrItem::Kind::kDirection;
    out->direction = *d;
    return true;
  }
  bool literal = t.kind == K::kString || t.kind == K::kInt || t.kind == K::kFloat ||
                 t.kind == K::kTrue || t.kind == K::kFalse ||
                 (t.kind == K::kMinus && (At(K::kInt, 1) || At(K::kFloat, 1)));
  bool enum_ref = false;
  if (AtName("pl") && At(K::kDot, 1) && At(K::kName, 2)) {
    absl::string_view n = Text(Peek(2));
    bool is_dtype = DataType::FromName(n).has_value();
    enum_ref = (is_dtype && !At(K::kDot, 3) && !At(K::kLParen, 3)) ||
               (!is_dtype && At(K::kDot, 3) && absl::ascii_isupper(n[0]));
  }
  if (literal || enum_ref) {
    // Strictly a literal: `1 + n` is an expression, not the number 1.
    if (literal && !(At(K::kComma, t.kind == K::kMinus ? 2 : 1) ||
                     At(K::kRBracket, t.kind == K::kMinus ? 2 : 1) ||
                     At(K::kRParen, t.kind == K::kMinus ? 2 : 1) ||
                     At(K::kRBrace, t.kind == K::kMinus ? 2 : 1))) {
      literal = false;
    }
  }
  if (literal || enum_ref) {
    if (!ParseAttrValue(&out->value)) return false;
    if (enum_ref && !IsAttrEnumKind(out->value.kind())) {
      return Fail(t, absl::StrCat("attrs['", key, "']: this enum member is not an attr "
                                  "value (enum values are dtypes, pl.Mem, "
                                  "pl.TensorLayout, pl.TileLayout, pl.PadValue and pl.adir "
                                  "members)"));
    }
    out->kind = CallAttrItem::Kind::kValue;
    return true;
  }
  Value v = ParseExpr();
  if (!v) return false;
  *depth = std::max(*depth, v.depth);
  out->kind = CallAttrItem::Kind::kExpr;
  out->expr = v.expr;
  return true;
}

bool Parser::ParseCallAttrValue(absl::string_view key, CallOptions* opts, CallAttr* out) {
  std::vector<CallAttrItem>& items = opts->items.emplace_back();
  Token open = Peek();
  if (Accept(K::kLBracket)) {
    out->is_list = true;
    while (error_.ok() && !At(K::kRBracket)) {
      if (!ParseCallAttrItem(key, &items.emplace_back(), &opts->depth)) return false;
      if (!Accept(K::kComma)) break;
    }
    if (!Expect(K::kRBracket)) return false;
    // As upstream: a list is all ints, all directions or all names.
    auto all = [&](auto pred) { return std::all_of(items.begin(), items.end(), pred); };
    bool ints = all([](const CallAttrItem& i) {
      return i.kind == CallAttrItem::Kind::kValue && i.value.kind() == AttrKind::kInt;
    });
    bool dirs = all([](const CallAttrItem& i) { return i.kind == CallAttrItem::Kind::kDirection; });
    bool names = all([](const CallAttrItem& i) {
      return i.kind == CallAttrItem::Kind::kExpr && i.expr->As<Var>() != nullptr;
    });
    if (!ints && !dirs && !names) {
      return Fail(open, absl::StrCat("attrs['", key, "']: list elements are mixed or of an "
                                     "unsupported kind (expected all ints, all "
                                     "pl.adir.<name>, or all names)"));
    }
  } else if (!ParseCallAttrItem(key, &items.emplace_back(), &opts->depth)) {
    return false;
  }
  out->items = absl::Span<const CallAttrItem>(items.data(), items.size());
  return true;
}

bool Parser::NormalizeDumpVars(const ExprList& args, CallOptions* opts) {
  auto tagged = [&](const Expr* arg) {
    return std::find(fn_.dump_tagged.begin(), fn_.dump_tagged.end(), arg) != fn_.dump_tagged.end();
  };
  // An argument pl.dump_tag marked is dumped as if dumps= named it: the attr
  // is made (first, where upstream keeps it) when the call gives none.
  if (opts->FindAttr(kDumpVarsKey) == nullptr &&
      std::any_of(args.begin(), args.end(), tagged)) {
    CallAttr attr;
    attr.key = kDumpVarsKey;
    attr.is_list = true;
    opts->attrs.insert(opts->attrs.begin(), attr);
  }
  for (auto it = opts->attrs.begin(); it != opts->attrs.end(); ++it) {
    CallAttr& a = *it;
    if (a.key != kDumpVarsKey) continue;
    Token at = opts->dumps_tok.kind == K::kEof ? opts->tok : opts->dumps_tok;
    if (!a.is_list) return Fail(at, "dump_vars takes a list of the call's tensor arguments");
    std::vector<const Expr*> named;
    for (const Expr* arg : args) {
      if (tagged(arg)) named.push_back(arg);
    }
    for (const CallAttrItem& item : a.items) {
      const Var* v = item.expr != nullptr ? item.expr->As<Var>() : nullptr;
      if (v == nullptr || !v->type()->Is<TensorType>()) {
        return Fail(at, "dump_vars / dumps= entries must be tensor variables");
      }
      if (std::find(args.begin(), args.end(), item.expr) == args.end()) {
        return Fail(at, absl::StrCat("dumps= names '", v->name(),
                                     "', which is not an argument of the call"));
      }
      named.push_back(item.expr);
    }
    // Argument order, each once: the set of arguments dumped.
    std::vector<CallAttrItem>& items = opts->items.emplace_back();
    for (const Expr* arg : args) {
      if (std::find(named.begin(), named.end(), arg) == named.end()) continue;
      bool dup = false;
      for (const CallAttrItem& i : items) dup |= i.expr == arg;
      if (dup) continue;
      CallAttrItem item;
      item.kind = CallAttrItem::Kind::kExpr;
      item.expr = arg;
      items.push_back(item);
    }
    a.items = absl::Span<const CallAttrItem>(items.data(), items.size());
    // Nothing dumped is no attr at all, as upstream stores it.
    if (items.empty()) opts->attrs.erase(it);
    break;
  }
  return true;
}

Value Parser::AttachOpCallOptions(Value v, const Token& at) {
  // Upstream's rule: a dummy task names its fan-in, deps=[] for none.
  auto is_dummy = [](const Value& v) {
    const Call* c = v ? v.expr->As<Call>() : nullptr;
    return c != nullptr && c->op() != nullptr && c->op()->name() == "system.task_dummy";
  };
  if (pending_call_options_.empty()) {
    if (is_dummy(v)) {
      return FailValue(at, "pl.system.task_dummy needs deps=[...] (deps=[] for a task that "
                           "waits on nothing)");
    }
    return v;
  }
  CallOptions opts = std::move(pending_call_options_);
  pending_call_options_ = CallOptions{};
  if (!v) return v;
  const Call* call = v.expr->As<Call>();
  if (call == nullptr || call->op() == nullptr) {
    return FailValue(opts.tok, "attrs= and deps= go on an op call, and this call builds none "
                               "(it folds to an expression)");
  }
  bool dummy = is_dummy(v);
  if (dummy && !opts.deps_given) {
    return FailValue(at, "pl.system.task_dummy needs deps=[...] (deps=[] for a task that "
                         "waits on nothing)");
  }
  if (opts.deps_given && !dummy) {
    return FailValue(opts.deps_tok, absl::StrCat(call->op()->name(), " does not take deps= "
                                                 "(pl.system.task_dummy and pl.submit do)"));
  }
  CallSite site;
  site.deps = ExprSpan(opts.deps.data(), opts.deps.size());
  site.attrs = absl::Span<const CallAttr>(opts.attrs.data(), opts.attrs.size());
  v.expr = ctx_.WithOpCallSite(call, &site);
  v.depth = std::max(v.depth, opts.depth + 1);
  return v;
}

}  // namespace pto::ir::parser_impl
