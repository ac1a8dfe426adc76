// The deps= list of pl.submit, pl.spmd_submit and pl.system.task_dummy, as
// upstream reads it:
//
//   deps=[t0, arr, None]                            TaskIds, TASK_ID arrays; None is no dep
//   deps=[t0, tids[2 * k], tids[2 * k + 1]]         elements of a TASK_ID array
//   deps=[tids[k] for k in range(K) if k != SKIP]   unrolled when the program is read
//
// A list naming elements is not kept as written: upstream fills a fresh
// TASK_ID array with its entries, slot by slot, before the statement, and
// the call depends on that array, so codegen has one form to fence on:
//
//   _submit_deps_buf: pl.Array[3, pl.TASK_ID] = pl.array.create(3, dtype=pl.TASK_ID)
//   _submit_deps_buf_1: ... = pl.array.update_element(_submit_deps_buf, 0, t0)
//   ...
//   out, tid = pl.submit(self.k, x, deps=[_submit_deps_buf_3])
//
// A comprehension is Python the parser runs: its iterable and filters are
// evaluated like module constants (range(...), lists and tuples of ints,
// module-level names), never IR values; its element is read once per kept
// value, with the loop name standing for that int.

#include <algorithm>

#include "ir/text/parser/parser_impl.h"

namespace pto::ir::parser_impl {
namespace {

using CK = ModuleConst::Kind;

bool IsElementRead(const Expr* e) {
  const auto* c = e->As<Call>();
  return c != nullptr && c->op() != nullptr && c->op()->name() == "array.get_element";
}

bool IsOpen(K k) { return k == K::kLParen || k == K::kLBracket || k == K::kLBrace; }
bool IsClose(K k) { return k == K::kRParen || k == K::kRBracket || k == K::kRBrace; }

}  // namespace

bool Parser::ParseDeps(absl::string_view construct, ExprList* deps, int* depth) {
  Token open = Peek();
  if (!Accept(K::kLBracket) && !Accept(K::kLParen)) {
    return Fail(open, absl::StrCat(construct, ": deps= takes a list of task ids, e.g. deps=[tid]"));
  }
  const K close = open.kind == K::kLBracket ? K::kRBracket : K::kRParen;
  int kinds = 0;  // CheckDepsMix
  ExprList entries;
  auto add = [&](const Token& at, const Value& v) {
    if (!CheckDepsMix(construct, at, v.expr, &kinds)) return false;
    *depth = std::max(*depth, v.depth);
    entries.push_back(v.expr);
    return true;
  };
  if (close == K::kRBracket && AtComprehension()) {
    // The whole list is one comprehension.
    if (!UnrollDepsComprehension(construct, close, add)) return false;
    return Expect(close) && DesugarElementDeps(open, entries, deps);
  }
  while (error_.ok() && !At(close)) {
    if (At(K::kNone) && (At(K::kComma, 1) || At(close, 1))) {
      Advance();
    } else if (At(K::kLBracket) && AtComprehension(1)) {
      Advance();
      if (!UnrollDepsComprehension(construct, K::kRBracket, add) || !Expect(K::kRBracket)) {
        return false;
      }
    } else {
      Token at = Peek();
      Value v = ParseExpr();
      if (!v || !add(at, v)) return false;
    }
    if (!Accept(K::kComma)) break;
  }
  return Expect(close) && DesugarElementDeps(open, entries, deps);
}

bool Parser::AtComprehension(int ahead) {
  // A probe of its own: the entry may be longer than the lookahead.
  const Token& first = Peek(ahead);
  TokenStream probe(src_, filename_, first.offset, first.line);
  int nesting = 0;
  for (int n = 0; n < 4096; ++n) {
    const K k = probe.Advance().kind;
    if (IsOpen(k)) {
      ++nesting;
    } else if (IsClose(k)) {
      if (nesting-- == 0) return false;
    } else if (nesting == 0 && (k == K::kComma || k == K::kEof || k == K::kError)) {
      return false;
    } else if (nesting == 0 && k == K::kFor) {
      return true;
    }
  }
  return false;
}

bool Parser::UnrollDepsComprehension(absl::string_view construct, K close,
                                     absl::FunctionRef<bool(const Token&, const Value&)> add) {
  const Token elt = Peek();
  // The element is read later, once per value: skip it now.
  for (int nesting = 0; !(nesting == 0 && At(K::kFor));) {
    if (At(K::kEof)) {
      return Fail(elt, absl::StrCat(construct, ": unterminated deps= comprehension"));
    }
    nesting += IsOpen(Peek().kind) ? 1 : IsClose(Peek().kind) ? -1 : 0;
    Advance();
  }
  Advance();  // for
  if (!At(K::kName) || !At(K::kIn, 1)) {
    return Fail(Peek(), absl::StrCat(construct, ": a deps= comprehension's target is a single "
                                                "name (`for i in ...`)"));
  }
  const Token var = Advance();
  Advance();  // in
  const Token iter_tok = Peek();
  if (Text(iter_tok) == "pl" && At(K::kDot, 1) &&
      (Text(Peek(2)) == "range" || Text(Peek(2)) == "parallel" || Text(Peek(2)) == "pipeline" ||
       Text(Peek(2)) == "unroll")) {
    return Fail(iter_tok, absl::StrCat(construct, ": a deps= comprehension iterates in Python "
                                                  "when the program is read, not over a DSL loop "
                                                  "(pl.", Text(Peek(2)), "): use range(...)"));
  }
  ModuleConst iter;
  if (!EvalConst(&iter, OpPrecedence::kOr, /*ternary=*/false) || iter.kind != CK::kList) {
    if (!error_.ok()) return false;
    return Fail(iter_tok, absl::StrCat(construct, ": a deps= comprehension's iterable must be "
                                                  "known when the program is read (range(...) of "
                                                  "at most 4096 values, a list or tuple of ints, "
                                                  "a module constant), not an IR variable"));
  }
  for (const ModuleConst& v : iter.elems) {
    if (v.kind != CK::kInt) {
      return Fail(iter_tok, absl::StrCat(construct, ": a deps= comprehension's iterable gives "
                                                    "only ints (the indices of a TASK_ID array)"));
    }
  }
  // The filters, read once per value (skipped now).
  std::vector<Token> filters;
  while (Accept(K::kIf)) {
    filters.push_back(Peek());
    for (int nesting = 0; !(nesting == 0 && (At(K::kIf) || At(K::kFor) || At(close)));) {
      if (At(K::kEof)) return Fail(filters.back(), "unterminated deps= comprehension");
      nesting += IsOpen(Peek().kind) ? 1 : IsClose(Peek().kind) ? -1 : 0;
      Advance();
    }
  }
  if (At(K::kFor)) {
    return Fail(Peek(), absl::StrCat(construct, ": a deps= comprehension has a single `for` "
                                                "clause"));
  }
  const absl::string_view saved_name = comp_name_;
  const ModuleConst* saved_value = comp_value_;
  comp_name_ = Text(var);
  bool ok = true;
  for (const ModuleConst& v : iter.elems) {
    comp_value_ = &v;
    bool keep = true;
    for (const Token& f : filters) {
      ModuleConst c;
      ok = ParseAt({}, DefSite{f.offset, f.line},
                   [&] { return EvalConst(&c, OpPrecedence::kOr, /*ternary=*/false); }) &&
           (c.kind == CK::kBool || c.kind == CK::kInt);
      if (!ok) {
        if (error_.ok()) {
          Fail(f, absl::StrCat(construct, ": a deps= comprehension's filter must be known when "
                                          "the program is read; it cannot read an IR variable"));
        }
        break;
      }
      keep = keep && c.i != 0;
    }
    if (!ok) break;
    if (!keep) continue;
    ok = ParseAt({}, DefSite{elt.offset, elt.line}, [&] {
      Token at = Peek();
      Value e = ParseExpr();
      if (!e) return false;
      if (!At(K::kFor)) return Fail(Peek(), "expected 'for' in the deps= comprehension");
      return add(at, e);
    });
    if (!ok) break;
  }
  comp_name_ = saved_name;
  comp_value_ = saved_value;
  return ok;
}

bool Parser::DesugarElementDeps(const Token& at, const ExprList& entries, ExprList* deps) {
  if (std::none_of(entries.begin(), entries.end(), IsElementRead)) {
    deps->insert(deps->end(), entries.begin(), entries.end());
    return true;
  }
  const Op* create = ops_.Find("array.create");
  const Op* update = ops_.Find("array.update_element");
  if (create == nullptr || update == nullptr) {
    return Fail(at, "deps= naming TASK_ID array elements needs array.create and "
                    "array.update_element, which the op registry lacks");
  }
  const SourceLoc loc = Loc(at);
  const Expr* extent = ctx_.Index(static_cast<int64_t>(entries.size()));
  NamedAttr dtype{"dtype", AttrValue::DType(DataType::kTaskId)};
  absl::StatusOr<const Call*> buf =
      CreateCall(ctx_, *create, ExprSpan(&extent, 1), absl::Span<const NamedAttr>(&dtype, 1), loc);
  if (!buf.ok()) return Fail(at, buf.status().message());
  const Var* var = ctx_.NewVar("_submit_deps_buf", (*buf)->type(), loc);
  NoteStmtAhead();  // the buffer, not the statement, takes its comments
  stmt_stack_.push_back(ctx_.NewAssign(var, *buf, loc));
  for (size_t i = 0; i < entries.size(); ++i) {
    const Expr* args[] = {var, ctx_.Index(static_cast<int64_t>(i)), entries[i]};
    absl::StatusOr<const Call*> put = CreateCall(ctx_, *update, ExprSpan(args, 3), {}, loc);
    if (!put.ok()) return Fail(at, put.status().message());
    var = ctx_.NewVar("_submit_deps_buf", (*put)->type(), loc);
    stmt_stack_.push_back(ctx_.NewAssign(var, *put, loc));
  }
  deps->push_back(var);
  return true;
}

}  // namespace pto::ir::parser_impl
