#include "sim/pto/reader.h"

#include <memory>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "ir/status_macros.h"
#include "sim/pto/cursor.h"
#include "sim/pto/format.h"
#include "sim/pto/grammar.h"
#include "sim/pto/lexer.h"

namespace pto::sim::pto_text {
namespace {

class Reader {
 public:
  explicit Reader(Cursor& c) : c_(c) {}

  absl::StatusOr<Operation> ReadModule() {
    Operation m;
    m.pos = c_.Peek().pos;
    PTO_RETURN_IF_ERROR(c_.ExpectWord("module"));
    m.name = "module";
    if (c_.TryWord("attributes")) PTO_RETURN_IF_ERROR(ParseAttrDict(c_, m.attrs));
    scopes_.emplace_back();
    PTO_RETURN_IF_ERROR(ReadRegion(m, {}, /*label_ok=*/false));
    scopes_.pop_back();
    for (const Operation& op : m.regions.front().ops) {
      if (op.name != "func.func") {
        return c_.ErrorAt(op.pos, absl::StrCat("expected a func.func in the module, found ", op.name));
      }
    }
    if (c_.Peek().kind != Token::kEnd) return c_.Expected("the end of the input");
    return m;
  }

 private:
  struct Def {
    absl::string_view type;
  };

  // Defines `v` in the innermost scope.
  absl::Status Define(Operand& v) {
    for (const auto& scope : scopes_) {
      if (scope.contains(v.value)) {
        return c_.ErrorAt(v.pos, absl::StrCat("redefinition of ", v.value));
      }
    }
    scopes_.back()[v.value] = Def{v.type};
    return absl::OkStatus();
  }

  // Checks a use: defined and in scope, and of the type it was defined with.
  absl::Status Use(Operand& v) {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
      auto found = it->find(v.value);
      if (found == it->end()) continue;
      Def& def = found->second;
      if (def.type.empty()) {
        def.type = v.type;
      } else if (!v.type.empty() && v.type != def.type) {
        return c_.ErrorAt(v.pos, absl::StrCat(v.value, " is used as ", v.type,
                                              " but was defined as ", def.type));
      }
      if (v.type.empty()) v.type = def.type;
      return absl::OkStatus();
    }
    return c_.ErrorAt(v.pos, absl::StrCat("use of undefined value ", v.value));
  }

  absl::Status UseAll(Operation& op, size_t from = 0) {
    for (size_t i = from; i < op.operands.size(); ++i) PTO_RETURN_IF_ERROR(Use(op.operands[i]));
    return absl::OkStatus();
  }

  // `{ [^bb0(%a: T, ...):] op* }`, one block whose arguments come first
  // from `args` (loop variables, iter args, function params), then from
  // a label.
  absl::Status ReadRegion(Operation& op, std::vector<Operand> args, bool label_ok) {
    // Reading recurses once per region; a bound keeps hostile input from
    // exhausting the stack. Codegen nests as deep as the DSL's loops and ifs.
    if (scopes_.size() > kMaxDepth) {
      return c_.Error(absl::StrCat("regions nest deeper than ", kMaxDepth));
    }
    PTO_RETURN_IF_ERROR(c_.ExpectPunct("{"));
    Block block;
    scopes_.emplace_back();
    if (label_ok && c_.TryPunct("^")) {
      PTO_RETURN_IF_ERROR(c_.Expect(Token::kIdent, "a block label").status());
      PTO_RETURN_IF_ERROR(c_.ExpectPunct("("));
      PTO_RETURN_IF_ERROR(ReadTypedValues(args, "arg"));
      PTO_RETURN_IF_ERROR(c_.ExpectPunct(")"));
      PTO_RETURN_IF_ERROR(c_.ExpectPunct(":"));
    }
    for (Operand& a : args) PTO_RETURN_IF_ERROR(Define(a));
    block.args = std::move(args);
    while (!c_.AtPunct("}")) {
      if (c_.Peek().kind == Token::kEnd) return c_.Expected("'}'");
      PTO_ASSIGN_OR_RETURN(Operation inner, ReadOp());
      block.ops.push_back(std::move(inner));
    }
    c_.Take();
    scopes_.pop_back();
    op.regions.push_back(std::move(block));
    return absl::OkStatus();
  }

  // `%a: T, %b: T` (possibly none) appended to `out`.
  absl::Status ReadTypedValues(std::vector<Operand>& out, absl::string_view role) {
    if (c_.Peek().kind != Token::kValue) return absl::OkStatus();
    do {
      PTO_ASSIGN_OR_RETURN(Token v, c_.Expect(Token::kValue, "a value"));
      PTO_RETURN_IF_ERROR(c_.ExpectPunct(":"));
      PTO_ASSIGN_OR_RETURN(Token t, c_.ExpectType());
      out.push_back({role, v.text, t.text, v.pos});
    } while (c_.TryPunct(","));
    return absl::OkStatus();
  }

