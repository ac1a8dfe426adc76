// Private to //ir/text/python: the unparser behind py::UnparseStatements
// (unparse.h). Expressions are in unparse.cc, statements in
// unparse_stmt.cc. Mirrors ast.unparse: each node is written under
// the precedence its parent asks for (TEST when the parent asks nothing)
// and parenthesized when its own binds looser.
//
//   Unparser u(ast, /*avoid_backslashes=*/false);
//   u.Stmt(id);
//   if (u.ok()) text = u.text();

#ifndef PTO_IR_TEXT_PYTHON_UNPARSER_IMPL_H_
#define PTO_IR_TEXT_PYTHON_UNPARSER_IMPL_H_

#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "ir/text/python/ast.h"

namespace pto::ir::text::py {

// ast._Precedence, loosest first.
enum Prec : int {
  kNamedExprP = 1, kTupleP, kYieldP, kTestP, kOrP, kAndP, kNotP, kCmpP, kExprP, kBXorP, kBAndP,
  kShiftP, kArithP, kTermP, kFactorP, kPowerP, kAwaitP, kAtomP
};
constexpr int kBOrP = kExprP;
inline int NextP(int p) { return p < kAtomP ? p + 1 : p; }

class Unparser {
 public:
  Unparser(const Ast& ast, bool avoid_backslashes) : ast_(ast), avoid_(avoid_backslashes) {}

  void Stmt(uint32_t id);
  void Expr(uint32_t id, int prec);
  bool ok() const { return ok_; }
  const std::string& text() const { return out_; }

 private:
  const Node& N(uint32_t id) const { return ast_[id]; }
  template <typename F>
  void Each(const Span& s, F f) const {
    for (const uint32_t* p = ast_.begin(s); p != ast_.end(s); ++p) f(*p);
  }
  void W(absl::string_view s) { out_.append(s.data(), s.size()); }
  void Fill(absl::string_view s = "");
  void MaybeNewline() {
    if (!out_.empty()) out_.push_back('\n');
  }
  void Body(const Span& s);  // ':' and the indented statements
  void Interleave(const Span& s, int prec);  // ", "-separated
  void ItemsView(const Span& s);             // a trailing ',' after one item
  void Arguments(uint32_t id);
  void FunctionDef(const Node& n);
  void ClassDef(const Node& n);
  void Try(const Node& n);
  void BodyWithDocstring(const Span& s);
  void Constant(const Node& n);
  void JoinedStr(const Node& n);
  void FStringInner(uint32_t id, std::string* out);
  void Formatted(const Node& n, std::string* out);
  void StrAvoidingBackslashes(absl::string_view value, bool multi_only);
  void Comprehension(const Node& n);
  void Pattern(uint32_t id, int prec);  // unparse_match.cc
  void Match(const Node& n);

  const Ast& ast_;
  bool avoid_;
  bool ok_ = true;
  std::string out_;
  int indent_ = 0;
  bool in_try_star_ = false;
};

}  // namespace pto::ir::text::py

#endif  // PTO_IR_TEXT_PYTHON_UNPARSER_IMPL_H_
