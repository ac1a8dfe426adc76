// Placement and argument rules of scopes, submits and markers that the
// grammar alone does not express; each is a rule upstream's parser enforces
// when it reads the program, so a program it refuses is refused here too,
// at the same construct:
//
//   with pl.scope():                      # needs @pl.function(auto_scope=False)
//   with pl.manual_scope():
//       with pl.manual_scope():           # a manual scope inside a manual one
//   with pl.at(level=..., no_dep_args=[x, x]):   # x listed twice
//   with pl.cluster():
//       with pl.spmd(4) as tid:           # a cluster-nested spmd has no task
//   with pl.spmd(4):                      # never reads pl.tile.get_block_idx()
//   pl.submit(self.k, x)                  # a submit is always assigned
//   pl.dump_tag(a, b)                     # one tensor name, in orchestration
//
// Called from parser/forms/scope.cc, parser/forms/loops.cc, parser/calls/submit.cc and the
// statement parser; docs/dsl.md lists the rules.

#include <algorithm>

#include "ir/text/lexer/lexer.h"
#include "ir/text/parser/parser_impl.h"
#include "ir/spmd_body.h"

namespace pto::ir::parser_impl {
namespace {

bool IsIdentifier(absl::string_view s) {
  if (s.empty()) return false;
  for (size_t i = 0; i < s.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    bool letter = c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;
    if (!letter && !(i > 0 && c >= '0' && c <= '9')) return false;
  }
  return true;
}

bool IsPlaceholderAssign(const Stmt* s) {
  const auto* a = s->As<AssignStmt>();
  const auto* c = a == nullptr ? nullptr : a->value()->As<Call>();
  return c != nullptr && c->op() != nullptr && c->op()->name() == "system.task_invalid";
}

// The body is one `with pl.at(level=pl.Level.CORE_GROUP, ...)` scope (its
// `as tid` placeholder before it): the kernel each block runs, written out.
bool IsIncoreCarrier(const Stmt* body) {
  const auto* seq = body->As<SeqStmts>();
  if (seq == nullptr || seq->stmts().empty()) return false;
  Stmts stmts = seq->stmts();
  for (size_t i = 0; i + 1 < stmts.size(); ++i) {
    if (!IsPlaceholderAssign(stmts[i])) return false;
  }
  const auto* scope = stmts.back()->As<ScopeStmt>();
  if (scope == nullptr || scope->scope_kind() != ScopeKind::kAt) return false;
  for (const ScopeArg& a : scope->args()) {
    if (a.key == "level") return a.enum_ref == "Level.CORE_GROUP";
  }
  return false;
}

}  // namespace

bool Parser::CheckScopeNameHint(const Token& str, absl::string_view scope, absl::string_view v) {
  if (v.empty() || (IsIdentifier(v) && !text::IsPythonKeyword(v))) return true;
  return Fail(str, absl::StrCat("pl.", scope, "(): name_hint must be a Python identifier that is "
                                "not a keyword, got \"", v, "\""));
}

bool Parser::ParseTensorNameList(absl::string_view scope, absl::string_view key, ScopeArg* out,
                                 ExprList* operands) {
  Token open = Peek();
  if (!Accept(K::kLBracket) && !Accept(K::kLParen)) {
    return Fail(open, absl::StrCat("pl.", scope, "(", key, "=...) takes a list literal of "
                                   "tensor names, e.g. ", key, "=[a, b]"));
  }
  const K close = open.kind == K::kLBracket ? K::kRBracket : K::kRParen;
  ExprList names;
  bool trailing_comma = false;
  while (error_.ok() && !At(close)) {
    Token t = Peek();
    if (!At(K::kName) || !(At(K::kComma, 1) || At(close, 1))) {
      return Fail(t, absl::StrCat("pl.", scope, "(", key, "=[...]): each entry is a bare "
                                  "tensor name"));
    }
    Value v = LookupName(t);
    if (!v) return false;
    Advance();
    if (!v.expr->type()->Is<TensorType>()) {
      return Fail(t, absl::StrCat("pl.", scope, "(", key, "=[...]): '", Text(t),
                                  "' is not a tensor (it is ", PrintType(v.expr->type()), ")"));
    }
    for (const Expr* e : names) {
      if (e == v.expr) {
        return Fail(t, absl::StrCat("pl.", scope, "(", key, "=[...]) names '", Text(t),
                                    "' twice"));
      }
    }
    names.push_back(v.expr);
    trailing_comma = Accept(K::kComma);
    if (!trailing_comma) break;
  }
  if (close == K::kRParen && names.size() == 1 && !trailing_comma) {
    return Fail(open, absl::StrCat("pl.", scope, "(", key, "=...) takes a list literal of tensor "
                                   "names; `(a)` is just `a`"));
  }
  if (!Expect(close)) return false;
  // An empty no_dep_args= overrides nothing: upstream drops it, and so do
  // we (out->operand stays unset, which ParseScopeArgs skips).
  if (names.empty() && key == "no_dep_args") return true;
  out->operand = static_cast<int>(operands->size());
  operands->push_back(ctx_.NewMakeTuple(ExprSpan(names.data(), names.size()), Loc(open)));
  return true;
}

bool Parser::CheckCoreNum(absl::string_view construct, const Value& v) {
  const auto* st = v.expr->type()->As<ScalarType>();
  if (st == nullptr || !st->dtype().IsInt()) {
    return FailAt(v.pos, absl::StrCat(construct, ": the core count must be an integer scalar, "
                                      "got ",
                                      PrintType(v.expr->type())));
  }
  const auto* c = v.expr->As<ConstInt>();
  if (c != nullptr && c->value() <= 0) {
    return FailAt(v.pos, absl::StrCat(construct, ": the core count must be positive, got ",
                                      c->value()));
  }
  return true;
}

bool Parser::CheckRuntimeScope(const Token& name_tok, bool manual) {
  if (manual) {
    if (fn_.manual_scopes > 0) {
      return Fail(name_tok, "a manual scope cannot be nested inside another manual scope");
    }
    return true;
  }
  if (fn_.auto_scope) {
    return Fail(name_tok, "an AUTO 'with pl.scope():' written by hand needs "
                          "@pl.function(auto_scope=False): otherwise the compiler places AUTO "
                          "scopes itself");
  }
  if (fn_.manual_scopes > 0) {
    return Fail(name_tok, "an AUTO scope cannot be nested inside a manual scope (the runtime "
                          "does not support it)");
  }
  return true;
}

bool Parser::CheckSpmdInCluster(const Token& name_tok, absl::Span<const ScopeArg> args,
                                bool has_tid) {
  if (fn_.cluster_scopes == 0) return true;
  if (has_tid) {
    return Fail(name_tok, "'with pl.spmd(...) as tid:' cannot be nested inside pl.cluster(): a "
                          "cluster-nested spmd is unwrapped into the cluster's function and "
                          "submits no task whose id it could capture");
  }
  for (const ScopeArg& a : args) {
    if (a.key == "allow_early_resolve" || a.key == "predicate") {
      return Fail(name_tok, absl::StrCat("pl.spmd(..., ", a.key, "=...) cannot be nested inside "
                                         "pl.cluster(): a cluster-nested spmd submits no task, "
                                         "so the ", a.key, " setting would be lost"));
    }
  }
  return true;
}

bool Parser::CheckSpmdBody(const Token& name_tok, const Stmt* body, bool has_optimizations,
                           bool* needs_carrier) {
  *needs_carrier = false;
  if (IsIncoreCarrier(body)) return true;
  const SpmdBodyUse scan = ScanSpmdBody(body);
  *needs_carrier = scan.NeedsKernelScope(has_optimizations);
  if (scan.block_index_reads > 0) return true;
  if (scan.dispatches == 0) {
    return Fail(name_tok, "the body of 'with pl.spmd(...)' neither reads its block index "
                          "(pl.tile.get_block_idx()) nor calls a kernel (self.<function>(...)), "
                          "so every block would do the same work; use 'for i in pl.spmd(n):' "
                          "or read the index");
  }
  if (scan.dispatches > 1) {
    return Fail(name_tok, absl::StrCat("the body of 'with pl.spmd(...)' calls ", scan.dispatches,
                                       " kernels; an spmd scope launches one (or make the body "
                                       "the kernel by reading pl.tile.get_block_idx())"));
  }
  return true;
}

bool Parser::CheckSubmitPlace(const Token& head, absl::string_view construct, bool trailing) {
  if (head.offset == fn_.submit_offset && !trailing) return true;
  return Fail(head, absl::StrCat(construct, "(...) gives the kernel's results and the task id: "
                                 "assign it, as `out, tid = ", construct, "(self.kernel, ...)`"));
}

bool Parser::CheckDepsMix(absl::string_view construct, const Token& at, const Expr* dep,
                          int* kinds) {
  // 1: a whole TASK_ID array was given, 2: an element of one.
  int kind = 0;
  if (dep->type()->Is<ArrayType>()) {
    kind = 1;
  } else if (const auto* c = dep->As<Call>();
             c != nullptr && c->op() != nullptr && c->op()->name() == "array.get_element") {
    kind = 2;
  }
  if (kind == 0) return true;
  if ((*kinds | kind) == 3) {
    return Fail(at, absl::StrCat(construct, ": deps= cannot mix a whole TASK_ID array with "
                                 "elements of one: give the array alone, or its elements"));
  }
  *kinds |= kind;
  return true;
}

bool Parser::ParseDumpTag() {
  Token stmt = Peek();
  if (fn_.type != FunctionType::kOrchestration && fn_.type != FunctionType::kInline) {
    return Fail(stmt, absl::StrCat("pl.dump_tag() marks a tensor for the kernels an "
                                   "orchestration submits, so it belongs in an Orchestration or "
                                   "Inline function (this one is ",
                                   EnumName(fn_.type), ")"));
  }
  Advance();
  Advance();
  Advance();
  Advance();  // '('
  if (!At(K::kName) || !At(K::kRParen, 1)) {
    // None, several, a keyword, or one that is no bare name.
    return Fail(At(K::kRParen) ? stmt : Peek(),
                "pl.dump_tag() takes exactly one positional argument, a bare tensor name");
  }
  Token name = Peek();
  Value v = LookupName(name);
  if (!v) return false;
  if (!v.expr->type()->Is<TensorType>()) {
    return Fail(name, absl::StrCat("pl.dump_tag(): '", Text(name), "' is not a tensor (it is ",
                                   PrintType(v.expr->type()), ")"));
  }
  // Forward-sticky: later kernel calls and scopes taking this very Var dump it.
  if (std::find(fn_.dump_tagged.begin(), fn_.dump_tagged.end(), v.expr) == fn_.dump_tagged.end()) {
    fn_.dump_tagged.push_back(v.expr);
  }
  Advance();
  Advance();  // ')'
  return true;
}

}  // namespace pto::ir::parser_impl
