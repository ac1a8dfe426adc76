#include "ir/text/parser.h"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <forward_list>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/inlined_vector.h"
#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "ir/huge_pages.h"
#include "ir/ops/builtin.h"
#include "ir/text/lexer.h"
#include "ir/text/name_uniquer.h"
#include "ir/text/printer.h"
#include "ir/text/scalar_builder.h"
#include "ir/type_substitute.h"

namespace pto::ir {
namespace {

using text::Lexer;
using text::SourcePos;
using text::Token;
using K = text::TokenKind;

// A parsed expression and the height of its tree (capped by max_depth).
struct Value {
  const Expr* expr = nullptr;
  int depth = 0;
  SourcePos pos;  // where the expression starts
  explicit operator bool() const { return expr != nullptr; }
};

// Binary operator precedence, loosest first.
enum Prec : int {
  kPrecOr = 1,
  kPrecXor,
  kPrecAnd,
  kPrecNot,
  kPrecCmp,
  kPrecBitOr,
  kPrecBitXor,
  kPrecBitAnd,
  kPrecShift,
  kPrecAdd,
  kPrecMul,
};

enum class BlockKind : uint8_t { kFunction, kFor, kWhile, kThen, kElse };

absl::string_view BlockName(BlockKind kind) {
  switch (kind) {
    case BlockKind::kFunction:
      return "function body";
    case BlockKind::kFor:
      return "for body";
    case BlockKind::kWhile:
      return "while body";
    case BlockKind::kThen:
      return "if branch";
    case BlockKind::kElse:
      return "else branch";
  }
  return "block";
}

// The current binding of a name in a function. A name bound inside a block
// turns dead when the block closes: it then refers to nothing until it is
// bound again. Rebinding replaces the entry outright: bindings are never
// popped (a dead one stays in place), so a shadowed one is never seen again.
struct Binding {
  const Var* var = nullptr;
  SourcePos def_pos;
  bool dead = false;
  BlockKind dead_in = BlockKind::kFunction;
};

struct YieldTarget {
  absl::string_view name;
  Token tok;
  const Type* annotation = nullptr;
  Token annotation_tok;
};

// The final `pl.yield_` of a block and the names it binds.
struct YieldInfo {
  const YieldStmt* stmt = nullptr;
  Token tok;
  absl::InlinedVector<YieldTarget, 2> targets;
};

// Operand, dim and parameter lists are short: inline, they cost no heap
// allocation (which dominates parsing small programs under a sanitizer).
using ExprList = absl::InlinedVector<const Expr*, 8>;
using VarList = absl::InlinedVector<const Var*, 8>;

struct Block {
  const Stmt* body = nullptr;
  YieldInfo yield;
};

struct Signature {
  Token name_tok;
  VarList params;
  absl::InlinedVector<Token, 8> param_toks;
  absl::InlinedVector<ParamDirection, 8> directions;
  absl::InlinedVector<const Type*, 4> returns;
};

struct FunctionInfo {
  Signature sig;
  bool sig_ready = false;
  bool defined = false;
  SourcePos def_pos;
};

// Where `def NAME` starts a line: lets a call parse its callee's signature
// before the callee's definition is reached.
struct DefSite {
  uint32_t offset;
  uint32_t line;
};

// A lexer with a few tokens of lookahead.
class TokenStream {
 public:
  TokenStream(absl::string_view source, absl::string_view filename) : lexer_(source, filename) {}
  TokenStream(absl::string_view source, absl::string_view filename, uint32_t offset, uint32_t line)
      : lexer_(source, filename, offset, line) {}

  // Called for nearly every token several times: the buffered case is a
  // compare and an index.
  const Token& Peek(int k) {
    unsigned i = static_cast<unsigned>(k);
    if (i < count_) return buf_[(head_ + i) & kMask];
    return Fill(i);
  }
  Token Advance() {
    if (count_ == 0) Fill(0);
    Token t = buf_[head_];
    head_ = (head_ + 1) & kMask;
    --count_;
    last_end_ = t.offset + t.length;
    return t;
  }
  const Lexer& lexer() const { return lexer_; }
  // No token is buffered: the lexer sits right after the last one read.
  bool drained() const { return count_ == 0; }
  // End offset of the last token read.
  uint32_t last_end() const { return last_end_; }
  void SkipTo(uint32_t offset) { lexer_.SkipTo(offset); }

 private:
  const Token& Fill(unsigned k) {
    while (count_ <= k) {
      lexer_.Next(&buf_[(head_ + count_) & kMask]);
      ++count_;
    }
    return buf_[(head_ + k) & kMask];
  }

  static constexpr unsigned kSize = 4;  // a power of two
  static constexpr unsigned kMask = kSize - 1;
  Lexer lexer_;
  Token buf_[kSize];
  unsigned head_ = 0;
  unsigned count_ = 0;
  uint32_t last_end_ = 0;
};

BinaryOp CompareOp(K kind) {
  switch (kind) {
    case K::kLess:
      return BinaryOp::kLt;
    case K::kGreater:
      return BinaryOp::kGt;
    case K::kLessEq:
      return BinaryOp::kLe;
    case K::kGreaterEq:
      return BinaryOp::kGe;
    case K::kEqEq:
      return BinaryOp::kEq;
    default:
      return BinaryOp::kNe;
  }
}

TileLayout ShapeBLayout(absl::Span<const Expr* const> shape) {
  if (shape.size() == 2) {
    std::optional<int64_t> rows = AsConstInt(shape[0]);
    std::optional<int64_t> cols = AsConstInt(shape[1]);
    if (rows && cols && *cols == 1 && *rows > 1) return TileLayout::kColMajor;
  }
  return TileLayout::kRowMajor;
}

class Parser {
 public:
  Parser(Context& ctx, absl::string_view text, absl::string_view filename,
         const ParseOptions& options)
      : ctx_(ctx),
        src_(text),
        filename_(filename),
        ops_(options.ops != nullptr ? *options.ops : BuiltinOps()),
        max_depth_(options.max_depth),
        main_(text, filename),
        ts_(&main_) {}

  absl::StatusOr<Program> Run();

 private:
  friend class DepthGuard;

  // --- Tokens ----------------------------------------------------------------
  const Token& Peek(int k = 0) { return ts_->Peek(k); }
  Token Advance() { return ts_->Advance(); }
  bool At(K kind, int k = 0) { return Peek(k).kind == kind; }
  bool AtName(absl::string_view name, int k = 0) {
    const Token& t = Peek(k);
    return t.kind == K::kName && Text(t) == name;
  }
  bool Accept(K kind) {
    if (!At(kind)) return false;
    Advance();
    return true;
  }
  // Tokens lie inside the source: no bounds check.
  absl::string_view Text(const Token& t) const {
    return absl::string_view(src_.data() + t.offset, t.length);
  }
  std::string Describe(const Token& t) const;
  bool Expect(K kind, Token* out = nullptr);
  bool ExpectName(Token* out);
  bool ExpectNewline();
  // `pl.<name>` (or `pld.<name>`) at the cursor.
  bool AtDotted(absl::string_view head, absl::string_view name, int k = 0) {
    return AtName(head, k) && At(K::kDot, k + 1) && AtName(name, k + 2);
  }

  // --- Errors ----------------------------------------------------------------
  bool Fail(const Token& at, absl::string_view message);
  bool FailAt(SourcePos pos, absl::string_view message);
  Value FailValue(const Token& at, absl::string_view message) {
    Fail(at, message);
    return Value{};
  }
  SourceLoc LocOf(SourcePos p) const {
    return SourceLoc{p.line, static_cast<uint16_t>(std::min<uint32_t>(p.col, 0xFFFF)), file_};
  }
  SourceLoc Loc(const Token& t) const { return LocOf(t.pos()); }
  std::string PosText(SourcePos p) const { return absl::StrCat(p.line, ":", p.col); }

  // --- Module level ------------------------------------------------------------
  void Prescan();
  bool ParseImport();
  bool ParseDynamicDecl();
  bool ParseProgramClass();
  bool ParseFunction();
  bool ParseDecorator(FunctionType* type, std::optional<Level>* level, std::optional<Role>* role);
  bool ParseSignature(Signature* sig);
  FunctionInfo* EnsureSignature(const Token& name_tok);

  // --- Scopes ------------------------------------------------------------------
  void Bind(absl::string_view name, const Var* var, const Token& at);
  void EnterBlock() { block_marks_.push_back(scope_log_.size()); }
  void ExitBlock(BlockKind kind);
  Value LookupName(const Token& t);

  // --- Statements --------------------------------------------------------------
  bool ParseBlock(BlockKind kind, Block* out, Value* while_cond = nullptr);
  bool ParseStatement(BlockKind kind, YieldInfo* yield);
  absl::InlinedVector<absl::string_view, 2> TakeComments(const Token& t);
  bool AtYieldCall() { return AtDotted("pl", "yield_"); }
  bool ParseYield(BlockKind kind, YieldInfo* yield, Comments comments);
  bool ParseAssign(BlockKind kind, YieldInfo* yield, Comments comments);
  bool ParseMultiAssign(BlockKind kind, YieldInfo* yield, Comments comments);
  bool ParseExprStatement(Comments comments);
  bool ParseReturn(Comments comments);
  bool ParseFor(Comments comments);
  bool ParseWhile(Comments comments);
  bool ParseIf(Comments comments);
  bool CheckAnnotation(const Token& at, const Type* annotation, const Type* deduced);
  // Return vars for the targets of a block's final yield.
  bool MakeReturnVars(const YieldInfo& yield, VarList* vars);
  void BindAll(const YieldInfo& yield, const VarList& vars);

  // --- Expressions -------------------------------------------------------------
  Value ParseExpr() { return ParseBinary(kPrecOr); }
  // Precedence climbing over the binary operators and `not`.
  Value ParseBinary(int min_prec);
  bool BinaryAt(BinaryOp* op, int* prec);
  Value ParseUnary();
  Value ParsePower();
  Value ParsePrimary();
  Value ParseAtom();
  Value ParseSequence(K close, const Token& open, const Value* first);
  Value ParseNameExpr();
  Value ParseDotted();
  Value ParseBuiltin(const Token& name_tok);
  Value ParsePlSpecial(const Token& head, const Token& name_tok, bool* handled);
  Value ParseOpCall(const Op& op, const Token& at);
  Value ParseFunctionCall(const Token& name_tok);
  Value ParseConst(const Token& at);
  Value ParseCast(const Token& at);
  Value Binary(BinaryOp op, const Value& l, const Value& r, const Token& at);
  Value Unary(UnaryOp op, const Value& v, const Token& at);
  bool ParseInt(const Token& t, int64_t* out);
  const ConstInt* IndexConst(int64_t v) {
    if (v >= 0 && v < kSmallInts) {
      const ConstInt*& c = small_ints_[v];
      if (c == nullptr) c = ctx_.Index(v);
      return c;
    }
    return ctx_.Index(v);
  }
  bool ParseFloat(const Token& t, double* out);
  // `float('inf')` and the like: how the printer spells a non-finite float.
  bool AtFloatCall() { return AtName("float") && At(K::kLParen, 1); }
  bool ParseFloatCall(double* out);
  // A kwarg value: literal, string, dtype or enum member.
  bool ParseAttrValue(AttrValue* out);
  bool ParseExprList(K close, ExprList* out, int* depth);

  // --- Types -------------------------------------------------------------------
  const Type* ParseType();
  // ParseType for an assignment annotation, reusing the type of an earlier
  // identical annotation text (most lines of a kernel repeat a few types).
  const Type* ParseAnnotation(Token* at);
  bool ParseDType(DataType* out);
  bool ParseShape(ExprList* dims);
  const Expr* ParseDim();
  const Type* ParseTensorType(bool distributed, const Token& at);
  const Type* ParseTileType(const Token& at);
  // `pl.<cls>.<member>`; returns the class and member tokens.
  bool ParseEnumRef(Token* cls, Token* member);
  template <typename E>
  bool ParseEnumOf(std::initializer_list<absl::string_view> classes, E* out);

  Context& ctx_;
  absl::string_view src_;
  absl::string_view filename_;
  const OpRegistry& ops_;
  int max_depth_;
  uint16_t file_ = 0;
  absl::Status error_;
  int depth_ = 0;

  TokenStream main_;
  TokenStream* ts_;
  uint32_t comment_cursor_ = 0;