  // `( T, ... )` or a single type; assigned to `values` in order.
  absl::Status ReadTypeList(std::vector<Operand>& values) {
    bool paren = c_.TryPunct("(");
    for (size_t i = 0; i < values.size(); ++i) {
      if (i > 0) PTO_RETURN_IF_ERROR(c_.ExpectPunct(","));
      PTO_ASSIGN_OR_RETURN(Token t, c_.ExpectType());
      values[i].type = t.text;
    }
    return paren ? c_.ExpectPunct(")") : absl::OkStatus();
  }

  // `(%a = %init, ...)` for scf.for's iter_args and scf.while: the region
  // arguments and their initial operands.
  absl::Status ReadInits(Operation& op, std::vector<Operand>& region_args) {
    PTO_RETURN_IF_ERROR(c_.ExpectPunct("("));
    if (!c_.AtPunct(")")) {
      do {
        PTO_ASSIGN_OR_RETURN(Token a, c_.Expect(Token::kValue, "a region argument"));
        PTO_RETURN_IF_ERROR(c_.ExpectPunct("="));
        PTO_ASSIGN_OR_RETURN(Token init, c_.Expect(Token::kValue, "an initial value"));
        region_args.push_back({"arg", a.text, "", a.pos});
        op.operands.push_back({"init", init.text, "", init.pos});
      } while (c_.TryPunct(","));
    }
    return c_.ExpectPunct(")");
  }

  absl::Status ReadFunc(Operation& op) {
    PTO_ASSIGN_OR_RETURN(Token sym, c_.Expect(Token::kSymbol, "a function name"));
    op.attrs.push_back({"sym_name", sym.text});
    PTO_RETURN_IF_ERROR(c_.ExpectPunct("("));
    std::vector<Operand> params;
    PTO_RETURN_IF_ERROR(ReadTypedValues(params, "param"));
    PTO_RETURN_IF_ERROR(c_.ExpectPunct(")"));
    if (c_.TryWord("attributes")) PTO_RETURN_IF_ERROR(ParseAttrDict(c_, op.attrs));
    return ReadRegion(op, std::move(params), false);
  }

  absl::Status ReadFor(Operation& op) {
    PTO_ASSIGN_OR_RETURN(Token iv, c_.Expect(Token::kValue, "the induction variable"));
    PTO_RETURN_IF_ERROR(c_.ExpectPunct("="));
    for (absl::string_view role : {"lower", "upper", "step"}) {
      if (role != "lower") PTO_RETURN_IF_ERROR(c_.ExpectWord(role == "upper" ? "to" : "step"));
      PTO_ASSIGN_OR_RETURN(Token v, c_.Expect(Token::kValue, absl::StrCat("the ", role, " bound")));
      op.operands.push_back({role, v.text, "", v.pos});
    }
    std::vector<Operand> args = {{"iv", iv.text, "", iv.pos}};
    if (c_.TryWord("iter_args")) PTO_RETURN_IF_ERROR(ReadInits(op, args));
    if (c_.TryPunct("->")) PTO_RETURN_IF_ERROR(ReadTypeList(op.results));
    if (c_.TryPunct(":")) {
      PTO_ASSIGN_OR_RETURN(Token t, c_.ExpectType());
      for (size_t i = 0; i < 3; ++i) op.operands[i].type = t.text;
      args[0].type = t.text;
    } else {
      for (size_t i = 0; i < 3; ++i) op.operands[i].type = "index";
      args[0].type = "index";
    }
    if (args.size() - 1 != op.results.size()) {
      return c_.ErrorAt(op.pos, "scf.for: the iter_args and the results differ in number");
    }
    for (size_t i = 1; i < args.size(); ++i) {
      args[i].type = op.results[i - 1].type;
      op.operands[i + 2].type = op.results[i - 1].type;
    }
    PTO_RETURN_IF_ERROR(UseAll(op));
    return ReadRegion(op, std::move(args), false);
  }

  absl::Status ReadIf(Operation& op) {
    PTO_ASSIGN_OR_RETURN(Token cond, c_.Expect(Token::kValue, "the condition"));
    op.operands.push_back({"condition", cond.text, "i1", cond.pos});
    PTO_RETURN_IF_ERROR(UseAll(op));
    if (c_.TryPunct("->")) PTO_RETURN_IF_ERROR(ReadTypeList(op.results));
    PTO_RETURN_IF_ERROR(ReadRegion(op, {}, false));
    if (c_.TryWord("else")) PTO_RETURN_IF_ERROR(ReadRegion(op, {}, false));
    return absl::OkStatus();
  }

