// WriteHandWritten (handwritten.h): walks a tile kernel and writes each
// statement and call in a spelling chosen from the DSL's hand-written forms.
// Names and types come from the IR; each op call is spelled by
// handwritten_call.h.

#include "fuzz/gen/handwritten.h"

#include <random>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "fuzz/gen/handwritten_call.h"
#include "ir/check.h"
#include "ir/operators.h"
#include "ir/stmt.h"
#include "ir/text/printer/printer.h"
#include "ir/type.h"
#include "ir/visitor.h"

namespace pto::fuzz {
namespace {

using ir::Expr;
using ir::Var;

// Whether any Var occurs in `e`.
bool ReadsVar(const Expr* e) {
  struct Finder : ir::IRVisitor {
    bool found = false;
    void VisitVar(const Var*) override { found = true; }
    void VisitIterArg(const ir::IterArg*) override { found = true; }
  } f;
  f.VisitExpr(e);
  return f.found;
}

class Writer {
 public:
  Writer(const ir::Program& program, uint64_t seed) : program_(program), rng_(seed) {}

  HandWritten Write();

 private:
  bool Coin() { return rng_() & 1; }
  bool OneIn(int n) { return rng_() % static_cast<uint64_t>(n) == 0; }

  void Line(absl::string_view s) {
    out_.append(static_cast<size_t>(indent_) * 4, ' ');
    absl::StrAppend(&out_, s, "\n");
  }
  std::string Define(const Var* v);
  const std::string& Name(const Var* v) const;
  std::string Int(int64_t v);
  std::string TypeText(const ir::Type* t);
  std::string ExprText(const Expr* e);
  std::string CallText(const ir::Call* c) {
    return WriteCallByHand(
        c, rng_, [this](const Expr* e) { return ExprText(e); }, features_);
  }
  void WriteFunction(const ir::Function* f);
  void WriteBlock(const ir::Stmt* body, ir::VarSpan return_vars);
  void WriteStmt(const ir::Stmt* s, ir::VarSpan return_vars, ir::Stmts rest, size_t* skip);
  void Assign(const Var* v, const std::string& value);
  void Yield(ir::ExprSpan values, ir::VarSpan return_vars);