  absl::flat_hash_map<absl::string_view, DefSite> def_sites_;
  absl::flat_hash_map<absl::string_view, size_t> function_index_;
  std::deque<FunctionInfo> function_infos_;
  std::vector<const Function*> functions_;
  absl::string_view program_name_;
  bool saw_program_ = false;

  absl::flat_hash_map<absl::string_view, const Var*> dynamic_;
  // Function scope: one entry per name a function binds, so large for a big
  // function; huge pages keep its first touches cheap.
  absl::flat_hash_map<absl::string_view, Binding, absl::Hash<absl::string_view>,
                      std::equal_to<absl::string_view>,
                      HugePageAllocator<std::pair<const absl::string_view, Binding>>>
      names_;
  // Names bound inside the open blocks, innermost last.
  std::vector<absl::string_view> scope_log_;
  std::vector<size_t> block_marks_;
  // Signature scope: the params parsed so far.
  bool in_signature_ = false;
  absl::flat_hash_map<absl::string_view, const Var*> sig_scope_;
  // Unbound names in type dims become dynamic dims.
  bool in_type_ = false;

  static constexpr int kSmallInts = 1024;
  const ConstInt* small_ints_[kSmallInts] = {};
  // Lines of `def`s, ascending, and the line count: size the name table of
  // each function from its line span.
  std::vector<uint32_t> def_lines_;
  uint32_t line_count_ = 0;

  // Recent annotation texts that name no variable, and their types.
  struct CachedAnnotation {
    absl::string_view text;
    const Type* type = nullptr;
  };
  static constexpr int kAnnotationCache = 4;
  CachedAnnotation annotation_cache_[kAnnotationCache];
  int annotation_cache_next_ = 0;
  // Counts name lookups, so that an annotation naming none is cacheable.
  uint32_t lookups_ = 0;

  std::vector<const Stmt*> stmt_stack_;
  // Unescaped string literals of the statement being parsed. A list: views
  // into it stay valid, and an empty one (the usual case) allocates nothing.
  std::forward_list<std::string> string_pool_;
};

// Counts one level of syntactic nesting for as long as it lives.
class DepthGuard {
 public:
  explicit DepthGuard(Parser* p) : p_(p) { ++p_->depth_; }
  ~DepthGuard() { --p_->depth_; }
  DepthGuard(const DepthGuard&) = delete;
  DepthGuard& operator=(const DepthGuard&) = delete;
  bool Check(const Token& at) {
    if (p_->depth_ <= p_->max_depth_) return true;
    return p_->Fail(at,
                    absl::StrCat("nesting is too deep (the limit is ", p_->max_depth_, " levels)"));
  }

 private:
  Parser* p_;
};

// --- Tokens and errors -----------------------------------------------------------

std::string Parser::Describe(const Token& t) const {
  switch (t.kind) {
    case K::kName:
    case K::kInt:
    case K::kFloat:
    case K::kString:
    case K::kOtherKeyword:
      return absl::StrCat("'", Text(t), "'");
    case K::kIndent:
      return "an indented line";
    case K::kDedent:
      return "the end of the block";
    default:
      return std::string(text::TokenKindName(t.kind));
  }
}

bool Parser::Fail(const Token& at, absl::string_view message) {
  if (!error_.ok()) return false;
  if (at.kind == K::kError) {
    error_ = ts_->lexer().status();
  } else {
    error_ = text::SourceError(filename_, src_, at.pos(), message);
  }
  return false;
}

bool Parser::FailAt(SourcePos pos, absl::string_view message) {
  if (!error_.ok()) return false;
  error_ = text::SourceError(filename_, src_, pos, message);
  return false;
}

bool Parser::Expect(K kind, Token* out) {
  if (!At(kind)) {
    return Fail(Peek(), absl::StrCat("expected ", text::TokenKindName(kind), " but found ",
                                     Describe(Peek())));
  }
  Token t = Advance();
  if (out != nullptr) *out = t;
  return true;
}

bool Parser::ExpectName(Token* out) {
  if (!At(K::kName)) {
    return Fail(Peek(), absl::StrCat("expected a name but found ", Describe(Peek())));
  }
  *out = Advance();
  return true;
}

bool Parser::ExpectNewline() {
  if (At(K::kNewline)) {
    Advance();
    return true;
  }
  if (At(K::kSemicolon)) {
    return Fail(Peek(), "';' is not supported: put each statement on its own line");
  }
  return Fail(Peek(), absl::StrCat("expected the end of the line but found ", Describe(Peek())));
}

bool Parser::ParseInt(const Token& t, int64_t* out) {
  if (!absl::SimpleAtoi(Text(t), out)) return Fail(t, "integer literal is out of range");
  return true;
}

bool Parser::ParseFloat(const Token& t, double* out) {
  if (!absl::SimpleAtod(Text(t), out)) return Fail(t, "invalid float literal");
  return true;
}

bool Parser::ParseFloatCall(double* out) {
  Advance();  // float
  Advance();  // '('
  const Token str = Peek();
  if (!At(K::kString)) {
    return Fail(str, absl::StrCat("float() takes a string such as 'inf' or 'nan', found ",
                                  Describe(str)));
  }
  Advance();
  std::string body = text::UnquoteString(Text(str));
  if (!absl::SimpleAtod(body, out)) {
    return Fail(str, absl::StrCat("float() cannot convert '", body, "' to a float"));
  }
  return Expect(K::kRParen);
}

// --- Module level ----------------------------------------------------------------

void Parser::Prescan() {
  size_t pos = 0;
  uint32_t line = 1;
  while (pos < src_.size()) {
    size_t eol = src_.find('\n', pos);
    if (eol == absl::string_view::npos) eol = src_.size();
    size_t p = pos;
    const char* data = src_.data();
    while (p < eol && (data[p] == ' ' || data[p] == '\t')) ++p;
    if (eol - p > 4 && src_.substr(p, 3) == "def" && (src_[p + 3] == ' ' || src_[p + 3] == '\t')) {
      size_t q = p + 3;
      while (q < eol && (src_[q] == ' ' || src_[q] == '\t')) ++q;
      size_t start = q;
      while (q < eol &&
             (absl::ascii_isalnum(static_cast<unsigned char>(src_[q])) || src_[q] == '_')) {
        ++q;
      }
      if (q > start) {
        def_sites_.try_emplace(src_.substr(start, q - start),
                               DefSite{static_cast<uint32_t>(pos), line});
        def_lines_.push_back(line);
      }
    }
    pos = eol + 1;
    ++line;
  }
  line_count_ = line;
}

absl::StatusOr<Program> Parser::Run() {
  if (src_.size() >= std::numeric_limits<uint32_t>::max()) {
    return absl::InvalidArgumentError(absl::StrCat(filename_, ": input is too large"));
  }
  file_ = ctx_.AddFile(filename_);
  Prescan();
  while (error_.ok() && !At(K::kEof)) {
    const Token& t = Peek();
    if (t.kind == K::kImport || t.kind == K::kFrom) {
      ParseImport();
    } else if (t.kind == K::kName && At(K::kAssign, 1)) {
      ParseDynamicDecl();
    } else if (t.kind == K::kAt) {
      ParseProgramClass();
    } else if (t.kind == K::kIndent) {
      Fail(t, "unexpected indentation");
    } else {
      Fail(t, absl::StrCat("expected an import, a pl.dynamic declaration or a @pl.program "
                           "class but found ",
                           Describe(t)));
    }
  }
  if (error_.ok() && !saw_program_) Fail(Peek(), "no @pl.program class found");
  if (!error_.ok()) return error_;
  return ctx_.NewProgram(program_name_, functions_);
}

bool Parser::ParseImport() {
  // import a.b.c [as x] | from a.b import c [as x], ...
  Token t;
  bool from = At(K::kFrom);
  Advance();
  if (!ExpectName(&t)) return false;
  while (Accept(K::kDot)) {
    if (!ExpectName(&t)) return false;
  }
  if (from) {
    if (!Expect(K::kImport)) return false;
    do {
      if (!ExpectName(&t)) return false;
      if (Accept(K::kAs) && !ExpectName(&t)) return false;
    } while (Accept(K::kComma));
  } else if (Accept(K::kAs) && !ExpectName(&t)) {
    return false;
  }
  return ExpectNewline();
}

bool Parser::ParseDynamicDecl() {
  Token name = Advance();
  Advance();  // '='
  Token at = Peek();
  if (!AtDotted("pl", "dynamic")) {
    return Fail(at, "only `NAME = pl.dynamic(\"NAME\")` assignments are allowed at module level");
  }
  Advance();
  Advance();
  Advance();
  Token str;
  if (!Expect(K::kLParen) || !Expect(K::kString, &str) || !Expect(K::kRParen)) return false;
  std::string hint = text::UnquoteString(Text(str));
  if (!text::IsPrintableName(hint)) {
    return Fail(str, absl::StrCat("pl.dynamic takes an identifier such as \"N\", not '", hint,
                                  "'"));
  }
  const Var* v = ctx_.NewVar(hint, ctx_.GetScalarType(DataType::kIndex), Loc(name));
  dynamic_[Text(name)] = v;
  return ExpectNewline();
}

bool Parser::ParseProgramClass() {
  Token at = Advance();  // '@'
  if (!AtDotted("pl", "program")) {
    return Fail(Peek(), "expected @pl.program before the program class");
  }
  if (saw_program_) return Fail(at, "only one @pl.program class is allowed per file");
  saw_program_ = true;
  Advance();
  Advance();
  Advance();
  if (!ExpectNewline() || !Expect(K::kClass)) return false;
  Token name;
  if (!ExpectName(&name)) return false;
  program_name_ = Text(name);
  if (Accept(K::kLParen) && !Expect(K::kRParen)) return false;
  if (!Expect(K::kColon) || !ExpectNewline()) return false;
  if (!At(K::kIndent)) return Fail(Peek(), "expected an indented class body");
  Advance();
  while (error_.ok() && !At(K::kDedent)) {
    if (At(K::kPass)) {
      Advance();
      if (!ExpectNewline()) return false;
      continue;
    }
    if (!At(K::kAt) && !At(K::kDef)) {
      return Fail(Peek(), absl::StrCat("expected a function definition in the program class "
                                       "but found ",
                                       Describe(Peek())));
    }
    if (!ParseFunction()) return false;
  }
  return Expect(K::kDedent);
}

bool Parser::ParseDecorator(FunctionType* type, std::optional<Level>* level,
                            std::optional<Role>* role) {
  Advance();  // '@'
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
      Token cls, member;
      if (k != "type" && k != "level" && k != "role") {
        return Fail(key, absl::StrCat("unsupported @pl.function argument '", k, "'"));
      }
      if (!ParseEnumRef(&cls, &member)) return false;
      absl::string_view c = Text(cls);
      absl::string_view m = Text(member);
      if (k == "type") {
        std::optional<FunctionType> v = EnumFromName<FunctionType>(m);
        if (c != "FunctionType" || !v) {
          return Fail(member, absl::StrCat("unknown function type pl.", c, ".", m));
        }
        *type = *v;
      } else if (k == "level") {
        std::optional<Level> v = EnumFromName<Level>(m);
        if (c != "Level" || !v) return Fail(member, absl::StrCat("unknown level pl.", c, ".", m));
        *level = *v;
      } else {
        std::optional<Role> v = EnumFromName<Role>(m);
        if (c != "Role" || !v) return Fail(member, absl::StrCat("unknown role pl.", c, ".", m));
        *role = *v;
      }
      if (!Accept(K::kComma)) break;
    }
    if (!Expect(K::kRParen)) return false;
  }
  return ExpectNewline();
}

