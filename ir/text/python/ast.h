// A compact Python 3.11 syntax tree for host Python bodies, and its parser.
//
// The tree exists to be unparsed (unparse.h) the way CPython's
// ast.unparse does, so it records what ast.parse would: constants by value
// (numbers already in their repr() text, strings decoded), implicit string
// concatenation joined, `if`/`elif` as nested Ifs, f-strings as JoinedStr.
// Nodes live in one vector and refer to each other by index (0 is "none");
// child lists are runs of indices in Ast::lists, so parsing allocates only
// when the vectors grow.
//
//   py::Ast ast;
//   std::vector<uint32_t> body;
//   py::SyntaxError err;
//   switch (py::ParseStatements(src, range, py::TokMode::kBlock, &ast, &body, &err)) {
//     case py::ParseResult::kOk: ... ast.nodes[body[0]] ...
//     case py::ParseResult::kSyntaxError: return FailAt(err.pos, err.message);
//     case py::ParseResult::kUnsupported: ...  // valid Python this parser leaves alone
//   }

#ifndef PTO_IR_TEXT_PYTHON_AST_H_
#define PTO_IR_TEXT_PYTHON_AST_H_

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "ir/text/python/tokens.h"

namespace pto::ir::text::py {

enum class K : uint8_t {
  // Expressions.
  kName,        // text
  kInt,         // text: repr() of the value
  kFloat,       // text: repr(), infinities as 1e309
  kImag,        // text: repr() of the complex value
  kStr,         // text: the value (UTF-8); flags & kUKind
  kBytes,       // text: the value (bytes)
  kTrue,
  kFalse,
  kNone,
  kEllipsis,
  kJoinedStr,   // l[0]: kStr and kFormatted parts
  kFormatted,   // a: value, op: conversion ('s', 'r', 'a' or 0), b: format spec (kJoinedStr)
  kBinOp,       // op: BinOp, a, b
  kUnary,       // op: UnaryOp, a
  kBoolOp,      // op: 0 and / 1 or, l[0]: values
  kCompare,     // a: left, l[0]: comparators, l[1]: CmpOp codes
  kCall,        // a: func, l[0]: args, l[1]: keywords
  kKeyword,     // text: name ("" for **), a: value
  kAttribute,   // a: value, text: attr
  kSubscript,   // a: value, b: slice
  kSlice,       // a, b, c: lower, upper, step
  kStarred,     // a
  kTuple,       // l[0]; flags & kParenthesized
  kList,        // l[0]
  kSet,         // l[0]
  kDict,        // l[0]: keys (0 for **v), l[1]: values
  kListComp,    // a: elt, l[0]: generators
  kSetComp,
  kGenExp,
  kDictComp,    // a: key, b: value, l[0]: generators
  kComprehension,  // a: target, b: iter, l[0]: ifs, flags & kAsync
  kIfExp,       // a: body, b: test, c: orelse
  kLambda,      // a: arguments, b: body
  kNamedExpr,   // a: target, b: value
  kAwait,       // a
  kYield,       // a (0 if bare)
  kYieldFrom,   // a
  kArguments,   // l[0]: positional args, c: how many are positional-only, l[1]: defaults,
                // a: vararg, b: kwarg, l[2]: keyword-only args, l[3]: their defaults (0: none)
  kArg,         // text, a: annotation
  // Statements.
  kExprStmt,    // a
  kAssign,      // l[0]: targets, a: value
  kAugAssign,   // a: target, op: BinOp, b: value
  kAnnAssign,   // a: target, b: annotation, c: value; flags & kSimple
  kReturn,      // a
  kAssert,      // a, b
  kImport,      // l[0]: aliases
  kImportFrom,  // text: module, c: level, l[0]: aliases
  kAlias,       // text: name, a: kName of the `as` name
  kPass,
  kBreak,
  kContinue,
  kRaise,       // a: exc, b: cause
  kDelete,      // l[0]
  kGlobal,      // l[0]: kName
  kNonlocal,    // l[0]: kName
  kIf,          // a: test, l[0]: body, l[1]: orelse
  kFor,         // a: target, b: iter, l[0]: body, l[1]: orelse; flags & kAsync
  kWhile,       // a: test, l[0]: body, l[1]: orelse
  kWith,        // l[0]: items, l[1]: body; flags & kAsync
  kWithItem,    // a: context, b: target
  kTry,         // l[0]: body, l[1]: handlers, l[2]: orelse, l[3]: finalbody; flags & kStar
  kHandler,     // a: type, text: name, l[0]: body
  kFunctionDef, // text, a: arguments, b: returns, l[0]: decorators, l[1]: body; flags & kAsync
  kClassDef,    // text, l[0]: decorators, l[1]: bases, l[2]: keywords, l[3]: body
  kMatch,       // a: subject, l[0]: cases
  kMatchCase,   // a: pattern, b: guard, l[0]: body
  // Patterns.
  kMatchValue,     // a: the value (a constant, signed number, complex or attribute)
  kMatchSingleton, // a: kNone / kTrue / kFalse
  kMatchSequence,  // l[0]
  kMatchStar,      // text: the name ("_" for none)
  kMatchMapping,   // l[0]: keys, l[1]: patterns, text: the **rest name (if flags & kStar)
  kMatchClass,     // a: class, l[0]: patterns, l[1]: kKeyword (text = attribute, a = pattern)
  kMatchAs,        // a: pattern (0: none), text: name ("_" for the wildcard)
  kMatchOr,        // l[0]
};

enum BinOp : uint8_t { kAdd, kSub, kMult, kMatMult, kDiv, kMod, kLShift, kRShift, kBitOr,
                       kBitXor, kBitAnd, kFloorDiv, kPow };
enum UnaryOp : uint8_t { kInvert, kNot, kUAdd, kUSub };
enum CmpOp : uint8_t { kEq, kNotEq, kLt, kLtE, kGt, kGtE, kIs, kIsNot, kIn, kNotIn };

enum Flags : uint8_t {
  kParenthesized = 1,  // written inside its own parentheses
  kSimple = 2,
  kAsync = 4,
  kStar = 8,
  kUKind = 16,
};

struct Span {
  uint32_t begin = 0;
  uint32_t size = 0;
};

struct Node {
  K kind = K::kPass;
  uint8_t op = 0;
  uint8_t flags = 0;
  uint16_t depth = 1;  // height of the subtree: bounds the unparser's recursion
  uint32_t a = 0, b = 0, c = 0;
  Span l[4];
  absl::string_view text;
  uint32_t offset = 0;  // where it starts in the source
  uint32_t line = 1;
  uint32_t col = 1;
};

struct Ast {
  std::vector<Node> nodes = std::vector<Node>(1);  // index 0: "none"
  std::vector<uint32_t> lists;
  std::deque<std::string> strings;  // decoded literals; stable addresses

  const Node& operator[](uint32_t id) const { return nodes[id]; }
  const uint32_t* begin(const Span& s) const { return lists.data() + s.begin; }
  const uint32_t* end(const Span& s) const { return lists.data() + s.begin + s.size; }
};

enum class ParseResult : uint8_t { kOk, kSyntaxError, kUnsupported };

// The deepest tree the unparser is given (its recursion follows the tree).
inline constexpr int kMaxPythonDepth = 400;

// Parses the statements in `range` (see Tokenize for `mode`) into `ast`,
// their ids in `body`. kSyntaxError: `err` says where and why, as CPython
// would reject it. kUnsupported: valid Python outside this parser's reach
// (`err.message` names it; e.g. a `\N{...}` escape).
ParseResult ParseStatements(absl::string_view src, TokRange range, TokMode mode, Ast* ast,
                            std::vector<uint32_t>* body, SyntaxError* err);

}  // namespace pto::ir::text::py

#endif  // PTO_IR_TEXT_PYTHON_AST_H_
