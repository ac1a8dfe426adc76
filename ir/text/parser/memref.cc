// pl.MemRef(...) inside a pl.Tensor / pl.Tile annotation (ir/memref.h):
//
//   pl.MemRef(mem_vec_2, 0, 16384)            # base named by a variable in scope
//   pl.MemRef("mem_ddr_0", 0, 16384)          # base by name (looked up in scope first)
//   pl.MemRef(base, i % 2 * 512, 512, slots=2)[i % 2]   # one slot of a rotating buffer
//   pl.MemRef("ping")                          # pinned: an allocation the author declares
//   pl.MemRef("buf", slots=2)[1]
//
// Bases by upstream's rule: a name bound in scope (a parameter, a
// `x: pl.Ptr = pl.tile.alloc(...)`) is that Var; any other name is a Var
// made once per function and shared by every annotation naming it, so two
// types naming one base are regions of one allocation. An assignment of a
// pl.Ptr to such a name later in the function binds that same Var (a
// signature names, as a string, a base the body allocates). A pinned
// declaration's name is looked up among those names only, never in scope.

#include "ir/text/parser/parser_impl.h"

namespace pto::ir::parser_impl {

namespace {

bool IsPtr(const Type* t) {
  const auto* h = t->As<HandleType>();
  return h != nullptr && h->handle_kind() == HandleKind::kPtr;
}

}  // namespace

const Var* Parser::MemRefBase(absl::string_view name, const Token& at, bool pinned) {
  if (!pinned) {
    const Var* bound = nullptr;
    if (in_signature_) {
      auto it = sig_scope_.find(name);
      if (it != sig_scope_.end()) bound = it->second;
    } else {
      auto it = names_.find(name);
      if (it != names_.end() && !it->second.dead && it->second.var != nullptr) {
        bound = it->second.var->As<Var>();
      }
    }
    if (bound != nullptr) {
      if (!IsPtr(bound->type())) {
        Fail(at, absl::StrCat("the base of a pl.MemRef must be a pl.Ptr, but '", name, "' is a ",
                              PrintType(bound->type())));
        return nullptr;
      }
      return bound;
    }
  }
  auto& bases = memref_bases_ != nullptr ? *memref_bases_ : module_.memref_bases;
  auto it = bases.find(name);
  if (it != bases.end()) return it->second;
  const Var* v = ctx_.NewVar(name, ctx_.GetHandleType(HandleKind::kPtr), Loc(at));
  bases.emplace(v->name(), v);
  return v;
}

const Var* Parser::AdoptMemRefBase(absl::string_view name, const Type* type) {
  if (memref_bases_ == nullptr || !IsPtr(type)) return nullptr;
  auto it = memref_bases_->find(name);
  if (it == memref_bases_->end()) return nullptr;
  const Var* v = it->second;
  // Bound from here on: a later annotation finds it in scope.
  memref_bases_->erase(it);
  return v;
}

bool Parser::ParseMemRefInt(const char* what, int64_t* out) {
  Token at = Peek();
  Value v = ParseExpr();
  if (!v) return false;
  std::optional<int64_t> c = AsConstInt(v.expr);
  if (!c) {
    return Fail(at, absl::StrCat("the ", what, " of a pl.MemRef must be an integer constant"));
  }
  if (*c < 0) return Fail(at, absl::StrCat("the ", what, " of a pl.MemRef must be >= 0"));
  *out = *c;
  return true;
}

const Expr* Parser::ParseMemRefIndexExpr(const char* what) {
  Token at = Peek();
  bool saved = in_type_;
  in_type_ = false;  // names here are variables in scope, never new dynamic dims
  Value v = ParseExpr();
  in_type_ = saved;
  if (!v) return nullptr;
  const auto* st = v.expr->type()->As<ScalarType>();
  if (st == nullptr || !(st->dtype().IsInt() || st->dtype() == DataType::kIndex)) {
    Fail(at, absl::StrCat("the ", what, " of a pl.MemRef must be an integer scalar, got ",
                          PrintType(v.expr->type())));
    return nullptr;
  }
  return v.expr;
}

const MemRef* Parser::ParseMemRef() {
  ++lookups_;  // names a base: never cached as a closed annotation
  Token head = Advance();  // pl
  Advance();               // .
  Advance();               // MemRef
  if (!Expect(K::kLParen)) return nullptr;
  // Positional arguments, then slots=N.
  Token first = Peek();
  int positional = 0;
  const Var* base = nullptr;
  const Expr* offset = nullptr;
  int64_t size = 0;
  int64_t slots = 1;
  bool pinned = false;
  absl::string_view quoted_base;
  while (error_.ok() && !At(K::kRParen)) {
    if (At(K::kName) && At(K::kAssign, 1)) {
      Token key = Advance();
      Advance();
      if (Text(key) != "slots") {
        Fail(key, absl::StrCat("pl.MemRef has no keyword '", Text(key), "' (only slots=)"));
        return nullptr;
      }
      Token lit = Peek();
      if (!Expect(K::kInt) || !ParseInt(lit, &slots)) return nullptr;
      if (slots < 1) {
        Fail(lit, "slots must be a positive integer literal");
        return nullptr;
      }
    } else {
      Token at = Peek();
      if (positional == 0) {
        if (At(K::kString)) {
          Advance();
          std::string name = text::UnquoteString(Text(at));
          if (name.empty()) {
            Fail(at, "a pl.MemRef base name must not be empty");
            return nullptr;
          }
          // Pinned or not is known after the arguments; resolve then. A
          // list node stays put while later arguments add strings.
          string_pool_.push_front(std::move(name));
          quoted_base = string_pool_.front();
        } else if (At(K::kName) && (At(K::kComma, 1) || At(K::kRParen, 1))) {
          Advance();
        } else {
          Fail(at, absl::StrCat("expected the base of a pl.MemRef (a name or a \"string\") but "
                                "found ",
                                Describe(at)));
          return nullptr;
        }
      } else if (positional == 1) {
        offset = ParseMemRefIndexExpr("byte offset");
        if (offset == nullptr) return nullptr;
      } else if (positional == 2) {
        if (!ParseMemRefInt("size", &size)) return nullptr;
      } else {
        Fail(at, "pl.MemRef takes (base, byte_offset, size) or (\"name\")");
        return nullptr;
      }
      ++positional;
    }
    if (!Accept(K::kComma)) break;
  }
  if (!Expect(K::kRParen)) return nullptr;
  if (positional == 1) {
    if (first.kind != K::kString) {
      Fail(first, "a declared allocation pl.MemRef(\"name\") takes its name as a string literal");
      return nullptr;
    }
    pinned = true;
    offset = IndexConst(0);
  } else if (positional != 3) {
    Fail(head, "pl.MemRef takes (base, byte_offset, size) or (\"name\")");
    return nullptr;
  }
  absl::string_view base_name = first.kind == K::kString ? quoted_base : Text(first);
  base = MemRefBase(base_name, first, pinned);
  if (base == nullptr) return nullptr;
  const Expr* slot_index = nullptr;
  if (At(K::kLBracket)) {
    Token open = Advance();
    if (slots <= 1) {
      Fail(open, absl::StrCat("'", base_name,
                              "' holds a single slot, so it cannot be subscripted (declare "
                              "slots=N)"));
      return nullptr;
    }
    Token at = Peek();
    slot_index = ParseMemRefIndexExpr("slot index");
    if (slot_index == nullptr || !Expect(K::kRBracket)) return nullptr;
    std::optional<int64_t> c = AsConstInt(slot_index);
    if (c && (*c < 0 || *c >= slots)) {
      Fail(at, absl::StrCat("slot index ", *c, " is out of range for '", base_name, "', which holds ",
                            slots, " slots"));
      return nullptr;
    }
  }
  return ctx_.NewMemRef(base, offset, static_cast<uint64_t>(size), Loc(head), pinned,
                        static_cast<uint64_t>(slots), slot_index);
}

}  // namespace pto::ir::parser_impl