bool Parser::ParseSignature(Signature* sig) {
  if (!Expect(K::kDef) || !ExpectName(&sig->name_tok) || !Expect(K::kLParen)) return false;
  bool saved_in_signature = in_signature_;
  in_signature_ = true;
  sig_scope_.clear();
  bool first = true;
  while (error_.ok() && !At(K::kRParen)) {
    if (first && AtName("self") && (At(K::kComma, 1) || At(K::kRParen, 1))) {
      Advance();
      first = false;
      if (!Accept(K::kComma)) break;
      continue;
    }
    first = false;
    Token name;
    if (!ExpectName(&name)) break;
    if (!Expect(K::kColon)) break;
    ParamDirection dir = ParamDirection::kIn;
    if (AtName("pl") && At(K::kDot, 1) && (AtName("Out", 2) || AtName("InOut", 2))) {
      dir = AtName("Out", 2) ? ParamDirection::kOut : ParamDirection::kInOut;
      Advance();
      Advance();
      Advance();
      if (!Expect(K::kLBracket)) break;
    }
    const Type* type = ParseType();
    if (type == nullptr) break;
    if (dir != ParamDirection::kIn && !Expect(K::kRBracket)) break;
    if (sig_scope_.contains(Text(name))) {
      Fail(name, absl::StrCat("duplicate parameter '", Text(name), "'"));
      break;
    }
    const Var* v = ctx_.NewVar(Text(name), type, Loc(name));
    sig_scope_.emplace(Text(name), v);
    sig->params.push_back(v);
    sig->param_toks.push_back(name);
    sig->directions.push_back(dir);
    if (!Accept(K::kComma)) break;
  }
  if (error_.ok() && Expect(K::kRParen) && Accept(K::kArrow)) {
    if (At(K::kNone)) {
      Advance();
    } else if (AtName("tuple") && At(K::kLBracket, 1)) {
      Advance();
      Advance();
      while (error_.ok() && !At(K::kRBracket)) {
        const Type* t = ParseType();
        if (t == nullptr) break;
        sig->returns.push_back(t);
        if (!Accept(K::kComma)) break;
      }
      if (error_.ok()) Expect(K::kRBracket);
    } else if (const Type* t = ParseType()) {
      sig->returns.push_back(t);
    }
  }
  if (error_.ok()) Expect(K::kColon);
  in_signature_ = saved_in_signature;
  return error_.ok();
}

FunctionInfo* Parser::EnsureSignature(const Token& name_tok) {
  absl::string_view name = Text(name_tok);
  auto it = function_index_.find(name);
  if (it != function_index_.end() && function_infos_[it->second].sig_ready) {
    return &function_infos_[it->second];
  }
  auto site = def_sites_.find(name);
  if (site == def_sites_.end()) {
    Fail(name_tok, absl::StrCat("unknown function '", name, "'"));
    return nullptr;
  }
  // The callee is defined further down: read its signature now.
  TokenStream sub(src_, filename_, site->second.offset, site->second.line);
  TokenStream* saved = ts_;
  auto saved_scope = std::move(sig_scope_);
  sig_scope_ = {};
  ts_ = &sub;
  Signature sig;
  bool ok = ParseSignature(&sig);
  ts_ = saved;
  sig_scope_ = std::move(saved_scope);
  if (!ok) return nullptr;
  if (Text(sig.name_tok) != name) {
    Fail(name_tok, absl::StrCat("unknown function '", name, "'"));
    return nullptr;
  }
  if (it == function_index_.end()) {
    it = function_index_.emplace(name, function_infos_.size()).first;
    function_infos_.emplace_back();
  }
  FunctionInfo& info = function_infos_[it->second];
  info.sig = std::move(sig);
  info.sig_ready = true;
  return &info;
}

bool Parser::ParseFunction() {
  // Comments above a function belong to no statement: drop them.
  comment_cursor_ = std::max(comment_cursor_, Peek().comments_before);
  FunctionType type = FunctionType::kOpaque;
  std::optional<Level> level;
  std::optional<Role> role;
  if (At(K::kAt) && !ParseDecorator(&type, &level, &role)) return false;
  comment_cursor_ = std::max(comment_cursor_, Peek().comments_before);
  if (!At(K::kDef)) {
    return Fail(Peek(),
                absl::StrCat("expected 'def' after the decorator but found ", Describe(Peek())));
  }
  Token def_tok = Peek();
  Signature parsed;
  if (!ParseSignature(&parsed)) return false;
  absl::string_view name = Text(parsed.name_tok);

  auto it = function_index_.find(name);
  if (it == function_index_.end()) {
    it = function_index_.emplace(name, function_infos_.size()).first;
    function_infos_.emplace_back();
  }
  FunctionInfo& info = function_infos_[it->second];
  if (info.defined) {
    return Fail(parsed.name_tok, absl::StrCat("function '", name, "' is already defined at ",
                                              PosText(info.def_pos)));
  }
  // A call seen earlier already built this signature; its types must stay.
  if (!info.sig_ready) {
    info.sig = std::move(parsed);
    info.sig_ready = true;
  }
  info.defined = true;
  info.def_pos = def_tok.pos();

  if (std::optional<LevelRole> derived = DerivedLevelRole(type)) {
    if (level && *level != derived->level) {
      return Fail(def_tok, absl::StrCat(EnumName(type), " functions have level ",
                                        EnumName(derived->level), ", not ", EnumName(*level)));
    }
    if (role && *role != derived->role) {
      return Fail(def_tok, absl::StrCat(EnumName(type), " functions have role ",
                                        EnumName(derived->role), ", not ", EnumName(*role)));
    }
  }

  // Fresh function scope holding the params, sized for the function's lines
  // (at most one binding per line, as a rule).
  names_.clear();
  auto next_def = std::upper_bound(def_lines_.begin(), def_lines_.end(), def_tok.line);
  uint32_t end_line = next_def == def_lines_.end() ? line_count_ : *next_def;
  if (end_line > def_tok.line) names_.reserve(end_line - def_tok.line + info.sig.params.size());
  scope_log_.clear();
  block_marks_.clear();
  const Signature& sig = info.sig;
  for (size_t i = 0; i < sig.params.size(); ++i)
    Bind(sig.params[i]->name(), sig.params[i], sig.param_toks[i]);

  Block body;
  if (!ParseBlock(BlockKind::kFunction, &body)) return false;
  const Function* f = ctx_.NewFunction(name, sig.params, sig.directions, sig.returns, body.body,
                                       type, level, role, Loc(def_tok));
  functions_.push_back(f);
  return true;
}

// --- Scopes ------------------------------------------------------------------------

void Parser::Bind(absl::string_view name, const Var* var, const Token& at) {
  Binding& b = names_[name];
  b.var = var;
  b.def_pos = at.pos();
  b.dead = false;
  // Function-level bindings never die: only block bindings are logged.
  if (!block_marks_.empty()) scope_log_.push_back(name);
}

void Parser::ExitBlock(BlockKind kind) {
  size_t mark = block_marks_.back();
  block_marks_.pop_back();
  for (size_t i = mark; i < scope_log_.size(); ++i) {
    Binding& b = names_.find(scope_log_[i])->second;
    if (!b.dead) {
      b.dead = true;
      b.dead_in = kind;
    }
  }
  scope_log_.resize(mark);
}

Value Parser::LookupName(const Token& t) {
  ++lookups_;
  absl::string_view name = Text(t);
  Value v;
  v.depth = 1;
  v.pos = t.pos();
  if (in_signature_) {
    auto it = sig_scope_.find(name);
    if (it != sig_scope_.end()) {
      v.expr = it->second;
      return v;
    }
  } else {
    auto it = names_.find(name);
    if (it != names_.end()) {
      const Binding* b = &it->second;
      if (b->dead) {
        return FailValue(t,
                         absl::StrCat("'", name, "' is not visible here: it is defined inside a ",
                                      BlockName(b->dead_in), " (at ", PosText(b->def_pos),
                                      "); values leave a loop or if only through pl.yield_"));
      }
      v.expr = b->var;
      return v;
    }
  }
  auto dyn = dynamic_.find(name);
  if (dyn != dynamic_.end()) {
    v.expr = dyn->second;
    return v;
  }
  if (in_type_) {
    // Like upstream's text parser: an unbound name in a type is a dynamic dim.
    const Var* d = ctx_.NewVar(name, ctx_.GetScalarType(DataType::kIndex), Loc(t));
    dynamic_.emplace(name, d);
    v.expr = d;
    return v;
  }
  return FailValue(t, absl::StrCat("undefined name '", name, "'"));
}

// --- Statements --------------------------------------------------------------------

absl::InlinedVector<absl::string_view, 2> Parser::TakeComments(const Token& t) {
  absl::InlinedVector<absl::string_view, 2> out;
  absl::Span<const text::Comment> all = main_.lexer().comments();
  for (uint32_t i = comment_cursor_; i < t.comments_before && i < all.size(); ++i) {
    out.push_back(ctx_.SaveString(all[i].text));
  }
  comment_cursor_ = std::max(comment_cursor_, t.comments_before);
  return out;
}

bool Parser::ParseBlock(BlockKind kind, Block* out, Value* while_cond) {
  DepthGuard guard(this);
  if (!guard.Check(Peek())) return false;
  if (!At(K::kNewline)) {
    return Fail(Peek(),
                absl::StrCat("expected the end of the line after ':' but found ", Describe(Peek()),
                             " (a block goes on the following, indented lines)"));
  }
  Advance();
  if (!At(K::kIndent)) {
    return Fail(Peek(), absl::StrCat("expected an indented block but found ", Describe(Peek())));
  }
  Advance();
  size_t base = stmt_stack_.size();
  if (while_cond != nullptr) {
    Token at = Peek();
    if (!AtDotted("pl", "cond")) {
      return Fail(at, "the first statement of a pl.while_ body must be pl.cond(<condition>)");
    }
    TakeComments(at);
    Advance();
    Advance();
    Advance();
    if (!Expect(K::kLParen)) return false;
    *while_cond = ParseExpr();
    if (!*while_cond || !Expect(K::kRParen) || !ExpectNewline()) return false;
  }
  while (error_.ok() && !At(K::kDedent)) {
    if (out->yield.stmt != nullptr) {
      return Fail(out->yield.tok, "pl.yield_ must be the last statement of its block");
    }
    string_pool_.clear();
    if (!ParseStatement(kind, &out->yield)) return false;
  }
  if (!Expect(K::kDedent)) return false;
  // Every statement parsed is a single statement (nested blocks are bodies
  // of the loops and ifs that own them): nothing to flatten.
  out->body = ctx_.NewFlatSeq(Stmts(stmt_stack_.data() + base, stmt_stack_.size() - base));
  stmt_stack_.resize(base);
  return true;
}

bool Parser::ParseStatement(BlockKind kind, YieldInfo* yield) {
  // A reference, not a copy: the token was usually lexed just now, and
  // copying it whole stalls on its field-by-field stores. `t` is not used
  // after a token is consumed.
  const Token& t = Peek();
  absl::InlinedVector<absl::string_view, 2> comments = TakeComments(t);
  Comments c(comments);
  switch (t.kind) {
    case K::kFor:
      return ParseFor(c);
    case K::kWhile:
      return ParseWhile(c);
    case K::kIf:
      return ParseIf(c);
    case K::kReturn:
      return ParseReturn(c);
    case K::kPass:
      Advance();
      return ExpectNewline();
    case K::kElse:
      return Fail(t, "'else' without a matching 'if'");
    case K::kElif:
      return Fail(t, "'elif' is not supported: nest an if inside else");
    case K::kDef:
      return Fail(t, "nested function definitions are not supported");
    case K::kClass:
    case K::kAt:
      return Fail(t, "classes and decorators are only allowed at module level");
    case K::kImport:
    case K::kFrom:
      return Fail(t, "imports are only allowed at module level");
    case K::kOtherKeyword:
      return Fail(t, absl::StrCat("'", Text(t), "' is not supported"));
    case K::kIndent:
      return Fail(t, "unexpected indentation");
    case K::kName:
      if (At(K::kColon, 1) || At(K::kAssign, 1)) return ParseAssign(kind, yield, c);
      if (At(K::kComma, 1)) return ParseMultiAssign(kind, yield, c);
      if (At(K::kAugAssign, 1)) {
        return Fail(Peek(1),
                    "augmented assignment is not supported: write `x = x + ...`, "
                    "which binds a new value");
      }
      if (AtYieldCall()) return ParseYield(kind, yield, c);
      return ParseExprStatement(c);
    default:
      return ParseExprStatement(c);
  }
}

