// The lexer's token tables that are off the fast path: token names for
// messages, augmented-assignment operators and the keyword predicate.

#include "ir/text/lexer/lexer_tables.h"

namespace pto::ir::text {

namespace lexer_internal {

bool TakesAugmentedAssign(TokenKind kind) {
  switch (kind) {
    case TokenKind::kAt: case TokenKind::kPlus: case TokenKind::kMinus: case TokenKind::kStar:
    case TokenKind::kDoubleStar: case TokenKind::kSlash: case TokenKind::kDoubleSlash:
    case TokenKind::kPercent: case TokenKind::kAmp: case TokenKind::kPipe: case TokenKind::kCaret:
    case TokenKind::kLShift: case TokenKind::kRShift:
      return true;
    default:
      return false;
  }
}

}  // namespace lexer_internal

absl::string_view TokenKindName(TokenKind kind) {
  switch (kind) {
    case TokenKind::kEof:
      return "end of file";
    case TokenKind::kError:
      return "error";
    case TokenKind::kNewline:
      return "end of line";
    case TokenKind::kIndent:
      return "indent";
    case TokenKind::kDedent:
      return "dedent";
    case TokenKind::kName:
      return "name";
    case TokenKind::kInt:
      return "integer";
    case TokenKind::kFloat:
      return "float";
    case TokenKind::kString:
      return "string";
    case TokenKind::kAnd:
      return "'and'";
    case TokenKind::kAs:
      return "'as'";
    case TokenKind::kClass:
      return "'class'";
    case TokenKind::kDef:
      return "'def'";
    case TokenKind::kElif:
      return "'elif'";
    case TokenKind::kElse:
      return "'else'";
    case TokenKind::kFalse:
      return "'False'";
    case TokenKind::kFor:
      return "'for'";
    case TokenKind::kFrom:
      return "'from'";
    case TokenKind::kIf:
      return "'if'";
    case TokenKind::kImport:
      return "'import'";
    case TokenKind::kIn:
      return "'in'";
    case TokenKind::kNone:
      return "'None'";
    case TokenKind::kNot:
      return "'not'";
    case TokenKind::kOr:
      return "'or'";
    case TokenKind::kPass:
      return "'pass'";
    case TokenKind::kReturn:
      return "'return'";
    case TokenKind::kTrue:
      return "'True'";
    case TokenKind::kWhile:
      return "'while'";
    case TokenKind::kOtherKeyword:
      return "keyword";
    case TokenKind::kLParen:
      return "'('";
    case TokenKind::kRParen:
      return "')'";
    case TokenKind::kLBracket:
      return "'['";
    case TokenKind::kRBracket:
      return "']'";
    case TokenKind::kLBrace:
      return "'{'";
    case TokenKind::kRBrace:
      return "'}'";
    case TokenKind::kComma:
      return "','";
    case TokenKind::kColon:
      return "':'";
    case TokenKind::kSemicolon:
      return "';'";
    case TokenKind::kDot:
      return "'.'";
    case TokenKind::kEllipsis:
      return "'...'";
    case TokenKind::kAt:
      return "'@'";
    case TokenKind::kArrow:
      return "'->'";
    case TokenKind::kAssign:
      return "'='";
    case TokenKind::kAugAssign:
      return "augmented assignment";
    case TokenKind::kPlus:
      return "'+'";
    case TokenKind::kMinus:
      return "'-'";
    case TokenKind::kStar:
      return "'*'";
    case TokenKind::kDoubleStar:
      return "'**'";
    case TokenKind::kSlash:
      return "'/'";
    case TokenKind::kDoubleSlash:
      return "'//'";
    case TokenKind::kPercent:
      return "'%'";
    case TokenKind::kLShift:
      return "'<<'";
    case TokenKind::kRShift:
      return "'>>'";
    case TokenKind::kAmp:
      return "'&'";
    case TokenKind::kPipe:
      return "'|'";
    case TokenKind::kCaret:
      return "'^'";
    case TokenKind::kTilde:
      return "'~'";
    case TokenKind::kLess:
      return "'<'";
    case TokenKind::kGreater:
      return "'>'";
    case TokenKind::kLessEq:
      return "'<='";
    case TokenKind::kGreaterEq:
      return "'>='";
    case TokenKind::kEqEq:
      return "'=='";
    case TokenKind::kNotEq:
      return "'!='";
  }
  return "token";
}

bool IsPythonKeyword(absl::string_view name) {
  return !name.empty() && lexer_internal::KeywordKind(name) != TokenKind::kName;
}

}  // namespace pto::ir::text
