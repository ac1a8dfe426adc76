// A pl.MemRef declared at module level, the way a user's Python file
// declares an allocation once and names it in annotations:
//
//   ping = pl.MemRef()               # an allocation named after its variable
//   slot = pl.MemRef("l0c_ping")     # ... or under the name it is given
//   buf = pl.MemRef(slots=2)         # two equal slots of one allocation
//   ...
//       t: pl.Tile[[64, 64], pl.FP32, ping, pl.Mem.Vec] = ...
//       u: pl.Tile[[64, 64], pl.FP32, buf[i % 2], pl.Mem.Vec] = ...
//
// By upstream's rule a use means exactly the pinned declaration written in
// the annotation, `pl.MemRef("ping")` / `pl.MemRef("buf", slots=2)[i % 2]`:
// the allocation's name is the one given, else the variable's, and within a
// function every annotation naming it shares one base (parser/memref.cc).
// So the program prints the pinned form and the declaration itself is not
// part of the IR. A declaration keeps one name: reaching an unnamed one
// through a second variable (`b = a`), or two declarations claiming one
// name, is an error, as it would silently make two allocations of one or one
// of two.

#include "ir/text/parser/parser_impl.h"

namespace pto::ir::parser_impl {

namespace {

using CK = ModuleConst::Kind;

}  // namespace

bool Parser::ParseModuleMemRef(const Token& name) {
  Token head = Peek();
  Advance();  // pl
  Advance();  // .
  Advance();  // MemRef
  ModuleConst decl;
  decl.kind = CK::kMemRef;
  decl.i = 1;
  decl.at = DefSite{head.offset, head.line};
  decl.src = src_;
  bool modeled = Accept(K::kLParen);
  int positional = 0;
  while (modeled && error_.ok() && !At(K::kRParen)) {
    if (At(K::kName) && At(K::kAssign, 1)) {
      Token key = Advance();
      Advance();
      Token at = Peek();
      ModuleConst v;
      if (Text(key) != "slots" || !EvalConst(&v) || v.kind != CK::kInt) {
        modeled = false;  // not a declaration the parser models
        break;
      }
      if (v.i < 1) {
        return Fail(at, absl::StrCat("a declared allocation must have at least one slot, got "
                                     "slots=",
                                     v.i));
      }
      decl.i = v.i;
    } else if (positional == 0 && At(K::kString)) {
      Token s = Advance();
      std::string text = text::UnquoteString(Text(s));
      if (text.empty()) return Fail(s, "a pl.MemRef name must not be empty");
      decl.str = ctx_.SaveString(text);
      ++positional;
    } else {
      modeled = false;  // pl.MemRef(base, offset, size): a base of the user's Python
      break;
    }
    if (!Accept(K::kComma)) break;
  }
  if (!error_.ok()) return false;
  modeled = modeled && Accept(K::kRParen);
  if (modeled && At(K::kLBracket)) {
    // `pl.MemRef(slots=N)[k]`: one slot, chosen by a constant.
    Advance();
    Token at = Peek();
    ModuleConst k;
    if (!EvalConst(&k) || k.kind != CK::kInt || !Accept(K::kRBracket)) {
      modeled = false;
    } else if (decl.i < 2) {
      return Fail(at, "a declared allocation with a single slot cannot be subscripted");
    } else if (k.i < 0 || k.i >= decl.i) {
      return Fail(at, absl::StrCat("slot index ", k.i, " is out of range for a declaration with ",
                                   decl.i, " slots"));
    } else {
      decl.slot = k.i;
    }
  }
  if (!modeled || !At(K::kNewline)) {
    decl = ModuleConst{};  // opaque: an error only where the program uses it
    while (!At(K::kNewline) && !At(K::kEof) && !At(K::kError)) Advance();
  }
  if (!IsDefined(Text(name))) {
    decl.def_pos = name.pos();
    module_.consts[Text(name)] = std::move(decl);
    module_.dynamic.erase(Text(name));
  }
  return ExpectNewline();
}

bool Parser::AtModuleMemRef() {
  if (!At(K::kName)) return false;
  const ModuleConst* c = FindConst(Text(Peek()));
  return c != nullptr && c->kind == CK::kMemRef;
}

const MemRef* Parser::ParseModuleMemRefUse() {
  ++lookups_;  // names a base: never cached as a closed annotation
  Token use = Advance();
  const ModuleConst& decl = *FindConst(Text(use));
  std::string name(decl.str.empty() ? Text(use) : decl.str);
  const char* identity = decl.src.data() + decl.at.offset;
  auto seen = module_.decl_memref_names.try_emplace(identity, name).first;
  if (seen->second != name) {
    Fail(use, absl::StrCat("the declared allocation '", seen->second, "' is also named '", name,
                           "': an unnamed pl.MemRef() goes by its variable's name, so use '",
                           seen->second, "' or declare a separate pl.MemRef()"));
    return nullptr;
  }
  auto owner = module_.decl_memref_owners.try_emplace(name, identity).first;
  if (owner->second != identity) {
    Fail(use, absl::StrCat("two pl.MemRef declarations are both named '", name,
                           "': name one of them with pl.MemRef(\"...\")"));
    return nullptr;
  }
  const Var* base = MemRefBase(name, use, /*pinned=*/true);
  if (base == nullptr) return nullptr;
  const Expr* slot_index = decl.slot >= 0 ? IndexConst(decl.slot) : nullptr;
  if (At(K::kLBracket)) {
    Token open = Advance();
    if (decl.i <= 1) {
      Fail(open, absl::StrCat("'", Text(use),
                              "' was declared with a single slot, so it cannot be subscripted "
                              "(declare it with pl.MemRef(slots=N))"));
      return nullptr;
    }
    Token at = Peek();
    slot_index = ParseMemRefIndexExpr("slot index");
    if (slot_index == nullptr || !Expect(K::kRBracket)) return nullptr;
    std::optional<int64_t> c = AsConstInt(slot_index);
    if (c && (*c < 0 || *c >= decl.i)) {
      Fail(at, absl::StrCat("slot index ", *c, " is out of range for '", Text(use),
                            "', declared with ", decl.i, " slots"));
      return nullptr;
    }
  }
  return ctx_.NewMemRef(base, IndexConst(0), 0, Loc(use), /*pinned=*/true,
                        static_cast<uint64_t>(decl.i), slot_index);
}

}  // namespace pto::ir::parser_impl