bool Parser::ParseYield(BlockKind kind, YieldInfo* yield, Comments comments) {
  Token at = Peek();
  if (kind == BlockKind::kFunction) {
    return Fail(at, "pl.yield_ outside a loop or if body: use return");
  }
  Advance();
  Advance();
  Advance();
  if (!Expect(K::kLParen)) return false;
  ExprList values;
  int depth = 0;
  if (!ParseExprList(K::kRParen, &values, &depth)) return false;
  if (yield->targets.size() > 1 && yield->targets.size() != values.size()) {
    return Fail(
        at, absl::StrCat("pl.yield_ gives ", values.size(), " value", values.size() == 1 ? "" : "s",
                         " but ", yield->targets.size(), " names are assigned"));
  }
  if (yield->targets.size() == 1 && values.size() != 1) {
    return Fail(
        at, absl::StrCat("pl.yield_ gives ", values.size(), " values but one name is assigned"));
  }
  const YieldStmt* y = ctx_.NewYield(ExprSpan(values.data(), values.size()), Loc(at), comments);
  yield->stmt = y;
  yield->tok = at;
  stmt_stack_.push_back(y);
  return ExpectNewline();
}

bool Parser::CheckAnnotation(const Token& at, const Type* annotation, const Type* deduced) {
  if (annotation == nullptr || annotation == deduced) return true;
  return Fail(at, absl::StrCat("type annotation ", PrintType(annotation),
                               " does not match the deduced type ", PrintType(deduced)));
}

bool Parser::ParseAssign(BlockKind kind, YieldInfo* yield, Comments comments) {
  Token name = Advance();
  // The binding comes after the value: fetch its table slot meanwhile.
  names_.prefetch(Text(name));
  const Type* annotation = nullptr;
  Token annotation_tok;
  if (Accept(K::kColon)) {
    annotation = ParseAnnotation(&annotation_tok);
    if (annotation == nullptr) return false;
    if (!At(K::kAssign)) {
      return Fail(Peek(), "a declaration needs a value: write `x: T = value`");
    }
  }
  Advance();  // '='
  if (AtYieldCall()) {
    yield->targets.push_back(YieldTarget{Text(name), name, annotation, annotation_tok});
    return ParseYield(kind, yield, comments);
  }
  Value v = ParseExpr();
  if (!v) return false;
  if (annotation != nullptr && annotation != v.expr->type()) {
    // An op whose result view may be overridden takes the annotated view.
    const auto* call = v.expr->As<Call>();
    if (call != nullptr && call->op() != nullptr && call->op()->result_view_overridable() &&
        SameTileUpToView(annotation, call->type())) {
      absl::StatusOr<const Call*> retyped = RetypeCallView(ctx_, *call, annotation);
      if (!retyped.ok()) return Fail(annotation_tok, retyped.status().message());
      v.expr = *retyped;
    }
  }
  if (!CheckAnnotation(annotation_tok, annotation, v.expr->type())) return false;
  const Var* var = ctx_.NewVar(Text(name), v.expr->type(), Loc(name));
  stmt_stack_.push_back(ctx_.NewAssign(var, v.expr, Loc(name), comments));
  Bind(Text(name), var, name);
  return ExpectNewline();
}

bool Parser::ParseMultiAssign(BlockKind kind, YieldInfo* yield, Comments comments) {
  Token first = Peek();
  do {
    Token name;
    if (!ExpectName(&name)) return false;
    yield->targets.push_back(YieldTarget{Text(name), name, nullptr, Token{}});
  } while (Accept(K::kComma) && !At(K::kAssign));
  if (!Expect(K::kAssign)) return false;
  if (!AtYieldCall()) {
    return Fail(first,
                "assigning several names is only supported from pl.yield_; bind a "
                "tuple to one name and index it instead");
  }
  return ParseYield(kind, yield, comments);
}

bool Parser::ParseExprStatement(Comments comments) {
  Token at = Peek();
  Value v = ParseExpr();
  if (!v) return false;
  if (At(K::kAssign)) return Fail(Peek(), "only a name can be assigned to");
  if (At(K::kColon)) return Fail(Peek(), "only a name can be annotated");
  if (!v.expr->Is<Call>()) {
    return Fail(at, "an expression statement must be a call (its value would be unused)");
  }
  stmt_stack_.push_back(ctx_.NewEval(v.expr, Loc(at), comments));
  return ExpectNewline();
}

bool Parser::ParseReturn(Comments comments) {
  Token at = Advance();
  ExprList values;
  if (!At(K::kNewline)) {
    do {
      Value v = ParseExpr();
      if (!v) return false;
      values.push_back(v.expr);
    } while (Accept(K::kComma) && !At(K::kNewline));
  }
  stmt_stack_.push_back(ctx_.NewReturn(ExprSpan(values.data(), values.size()), Loc(at), comments));
  return ExpectNewline();
}

bool Parser::MakeReturnVars(const YieldInfo& yield, VarList* vars) {
  if (yield.stmt == nullptr) return true;
  ExprSpan values = yield.stmt->values();
  for (size_t i = 0; i < yield.targets.size(); ++i) {
    const YieldTarget& t = yield.targets[i];
    const Type* type = values[i]->type();
    if (!CheckAnnotation(t.annotation_tok, t.annotation, type)) return false;
    vars->push_back(ctx_.NewVar(t.name, type, Loc(t.tok)));
  }
  return true;
}

void Parser::BindAll(const YieldInfo& yield, const VarList& vars) {
  for (size_t i = 0; i < vars.size(); ++i)
    Bind(yield.targets[i].name, vars[i], yield.targets[i].tok);
}

bool Parser::ParseFor(Comments comments) {
  Token for_tok = Advance();
  Token loop_name;
  bool has_loop_var = false;
  bool has_carried = false;
  absl::InlinedVector<Token, 4> carried;
  auto parse_carried = [&]() {
    Token open;
    if (!Expect(K::kLParen, &open)) return false;
    has_carried = true;
    while (!At(K::kRParen)) {
      Token n;
      if (!ExpectName(&n)) return false;
      carried.push_back(n);
      if (!Accept(K::kComma)) break;
    }
    return Expect(K::kRParen);
  };
  if (At(K::kLParen)) {
    if (!parse_carried()) return false;
  } else {
    if (!ExpectName(&loop_name)) return false;
    has_loop_var = true;
    if (Accept(K::kComma)) {
      if (!At(K::kLParen)) {
        return Fail(Peek(),
                    "loop-carried names go in parentheses: for i, (a, b) in "
                    "pl.range(n, init_values=(a0, b0))");
      }
      if (!parse_carried()) return false;
    }
  }
  if (!Expect(K::kIn)) return false;
  Token head = Peek();
  if (!AtName("pl") || !At(K::kDot, 1) || !At(K::kName, 2)) {
    return Fail(head, absl::StrCat("expected pl.range, pl.parallel, pl.unroll, pl.pipeline or "
                                   "pl.while_ but found ",
                                   Describe(head)));
  }
  Advance();
  Advance();
  Token kind_tok = Advance();
  absl::string_view kind_name = Text(kind_tok);
  bool is_while = kind_name == "while_";
  std::optional<ForKind> kind = EnumFromName<ForKind>(kind_name);
  if (!is_while && !kind) {
    return Fail(kind_tok, absl::StrCat("expected pl.range, pl.parallel, pl.unroll, pl.pipeline "
                                       "or pl.while_ but found pl.",
                                       kind_name));
  }
  if (is_while && has_loop_var) {
    return Fail(loop_name,
                "pl.while_ has no loop variable: write for (a,) in "
                "pl.while_(init_values=(a0,))");
  }
  if (!is_while && !has_loop_var) {
    return Fail(for_tok,
                absl::StrCat("pl.", kind_name, " needs a loop variable: for i, (a,) in pl.",
                             kind_name, "(n, init_values=(a0,))"));
  }
  if (!Expect(K::kLParen)) return false;
  absl::InlinedVector<Value, 3> bounds;
  ExprList inits;
  bool has_inits = false;
  std::optional<int64_t> stage;
  Token stage_tok;
  while (error_.ok() && !At(K::kRParen)) {
    if (At(K::kName) && At(K::kAssign, 1)) {
      Token key = Advance();
      Advance();
      absl::string_view k = Text(key);
      if (k == "init_values") {
        Token open = Peek();
        K close = At(K::kLParen) ? K::kRParen : K::kRBracket;
        if (!At(K::kLParen) && !At(K::kLBracket)) {
          return Fail(open, "init_values must be a tuple: init_values=(a0, b0)");
        }
        Advance();
        int depth = 0;
        if (!ParseExprList(close, &inits, &depth)) return false;
        has_inits = true;
      } else if (k == "stage") {
        stage_tok = Peek();
        int64_t v = 0;
        if (!Expect(K::kInt) || !ParseInt(stage_tok, &v)) {
          return Fail(stage_tok, "stage must be a positive integer literal");
        }
        stage = v;
      } else {
        return Fail(key, absl::StrCat("unknown keyword '", k, "' in pl.", kind_name, "()"));
      }
    } else {
      if (has_inits || stage) {
        return Fail(Peek(), "positional argument follows keyword argument");
      }
      Value v = ParseExpr();
      if (!v) return false;
      bounds.push_back(v);
    }
    if (!Accept(K::kComma)) break;
  }
  if (!Expect(K::kRParen) || !Expect(K::kColon)) return false;

  if (is_while) {
    if (!bounds.empty()) {
      return Fail(kind_tok, "pl.while_ takes only init_values; the condition goes in pl.cond()");
    }
  } else if (bounds.empty() || bounds.size() > 3) {
    return Fail(kind_tok, absl::StrCat("pl.", kind_name,
                                       "() takes 1 to 3 positional arguments "
                                       "(stop, or start, stop[, step]), got ",
                                       bounds.size()));
  }
  if (has_carried != has_inits) {
    return Fail(has_carried ? kind_tok : for_tok,
                has_carried ? "loop-carried names need init_values=(...)"
                            : "init_values needs loop-carried names: for i, (a,) in "
                              "pl.range(n, init_values=(a0,))");
  }
  if (carried.size() != inits.size()) {
    return Fail(kind_tok,
                absl::StrCat(carried.size(), " loop-carried name", carried.size() == 1 ? "" : "s",
                             " but ", inits.size(), " init value", inits.size() == 1 ? "" : "s"));
  }
  if (is_while && carried.empty()) {
    return Fail(kind_tok, "pl.while_ needs at least one loop-carried value; use `while cond:`");
  }
  if (kind == ForKind::kUnroll && !carried.empty()) {
    return Fail(kind_tok, "pl.unroll() cannot carry values (no init_values)");
  }
  if (kind == ForKind::kPipeline) {
    if (!stage) return Fail(kind_tok, "pl.pipeline() requires stage=N");
    if (*stage < 1 || *stage > std::numeric_limits<int>::max()) {
      return Fail(stage_tok, "stage must be a positive integer literal");
    }
  } else if (stage) {
    return Fail(stage_tok, absl::StrCat("stage= is only supported on pl.pipeline(), not pl.",
                                        kind_name, "()"));
  }

  // Bounds: start, stop, step; bare ints are INDEX.
  const Expr* start = ctx_.Index(0);
  const Expr* stop = nullptr;
  const Expr* step = ctx_.Index(1);
  if (!is_while) {
    for (const Value& b : bounds) {
      const auto* st = b.expr->type()->As<ScalarType>();
      if (st == nullptr || !st->dtype().IsInt()) {
        return FailAt(b.pos, absl::StrCat("loop bounds must be integer scalars, got ",
                                          PrintType(b.expr->type())));
      }
    }
    if (bounds.size() == 1) {
      stop = bounds[0].expr;
    } else {
      start = bounds[0].expr;
      stop = bounds[1].expr;
      if (bounds.size() == 3) step = bounds[2].expr;
    }
  }
  // The loop variable takes a non-INDEX constant bound's dtype (upstream's
  // rule, so that typed bounds round-trip).
  DataType loop_dtype = DataType::kIndex;
  bool saw_index = false;
  bool saw_int64 = false;
  for (const Value& b : bounds) {
    const auto* c = b.expr->As<ConstInt>();
    if (c == nullptr) continue;
    if (c->dtype() == DataType::kIndex) {
      saw_index = true;
    } else if (c->dtype() == DataType::kInt64) {
      saw_int64 = true;
    } else {
      loop_dtype = c->dtype();
      break;
    }
  }
  if (loop_dtype == DataType::kIndex && saw_int64 && !saw_index) loop_dtype = DataType::kInt64;

  EnterBlock();
  const Var* loop_var = nullptr;
  if (has_loop_var) {
    loop_var = ctx_.NewVar(Text(loop_name), ctx_.GetScalarType(loop_dtype), Loc(loop_name));
    Bind(Text(loop_name), loop_var, loop_name);
  }
  absl::InlinedVector<const IterArg*, 4> iter_args;
  for (size_t i = 0; i < carried.size(); ++i) {
    const IterArg* ia =
        ctx_.NewIterArg(Text(carried[i]), inits[i]->type(), inits[i], Loc(carried[i]));
    iter_args.push_back(ia);
    Bind(Text(carried[i]), ia, carried[i]);
  }
  Block body;
  Value cond;
  bool ok =
      ParseBlock(is_while ? BlockKind::kWhile : BlockKind::kFor, &body, is_while ? &cond : nullptr);
  ExitBlock(is_while ? BlockKind::kWhile : BlockKind::kFor);
  if (!ok) return false;
  if (is_while && !cond.expr->type()->Is<ScalarType>()) {
    return FailAt(cond.pos, absl::StrCat("a while condition must be a scalar, got ",
                                         PrintType(cond.expr->type())));
  }
  if (!iter_args.empty()) {
    if (body.yield.stmt == nullptr) {
      return Fail(for_tok, absl::StrCat("a loop with init_values must end with pl.yield_ of its ",
                                        iter_args.size(), " carried value",
                                        iter_args.size() == 1 ? "" : "s"));
    }
    if (body.yield.stmt->values().size() != iter_args.size()) {
      return Fail(body.yield.tok, absl::StrCat("pl.yield_ gives ", body.yield.stmt->values().size(),
                                               " values but the loop carries ", iter_args.size()));
    }
  }
  VarList return_vars;
  if (!MakeReturnVars(body.yield, &return_vars)) return false;
  IterArgSpan ias(iter_args.data(), iter_args.size());
  if (is_while) {
    stmt_stack_.push_back(
        ctx_.NewWhile(cond.expr, ias, body.body, return_vars, Loc(for_tok), comments));
  } else {
    stmt_stack_.push_back(ctx_.NewFor(
        loop_var, start, stop, step, ias, body.body, return_vars, *kind,
        kind == ForKind::kPipeline ? static_cast<int>(*stage) : 0, Loc(for_tok), comments));
  }
  BindAll(body.yield, return_vars);
  return true;
}

