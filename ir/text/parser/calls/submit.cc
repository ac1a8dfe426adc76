// Calls of program functions: `self.f(args, <options>)` and the task
// submissions `pl.submit(self.f, args, <options>)` /
// `pl.spmd_submit(self.f, args, core_num=N, <options>)`. The options become
// the call's CallSite (ir/call_site.h):
//
//   out = self.chip(x, device=r)
//   self.k(a, b, attrs={"arg_directions": [pl.adir.input, pl.adir.inout]})
//   out, tid = pl.submit(self.k, a, deps=[t0, None], allow_early_resolve=True)
//   _, t = pl.spmd_submit(self.k, a, core_num=4, sync_start=True)
//
// As upstream reads them: a submit's value is the callee's results followed
// by the task's Scalar[TASK_ID]; it may leave out the callee's trailing Out
// / InOut parameters (the runtime allocates them); a None dep is no dep.

#include <algorithm>
#include <vector>

#include "ir/text/parser/depth_guard.h"
#include "ir/text/parser/parser_impl.h"
#include "ir/visitor.h"

namespace pto::ir::parser_impl {
namespace {

absl::string_view FormName(CallForm form) {
  switch (form) {
    case CallForm::kCall:
      return "a function call";
    case CallForm::kSubmit:
      return "pl.submit";
    case CallForm::kSpmdSubmit:
      return "pl.spmd_submit";
  }
  return "";
}

}  // namespace

Value Parser::ParseSubmit(const Token& head, CallForm form) {
  absl::string_view construct = FormName(form);
  if (!CheckSubmitPlace(head, construct)) return Value{};
  Token open = Advance();  // '('
  DepthGuard guard(this);
  if (!guard.Check(open)) return Value{};
  if (!(AtName("self") && At(K::kDot, 1) && At(K::kName, 2))) {
    return FailValue(Peek(), absl::StrCat(construct, "(...) takes the kernel as its first "
                                          "argument, as self.<function> (not a call of it)"));
  }
  Advance();
  Advance();
  Token name = Advance();
  if (At(K::kLParen)) {
    return FailValue(Peek(), absl::StrCat(construct, "(...) takes the kernel itself: write ",
                                          construct, "(self.", Text(name), ", x, y)"));
  }
  if (!At(K::kRParen) && !Expect(K::kComma)) return Value{};
  Value v = FinishFunctionCall(name, open, form);
  // Nothing may follow: `pl.submit(...)[0]` is no whole value either.
  if (v && !At(K::kNewline) && !At(K::kEof) && !CheckSubmitPlace(head, construct, true)) {
    return Value{};
  }
  return v;
}

namespace {

// The value types of the first `return` with values, in statement order.
class FirstReturnTypes : public IRVisitor {
 public:
  std::vector<const Type*> types;
  bool found = false;
  void VisitReturn(const ReturnStmt* s) override {
    if (found || s->values().empty()) return;
    found = true;
    for (const Expr* v : s->values()) types.push_back(v->type());
  }
};

}  // namespace

const std::vector<const Type*>& Parser::BodyReturnTypes(FunctionInfo& info) {
  if (!info.body_returns_read && info.function != nullptr) {
    info.body_returns_read = true;
    FirstReturnTypes first;
    first.VisitStmt(info.function->body());
    // An UnknownType value says nothing: the call stays UnknownType.
    bool known = std::none_of(first.types.begin(), first.types.end(),
                              [](const Type* t) { return t->Is<UnknownType>(); });
    if (known) info.body_returns = std::move(first.types);
  }
  return info.body_returns;
}

Value Parser::ParseFunctionCall(const Token& name_tok) {
  Token open = Advance();  // '('
  DepthGuard guard(this);
  if (!guard.Check(open)) return Value{};
  return FinishFunctionCall(name_tok, open, CallForm::kCall);
}

// After `self.f(` or `pl.submit(self.f,`: the arguments, the options, ')'.
Value Parser::FinishFunctionCall(const Token& name_tok, const Token& open, CallForm form) {
  if (EnsureSignature(name_tok) == nullptr) return Value{};
  absl::string_view construct = FormName(form);
  const bool submit = form != CallForm::kCall;
  ExprList args;
  ExprList deps;
  CallOptions opts;
  CallSite site;
  site.form = form;
  int depth = 0;
  bool seen_kwarg = false;
  auto note_depth = [&](const Value& v) { depth = std::max(depth, v.depth); };
  // The arguments written pl.no_dep(x): upstream records their positions as
  // the call's "arg_direction_overrides" attr.
  std::vector<int64_t> no_dep;
  Token no_dep_tok;
  while (error_.ok() && !At(K::kRParen)) {
    if (!(At(K::kName) && At(K::kAssign, 1))) {
      if (seen_kwarg) {
        return FailValue(Peek(), "a positional argument cannot follow a keyword argument");
      }
      if (AtDotted("pl", "no_dep") && At(K::kLParen, 3)) {
        if (no_dep.empty()) no_dep_tok = Peek();
        no_dep.push_back(static_cast<int64_t>(args.size()));
      }
      Value v = ParseExpr();
      if (!v) return v;
      note_depth(v);
      args.push_back(v.expr);
      if (!Accept(K::kComma)) break;
      continue;
    }
    seen_kwarg = true;
    Token key = Advance();
    Advance();  // '='
    absl::string_view k = Text(key);
    auto once = [&](bool given) {
      if (given) Fail(key, absl::StrCat("'", k, "' is given twice"));
      return !given;
    };
    if (k == "device" && !submit) {
      if (!once(site.device != nullptr)) return Value{};
      Value v = ParseExpr();
      if (!v) return v;
      note_depth(v);
      site.device = v.expr;
    } else if (k == "deps" && submit) {
      if (!once(!deps.empty())) return Value{};
      if (!ParseDeps(construct, &deps, &depth)) return Value{};
    } else if (k == "core_num" && form == CallForm::kSpmdSubmit) {
      if (!once(site.core_num != nullptr)) return Value{};
      Value v = ParseExpr();
      if (!v) return v;
      note_depth(v);
      if (!CheckCoreNum("pl.spmd_submit(...)", v)) return Value{};
      site.core_num = v.expr;
    } else if (k == "predicate" && submit) {
      if (!once(site.predicate != nullptr)) return Value{};
      Value v = ParseExpr();
      if (!v) return v;
      note_depth(v);
      site.predicate = v.expr;
    } else if ((k == "sync_start" && form == CallForm::kSpmdSubmit) ||
               (k == "allow_early_resolve" && submit)) {
      bool value = false;
      if (Accept(K::kTrue)) {
        value = true;
      } else if (!Accept(K::kFalse)) {
        return FailValue(Peek(), absl::StrCat(k, " takes True or False"));
      }
      (k == "sync_start" ? site.sync_start : site.allow_early_resolve) = value;
    } else if (k == "attrs") {
      if (!once(opts.given)) return Value{};
      if (!ParseCallAttrs(&opts, /*function_call=*/true)) return Value{};
      depth = std::max(depth, opts.depth);
    } else if (k == "dumps" && submit) {
      // Selective dump: the attr "dump_vars" (printed back as dumps=).
      if (!once(opts.dumps_tok.kind != K::kEof)) return Value{};
      if (opts.FindAttr(kDumpVarsKey) != nullptr) {
        return FailValue(key, "dumps= and attrs[\"dump_vars\"] say the same thing: give one");
      }
      opts.dumps_tok = key;
      CallAttr attr;
      attr.key = kDumpVarsKey;
      if (!At(K::kLBracket)) return FailValue(Peek(), "dumps= takes a list of tensor names");
      if (!ParseCallAttrValue(kDumpVarsKey, &opts, &attr)) return Value{};
      depth = std::max(depth, opts.depth);
      opts.attrs.insert(opts.attrs.begin(), attr);
    } else {
      absl::string_view where =
          submit ? absl::string_view(construct) : absl::string_view("a call of a program function");
      absl::string_view takes =
          form == CallForm::kSpmdSubmit
              ? "deps, dumps, core_num, sync_start, allow_early_resolve, predicate and attrs"
          : submit ? "deps, dumps, allow_early_resolve, predicate and attrs"
                   : "device and attrs";
      return FailValue(key, absl::StrCat(where, " does not take '", k, "' (it takes ", takes, ")"));
    }
    if (!Accept(K::kComma)) break;
  }
  if (!Expect(K::kRParen)) return Value{};
  if (!no_dep.empty()) {
    if (opts.FindAttr(kArgDirectionOverridesKey) != nullptr) {
      return FailValue(no_dep_tok, "pl.no_dep(...) and attrs[\"arg_direction_overrides\"] say "
                                   "the same thing: give one");
    }
    std::vector<CallAttrItem>& items = opts.items.emplace_back();
    for (int64_t i : no_dep) items.push_back(CallAttrItem{.value = AttrValue::Int(i)});
    opts.attrs.push_back(CallAttr{kArgDirectionOverridesKey, /*is_list=*/true,
                                  absl::MakeConstSpan(items)});
    if (!opts.given) opts.tok = no_dep_tok;
    opts.given = true;
  }
  if (form == CallForm::kSpmdSubmit && site.core_num == nullptr) {
    return FailValue(open, "pl.spmd_submit(...) needs core_num=N");
  }
  // Re-read: parsing the arguments may have read other signatures.
  FunctionInfo* info = EnsureSignature(name_tok);
  if (info == nullptr) return Value{};
  const Signature& sig = info->sig;
  absl::string_view name = Text(name_tok);
  size_t min_args = sig.params.size();
  if (submit) {
    while (min_args > 0 && min_args <= sig.directions.size() &&
           sig.directions[min_args - 1] != ParamDirection::kIn) {
      --min_args;
    }
  }
  if (args.size() < min_args || args.size() > sig.params.size()) {
    std::string count = min_args == sig.params.size()
                            ? absl::StrCat(sig.params.size())
                            : absl::StrCat(min_args, "..", sig.params.size());
    return FailValue(name_tok, absl::StrCat("function '", name, "' takes ", count, " argument",
                                            sig.params.size() == 1 ? "" : "s", ", got ",
                                            args.size()));
  }
  const std::vector<ArgDirection>& dirs = opts.dirs;
  if (!dirs.empty() && dirs.size() != args.size()) {
    return FailValue(name_tok, absl::StrCat("attrs: arg_directions has ", dirs.size(),
                                            " entries for ", args.size(), " arguments"));
  }
  if (!NormalizeDumpVars(args, &opts)) return Value{};
  std::vector<const Type*> returns(sig.returns.begin(), sig.returns.end());
  if (returns.empty() && !submit) returns = BodyReturnTypes(*info);
  const Type* type = ctx_.GetUnknownType();
  if (submit) {
    returns.push_back(ctx_.GetScalarType(DataType::kTaskId));
    type = ctx_.GetTupleType(returns);
  } else if (returns.size() == 1) {
    type = returns[0];
  } else if (returns.size() > 1) {
    type = ctx_.GetTupleType(returns);
  }
  // A return type naming the callee's params means the call's arguments,
  // and its dynamic dims the dims the arguments' types have there.
  CallDimBindings bound;
  for (size_t i = 0; i < args.size(); ++i) bound.Bind(sig.params[i], args[i]);
  for (size_t i = 0; i < args.size(); ++i) bound.Collect(sig.params[i]->type(), args[i]->type(), i);
  if (std::optional<CallDimBindings::Clash> c = bound.Conflict(ctx_)) {
    return FailValue(name_tok, absl::StrCat("call of '", name, "': dynamic dim '", c->var->name(),
                                            "' has conflicting bindings ", PrintExpr(c->first),
                                            " and ", PrintExpr(c->second), " (argument ", c->arg,
                                            "); a call between functions checks no dims at run time"));
  }
  type = SubstituteDimVars(ctx_, type, bound.map());
  if (depth + 1 > max_depth_) {
    return FailValue(open, absl::StrCat("expression is nested too deeply (the limit is ",
                                        max_depth_, " levels)"));
  }
  site.deps = ExprSpan(deps.data(), deps.size());
  site.arg_directions = absl::Span<const ArgDirection>(dirs.data(), dirs.size());
  site.attrs = absl::Span<const CallAttr>(opts.attrs.data(), opts.attrs.size());
  const Call* call = ctx_.NewFunctionCall(ctx_.GetGlobalVar(name),
                                          ExprSpan(args.data(), args.size()), type,
                                          Loc(name_tok), &site);
  return Value{call, depth + 1, name_tok.pos()};
}

}  // namespace pto::ir::parser_impl
