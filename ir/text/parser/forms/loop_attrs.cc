// The `attrs={...}` of a for loop, as upstream's pl.range / pl.parallel /
// pl.unroll / pl.pipeline take it: string keys and literal int, float, bool
// or string values, kept on the ForStmt in written order (a key given again
// keeps its first place and takes the later value, as a Python dict does).
//
//   for i in pl.pipeline(0, 512, 128, stage=2, attrs={"pipeline_overlap_stores": False}):
//
// The stage count stays the loop's own field: a "pipeline_stages" key is
// rejected here, as `stage=` spells it.

#include "ir/text/parser/parser_impl.h"

namespace pto::ir::parser_impl {
namespace {

bool OneLine(absl::string_view s) {
  for (char c : s) {
    if (static_cast<unsigned char>(c) < 0x20) return false;
  }
  return true;
}

}  // namespace

bool Parser::ParseLoopAttrs(std::vector<LoopAttr>* out) {
  if (!At(K::kLBrace)) {
    return Fail(Peek(), absl::StrCat("a loop's attrs must be a dict literal such as "
                                     "attrs={\"key\": 1}, found ",
                                     Describe(Peek())));
  }
  Advance();
  while (!At(K::kRBrace)) {
    Token key_tok;
    if (!Expect(K::kString, &key_tok)) return false;
    std::string key = text::UnquoteString(Text(key_tok));
    if (key.empty() || !OneLine(key)) {
      return Fail(key_tok, "a loop attr key must be a non-empty one-line string");
    }
    if (key == "pipeline_stages") {
      return Fail(key_tok, "'pipeline_stages' is not a loop attr: write stage=N on pl.pipeline()");
    }
    if (!Expect(K::kColon)) return false;
    // Upstream takes literal constants only; a leading minus is accepted
    // too, so that a printed negative number reads back.
    Token at = Peek();
    bool literal = at.kind == K::kInt || at.kind == K::kFloat || at.kind == K::kString ||
                   at.kind == K::kTrue || at.kind == K::kFalse ||
                   (at.kind == K::kMinus && (At(K::kInt, 1) || At(K::kFloat, 1)));
    if (!literal) {
      return Fail(at, absl::StrCat("loop attr '", key,
                                   "' must be an int, float, bool or string literal, found ",
                                   Describe(at)));
    }
    LoopAttr attr;
    if (!ParseAttrValue(&attr.value)) return false;
    if (attr.value.kind() == AttrKind::kString) {
      if (!OneLine(attr.value.string_value())) {
        return Fail(at, absl::StrCat("loop attr '", key, "': the string must be one line"));
      }
      attr.value = AttrValue::String(ctx_.SaveString(attr.value.string_value()));
    }
    attr.key = ctx_.SaveString(key);
    bool replaced = false;
    for (LoopAttr& a : *out) {
      if (a.key == attr.key) {
        a.value = attr.value;
        replaced = true;
      }
    }
    if (!replaced) out->push_back(attr);
    if (!Accept(K::kComma)) break;
  }
  return Expect(K::kRBrace);
}


std::optional<bool> Parser::ParseFuncAttrExpr(absl::string_view key, bool prologue,
                                              const Expr** out) {
  const Token at = Peek();
  if (at.kind != K::kName) return false;
  absl::string_view name = Text(at);
  if (!At(K::kDot, 1) && !At(K::kLParen, 1)) {
    if (prologue) {
      // Upstream: in pl.func_attr a bare name is always a parameter, never
      // a module value of that name.
      auto it = names_.find(name);
      if (it == names_.end() || it->second.dead || it->second.var == nullptr) {
        Fail(at, absl::StrCat("function attr '", key, "': '", name,
                              "' is not a parameter of the function (in pl.func_attr a bare "
                              "name is a parameter; write other values as literals)"));
        return std::nullopt;
      }
      Advance();
      *out = it->second.var;
      return true;
    }
    if (FindConst(name) != nullptr) return false;  // a module constant's value
    Fail(at, absl::StrCat("function attr '", key, "': '", name,
                          "' is not defined; a decorator cannot name a parameter (write "
                          "pl.func_attr({\"", key, "\": ", name,
                          "}) as the body's first statement)"));
    return std::nullopt;
  }
  // `pl.system.available_cluster_count()`: an op call, stored as the Call
  // (upstream unwraps the DSL value to its IR expression).
  // (The token stream looks at most 3 tokens ahead: `pl.X(` or `pl.system.`.)
  if (name != "pl" && name != "pld") return false;
  bool call = At(K::kDot, 1) && At(K::kName, 2) &&
              (At(K::kLParen, 3) || (AtName("system", 2) && At(K::kDot, 3)));
  if (!call) return false;
  Value v = ParseExpr();
  if (!v) return std::nullopt;
  if (!v.expr->Is<Call>()) {
    Fail(at, absl::StrCat("function attr '", key, "' must be a constant, an enum member, a "
                          "parameter or an op call"));
    return std::nullopt;
  }
  *out = v.expr;
  return true;
}


bool Parser::EvalConstDict(ModuleConst* out) {
  const Token open = Advance();  // '{'
  while (!At(K::kRBrace)) {
    if (!At(K::kString)) return false;
    Advance();
    if (!Accept(K::kColon)) return false;
    ModuleConst value;
    if (!EvalConst(&value)) return false;
    if (!Accept(K::kComma)) break;
  }
  if (!Accept(K::kRBrace)) return false;
  out->kind = ModuleConst::Kind::kDict;
  out->at = DefSite{open.offset, open.line};
  out->src = src_;
  return true;
}

bool Parser::ParseFuncAttrDictConst(std::vector<FuncAttr>* out) {
  const Token name = Advance();
  const ModuleConst* c = IsValueName(Text(name)) ? nullptr : FindConst(Text(name));
  if (c == nullptr || c->kind != ModuleConst::Kind::kDict) {
    return Fail(name, absl::StrCat(
                          "attrs= takes a dict; '", Text(name), "' ",
                          c == nullptr ? "is not defined (define it in the file or with --define)"
                          : c->kind == ModuleConst::Kind::kOpaque
                              ? "is assigned a value the parser cannot evaluate"
                              : "is not a dict"));
  }
  // Read the dict's text where it was written; the names in it are module
  // constants there, as Python evaluated the decorator's argument.
  return ParseAt(c->src, c->at, [&] { return ParseFuncAttrDict(out); });
}


bool Parser::DynamicShadowsParam(absl::string_view name, const Var* param) const {
  if (!module_.dynamic.contains(name)) return false;
  const auto* st = param->type()->As<ScalarType>();
  return st == nullptr || st->dtype() != DataType::kIndex;
}

// An INDEX scalar parameter named like a pl.dynamic dim is that dim for the
// annotations after it (DynamicShadowsParam); an annotation before it has
// already read the module's dim, a different value, so upstream rejects the
// order rather than give the two annotations different dims.
bool Parser::ScalarParamAfterItsDim(const Token& name, const Type* type) {
  const auto* st = type->As<ScalarType>();
  if (st == nullptr || st->dtype() != DataType::kIndex ||
      !sig_dynamic_reads_.contains(Text(name))) {
    return true;
  }
  return Fail(name, absl::StrCat("parameter '", Text(name), "' comes after an annotation that "
                                 "already uses the dynamic dim '", Text(name),
                                 "': declare the parameter before the annotations naming it"));
}

}  // namespace pto::ir::parser_impl