bool Parser::ParseWhile(Comments comments) {
  Token at = Advance();
  Value cond = ParseExpr();
  if (!cond) return false;
  if (!cond.expr->type()->Is<ScalarType>()) {
    return Fail(
        at, absl::StrCat("a while condition must be a scalar, got ", PrintType(cond.expr->type())));
  }
  if (!Expect(K::kColon)) return false;
  EnterBlock();
  Block body;
  bool ok = ParseBlock(BlockKind::kWhile, &body);
  ExitBlock(BlockKind::kWhile);
  if (!ok) return false;
  VarList return_vars;
  if (!MakeReturnVars(body.yield, &return_vars)) return false;
  stmt_stack_.push_back(ctx_.NewWhile(cond.expr, {}, body.body, return_vars, Loc(at), comments));
  BindAll(body.yield, return_vars);
  return true;
}

bool Parser::ParseIf(Comments comments) {
  Token at = Advance();
  Value cond = ParseExpr();
  if (!cond) return false;
  if (!cond.expr->type()->Is<ScalarType>()) {
    return Fail(
        at, absl::StrCat("an if condition must be a scalar, got ", PrintType(cond.expr->type())));
  }
  if (!Expect(K::kColon)) return false;
  Block then_block;
  EnterBlock();
  bool ok = ParseBlock(BlockKind::kThen, &then_block);
  ExitBlock(BlockKind::kThen);
  if (!ok) return false;
  Block else_block;
  bool has_else = false;
  if (At(K::kElif)) return Fail(Peek(), "'elif' is not supported: nest an if inside else");
  if (At(K::kElse)) {
    Token else_tok = Advance();
    // Comments between the branches have no statement to attach to.
    comment_cursor_ = std::max(comment_cursor_, else_tok.comments_before);
    if (!Expect(K::kColon)) return false;
    EnterBlock();
    ok = ParseBlock(BlockKind::kElse, &else_block);
    ExitBlock(BlockKind::kElse);
    if (!ok) return false;
    has_else = true;
  }
  const YieldInfo& ty = then_block.yield;
  const YieldInfo& ey = else_block.yield;
  if (!ty.targets.empty() || !ey.targets.empty()) {
    if (!has_else) {
      return Fail(ty.tok, "an if that yields values needs an else branch yielding the same names");
    }
    const YieldInfo& missing = ty.targets.empty() ? ty : ey;
    if (ty.targets.empty() || ey.targets.empty()) {
      return Fail(missing.stmt != nullptr ? missing.tok : at,
                  "both branches of an if must end with pl.yield_ assigning the same names");
    }
    if (ty.targets.size() != ey.targets.size()) {
      return Fail(ey.tok, absl::StrCat("the else branch yields ", ey.targets.size(),
                                       " values but the if branch yields ", ty.targets.size()));
    }
    for (size_t i = 0; i < ty.targets.size(); ++i) {
      if (ty.targets[i].name != ey.targets[i].name) {
        return Fail(ey.targets[i].tok,
                    absl::StrCat("the else branch yields '", ey.targets[i].name,
                                 "' where the if branch yields '", ty.targets[i].name, "'"));
      }
      const Type* a = ty.stmt->values()[i]->type();
      const Type* b = ey.stmt->values()[i]->type();
      if (a != b) {
        return Fail(ey.tok,
                    absl::StrCat("'", ey.targets[i].name, "' has type ", PrintType(a),
                                 " in the if branch but ", PrintType(b), " in the else branch"));
      }
      if (!CheckAnnotation(ey.targets[i].annotation_tok, ey.targets[i].annotation, b)) {
        return false;
      }
    }
  }
  VarList return_vars;
  if (!MakeReturnVars(ty, &return_vars)) return false;
  stmt_stack_.push_back(ctx_.NewIf(cond.expr, then_block.body, has_else ? else_block.body : nullptr,
                                   return_vars, Loc(at), comments));
  BindAll(ty, return_vars);
  return true;
}

// --- Expressions ---------------------------------------------------------------------

Value Parser::Binary(BinaryOp op, const Value& l, const Value& r, const Token& at) {
  int depth = std::max(l.depth, r.depth) + 1;
  if (depth > max_depth_) {
    return FailValue(
        at, absl::StrCat("expression is nested too deeply (the limit is ", max_depth_, " levels)"));
  }
  absl::StatusOr<const Expr*> e = MakeScalarBinary(ctx_, op, l.expr, r.expr, LocOf(l.pos));
  if (!e.ok()) return FailValue(at, e.status().message());
  return Value{*e, depth, l.pos};
}

Value Parser::Unary(UnaryOp op, const Value& v, const Token& at) {
  int depth = v.depth + 1;
  if (depth > max_depth_) {
    return FailValue(
        at, absl::StrCat("expression is nested too deeply (the limit is ", max_depth_, " levels)"));
  }
  absl::StatusOr<const Expr*> e = MakeScalarUnary(ctx_, op, v.expr, Loc(at));
  if (!e.ok()) return FailValue(at, e.status().message());
  return Value{*e, depth, at.pos()};
}

bool Parser::BinaryAt(BinaryOp* op, int* prec) {
  const Token& t = Peek();
  switch (t.kind) {
    case K::kOr:
      *op = BinaryOp::kOr;
      *prec = kPrecOr;
      return true;
    case K::kAnd:
      *op = BinaryOp::kAnd;
      *prec = kPrecAnd;
      return true;
    case K::kLess:
    case K::kGreater:
    case K::kLessEq:
    case K::kGreaterEq:
    case K::kEqEq:
    case K::kNotEq:
      *op = CompareOp(t.kind);
      *prec = kPrecCmp;
      return true;
    case K::kPipe:
      *op = BinaryOp::kBitOr;
      *prec = kPrecBitOr;
      return true;
    case K::kCaret:
      *op = BinaryOp::kBitXor;
      *prec = kPrecBitXor;
      return true;
    case K::kAmp:
      *op = BinaryOp::kBitAnd;
      *prec = kPrecBitAnd;
      return true;
    case K::kLShift:
      *op = BinaryOp::kShl;
      *prec = kPrecShift;
      return true;
    case K::kRShift:
      *op = BinaryOp::kShr;
      *prec = kPrecShift;
      return true;
    case K::kPlus:
      *op = BinaryOp::kAdd;
      *prec = kPrecAdd;
      return true;
    case K::kMinus:
      *op = BinaryOp::kSub;
      *prec = kPrecAdd;
      return true;
    case K::kStar:
      *op = BinaryOp::kMul;
      *prec = kPrecMul;
      return true;
    case K::kSlash:
      *op = BinaryOp::kFloatDiv;
      *prec = kPrecMul;
      return true;
    case K::kDoubleSlash:
      *op = BinaryOp::kFloorDiv;
      *prec = kPrecMul;
      return true;
    case K::kPercent:
      *op = BinaryOp::kFloorMod;
      *prec = kPrecMul;
      return true;
    case K::kName:
      // `xor` is the IR's logical xor; upstream prints it as a word.
      if (Text(t) == "xor") {
        *op = BinaryOp::kXor;
        *prec = kPrecXor;
        return true;
      }
      return false;
    default:
      return false;
  }
}

// Python's precedence: or < xor < and < not < comparisons < | < ^ < & <
// shifts < + - < * / // % < unary - ~ < **. Operators of one level are
// left-associative; comparisons do not chain.
Value Parser::ParseBinary(int min_prec) {
  Value lhs;
  if (At(K::kNot)) {
    Token op = Peek();
    if (min_prec > kPrecNot) return FailValue(op, "'not' needs parentheses here");
    Advance();
    DepthGuard guard(this);
    if (!guard.Check(op)) return Value{};
    lhs = ParseBinary(kPrecNot);
    if (!lhs) return lhs;
    lhs = Unary(UnaryOp::kNot, lhs, op);
  } else {
    lhs = ParseUnary();
  }
  bool after_compare = false;
  for (;;) {
    if (!lhs) return lhs;
    BinaryOp op;
    int prec = 0;
    if (!BinaryAt(&op, &prec) || prec < min_prec) return lhs;
    if (prec == kPrecCmp && after_compare) {
      return FailValue(Peek(), "chained comparisons are not supported: combine them with 'and'");
    }
    Token op_tok = Advance();
    Value rhs = ParseBinary(prec + 1);
    if (!rhs) return rhs;
    lhs = Binary(op, lhs, rhs, op_tok);
    after_compare = prec == kPrecCmp;
  }
}

Value Parser::ParseUnary() {
  if (!At(K::kMinus) && !At(K::kTilde)) return ParsePower();
  Token op = Advance();
  DepthGuard guard(this);
  if (!guard.Check(op)) return Value{};
  if (op.kind == K::kMinus && At(K::kInt) && !At(K::kDoubleStar, 1) &&
      Text(Peek()) == "9223372036854775808") {
    // The one INDEX literal that only exists negated.
    Advance();
    return Value{ctx_.Index(std::numeric_limits<int64_t>::min()), 1, op.pos()};
  }
  Value v = ParseUnary();
  if (!v) return v;
  if (op.kind == K::kMinus) {
    // Negated constants fold (MakeScalarUnary does it), as upstream's
    // parser does, so `-1` is a constant and not Neg(1): depth stays 1.
    if (v.expr->Is<ConstInt>() || v.expr->Is<ConstFloat>()) {
      if (AsConstInt(v.expr) == std::numeric_limits<int64_t>::min()) {
        return FailValue(op, "integer literal is out of range");
      }
      Value folded = Unary(UnaryOp::kNeg, v, op);
      folded.depth = 1;
      return folded;
    }
    return Unary(UnaryOp::kNeg, v, op);
  }
  return Unary(UnaryOp::kBitNot, v, op);
}

Value Parser::ParsePower() {
  Value base = ParsePrimary();
  if (!base || !At(K::kDoubleStar)) return base;
  Token op = Advance();
  DepthGuard guard(this);
  if (!guard.Check(op)) return Value{};
  Value exp = ParseUnary();  // right-associative; `2 ** -1` is allowed
  if (!exp) return exp;
  return Binary(BinaryOp::kPow, base, exp, op);
}