  const ir::Program& program_;
  std::mt19937_64 rng_;
  std::string out_;
  int indent_ = 0;
  HandWrittenFeatures features_;
  absl::flat_hash_map<const Var*, std::string> names_;
  // Occurrences of each Var, its definition included.
  absl::flat_hash_map<const Var*, int> uses_;
  absl::flat_hash_map<std::string, int> used_;
  // Module constants: value -> name, for dims.
  absl::flat_hash_map<int64_t, std::string> dim_consts_;
  std::string dtype_const_;  // "DT = pl.X" names this dtype's spelling
  std::string dtype_spelled_;
};

std::string Writer::Define(const Var* v) {
  std::string base(v->name());
  if (base.empty() || base[0] == '_') base = "v" + base;
  int& n = used_[base];
  std::string name = n == 0 ? base : absl::StrCat(base, "_", n);
  while (used_.contains(name) && name != base) name = absl::StrCat(name, "_");
  ++n;
  used_[name];
  names_[v] = name;
  return name;
}

const std::string& Writer::Name(const Var* v) const {
  auto it = names_.find(v);
  PTO_CHECK(it != names_.end()) << "hand-written: no name for " << v->name();
  return it->second;
}

std::string Writer::Int(int64_t v) {
  if (v >= 0 && OneIn(8)) return absl::StrCat("0x", absl::Hex(v));
  return absl::StrCat(v);
}

// A param's tensor type with its dims and dtype perhaps as module
// constants; any other type as the printer spells it.
std::string Writer::TypeText(const ir::Type* t) {
  const auto* tt = t->As<ir::TensorType>();
  if (tt == nullptr || tt->view() != nullptr) return ir::PrintType(t);
  std::vector<std::string> dims;
  for (const Expr* d : tt->shape()) {
    std::optional<int64_t> c = ir::AsConstInt(d);
    if (!c) return ir::PrintType(t);
    auto it = dim_consts_.find(*c);
    if (it != dim_consts_.end() && Coin()) {
      dims.push_back(it->second);
      ++features_.module_consts;
    } else {
      dims.push_back(Int(*c));
    }
  }
  std::string dtype = absl::StrCat("pl.", tt->dtype().name());
  if (!dtype_const_.empty() && dtype == dtype_spelled_ && Coin()) {
    dtype = dtype_const_;
    ++features_.module_consts;
  }
  return absl::StrCat("pl.Tensor[[", absl::StrJoin(dims, ", "), "], ", dtype, "]");
}

std::string Writer::ExprText(const Expr* e) {
  if (const auto* v = e->As<Var>()) return Name(v);
  if (const auto* c = e->As<ir::ConstInt>()) {
    if (c->dtype() == ir::DataType::kIndex) return Int(c->value());
  }
  if (const auto* t = e->As<ir::MakeTuple>()) {
    std::vector<std::string> items;
    for (const Expr* x : t->elements()) items.push_back(ExprText(x));
    return absl::StrCat("[", absl::StrJoin(items, ", "), "]");
  }
  if (const auto* g = e->As<ir::TupleGetItem>()) {
    return absl::StrCat(ExprText(g->tuple()), "[", g->index(), "]");
  }
  if (const auto* call = e->As<ir::Call>()) return CallText(call);
  if (!ReadsVar(e)) return ir::PrintExpr(e);
  if (const auto* b = e->As<ir::BinaryExpr>()) {
    const ir::OperatorInfo& info = ir::OperatorOf(b->op());
    PTO_CHECK(info.form == ir::OpForm::kInfix) << "hand-written: " << ir::PrintExpr(e);
    // pl.add / pl.sub of two scalars is the scalar operator.
    absl::string_view fn = b->op() == ir::BinaryOp::kAdd   ? "add"
                           : b->op() == ir::BinaryOp::kSub ? "sub"
                                                           : "";
    if (!fn.empty() && OneIn(3)) {
      ++features_.scalar_calls;
      return absl::StrCat("pl.", fn, "(", ExprText(b->lhs()), ", ", ExprText(b->rhs()), ")");
    }
    return absl::StrCat("(", ExprText(b->lhs()), " ", info.spelling, " ", ExprText(b->rhs()),
                        ")");
  }
  PTO_CHECK(false) << "hand-written: no spelling for " << ir::PrintExpr(e);
  return "";
}

void Writer::Assign(const Var* v, const std::string& value) {
  std::string name = Define(v);
  if (Coin()) {
    ++features_.unannotated;
    Line(absl::StrCat(name, " = ", value));
  } else {
    Line(absl::StrCat(name, ": ", ir::PrintType(v->type()), " = ", value));
  }
}

void Writer::Yield(ir::ExprSpan values, ir::VarSpan return_vars) {
  std::vector<std::string> vals, rets;
  for (const Expr* e : values) vals.push_back(ExprText(e));
  // An if's branches both name its return vars.
  for (const Var* r : return_vars) rets.push_back(names_.contains(r) ? Name(r) : Define(r));
  std::string call = absl::StrCat("pl.yield_(", absl::StrJoin(vals, ", "), ")");
  if (rets.empty()) {
    Line(call);
  } else {
    Line(absl::StrCat(absl::StrJoin(rets, ", "), " = ", call));
  }
}

void Writer::WriteBlock(const ir::Stmt* body, ir::VarSpan return_vars) {
  ++indent_;
  ir::Stmts stmts = body->Is<ir::SeqStmts>() ? body->As<ir::SeqStmts>()->stmts()
                                             : ir::Stmts(&body, 1);
  if (stmts.empty()) Line("pass");
  for (size_t i = 0; i < stmts.size(); ++i) {
    if (OneIn(12)) Line("# hand-written");
    size_t skip = 0;
    WriteStmt(stmts[i], return_vars, stmts.subspan(i + 1), &skip);
    i += skip;
  }
  --indent_;
}

void Writer::WriteStmt(const ir::Stmt* s, ir::VarSpan return_vars, ir::Stmts rest, size_t* skip) {
  if (const auto* a = s->As<ir::AssignStmt>()) {
    // A tuple whose elements are all projected next, in order, and nowhere
    // else used: `a, b = (x, y)`.
    if (const auto* t = a->value()->As<ir::MakeTuple>()) {
      size_t n = t->elements().size();
      bool whole = n >= 2 && rest.size() >= n && uses_[a->var()] == static_cast<int>(n) + 1;
      for (size_t k = 0; whole && k < n; ++k) {
        const auto* p = rest[k]->As<ir::AssignStmt>();
        const auto* g = p == nullptr ? nullptr : p->value()->As<ir::TupleGetItem>();
        whole = g != nullptr && g->tuple() == a->var() && g->index() == static_cast<int>(k);
      }
      if (whole && Coin()) {
        std::string value = ExprText(t);
        std::vector<std::string> targets;
        for (size_t k = 0; k < n; ++k) targets.push_back(Define(rest[k]->As<ir::AssignStmt>()->var()));
        value = absl::StrCat("(", value.substr(1, value.size() - 2), ")");
        Line(absl::StrCat(absl::StrJoin(targets, ", "), " = ", value));
        ++features_.unpacked;
        *skip = n;
        return;
      }
    }
    Assign(a->var(), ExprText(a->value()));
    return;
  }
  if (const auto* e = s->As<ir::EvalStmt>()) {
    Line(ExprText(e->expr()));
    return;
  }
  if (const auto* y = s->As<ir::YieldStmt>()) {
    Yield(y->values(), return_vars);
    return;
  }
  if (const auto* r = s->As<ir::ReturnStmt>()) {
    std::vector<std::string> vals;
    for (const Expr* e : r->values()) vals.push_back(ExprText(e));
    Line(vals.empty() ? "return" : absl::StrCat("return ", absl::StrJoin(vals, ", ")));
    return;
  }
  if (s->Is<ir::BreakStmt>()) {
    Line("break");
    return;
  }
  if (s->Is<ir::ContinueStmt>()) {
    Line("continue");
    return;
  }
  if (const auto* f = s->As<ir::ForStmt>()) {
    std::string var = Define(f->loop_var());
    std::vector<std::string> carried, inits;
    for (const ir::IterArg* ia : f->iter_args()) {
      inits.push_back(ExprText(ia->init()));
      carried.push_back(Define(ia));
    }
    std::vector<std::string> bounds;
    std::string stop = ExprText(f->stop());
    bool plain = ir::PrintExpr(f->start()) == "0" && ir::PrintExpr(f->step()) == "1";
    if (!plain || OneIn(3)) {
      bounds = {ExprText(f->start()), stop};
      if (!plain || Coin()) bounds.push_back(ExprText(f->step()));
      if (plain) ++features_.long_ranges;
    } else {
      bounds = {stop};
    }
    if (f->for_kind() == ir::ForKind::kPipeline) bounds.push_back(absl::StrCat("stage=", f->stage()));
    std::string head = absl::StrCat("for ", var);
    if (!carried.empty()) {
      absl::StrAppend(&head, ", (", absl::StrJoin(carried, ", "), carried.size() == 1 ? ",)" : ")");
      bool list = Coin();
      std::string joined = absl::StrJoin(inits, ", ");
      bounds.push_back(list ? absl::StrCat("init_values=[", joined, "]")
                            : absl::StrCat("init_values=(", joined, inits.size() == 1 ? ",)" : ")"));
    }
    absl::string_view kind = f->for_kind() == ir::ForKind::kSequential ? "range"
                             : f->for_kind() == ir::ForKind::kParallel ? "parallel"
                             : f->for_kind() == ir::ForKind::kUnroll   ? "unroll"
                                                                       : "pipeline";
    Line(absl::StrCat(head, " in pl.", kind, "(", absl::StrJoin(bounds, ", "), "):"));
    WriteBlock(f->body(), f->return_vars());
    return;
  }
  if (const auto* w = s->As<ir::WhileStmt>()) {
    if (w->iter_args().empty()) {
      Line(absl::StrCat("while ", ExprText(w->condition()), ":"));
      WriteBlock(w->body(), w->return_vars());
      return;
    }
    std::vector<std::string> carried, inits;
    for (const ir::IterArg* ia : w->iter_args()) {
      inits.push_back(ExprText(ia->init()));
      carried.push_back(Define(ia));
    }
    std::string targets = absl::StrJoin(carried, ", ");
    // `for a, b in pl.while_(...)` reads as `for (a, b) in ...`.
    if (carried.size() == 1 || Coin()) {
      targets = absl::StrCat("(", targets, carried.size() == 1 ? ",)" : ")");
    }
    Line(absl::StrCat("for ", targets, " in pl.while_(init_values=(", absl::StrJoin(inits, ", "),
                      inits.size() == 1 ? ",)" : ")", "):"));
    ++indent_;
    Line(absl::StrCat("pl.cond(", ExprText(w->condition()), ")"));
    --indent_;
    WriteBlock(w->body(), w->return_vars());
    return;
  }
  if (const auto* i = s->As<ir::IfStmt>()) {
    Line(absl::StrCat("if ", ExprText(i->condition()), ":"));
    WriteBlock(i->then_body(), i->return_vars());
    if (i->else_body() != nullptr) {
      Line("else:");
      WriteBlock(i->else_body(), i->return_vars());
    }
    return;
  }
  if (const auto* sc = s->As<ir::ScopeStmt>()) {
    PTO_CHECK(sc->operands().empty()) << "hand-written: scope operands are not generated";
    std::string head;
    if (sc->scope_kind() == ir::ScopeKind::kCluster && sc->args().empty()) {
      head = "pl.cluster()";
    } else if (sc->scope_kind() == ir::ScopeKind::kRuntime && sc->args().empty()) {
      head = Coin() ? "pl.scope()" : "pl.scope(mode=pl.ScopeMode.AUTO)";
    } else if (sc->scope_kind() == ir::ScopeKind::kRuntime && sc->args().size() == 1 &&
               sc->args()[0].enum_ref == "ScopeMode.MANUAL") {
      head = Coin() ? "pl.manual_scope()" : "pl.scope(mode=pl.ScopeMode.MANUAL)";
    } else {
      PTO_CHECK(false) << "hand-written: scope arguments are not generated";
    }
    if (head != "pl.cluster()" && head != "pl.scope()") ++features_.scope_spellings;
    Line(absl::StrCat("with ", head, ":"));
    WriteBlock(sc->body(), return_vars);
    return;
  }
  PTO_CHECK(false) << "hand-written: statement kind " << static_cast<int>(s->kind())
                   << " is not generated";
}

void Writer::WriteFunction(const ir::Function* f) {
  names_.clear();
  used_.clear();
  ++indent_;
  // auto_scope=False: the kernel places AUTO scopes by hand.
  const bool auto_scope = f->attrs().auto_scope;
  Line(absl::StrCat(OneIn(3) ? "@pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE"
                             : "@pl.function(type=pl.FunctionType.InCore",
                    auto_scope ? ")" : ", auto_scope=False)"));
  ir::FunctionAttrs rest = f->attrs();
  rest.auto_scope = true;
  PTO_CHECK(f->func_type() == ir::FunctionType::kInCore && rest.empty());
  std::vector<std::string> params = {"self"};
  for (size_t i = 0; i < f->params().size(); ++i) {
    const Var* p = f->params()[i];
    std::string type = TypeText(p->type());
    switch (f->directions()[i]) {
      case ir::ParamDirection::kIn: break;
      case ir::ParamDirection::kOut: type = absl::StrCat("pl.Out[", type, "]"); break;
      case ir::ParamDirection::kInOut: type = absl::StrCat("pl.InOut[", type, "]"); break;
    }
    params.push_back(absl::StrCat(Define(p), ": ", type));
  }
  std::string rets;
  if (!f->return_types().empty()) {
    std::vector<std::string> types;
    for (const ir::Type* t : f->return_types()) types.push_back(TypeText(t));
    rets = types.size() == 1 ? absl::StrCat(" -> ", types[0])
                             : absl::StrCat(" -> tuple[", absl::StrJoin(types, ", "), "]");
  }
  Line(absl::StrCat("def ", f->name(), "(", absl::StrJoin(params, ", "), ")", rets, ":"));
  if (OneIn(3)) {
    ++indent_;
    Line("\"\"\"A kernel written by hand.\"\"\"");
    --indent_;
    ++features_.docstrings;
  }
  WriteBlock(f->body(), {});
  --indent_;
}

HandWritten Writer::Write() {
  // Uses of each Var, for the tuple-unpacking test.
  struct Counter : ir::IRVisitor {
    absl::flat_hash_map<const Var*, int>* uses;
    void VisitVar(const Var* v) override { ++(*uses)[v]; }
  } counter;
  counter.uses = &uses_;
  counter.VisitProgram(program_);

  if (OneIn(3)) {
    Line("\"\"\"A tile kernel, written by hand.\"\"\"");
    ++features_.docstrings;
  }
  switch (rng_() % 3) {
    case 0: Line("import pypto.language as pl"); break;
    case 1: Line("from pypto import language as pl"); break;
    default: Line("import pypto\nimport pypto.language as pl"); break;
  }
  // Module constants for the first param's dims and dtype.
  const ir::Function* first = program_.functions().empty() ? nullptr : program_.functions()[0];
  if (first != nullptr && !first->params().empty() && Coin()) {
    if (const auto* tt = first->params()[0]->type()->As<ir::TensorType>()) {
      const char* names[] = {"ROWS", "COLS", "DEPTH"};
      for (size_t i = 0; i < tt->shape().size() && i < 3; ++i) {
        std::optional<int64_t> c = ir::AsConstInt(tt->shape()[i]);
        if (c && !dim_consts_.contains(*c)) {
          dim_consts_[*c] = names[i];
          Line(absl::StrCat(names[i], " = ", Int(*c)));
        }
      }
      dtype_const_ = "DT";
      dtype_spelled_ = absl::StrCat("pl.", tt->dtype().name());
      Line(absl::StrCat("DT = ", dtype_spelled_));
    }
  }
  Line("");
  if (Coin()) Line("# The kernel under test.");
  Line("@pl.program");
  Line(absl::StrCat("class ", program_.name(), ":"));
  if (OneIn(3)) {
    ++indent_;
    Line("\"\"\"The program.\"\"\"");
    --indent_;
  }
  for (const ir::Function* f : program_.functions()) WriteFunction(f);
  return HandWritten{std::move(out_), features_};
}

}  // namespace

HandWritten WriteHandWritten(const ir::Program& program, uint64_t seed) {
  return Writer(program, seed).Write();
}

}  // namespace pto::fuzz
