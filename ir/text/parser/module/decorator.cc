// Decorators of the text form: `@pl.program(strict_ssa=...)`,
// `@pl.function(type=, level=, role=, attrs=, auto_scope=, strict_ssa=,
// external_source=)` and the `pl.func_attr({...})` body prologue.
//
//   @pl.function(type=pl.FunctionType.AIV, attrs={"split": pl.SplitMode.UP_DOWN})
//   def k(self, ...):
//       pl.func_attr({"dual_aiv_dispatch": True})   # merged into the same attrs
//
// Function attrs print back the way upstream prints them: auto_scope=False
// and external_source= in the decorator, every other attr in one
// pl.func_attr({...}) prologue.

#include "ir/text/parser/parser_impl.h"

namespace pto::ir::parser_impl {
namespace {

bool PrintableString(absl::string_view s) {
  for (char c : s) {
    if (static_cast<unsigned char>(c) < 0x20) return false;
  }
  return true;
}

}  // namespace

// A pl.Level member, or one of the aliases upstream's Level also accepts
// (POD is CLUSTER_0 and so on); the function keeps the primary level, which
// is what prints.
std::optional<Level> LevelFromName(absl::string_view m) {
  static constexpr std::pair<absl::string_view, Level> kAliases[] = {
      {"L2CACHE", Level::kChipDie}, {"PROCESSOR", Level::kChip}, {"UMA", Level::kChip},
      {"NODE", Level::kHost},       {"POD", Level::kCluster0},   {"CLOS1", Level::kCluster1},
      {"CLOS2", Level::kCluster2}};
  if (std::optional<Level> v = EnumFromName<Level>(m)) return v;
  for (const auto& [name, level] : kAliases) {
    if (m == name) return level;
  }
  return std::nullopt;
}

bool IsSplitMode(absl::string_view member) {
  // Upstream's SplitMode: a function attr value and a scope optimization.
  return member == "NONE" || member == "UP_DOWN" || member == "LEFT_RIGHT";
}

bool Parser::ParseBoolLiteral(const Token& key, bool* out) {
  if (!At(K::kTrue) && !At(K::kFalse)) {
    return Fail(Peek(), absl::StrCat(Text(key), " must be True or False"));
  }
  *out = Advance().kind == K::kTrue;
  return true;
}

bool Parser::ParseProgramArgs() {
  Advance();  // '('
  while (!At(K::kRParen)) {
    Token key;
    if (!ExpectName(&key) || !Expect(K::kAssign)) return false;
    if (Text(key) != "strict_ssa") {
      return Fail(key, absl::StrCat("unsupported @pl.program argument '", Text(key), "'"));
    }
    if (!ParseBoolLiteral(key, &strict_ssa_)) return false;
    if (!Accept(K::kComma)) break;
  }
  return Expect(K::kRParen);
}

bool Parser::ParseDecorator(Decorator* out) {
  out->comments_before = Advance().comments_before;  // '@'
  if (!AtDotted("pl", "function")) {
    return Fail(Peek(), absl::StrCat("expected @pl.function but found ", Describe(Peek())));
  }
  Advance();
  Advance();
  Advance();
  if (Accept(K::kLParen)) {
    while (!At(K::kRParen)) {
      Token key;
      if (!ExpectName(&key) || !Expect(K::kAssign)) return false;
      absl::string_view k = Text(key);
      if (k == "auto_scope") {
        if (!ParseBoolLiteral(key, &out->auto_scope)) return false;
      } else if (k == "strict_ssa") {
        // Upstream reads the program's strict_ssa, not a method's.
        bool ignored = false;
        if (!ParseBoolLiteral(key, &ignored)) return false;
      } else if (k == "attrs") {
        bool named = At(K::kName) && !At(K::kDot, 1) && !At(K::kLParen, 1);
        if (!(named ? ParseFuncAttrDictConst(&out->attrs) : ParseFuncAttrDict(&out->attrs))) {
          return false;
        }
      } else if (k == "external_source") {
        Token str = Peek();
        AttrValue v = AttrValue::Bool(false);
        if (!ParseAttrValue(&v)) return false;
        if (v.kind() != AttrKind::kString || v.string_value().empty() ||
            !PrintableString(v.string_value())) {
          return Fail(str, "external_source must be a non-empty one-line string (a file path)");
        }
        out->external_source = ctx_.SaveString(v.string_value());
        out->external_source_tok = str;
      } else if (k == "type" || k == "level" || k == "role") {
        Token cls, member;
        if (!ParseEnumRef(&cls, &member)) return false;
        absl::string_view c = Text(cls);
        absl::string_view m = Text(member);
        if (k == "type") {
          std::optional<FunctionType> v = EnumFromName<FunctionType>(m);
          if (c != "FunctionType" || !v) {
            return Fail(member, absl::StrCat("unknown function type pl.", c, ".", m));
          }
          out->type = *v;
        } else if (k == "level") {
          std::optional<Level> v = LevelFromName(m);
          if (c != "Level" || !v) return Fail(member, absl::StrCat("unknown level pl.", c, ".", m));
          out->level = *v;
        } else {
          std::optional<Role> v = EnumFromName<Role>(m);
          if (c != "Role" || !v) return Fail(member, absl::StrCat("unknown role pl.", c, ".", m));
          out->role = *v;
        }
      } else {
        return Fail(key, absl::StrCat("unsupported @pl.function argument '", k, "'"));
      }
      if (!Accept(K::kComma)) break;
    }
    if (!Expect(K::kRParen)) return false;
  }
  return ExpectNewline();
}

bool Parser::ParseFuncAttrDict(std::vector<FuncAttr>* out, bool prologue) {
  if (!Expect(K::kLBrace)) return false;
  while (!At(K::kRBrace)) {
    Token key_tok;
    if (!Expect(K::kString, &key_tok)) return false;
    std::string key = text::UnquoteString(Text(key_tok));
    if (key.empty() || !PrintableString(key)) {
      return Fail(key_tok, "a function attr key must be a non-empty one-line string");
    }
    if (!Expect(K::kColon)) return false;
    FuncAttr attr;
    if (AtName("pl") && At(K::kDot, 1) && AtName("SplitMode", 2) && At(K::kDot, 3)) {
      Advance();
      Advance();
      Advance();
      Advance();
      Token member;
      if (!ExpectName(&member)) return false;
      if (!IsSplitMode(Text(member))) {
        return Fail(member, absl::StrCat("unknown member '", Text(member), "' of pl.SplitMode"));
      }
      attr.enum_ref = ctx_.SaveString(absl::StrCat("SplitMode.", Text(member)));
    } else if (std::optional<bool> expr = ParseFuncAttrExpr(key, prologue, &attr.expr); !expr) {
      return false;
    } else if (!*expr) {
      Token at = Peek();
      if (!ParseAttrValue(&attr.value)) return false;
      if (attr.value.kind() == AttrKind::kString) {
        if (!PrintableString(attr.value.string_value())) {
          return Fail(at, "a function attr string must be one line");
        }
        attr.value = AttrValue::String(ctx_.SaveString(attr.value.string_value()));
      }
    }
    attr.key = ctx_.SaveString(key);
    // "split": pl.SplitMode.NONE means no split, which upstream stores as no
    // "split" attr at all (in the decorator and in pl.func_attr alike).
    if (key == "split" && attr.enum_ref == "SplitMode.NONE") {
      out->erase(std::remove_if(out->begin(), out->end(),
                                [&](const FuncAttr& a) { return a.key == attr.key; }),
                 out->end());
      if (!Accept(K::kComma)) break;
      continue;
    }
    // A key given again takes the later value, in the first one's place.
    bool replaced = false;
    for (FuncAttr& a : *out) {
      if (a.key == attr.key) {
        a = attr;
        replaced = true;
      }
    }
    if (!replaced) out->push_back(attr);
    if (!Accept(K::kComma)) break;
  }
  return Expect(K::kRBrace);
}

bool Parser::ParseFuncAttrStatement() {
  Token at = Peek();
  Advance();
  Advance();
  Advance();
  if (!Expect(K::kLParen)) return false;
  std::vector<FuncAttr> attrs;
  if (!ParseFuncAttrDict(&attrs, /*prologue=*/true)) return false;
  if (!Expect(K::kRParen)) return false;
  for (const FuncAttr& a : attrs) {
    for (const FuncAttr& b : fn_.attrs) {
      if (a.key == b.key) {
        return Fail(at, absl::StrCat("function attr '", a.key, "' is given twice"));
      }
    }
  }
  fn_.attrs.insert(fn_.attrs.end(), attrs.begin(), attrs.end());
  return ExpectNewline();
}

}  // namespace pto::ir::parser_impl