Value Parser::ParsePrimary() {
  Value v = ParseAtom();
  while (v && At(K::kLBracket)) {
    Token open = Advance();
    Token index_tok = Peek();
    int64_t index = 0;
    if (!At(K::kInt)) {
      return FailValue(index_tok, "a tuple index must be a non-negative integer literal");
    }
    Advance();
    if (!ParseInt(index_tok, &index) || !Expect(K::kRBracket)) return Value{};
    const auto* tt = v.expr->type()->As<TupleType>();
    if (tt == nullptr) {
      return FailValue(open,
                       absl::StrCat("only tuples can be indexed, not ", PrintType(v.expr->type())));
    }
    if (index >= static_cast<int64_t>(tt->elements().size())) {
      return FailValue(index_tok,
                       absl::StrCat("tuple index ", index, " is out of range for ", PrintType(tt)));
    }
    if (v.depth + 1 > max_depth_) {
      return FailValue(open, absl::StrCat("expression is nested too deeply (the limit is ",
                                          max_depth_, " levels)"));
    }
    v = Value{ctx_.NewTupleGetItem(v.expr, static_cast<int>(index), LocOf(v.pos)), v.depth + 1,
              v.pos};
  }
  if (v && At(K::kLParen)) return FailValue(Peek(), "only ops and functions can be called");
  if (v && At(K::kDot)) return FailValue(Peek(), "values have no attributes");
  return v;
}

bool Parser::ParseExprList(K close, ExprList* out, int* depth) {
  DepthGuard guard(this);
  if (!guard.Check(Peek())) return false;
  while (error_.ok() && !At(close)) {
    Value v = ParseExpr();
    if (!v) return false;
    out->push_back(v.expr);
    *depth = std::max(*depth, v.depth);
    if (!Accept(K::kComma)) break;
  }
  return Expect(close);
}

Value Parser::ParseAtom() {
  const Token t = Peek();
  switch (t.kind) {
    case K::kInt: {
      Advance();
      int64_t v = 0;
      if (!ParseInt(t, &v)) return Value{};
      return Value{IndexConst(v), 1, t.pos()};
    }
    case K::kFloat: {
      Advance();
      double v = 0;
      if (!ParseFloat(t, &v)) return Value{};
      return Value{ctx_.Float(v, DataType::kFP32, Loc(t)), 1, t.pos()};
    }
    case K::kTrue:
    case K::kFalse:
      Advance();
      return Value{ctx_.Bool(t.kind == K::kTrue), 1, t.pos()};
    case K::kLParen: {
      Advance();
      DepthGuard guard(this);
      if (!guard.Check(t)) return Value{};
      if (Accept(K::kRParen)) return Value{ctx_.NewMakeTuple({}, Loc(t)), 1, t.pos()};
      Value first = ParseExpr();
      if (!first) return first;
      if (Accept(K::kRParen)) return first;
      if (!At(K::kComma)) {
        return FailValue(Peek(), absl::StrCat("expected ')' but found ", Describe(Peek())));
      }
      Advance();
      return ParseSequence(K::kRParen, t, &first);
    }
    case K::kLBracket:
      Advance();
      return ParseSequence(K::kRBracket, t, nullptr);
    case K::kName:
      return ParseNameExpr();
    case K::kString:
      return FailValue(t, "a string is not a value here (strings are kwarg values)");
    case K::kNone:
      return FailValue(t, "None is not supported");
    default:
      return FailValue(t, absl::StrCat("expected an expression but found ", Describe(t)));
  }
}

// A list `[a, b]` or tuple `(a, b)`: both build a MakeTuple.
Value Parser::ParseSequence(K close, const Token& open, const Value* first) {
  ExprList elements;
  int depth = 0;
  if (first != nullptr) {
    elements.push_back(first->expr);
    depth = first->depth;
  }
  if (!ParseExprList(close, &elements, &depth)) return Value{};
  if (depth + 1 > max_depth_) {
    return FailValue(open, absl::StrCat("expression is nested too deeply (the limit is ",
                                        max_depth_, " levels)"));
  }
  return Value{ctx_.NewMakeTuple(ExprSpan(elements.data(), elements.size()), Loc(open)), depth + 1,
               open.pos()};
}

Value Parser::ParseNameExpr() {
  const Token t = Peek();
  absl::string_view name = Text(t);
  if (At(K::kDot, 1) && (name == "pl" || name == "pld" || name == "self")) return ParseDotted();
  if (AtFloatCall()) {
    double v = 0;
    if (!ParseFloatCall(&v)) return Value{};
    return Value{ctx_.Float(v, DataType::kFP32, Loc(t)), 1, t.pos()};
  }
  if (At(K::kLParen, 1)) {
    if (name == "min" || name == "max" || name == "abs") return ParseBuiltin(t);
    return FailValue(t, absl::StrCat("unknown function '", name,
                                     "' (ops are called as pl.<op>, functions as self.<name>)"));
  }
  Advance();
  return LookupName(t);
}

Value Parser::ParseBuiltin(const Token& name_tok) {
  Advance();
  Advance();  // '('
  ExprList args;
  int depth = 0;
  if (!ParseExprList(K::kRParen, &args, &depth)) return Value{};
  absl::string_view name = Text(name_tok);
  bool is_abs = name == "abs";
  size_t want = is_abs ? 1 : 2;
  if (args.size() != want) {
    return FailValue(name_tok, absl::StrCat(name, "() takes ", want, " argument",
                                            want == 1 ? "" : "s", ", got ", args.size()));
  }
  Value a{args[0], depth, name_tok.pos()};
  if (is_abs) return Unary(UnaryOp::kAbs, a, name_tok);
  Value b{args[1], depth, name_tok.pos()};
  return Binary(name == "min" ? BinaryOp::kMin : BinaryOp::kMax, a, b, name_tok);
}

Value Parser::ParseDotted() {
  const Token head = Advance();
  absl::InlinedVector<Token, 4> segs;
  while (At(K::kDot)) {
    Advance();
    if (!At(K::kName)) {
      return FailValue(Peek(),
                       absl::StrCat("expected a name after '.' but found ", Describe(Peek())));
    }
    segs.push_back(Advance());
  }
  absl::string_view head_name = Text(head);
  if (head_name == "self") {
    if (segs.size() != 1 || !At(K::kLParen)) {
      return FailValue(head, "self.<function>(...) is the only use of self");
    }
    return ParseFunctionCall(segs[0]);
  }
  if (!At(K::kLParen)) {
    if (head_name == "pl" && segs.size() == 1 && DataType::FromName(Text(segs[0]))) {
      return FailValue(head, absl::StrCat("pl.", Text(segs[0]),
                                          " is a dtype, not a value; pass it as a kwarg "
                                          "(e.g. dtype=pl.",
                                          Text(segs[0]), ")"));
    }
    return FailValue(
        head,
        absl::StrCat(
            "'", src_.substr(head.offset, segs.back().offset + segs.back().length - head.offset),
            "' is not a value"));
  }
  if (head_name == "pl" && segs.size() == 1) {
    bool handled = false;
    Value v = ParsePlSpecial(head, segs[0], &handled);
    if (handled) return v;
  }
  // The op name: the dotted path after `pl.`, or all of it for `pld.`.
  const Token& first = head_name == "pld" ? head : segs[0];
  uint32_t end = segs.back().offset + segs.back().length;
  absl::string_view span = src_.substr(first.offset, end - first.offset);
  size_t expected = head_name == "pld" ? head.length : 0;
  for (const Token& s : segs) expected += s.length + 1;
  if (head_name != "pld") --expected;
  std::string joined;
  if (span.size() != expected) {
    // Spaces around the dots: rebuild the name.
    joined = head_name == "pld" ? "pld" : "";
    for (const Token& s : segs) {
      if (!joined.empty()) joined.push_back('.');
      absl::StrAppend(&joined, Text(s));
    }
    span = joined;
  }
  const Op* op = ops_.Find(span);
  if (op == nullptr && !span.empty() && span.back() == '_') {
    // pl.tile.and_ spells the op tile.and.
    absl::string_view last = Text(segs.back());
    if (text::IsPythonKeyword(last.substr(0, last.size() - 1))) {
      op = ops_.Find(span.substr(0, span.size() - 1));
    }
  }
  if (op == nullptr) return FailValue(head, absl::StrCat("unknown op '", span, "'"));
  return ParseOpCall(*op, head);
}

Value Parser::ParsePlSpecial(const Token& head, const Token& name_tok, bool* handled) {
  absl::string_view name = Text(name_tok);
  *handled = true;
  if (name == "const") return ParseConst(head);
  if (name == "cast") return ParseCast(head);
  if (name == "min" || name == "max") {
    Advance();
    ExprList args;
    int depth = 0;
    if (!ParseExprList(K::kRParen, &args, &depth)) return Value{};
    if (args.size() != 2) {
      return FailValue(head, absl::StrCat("pl.", name, "() takes 2 arguments, got ", args.size()));
    }
    return Binary(name == "min" ? BinaryOp::kMin : BinaryOp::kMax,
                  Value{args[0], depth, head.pos()}, Value{args[1], depth, head.pos()}, head);
  }
  if (name == "yield_") {
    return FailValue(head,
                     "pl.yield_ is a statement: write `r = pl.yield_(v)` as the last "
                     "statement of a loop or if body");
  }
  if (name == "cond") {
    return FailValue(head, "pl.cond(...) must be the first statement of a pl.while_ body");
  }
  if (name == "range" || name == "parallel" || name == "unroll" || name == "pipeline" ||
      name == "while_") {
    return FailValue(head, absl::StrCat("pl.", name, "(...) can only be iterated by a for loop"));
  }
  if (name == "dynamic") {
    return FailValue(head, "pl.dynamic declarations belong at module level");
  }
  *handled = false;
  return Value{};
}

Value Parser::ParseConst(const Token& at) {
  Advance();  // '('
  Token value_tok = Peek();
  bool negative = Accept(K::kMinus);
  Token lit = Peek();
  std::optional<double> spelled;  // float('inf') and the like
  if (!negative && AtFloatCall()) {
    double v = 0;
    if (!ParseFloatCall(&v)) return Value{};
    spelled = v;
  } else if (!At(K::kInt) && !At(K::kFloat)) {
    return FailValue(lit, "pl.const takes a number literal and a dtype: pl.const(7, pl.INT32)");
  } else {
    Advance();
  }
  if (!Expect(K::kComma)) return Value{};
  if (AtName("dtype") && At(K::kAssign, 1)) {
    Advance();
    Advance();
  }
  Token dtype_tok = Peek();
  DataType dtype;
  if (!ParseDType(&dtype)) return Value{};
  Accept(K::kComma);
  if (!Expect(K::kRParen)) return Value{};
  if (spelled && !dtype.IsFloat()) {
    return FailValue(lit, absl::StrCat("pl.const of pl.", dtype.name(), " takes an integer literal"));
  }
  if (dtype.IsFloat()) {
    double v = 0;
    if (spelled) {
      v = *spelled;
    } else if (lit.kind == K::kInt) {
      int64_t i = 0;
      if (!ParseInt(lit, &i)) return Value{};
      v = static_cast<double>(i);
    } else if (!ParseFloat(lit, &v)) {
      return Value{};
    }
    return Value{ctx_.Float(negative ? -v : v, dtype, Loc(at)), 1, at.pos()};
  }
  if (!dtype.IsInt()) {
    return FailValue(
        dtype_tok, absl::StrCat("pl.const needs an integer or float dtype, not pl.", dtype.name()));
  }
  if (lit.kind != K::kInt) {
    return FailValue(value_tok, absl::StrCat("pl.const: a float value needs a float dtype, not pl.",
                                             dtype.name()));
  }
  int64_t v = 0;
  if (negative && Text(lit) == "9223372036854775808") {
    v = std::numeric_limits<int64_t>::min();
  } else {
    if (!ParseInt(lit, &v)) return Value{};
    if (negative) v = -v;
  }
  const Expr* e = ctx_.Int(v, dtype, Loc(at));
  return Value{e, 1, at.pos()};
}

