#include "sim/pto/format.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "ir/status_macros.h"

namespace pto::sim::pto_text {
namespace {

bool IsAttrValue(const Token& t) {
  switch (t.kind) {
    case Token::kAttr: case Token::kIdent: case Token::kInteger: case Token::kFloat:
    case Token::kString: case Token::kType:
      return true;
    default:
      return false;
  }
}

}  // namespace

absl::StatusOr<std::vector<OpFormat::Element>> OpFormat::CompileList(
    std::vector<absl::string_view>& words, size_t& i, bool in_group) {
  std::vector<Element> list;
  for (; i < words.size(); ++i) {
    absl::string_view w = words[i];
    if (w == "]]" || w == "|") {
      if (!in_group) return absl::InvalidArgumentError(absl::StrCat("'", w, "' outside a group"));
      if (list.empty()) return absl::InvalidArgumentError("an empty optional group");
      return list;
    }
    if (w == "[[") {
      Element group{Element::kOptional, "", {}};
      do {
        ++i;
        PTO_ASSIGN_OR_RETURN(std::vector<Element> alt, CompileList(words, i, true));
        if (alt.front().kind == Element::kOptional || alt.front().kind == Element::kAttrDict) {
          return absl::InvalidArgumentError("an optional group must start with something it reads");
        }
        group.alternatives.push_back(std::move(alt));
      } while (words[i] == "|");
      list.push_back(std::move(group));
    } else if (w == "attr-dict") {
      list.push_back({Element::kAttrDict, "", {}});
    } else if (w == "type(results)") {
      list.push_back({Element::kResultTypes, "", {}});
    } else if (absl::StartsWith(w, "type($") && absl::EndsWith(w, ")")) {
      absl::string_view role = w.substr(6, w.size() - 7);
      if (absl::EndsWith(role, "*")) role.remove_suffix(1);
      list.push_back({Element::kTypes, std::string(role), {}});
    } else if (absl::StartsWith(w, "$") && w.size() > 1) {
      bool many = absl::EndsWith(w, "*");
      absl::string_view role = w.substr(1, w.size() - 1 - (many ? 1 : 0));
      list.push_back({many ? Element::kOperandList : Element::kOperand, std::string(role), {}});
    } else if (absl::StartsWith(w, "@") && w.size() > 1) {
      list.push_back({Element::kAttrToken, std::string(w.substr(1)), {}});
    } else {
      list.push_back({Element::kLiteral, std::string(w), {}});
    }
  }
  if (in_group) return absl::InvalidArgumentError("an optional group is not closed with ']]'");
  return list;
}

absl::StatusOr<OpFormat> OpFormat::Compile(absl::string_view spec) {
  std::vector<absl::string_view> words = absl::StrSplit(spec, ' ', absl::SkipEmpty());
  size_t i = 0;
  OpFormat f;
  f.spec_ = std::string(spec);
  absl::StatusOr<std::vector<Element>> list = CompileList(words, i, false);
  if (!list.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("op format \"", spec, "\": ",
                                                   list.status().message()));
  }
  f.elements_ = *std::move(list);
  return f;
}

bool OpFormat::Starts(const Element& e, const Cursor& c) {
  const Token& t = c.Peek();
  switch (e.kind) {
    case Element::kLiteral: return t.kind != Token::kString && t.text == e.text;
    case Element::kOperand: case Element::kOperandList: return t.kind == Token::kValue;
    case Element::kTypes: case Element::kResultTypes: return c.AtType();
    case Element::kAttrToken: return IsAttrValue(t);
    default: return false;
  }
}

absl::Status ParseAttrDict(Cursor& c, std::vector<Attribute>& attrs) {
  PTO_RETURN_IF_ERROR(c.ExpectPunct("{"));
  if (c.TryPunct("}")) return absl::OkStatus();
  do {
    PTO_ASSIGN_OR_RETURN(Token name, c.Expect(Token::kIdent, "an attribute name"));
    if (!c.TryPunct("=")) {
      attrs.push_back({name.text, ""});
      continue;
    }
    if (!IsAttrValue(c.Peek())) return c.Expected("an attribute value");
    attrs.push_back({name.text, c.Take().text});
  } while (c.TryPunct(","));
  return c.ExpectPunct("}");
}

absl::Status OpFormat::ParseList(const std::vector<Element>& list, Cursor& c,
                                 Operation& op) const {
  for (const Element& e : list) {
    switch (e.kind) {
      case Element::kLiteral:
        if (!Starts(e, c)) return c.Expected(absl::StrCat("'", e.text, "'"));
        c.Take();
        break;
      case Element::kOperand: {
        PTO_ASSIGN_OR_RETURN(Token v, c.Expect(Token::kValue, absl::StrCat("operand $", e.text)));
        op.operands.push_back({e.text, v.text, "", v.pos});
        break;
      }
      case Element::kOperandList:
        while (c.Peek().kind == Token::kValue) {
          const Token& v = c.Take();
          op.operands.push_back({e.text, v.text, "", v.pos});
          if (!(c.AtPunct(",") && c.Peek(1).kind == Token::kValue)) break;
          c.Take();
        }
        break;
      case Element::kTypes: {
        bool first = true;
        for (Operand& o : op.operands) {
          if (o.role != e.text || !o.type.empty()) continue;
          if (!first) PTO_RETURN_IF_ERROR(c.ExpectPunct(","));
          first = false;
          PTO_ASSIGN_OR_RETURN(Token t, c.ExpectType());
          o.type = t.text;
        }
        break;
      }
      case Element::kResultTypes:
        for (size_t i = 0; i < op.results.size(); ++i) {
          if (i > 0) PTO_RETURN_IF_ERROR(c.ExpectPunct(","));
          PTO_ASSIGN_OR_RETURN(Token t, c.ExpectType());
          op.results[i].type = t.text;
        }
        break;
      case Element::kAttrToken:
        if (!IsAttrValue(c.Peek())) return c.Expected(absl::StrCat("attribute ", e.text));
        op.attrs.push_back({e.text, c.Take().text});
        break;
      case Element::kAttrDict:
        if (c.AtPunct("{")) PTO_RETURN_IF_ERROR(ParseAttrDict(c, op.attrs));
        break;
      case Element::kOptional:
        for (const std::vector<Element>& alt : e.alternatives) {
          if (!Starts(alt.front(), c)) continue;
          PTO_RETURN_IF_ERROR(ParseList(alt, c, op));
          break;
        }
        break;
    }
  }
  return absl::OkStatus();
}

absl::Status OpFormat::Parse(Cursor& c, Operation& op) const {
  return ParseList(elements_, c, op);
}

}  // namespace pto::sim::pto_text