  absl::Status ReadWhile(Operation& op) {
    std::vector<Operand> before_args;
    // MLIR leaves the list out when nothing is carried: `scf.while : () -> ()`.
    if (c_.AtPunct("(")) PTO_RETURN_IF_ERROR(ReadInits(op, before_args));
    PTO_RETURN_IF_ERROR(c_.ExpectPunct(":"));
    PTO_RETURN_IF_ERROR(ReadTypeList(op.operands));
    for (size_t i = 0; i < before_args.size(); ++i) before_args[i].type = op.operands[i].type;
    PTO_RETURN_IF_ERROR(c_.ExpectPunct("->"));
    PTO_RETURN_IF_ERROR(ReadTypeList(op.results));
    PTO_RETURN_IF_ERROR(UseAll(op));
    PTO_RETURN_IF_ERROR(ReadRegion(op, std::move(before_args), false));
    PTO_RETURN_IF_ERROR(c_.ExpectWord("do"));
    return ReadRegion(op, {}, true);
  }

  absl::StatusOr<Operation> ReadOp() {
    Operation op;
    op.pos = c_.Peek().pos;
    if (c_.Peek().kind == Token::kValue) {
      do {
        PTO_ASSIGN_OR_RETURN(Token r, c_.Expect(Token::kValue, "a result"));
        op.results.push_back({"result", r.text, "", r.pos});
      } while (c_.TryPunct(","));
      PTO_RETURN_IF_ERROR(c_.ExpectPunct("="));
    }
    const Token& name = c_.Peek();
    if (name.kind != Token::kIdent) return c_.Expected("an op name");
    op.name = c_.Take().text;
    if (op.name == "func.func") {
      PTO_RETURN_IF_ERROR(ReadFunc(op));
    } else if (op.name == "scf.for") {
      PTO_RETURN_IF_ERROR(ReadFor(op));
    } else if (op.name == "scf.if") {
      PTO_RETURN_IF_ERROR(ReadIf(op));
    } else if (op.name == "scf.while") {
      PTO_RETURN_IF_ERROR(ReadWhile(op));
    } else {
      const OpGrammar* g = FindOpGrammar(op.name);
      if (g == nullptr) {
        return c_.ErrorAt(name.pos, absl::StrCat("unknown op '", op.name,
                                                 "': not in the PTO grammar we target"));
      }
      if (static_cast<int>(op.results.size()) != g->results) {
        return c_.ErrorAt(op.pos, absl::StrCat(op.name, " defines ", g->results, " value(s), not ",
                                               op.results.size()));
      }
      absl::Status s = g->format.Parse(c_, op);
      if (!s.ok()) {
        return absl::Status(s.code(), absl::StrCat(s.message(), "\n", op.name, "'s format: ",
                                                   g->format.spec()));
      }
      PTO_RETURN_IF_ERROR(UseAll(op));
    }
    if (c_.TryWord("loc")) PTO_RETURN_IF_ERROR(ReadLoc(op));
    for (Operand& r : op.results) PTO_RETURN_IF_ERROR(Define(r));
    return op;
  }

  // `loc("file":line:col)` after an op.
  absl::Status ReadLoc(Operation& op) {
    PTO_RETURN_IF_ERROR(c_.ExpectPunct("("));
    PTO_ASSIGN_OR_RETURN(Token file, c_.Expect(Token::kString, "a source file name"));
    op.loc_file = file.text;
    for (int64_t* field : {&op.loc_line, &op.loc_col}) {
      PTO_RETURN_IF_ERROR(c_.ExpectPunct(":"));
      PTO_ASSIGN_OR_RETURN(Token n, c_.Expect(Token::kInteger, "a line or column number"));
      if (!absl::SimpleAtoi(n.text, field)) return c_.ErrorAt(n.pos, "a number out of range");
    }
    return c_.ExpectPunct(")");
  }

  static constexpr size_t kMaxDepth = 256;

  Cursor& c_;
  std::vector<absl::flat_hash_map<absl::string_view, Def>> scopes_;
};

}  // namespace

absl::StatusOr<Module> ReadPto(absl::string_view filename, absl::string_view text) {
  auto source = std::make_unique<std::string>(text);
  Lexer lexer(filename, *source);
  PTO_ASSIGN_OR_RETURN(std::vector<Token> tokens, lexer.Tokenize());
  Cursor cursor(filename, *source, tokens);
  Reader reader(cursor);
  PTO_ASSIGN_OR_RETURN(Operation m, reader.ReadModule());
  return Module(std::string(filename), std::move(source), std::move(m));
}

}  // namespace pto::sim::pto_text