// pl.cast(x, dtype[, mode], ...) on a scalar (a Cast), a tile (tile.cast) or
// a tensor (tensor.cast).
Value Parser::ParseCast(const Token& at) {
  Advance();  // '('
  DepthGuard guard(this);
  if (!guard.Check(at)) return Value{};
  Value input = ParseExpr();
  if (!input) return input;
  absl::InlinedVector<NamedAttr, 4> kwargs;
  static constexpr absl::string_view kPositional[] = {"target_type", "mode"};
  size_t positional = 0;
  bool seen_keyword = false;
  while (Accept(K::kComma) && !At(K::kRParen)) {
    absl::string_view key;
    Token key_tok = Peek();
    if (At(K::kName) && At(K::kAssign, 1)) {
      key = Text(Advance());
      Advance();
      seen_keyword = true;
    } else {
      if (seen_keyword) return FailValue(Peek(), "positional argument follows keyword argument");
      if (positional >= 2) return FailValue(Peek(), "pl.cast takes at most 3 positional arguments");
      key = kPositional[positional++];
    }
    for (const NamedAttr& k : kwargs) {
      if (k.name == key) {
        return FailValue(key_tok, absl::StrCat("pl.cast: argument '", key, "' given twice"));
      }
    }
    AttrValue v = AttrValue::Bool(false);
    if (!ParseAttrValue(&v)) return Value{};
    kwargs.push_back(NamedAttr{key, v});
  }
  if (!Expect(K::kRParen)) return Value{};
  const Type* type = input.expr->type();
  if (type->Is<ScalarType>()) {
    const AttrValue* target = nullptr;
    for (const NamedAttr& k : kwargs) {
      if (k.name == "target_type") {
        target = &k.value;
      } else if (k.name == "saturation_mode") {
        return FailValue(at, "pl.cast: Scalar inputs do not support saturation_mode");
      } else if (k.name == "mode") {
        bool round = (k.value.kind() == AttrKind::kString && k.value.string_value() == "round") ||
                     (k.value.kind() == AttrKind::kInt && k.value.int_value() == 2);
        if (!round)
          return FailValue(at, "pl.cast: Scalar inputs do not support a non-default mode");
      } else {
        return FailValue(at, absl::StrCat("pl.cast: unknown argument '", k.name, "'"));
      }
    }
    if (target == nullptr || target->kind() != AttrKind::kDataType) {
      return FailValue(at, "pl.cast needs a target dtype: pl.cast(x, pl.INDEX)");
    }
    if (input.depth + 1 > max_depth_) {
      return FailValue(at, absl::StrCat("expression is nested too deeply (the limit is ",
                                        max_depth_, " levels)"));
    }
    absl::StatusOr<const Expr*> e = MakeScalarCast(ctx_, input.expr, target->dtype(), Loc(at));
    if (!e.ok()) return FailValue(at, e.status().message());
    return Value{*e, input.depth + 1, at.pos()};
  }
  absl::string_view op_name;
  if (type->Is<TileType>()) {
    op_name = "tile.cast";
  } else if (type->Is<TensorType>()) {
    op_name = "tensor.cast";
  } else {
    return FailValue(
        at, absl::StrCat("pl.cast: expected a tensor, tile or scalar, got ", PrintType(type)));
  }
  const Op* op = ops_.Find(op_name);
  if (op == nullptr) return FailValue(at, absl::StrCat("unknown op '", op_name, "'"));
  const Expr* args[] = {input.expr};
  absl::StatusOr<const Call*> call = CreateCall(ctx_, *op, args, kwargs, Loc(at));
  if (!call.ok()) return FailValue(at, call.status().message());
  return Value{*call, input.depth + 1, at.pos()};
}

bool Parser::ParseAttrValue(AttrValue* out) {
  const Token t = Peek();
  switch (t.kind) {
    case K::kMinus:
    case K::kInt:
    case K::kFloat: {
      bool negative = Accept(K::kMinus);
      Token lit = Peek();
      if (lit.kind == K::kInt) {
        Advance();
        int64_t v = 0;
        if (negative && Text(lit) == "9223372036854775808") {
          *out = AttrValue::Int(std::numeric_limits<int64_t>::min());
          return true;
        }
        if (!ParseInt(lit, &v)) return false;
        *out = AttrValue::Int(negative ? -v : v);
        return true;
      }
      if (lit.kind == K::kFloat) {
        Advance();
        double v = 0;
        if (!ParseFloat(lit, &v)) return false;
        *out = AttrValue::Float(negative ? -v : v);
        return true;
      }
      return Fail(lit, absl::StrCat("expected a number after '-' but found ", Describe(lit)));
    }
    case K::kTrue:
    case K::kFalse:
      Advance();
      *out = AttrValue::Bool(t.kind == K::kTrue);
      return true;
    case K::kString: {
      Advance();
      absl::string_view quoted = Text(t);
      absl::string_view body = quoted.substr(1, quoted.size() - 2);
      if (body.find('\\') != absl::string_view::npos) {
        string_pool_.push_front(text::UnquoteString(quoted));
        body = string_pool_.front();
      }
      *out = AttrValue::String(body);
      return true;
    }
    case K::kName:
      if (AtFloatCall()) {
        double v = 0;
        if (!ParseFloatCall(&v)) return false;
        *out = AttrValue::Float(v);
        return true;
      }
      if (AtName("pl") && At(K::kDot, 1) && At(K::kName, 2)) {
        if (At(K::kDot, 3)) {
          Token cls, member;
          if (!ParseEnumRef(&cls, &member)) return false;
          absl::string_view c = Text(cls);
          absl::string_view m = Text(member);
          auto bad = [&] {
            return Fail(member, absl::StrCat("unknown member '", m, "' of pl.", c));
          };
          if (c == "Mem" || c == "MemorySpace") {
            std::optional<MemorySpace> v = EnumFromName<MemorySpace>(m);
            if (!v) return bad();
            *out = AttrValue::Enum(*v);
          } else if (c == "TileLayout") {
            std::optional<TileLayout> v = EnumFromName<TileLayout>(m);
            if (!v) return bad();
            *out = AttrValue::Enum(*v);
          } else if (c == "TensorLayout") {
            std::optional<TensorLayout> v = EnumFromName<TensorLayout>(m);
            if (!v) return bad();
            *out = AttrValue::Enum(*v);
          } else if (c == "PadValue") {
            std::optional<PadValue> v = EnumFromName<PadValue>(m);
            if (!v) return bad();
            *out = AttrValue::Enum(*v);
          } else if (c == "AtomicType") {
            std::optional<AtomicType> v = EnumFromName<AtomicType>(m);
            if (!v) return bad();
            *out = AttrValue::Enum(*v);
          } else {
            return Fail(cls, absl::StrCat("pl.", c, " values are not kwarg values"));
          }
          return true;
        }
        DataType dtype;
        if (!ParseDType(&dtype)) return false;
        *out = AttrValue::DType(dtype);
        return true;
      }
      break;
    default:
      break;
  }
  return Fail(t, absl::StrCat("expected a kwarg value (a number, a string, True/False, a dtype "
                              "such as pl.FP32 or an enum such as pl.Mem.Vec) but found ",
                              Describe(t)));
}

Value Parser::ParseOpCall(const Op& op, const Token& at) {
  if (!Expect(K::kLParen)) return Value{};
  DepthGuard guard(this);
  if (!guard.Check(at)) return Value{};
  struct KeywordArg {
    int index;
    Token tok;
    const Expr* expr;
  };
  ExprList positional;
  absl::InlinedVector<KeywordArg, 2> keyword_args;
  absl::InlinedVector<NamedAttr, 4> kwargs;
  int depth = 0;
  while (error_.ok() && !At(K::kRParen)) {
    if (At(K::kName) && At(K::kAssign, 1)) {
      Token key = Advance();
      Advance();
      int index = op.FindKeywordArg(Text(key));
      if (index < 0 && op.FindKwarg(Text(key)) < 0) {
        for (const ArgSpec& spec : op.args()) {
          if (spec.name == Text(key)) {
            return FailValue(key, absl::StrCat(op.name(), ": argument '", Text(key),
                                               "' is passed by position, not by name"));
          }
        }
      }
      if (index >= 0) {
        Value v = ParseExpr();
        if (!v) return v;
        depth = std::max(depth, v.depth);
        keyword_args.push_back(KeywordArg{index, key, v.expr});
      } else {
        AttrValue v = AttrValue::Bool(false);
        if (!ParseAttrValue(&v)) return Value{};
        kwargs.push_back(NamedAttr{Text(key), v});
      }
    } else {
      if (!keyword_args.empty() || !kwargs.empty()) {
        return FailValue(Peek(), "positional argument follows keyword argument");
      }
      Value v = ParseExpr();
      if (!v) return v;
      depth = std::max(depth, v.depth);
      positional.push_back(v.expr);
    }
    if (!Accept(K::kComma)) break;
  }
  if (!Expect(K::kRParen)) return Value{};

  ExprList args(positional.begin(), positional.end());
  for (const KeywordArg& k : keyword_args) {
    size_t i = static_cast<size_t>(k.index);
    if (args.size() <= i) args.resize(i + 1, nullptr);
    if (args[i] != nullptr) {
      return FailValue(k.tok,
                       absl::StrCat(op.name(), ": argument '", Text(k.tok), "' given twice"));
    }
    args[i] = k.expr;
  }
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == nullptr) {
      absl::string_view missing = i < op.args().size() ? op.args()[i].name : "?";
      return FailValue(at, absl::StrCat(op.name(), ": argument '", missing, "' is missing"));
    }
  }
  // The DSL's tile.load fills valid_shape with the loaded shape.
  if (op.name() == "tile.load" && args.size() == 3) args.push_back(args[2]);
  if (depth + 1 > max_depth_) {
    return FailValue(
        at, absl::StrCat("expression is nested too deeply (the limit is ", max_depth_, " levels)"));
  }
  absl::StatusOr<const Call*> call =
      CreateCall(ctx_, op, ExprSpan(args.data(), args.size()), kwargs, Loc(at));
  if (!call.ok()) return FailValue(at, call.status().message());
  return Value{*call, depth + 1, at.pos()};
}

Value Parser::ParseFunctionCall(const Token& name_tok) {
  Token open = Peek();
  FunctionInfo* info = EnsureSignature(name_tok);
  if (info == nullptr) return Value{};
  Advance();  // '('
  DepthGuard guard(this);
  if (!guard.Check(open)) return Value{};
  ExprList args;
  int depth = 0;
  while (error_.ok() && !At(K::kRParen)) {
    if (At(K::kName) && At(K::kAssign, 1)) {
      return FailValue(Peek(), "function calls take positional arguments only");
    }
    Value v = ParseExpr();
    if (!v) return v;
    depth = std::max(depth, v.depth);
    args.push_back(v.expr);
    if (!Accept(K::kComma)) break;
  }
  if (!Expect(K::kRParen)) return Value{};
  const Signature& sig = info->sig;
  absl::string_view name = Text(name_tok);
  if (args.size() != sig.params.size()) {
    return FailValue(name_tok,
                     absl::StrCat("function '", name, "' takes ", sig.params.size(), " argument",
                                  sig.params.size() == 1 ? "" : "s", ", got ", args.size()));
  }
  const Type* type = ctx_.GetUnknownType();
  if (sig.returns.size() == 1) {
    type = sig.returns[0];
  } else if (sig.returns.size() > 1) {
    type = ctx_.GetTupleType(sig.returns);
  }
  // A return type naming the callee's params means the call's arguments.
  DimVarMap bound;
  for (size_t i = 0; i < args.size(); ++i) bound.emplace(sig.params[i], args[i]);
  type = SubstituteDimVars(ctx_, type, bound);
  if (depth + 1 > max_depth_) {
    return FailValue(open, absl::StrCat("expression is nested too deeply (the limit is ",
                                        max_depth_, " levels)"));
  }
  const Call* call = ctx_.NewFunctionCall(ctx_.GetGlobalVar(name),
                                          ExprSpan(args.data(), args.size()), type, Loc(name_tok));
  return Value{call, depth + 1, name_tok.pos()};
}

// --- Types -----------------------------------------------------------------------------

bool Parser::ParseDType(DataType* out) {
  Token at = Peek();
  Token name;
  if (!AtName("pl") || !At(K::kDot, 1)) {
    return Fail(at, absl::StrCat("expected a dtype such as pl.FP32 but found ", Describe(at)));
  }
  Advance();
  Advance();
  if (!ExpectName(&name)) return false;
  std::optional<DataType> t = DataType::FromName(Text(name));
  if (!t) return Fail(name, absl::StrCat("unknown dtype 'pl.", Text(name), "'"));
  *out = *t;
  return true;
}

bool Parser::ParseEnumRef(Token* cls, Token* member) {
  Token at = Peek();
  if (!AtName("pl") || !At(K::kDot, 1) || !At(K::kName, 2) || !At(K::kDot, 3)) {
    return Fail(at,
                absl::StrCat("expected an enum value such as pl.Mem.Vec but found ", Describe(at)));
  }
  Advance();
  Advance();
  *cls = Advance();
  Advance();
  return ExpectName(member);
}

