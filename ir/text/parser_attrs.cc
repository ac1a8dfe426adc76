// The `attrs={...}` of a for loop, as upstream's pl.range / pl.parallel /
// pl.unroll / pl.pipeline take it: string keys and literal int, float, bool
// or string values, kept on the ForStmt in written order (a key given again
// keeps its first place and takes the later value, as a Python dict does).
//
//   for i in pl.pipeline(0, 512, 128, stage=2, attrs={"pipeline_overlap_stores": False}):
//
// The stage count stays the loop's own field: a "pipeline_stages" key is
// rejected here, as `stage=` spells it.

#include "ir/text/parser_impl.h"

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

}  // namespace pto::ir::parser_impl