template <typename E>
bool Parser::ParseEnumOf(std::initializer_list<absl::string_view> classes, E* out) {
  Token cls, member;
  if (!ParseEnumRef(&cls, &member)) return false;
  bool class_ok = false;
  for (absl::string_view c : classes) class_ok = class_ok || Text(cls) == c;
  if (!class_ok) {
    return Fail(cls, absl::StrCat("expected ", EnumTraits<E>::kPrefix, ".<member> but found pl.",
                                  Text(cls)));
  }
  std::optional<E> v = EnumFromName<E>(Text(member));
  if (!v) {
    return Fail(member,
                absl::StrCat("unknown member '", Text(member), "' of ", EnumTraits<E>::kPrefix));
  }
  *out = *v;
  return true;
}

const Expr* Parser::ParseDim() {
  Token at = Peek();
  if (at.kind == K::kInt && (At(K::kComma, 1) || At(K::kRBracket, 1))) {
    // The common case, without the expression machinery.
    Advance();
    int64_t v = 0;
    if (!ParseInt(at, &v)) return nullptr;
    return IndexConst(v);
  }
  bool saved = in_type_;
  in_type_ = true;
  Value v = ParseExpr();
  in_type_ = saved;
  if (!v) return nullptr;
  const auto* st = v.expr->type()->As<ScalarType>();
  if (st == nullptr || !st->dtype().IsInt()) {
    Fail(at,
         absl::StrCat("a dimension must be an integer scalar, got ", PrintType(v.expr->type())));
    return nullptr;
  }
  return v.expr;
}

bool Parser::ParseShape(ExprList* dims) {
  if (!Expect(K::kLBracket)) return false;
  while (error_.ok() && !At(K::kRBracket)) {
    const Expr* d = ParseDim();
    if (d == nullptr) return false;
    dims->push_back(d);
    if (!Accept(K::kComma)) break;
  }
  return Expect(K::kRBracket);
}

const Type* Parser::ParseAnnotation(Token* at) {
  if (ts_->drained()) {
    uint32_t p = ts_->lexer().offset();
    while (p < src_.size() && src_[p] == ' ') ++p;
    for (const CachedAnnotation& c : annotation_cache_) {
      if (c.type == nullptr || src_.size() - p <= c.text.size() ||
          src_.compare(p, c.text.size(), c.text) != 0) {
        continue;
      }
      // The same complete type, ending at a token boundary.
      char next = src_[p + c.text.size()];
      if (next != ' ' && next != '=') continue;
      if (Peek(0).offset != p) break;
      *at = Advance();
      ts_->SkipTo(p + static_cast<uint32_t>(c.text.size()));
      return c.type;
    }
  }
  *at = Peek();
  uint32_t lookups = lookups_;
  const Type* type = ParseType();
  if (type == nullptr) return nullptr;
  uint32_t end = ts_->last_end();
  absl::string_view text = src_.substr(at->offset, end - at->offset);
  if (lookups_ == lookups && text.size() <= 256 && text.find('\n') == absl::string_view::npos &&
      text.find('#') == absl::string_view::npos) {
    annotation_cache_[annotation_cache_next_] = CachedAnnotation{text, type};
    annotation_cache_next_ = (annotation_cache_next_ + 1) % kAnnotationCache;
  }
  return type;
}

const Type* Parser::ParseType() {
  DepthGuard guard(this);
  Token at = Peek();
  if (!guard.Check(at)) return nullptr;
  bool pl = AtName("pl");
  bool pld = AtName("pld");
  if ((!pl && !pld) || !At(K::kDot, 1) || !At(K::kName, 2)) {
    Fail(at, absl::StrCat("expected a type such as pl.Tile[...] but found ", Describe(at)));
    return nullptr;
  }
  Advance();
  Advance();
  Token kind = Advance();
  absl::string_view k = Text(kind);
  if (pld) {
    if (k == "DistributedTensor") return ParseTensorType(/*distributed=*/true, kind);
    if (k == "CommCtxType") return ctx_.GetCommCtxType();
    Fail(kind, absl::StrCat("unknown type 'pld.", k, "'"));
    return nullptr;
  }
  if (k == "Tensor") return ParseTensorType(/*distributed=*/false, kind);
  if (k == "Tile") return ParseTileType(kind);
  if (k == "UnknownType") return ctx_.GetUnknownType();
  if (k == "Scalar") {
    DataType t;
    if (!Expect(K::kLBracket) || !ParseDType(&t) || !Expect(K::kRBracket)) return nullptr;
    return ctx_.GetScalarType(t);
  }
  if (k == "Tuple") {
    if (!Expect(K::kLBracket)) return nullptr;
    absl::InlinedVector<const Type*, 8> elements;
    if (At(K::kLParen) && At(K::kRParen, 1)) {
      Advance();
      Advance();
    } else {
      while (error_.ok() && !At(K::kRBracket)) {
        const Type* t = ParseType();
        if (t == nullptr) return nullptr;
        elements.push_back(t);
        if (!Accept(K::kComma)) break;
      }
    }
    if (!Expect(K::kRBracket)) return nullptr;
    return ctx_.GetTupleType(elements);
  }
  if (k == "Out" || k == "InOut") {
    Fail(kind, absl::StrCat("pl.", k, "[...] is only allowed on function parameters"));
    return nullptr;
  }
  if (std::optional<DataType> t = DataType::FromName(k)) return ctx_.GetScalarType(*t);
  Fail(kind, absl::StrCat("unknown type 'pl.", k, "'"));
  return nullptr;
}

const Type* Parser::ParseTensorType(bool distributed, const Token& at) {
  ExprList shape;
  DataType dtype;
  if (!Expect(K::kLBracket) || !ParseShape(&shape) || !Expect(K::kComma) || !ParseDType(&dtype)) {
    return nullptr;
  }
  TensorView view;
  ExprList valid, stride;
  if (Accept(K::kComma) && !At(K::kRBracket)) {
    if (!AtDotted("pl", "TensorView")) {
      Fail(Peek(), absl::StrCat("expected pl.TensorView(...) but found ", Describe(Peek())));
      return nullptr;
    }
    Advance();
    Advance();
    Advance();
    if (!Expect(K::kLParen)) return nullptr;
    while (error_.ok() && !At(K::kRParen)) {
      Token key;
      if (!ExpectName(&key) || !Expect(K::kAssign)) return nullptr;
      absl::string_view k = Text(key);
      if (k == "valid_shape") {
        if (!ParseShape(&valid)) return nullptr;
      } else if (k == "stride") {
        if (!ParseShape(&stride)) return nullptr;
      } else if (k == "layout") {
        if (!ParseEnumOf({"TensorLayout"}, &view.layout)) return nullptr;
      } else if (k == "pad") {
        if (!ParseEnumOf({"PadValue"}, &view.pad)) return nullptr;
      } else {
        Fail(key, absl::StrCat("unknown pl.TensorView field '", k, "'"));
        return nullptr;
      }
      if (!Accept(K::kComma)) break;
    }
    if (!Expect(K::kRParen)) return nullptr;
    Accept(K::kComma);
  }
  if (!Expect(K::kRBracket)) return nullptr;
  if (!valid.empty() && valid.size() != shape.size()) {
    Fail(at,
         absl::StrCat("valid_shape has ", valid.size(), " dims but the shape has ", shape.size()));
    return nullptr;
  }
  if (!stride.empty() && stride.size() != shape.size()) {
    Fail(at, absl::StrCat("stride has ", stride.size(), " dims but the shape has ", shape.size()));
    return nullptr;
  }
  view.valid_shape = valid;
  view.stride = stride;
  if (distributed) return ctx_.GetDistributedTensorType(dtype, shape, view);
  return ctx_.GetTensorType(dtype, shape, view);
}

const Type* Parser::ParseTileType(const Token& at) {
  ExprList shape;
  DataType dtype;
  if (!Expect(K::kLBracket) || !ParseShape(&shape) || !Expect(K::kComma) || !ParseDType(&dtype)) {
    return nullptr;
  }
  std::optional<MemorySpace> space;
  bool has_view = false;
  // Fields given in pl.TileView(...); the others take the implicit view's.
  ExprList valid, stride;
  const Expr* start_offset = nullptr;
  TileLayout blayout = TileLayout::kRowMajor;
  TileLayout slayout = TileLayout::kNoneBox;
  bool has_blayout = false;
  bool has_slayout = false;
  uint32_t fractal = 0;  // 0: not given
  PadValue pad = PadValue::kNull;
  CompactMode compact = CompactMode::kNull;
  while (error_.ok() && Accept(K::kComma) && !At(K::kRBracket)) {
    if (AtName("pl") && At(K::kDot, 1) && (AtName("Mem", 2) || AtName("MemorySpace", 2))) {
      if (space) {
        Fail(Peek(), "the memory space is given twice");
        return nullptr;
      }
      MemorySpace m = MemorySpace::kVec;
      if (!ParseEnumOf({"Mem", "MemorySpace"}, &m)) return nullptr;
      space = m;
      continue;
    }
    if (!AtDotted("pl", "TileView") || has_view) {
      Fail(Peek(), absl::StrCat("expected pl.Mem.<space> or pl.TileView(...) but found ",
                                Describe(Peek())));
      return nullptr;
    }
    has_view = true;
    Advance();
    Advance();
    Advance();
    if (!Expect(K::kLParen)) return nullptr;
    while (error_.ok() && !At(K::kRParen)) {
      Token key;
      if (!ExpectName(&key) || !Expect(K::kAssign)) return nullptr;
      absl::string_view k = Text(key);
      if (k == "valid_shape") {
        if (!ParseShape(&valid)) return nullptr;
      } else if (k == "stride") {
        if (!ParseShape(&stride)) return nullptr;
      } else if (k == "start_offset") {
        start_offset = ParseDim();
        if (start_offset == nullptr) return nullptr;
      } else if (k == "blayout" || k == "slayout") {
        TileLayout l = TileLayout::kRowMajor;
        if (!ParseEnumOf({"TileLayout"}, &l)) return nullptr;
        if (k == "blayout") {
          blayout = l;
          has_blayout = true;
        } else {
          slayout = l;
          has_slayout = true;
        }
      } else if (k == "fractal") {
        Token lit = Peek();
        int64_t v = 0;
        if (!Expect(K::kInt) || !ParseInt(lit, &v)) return nullptr;
        if (v <= 0 || v > std::numeric_limits<uint32_t>::max()) {
          Fail(lit, "fractal must be a positive number of bytes");
          return nullptr;
        }
        fractal = static_cast<uint32_t>(v);
      } else if (k == "pad") {
        if (!ParseEnumOf({"PadValue"}, &pad)) return nullptr;
      } else if (k == "compact") {
        if (!ParseEnumOf({"CompactMode"}, &compact)) return nullptr;
      } else {
        Fail(key, absl::StrCat("unknown pl.TileView field '", k, "'"));
        return nullptr;
      }
      if (!Accept(K::kComma)) break;
    }
    if (!Expect(K::kRParen)) return nullptr;
  }
  if (!Expect(K::kRBracket)) return nullptr;
  if (!valid.empty() && valid.size() != shape.size()) {
    Fail(at,
         absl::StrCat("valid_shape has ", valid.size(), " dims but the shape has ", shape.size()));
    return nullptr;
  }
  if (!stride.empty() && stride.size() != shape.size()) {
    Fail(at, absl::StrCat("stride has ", stride.size(), " dims but the shape has ", shape.size()));
    return nullptr;
  }
  if (!has_view) return ctx_.GetTileType(dtype, shape, space);
  TileView view = ImplicitTileView(space, ShapeBLayout(shape));
  view.valid_shape = valid;
  view.stride = stride;
  view.start_offset = start_offset;
  if (has_blayout) view.blayout = blayout;
  if (has_slayout) view.slayout = slayout;
  if (fractal != 0) view.fractal = fractal;
  view.pad = pad;
  view.compact = compact;
  return ctx_.GetTileType(dtype, shape, space, &view);
}

}  // namespace

absl::StatusOr<Program> ParseProgram(Context& ctx, absl::string_view text,
                                     absl::string_view filename, const ParseOptions& options) {
  Parser parser(ctx, text, filename, options);
  return parser.Run();
}

}  // namespace pto::ir
