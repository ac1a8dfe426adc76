#include "ir/text/printer.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "ir/arena.h"
#include "ir/check.h"
#include "ir/enums.h"
#include "ir/float_literal.h"
#include "ir/op.h"
#include "ir/stmt.h"
#include "ir/text/lexer.h"
#include "ir/text/name_uniquer.h"
#include "ir/text/text_output.h"

namespace pto::ir {
namespace {

using text::IsPythonKeyword;
using text::NameUniquer;

// Python operator precedence, loosest first (as upstream's printer ranks it;
// `xor` is the IR's logical xor, printed as a word).
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
  kPrecUnary,
  kPrecPow,
  kPrecCall,
  kPrecAtom,
};

struct BinaryInfo {
  absl::string_view symbol;
  int prec;
  bool function_form;  // pl.min(a, b) / pl.max(a, b)
};

BinaryInfo InfoOf(BinaryOp op) {
  switch (op) {
    case BinaryOp::kAdd:
      return {"+", kPrecAdd, false};
    case BinaryOp::kSub:
      return {"-", kPrecAdd, false};
    case BinaryOp::kMul:
      return {"*", kPrecMul, false};
    case BinaryOp::kFloorDiv:
      return {"//", kPrecMul, false};
    case BinaryOp::kFloorMod:
      return {"%", kPrecMul, false};
    case BinaryOp::kFloatDiv:
      return {"/", kPrecMul, false};
    case BinaryOp::kPow:
      return {"**", kPrecPow, false};
    case BinaryOp::kMin:
      return {"pl.min", kPrecCall, true};
    case BinaryOp::kMax:
      return {"pl.max", kPrecCall, true};
    case BinaryOp::kEq:
      return {"==", kPrecCmp, false};
    case BinaryOp::kNe:
      return {"!=", kPrecCmp, false};
    case BinaryOp::kLt:
      return {"<", kPrecCmp, false};
    case BinaryOp::kLe:
      return {"<=", kPrecCmp, false};
    case BinaryOp::kGt:
      return {">", kPrecCmp, false};
    case BinaryOp::kGe:
      return {">=", kPrecCmp, false};
    case BinaryOp::kAnd:
      return {"and", kPrecAnd, false};
    case BinaryOp::kOr:
      return {"or", kPrecOr, false};
    case BinaryOp::kXor:
      return {"xor", kPrecXor, false};
    case BinaryOp::kBitAnd:
      return {"&", kPrecBitAnd, false};
    case BinaryOp::kBitOr:
      return {"|", kPrecBitOr, false};
    case BinaryOp::kBitXor:
      return {"^", kPrecBitXor, false};
    case BinaryOp::kShl:
      return {"<<", kPrecShift, false};
    case BinaryOp::kShr:
      return {">>", kPrecShift, false};
  }
  return {"?", kPrecAtom, false};
}

void AppendInt(text::TextOutput* out, int64_t v) {
  char buf[24];
  std::to_chars_result r = std::to_chars(buf, buf + sizeof(buf), v);
  out->append(buf, r.ptr - buf);
}

// 17 significant digits re-read as the same double; an integral value gets
// ".0" so it stays a float literal.
void AppendFloat(text::TextOutput* out, double v) { out->append(FloatLiteral(v).view()); }

template <typename E>
void AppendEnum(text::TextOutput* out, E value) {
  out->append(EnumTraits<E>::kPrefix.data(), EnumTraits<E>::kPrefix.size());
  out->push_back('.');
  absl::string_view name = EnumName(value);
  out->append(name.data(), name.size());
}

void AppendQuoted(text::TextOutput* out, absl::string_view s) {
  out->push_back('\'');
  for (char c : s) {
    switch (c) {
      case '\\':
        out->append("\\\\");
        break;
      case '\'':
        out->append("\\'");
        break;
      case '\n':
        out->append("\\n");
        break;
      case '\t':
        out->append("\\t");
        break;
      case '\r':
        out->append("\\r");
        break;
      default:
        out->push_back(c);
        break;
    }
  }
  out->push_back('\'');
}

// A dim list equal to `shape` in upstream's sense: same objects or equal
// constants.
bool DimsMatch(ExprSpan dims, ExprSpan shape) {
  if (dims.size() != shape.size()) return false;
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] == shape[i]) continue;
    std::optional<int64_t> a = AsConstInt(dims[i]);
    std::optional<int64_t> b = AsConstInt(shape[i]);
    if (!a || !b || *a != *b) return false;
  }
  return true;
}

// Whether a binary tree has only integer-constant leaves (it then prints
// typed leaves, so that upstream's parser, which folds literal arithmetic,
// rebuilds the tree). The scan is budgeted so that printing stays linear on
// deep trees; beyond the budget the tree counts as not pure.
bool IsPureConstIntTree(const Expr* e, int* budget) {
  if (--*budget < 0) return false;
  if (e->Is<ConstInt>()) return true;
  const auto* b = e->As<BinaryExpr>();
  return b != nullptr && IsPureConstIntTree(b->lhs(), budget) &&
         IsPureConstIntTree(b->rhs(), budget);
}

// --- IR walk in upstream's def/use order -------------------------------------

template <typename Sink>
void WalkExpr(const Expr* e, Sink& sink) {
  switch (e->kind()) {
    case NodeKind::kVar:
    case NodeKind::kIterArg:
      sink.Use(e->As<Var>());
      return;
    case NodeKind::kCall: {
      const auto* c = e->As<Call>();
      if (c->callee() != nullptr) sink.Callee(c->callee());
      for (const Expr* a : c->args()) WalkExpr(a, sink);
      return;
    }
    case NodeKind::kMakeTuple:
      for (const Expr* a : e->As<MakeTuple>()->elements()) WalkExpr(a, sink);
      return;
    case NodeKind::kTupleGetItem:
      WalkExpr(e->As<TupleGetItem>()->tuple(), sink);
      return;
    case NodeKind::kBinary:
      WalkExpr(e->As<BinaryExpr>()->lhs(), sink);
      WalkExpr(e->As<BinaryExpr>()->rhs(), sink);
      return;
    case NodeKind::kUnary:
      WalkExpr(e->As<UnaryExpr>()->operand(), sink);
      return;
    default:
      return;
  }
}

// Definitions of a statement come before the uses inside it: loop var, return
// vars, then iter args (with their init values).
template <typename Sink>
void WalkStmt(const Stmt* s, Sink& sink) {
  if (s == nullptr) return;
  switch (s->kind()) {
    case NodeKind::kAssign: {
      const auto* a = s->As<AssignStmt>();
      sink.Def(a->var());
      WalkExpr(a->value(), sink);
      return;
    }
    case NodeKind::kEval:
      WalkExpr(s->As<EvalStmt>()->expr(), sink);
      return;
    case NodeKind::kReturn:
      for (const Expr* v : s->As<ReturnStmt>()->values()) WalkExpr(v, sink);
      return;
    case NodeKind::kYield:
      for (const Expr* v : s->As<YieldStmt>()->values()) WalkExpr(v, sink);
      return;
    case NodeKind::kSeq:
      for (const Stmt* c : s->As<SeqStmts>()->stmts()) WalkStmt(c, sink);
      return;
    case NodeKind::kIf: {
      const auto* i = s->As<IfStmt>();
      for (const Var* v : i->return_vars()) sink.Def(v);
      WalkExpr(i->condition(), sink);
      WalkStmt(i->then_body(), sink);
      WalkStmt(i->else_body(), sink);
      return;
    }
    case NodeKind::kFor: {
      const auto* f = s->As<ForStmt>();
      sink.Def(f->loop_var());
      for (const Var* v : f->return_vars()) sink.Def(v);
      for (const IterArg* ia : f->iter_args()) {
        sink.Def(ia);
        WalkExpr(ia->init(), sink);
      }
      WalkExpr(f->start(), sink);
      WalkExpr(f->stop(), sink);
      WalkExpr(f->step(), sink);
      WalkStmt(f->body(), sink);
      return;
    }
    case NodeKind::kWhile: {
      const auto* w = s->As<WhileStmt>();
      for (const Var* v : w->return_vars()) sink.Def(v);
      for (const IterArg* ia : w->iter_args()) {
        sink.Def(ia);
        WalkExpr(ia->init(), sink);
      }
      WalkExpr(w->condition(), sink);
      WalkStmt(w->body(), sink);
      return;
    }
    default:
      return;
  }
}

class Printer {
 public:
  explicit Printer(const PrintOptions& options, TextSink* sink = nullptr)
      : options_(options), out_(sink) {}

  std::string Take() { return out_.Take(); }
  absl::Status Flush() { return out_.Flush(); }

  void PrintProgramText(const Program& program);
  void PrintTypeText(const Type* type);
  void PrintExprText(const Expr* e);

 private:
  // Per-Var printing state, indexed by Var::id(). Stamps are 1-based function
  // numbers, so one table serves every function without clearing.
  enum SlotFlag : uint8_t {
    kDefined = 1,  // defined by some function of the program
    kParam = 2,
    kDynCandidate = 4,     // appears in a type dim
    kReadInParamView = 8,  // appears in a param's tensor valid_shape
    kDyn = 16,             // a pl.dynamic dim; `printed` is its name
  };
  struct VarSlot {
    uint32_t seen_stamp = 0;  // listed for naming in this function
    uint32_t def_stamp = 0;   // a param or definition of this function
    uint8_t flags = 0;
    // The dynamic dim's name, or the name in the function `seen_stamp`.
    absl::string_view printed;
  };

  struct ScanSink {
    Printer* p;
    uint32_t function;
    void Def(const Var* v) {
      p->Slot(v).flags |= kDefined;
      ++p->node_count_;
      p->CollectDynFromType(v->type());
    }
    void Use(const Var* v) {
      ++p->node_count_;
      p->CollectDynFromType(v->type());
    }
    void Callee(const GlobalVar* g) { p->AddCallee(function, g); }
  };

  struct NameSink {
    Printer* p;
    void Def(const Var* v) { p->defs_.push_back(v); }
    void Use(const Var* v) { p->uses_.push_back(v); }
    void Callee(const GlobalVar*) {}
  };

  VarSlot& Slot(const Var* v) {
    if (v->id() >= slots_.size()) slots_.resize(static_cast<size_t>(v->id()) + 1);
    return slots_[v->id()];
  }
  absl::string_view NameOf(const Var* v) const;

  // Program-level analysis.
  void ScanProgram(const Program& program);
  void CollectDynFromType(const Type* t);
  void CollectDynFromDims(ExprSpan dims) {
    for (const Expr* d : dims) CollectDynFromDim(d);
  }
  void CollectDynFromDim(const Expr* e);
  void MarkParamViewReads(const Expr* e);
  void AddCallee(uint32_t function, const GlobalVar* g);
  void AssignDynNames();
  std::vector<const Function*> TopologicalOrder(const Program& program);
  void AssignFunctionNames(const Function* f, uint32_t stamp);

  // Text.
  void Indent() { out_.append(static_cast<size_t>(indent_) * 4, ' '); }
  void Append(absl::string_view s) { out_.append(s.data(), s.size()); }
  void PrintFunction(const Function* f);
  void PrintComments(const Stmt* s);
  void PrintStmtBlock(const Stmt* s);
  void PrintStmt(const Stmt* s);
  void PrintBody(const Stmt* body, VarSpan return_vars);
  void PrintYieldAssign(VarSpan return_vars, ExprSpan values);
  void PrintReturnValues(absl::string_view keyword, ExprSpan values);
  void PrintFor(const ForStmt* f);
  void PrintWhile(const WhileStmt* w);
  void PrintIf(const IfStmt* i);
  void PrintExprList(ExprSpan values);
  void PrintCall(const Call* c);
  void PrintBinary(const BinaryExpr* b);
  void PrintUnary(const UnaryExpr* u);
  void PrintChild(const BinaryExpr* parent, int parent_prec, const Expr* child, bool is_left);
  int PrecOf(const Expr* e) const;
  void PrintAttr(const AttrValue& v);
  void PrintDim(const Expr* e);
  void PrintDims(ExprSpan dims);
  void PrintTensorView(const TensorView& v, ExprSpan shape);
  void PrintTileView(const TileType* t);

  PrintOptions options_;
  text::TextOutput out_;
  static constexpr size_t kCollectedTypes = 16;
  const Type* collected_types_[kCollectedTypes] = {};
  int indent_ = 0;
  // Prints INDEX constants as pl.const(v, pl.INDEX): inside composite type
  // dims and pure-constant arithmetic.
  bool typed_consts_ = false;
  uint32_t current_stamp_ = 0;
  size_t node_count_ = 0;  // Var definitions and uses seen by ScanProgram
  // The most any one function has, counting its params: what the
  // per-function tables below hold at most.
  size_t max_function_nodes_ = 0;

  // Indexed by Var id: as large as the Context's var count.
  std::vector<VarSlot, HugePageAllocator<VarSlot>> slots_;
  std::vector<const Var*> dyn_candidates_;
  NameUniquer dyn_uniquer_;
  std::vector<absl::string_view> sorted_dyn_names_;
  NameUniquer function_uniquer_;
  Arena free_names_;  // "<name>__FREE_VAR" spellings; unallocated until one is needed

  absl::flat_hash_map<absl::string_view, uint32_t> function_index_;
  std::vector<std::vector<uint32_t>> callees_;
  std::vector<uint32_t> callee_stamp_;

  std::vector<const Var*, HugePageAllocator<const Var*>> defs_;
  std::vector<const Var*, HugePageAllocator<const Var*>> uses_;
  std::vector<const Var*, HugePageAllocator<const Var*>> ordered_;
  std::vector<absl::string_view, HugePageAllocator<absl::string_view>> names_;
};

absl::string_view Printer::NameOf(const Var* v) const {
  if (v->id() < slots_.size()) {
    const VarSlot& s = slots_[v->id()];
    if ((s.flags & kDyn) != 0 || (current_stamp_ != 0 && s.seen_stamp == current_stamp_)) {
      return s.printed;
    }
  }
  return v->name();
}

// --- Program analysis --------------------------------------------------------

void Printer::CollectDynFromDim(const Expr* e) {
  switch (e->kind()) {
    case NodeKind::kVar:
    case NodeKind::kIterArg: {
      const Var* v = e->As<Var>();
      VarSlot& s = Slot(v);
      if ((s.flags & kDynCandidate) == 0) {
        s.flags |= kDynCandidate;
        dyn_candidates_.push_back(v);
      }
      return;
    }
    case NodeKind::kBinary:
      CollectDynFromDim(e->As<BinaryExpr>()->lhs());
      CollectDynFromDim(e->As<BinaryExpr>()->rhs());
      return;
    case NodeKind::kUnary:
      CollectDynFromDim(e->As<UnaryExpr>()->operand());
      return;
    default:
      return;
  }
}

void Printer::CollectDynFromType(const Type* t) {
  // Collecting is idempotent and most vars share a few (interned) types:
  // skip a type collected recently.
  const Type*& memo =
      collected_types_[(reinterpret_cast<uintptr_t>(t) >> 4) % kCollectedTypes];
  if (memo == t) return;
  memo = t;
  switch (t->kind()) {
    case TypeKind::kTensor:
    case TypeKind::kDistributedTensor: {
      const auto* tt = t->As<TensorType>();
      CollectDynFromDims(tt->shape());
      if (const TensorView* v = tt->view()) {
        CollectDynFromDims(v->valid_shape);
        CollectDynFromDims(v->stride);
      }
      return;
    }
    case TypeKind::kTile: {
      const auto* tt = t->As<TileType>();
      CollectDynFromDims(tt->shape());
      if (const TileView* v = tt->view()) {
        CollectDynFromDims(v->valid_shape);
        CollectDynFromDims(v->stride);
        if (v->start_offset != nullptr) CollectDynFromDim(v->start_offset);
      }
      return;
    }
    case TypeKind::kTuple:
      for (const Type* e : t->As<TupleType>()->elements()) CollectDynFromType(e);
      return;
    default:
      return;
  }
}

void Printer::MarkParamViewReads(const Expr* e) {
  switch (e->kind()) {
    case NodeKind::kVar:
    case NodeKind::kIterArg:
      Slot(e->As<Var>()).flags |= kReadInParamView;
      return;
    case NodeKind::kBinary:
      MarkParamViewReads(e->As<BinaryExpr>()->lhs());
      MarkParamViewReads(e->As<BinaryExpr>()->rhs());
      return;
    case NodeKind::kUnary:
      MarkParamViewReads(e->As<UnaryExpr>()->operand());
      return;
    default:
      return;
  }
}

void Printer::AddCallee(uint32_t function, const GlobalVar* g) {
  auto it = function_index_.find(g->name());
  if (it == function_index_.end()) return;
  if (callee_stamp_[it->second] == function + 1) return;
  callee_stamp_[it->second] = function + 1;
  callees_[function].push_back(it->second);
}

void Printer::ScanProgram(const Program& program) {
  absl::Span<const Function* const> functions = program.functions();
  callees_.assign(functions.size(), {});
  callee_stamp_.assign(functions.size(), 0);
  for (uint32_t i = 0; i < functions.size(); ++i) {
    function_index_.emplace(functions[i]->name(), i);
  }
  for (uint32_t i = 0; i < functions.size(); ++i) {
    const Function* f = functions[i];
    ScanSink sink{this, i};
    for (const Var* p : f->params()) {
      Slot(p).flags |= kDefined | kParam;
      CollectDynFromType(p->type());
    }
    for (const Type* t : f->return_types()) CollectDynFromType(t);
    size_t before = node_count_;
    WalkStmt(f->body(), sink);
    max_function_nodes_ =
        std::max(max_function_nodes_, node_count_ - before + f->params().size());
  }
  // A param read in a param's tensor valid_shape keeps its pl.dynamic
  // declaration: upstream evaluates signature annotations before params
  // exist (see its CollectDynVarMapping).
  for (const Function* f : functions) {
    for (const Var* p : f->params()) {
      const auto* tt = p->type()->As<TensorType>();
      if (tt == nullptr || tt->view() == nullptr) continue;
      for (const Expr* d : tt->view()->valid_shape) MarkParamViewReads(d);
    }
  }
  AssignDynNames();
}

void Printer::AssignDynNames() {
  std::vector<const Var*> dyn;
  for (const Var* v : dyn_candidates_) {
    uint8_t f = slots_[v->id()].flags;
    if ((f & kDefined) == 0 || ((f & kParam) != 0 && (f & kReadInParamView) != 0)) {
      dyn.push_back(v);
    }
  }
  names_.clear();
  for (const Var* v : dyn) names_.push_back(v->name());
  dyn_uniquer_.Assign(names_);
  for (size_t i = 0; i < dyn.size(); ++i) {
    VarSlot& s = slots_[dyn[i]->id()];
    s.flags |= kDyn;
    s.printed = dyn_uniquer_.names()[i];
  }
  sorted_dyn_names_.assign(dyn_uniquer_.names().begin(), dyn_uniquer_.names().end());
  std::sort(sorted_dyn_names_.begin(), sorted_dyn_names_.end());
}

std::vector<const Function*> Printer::TopologicalOrder(const Program& program) {
  absl::Span<const Function* const> functions = program.functions();
  for (std::vector<uint32_t>& c : callees_) std::sort(c.begin(), c.end());
  std::vector<uint8_t> state(functions.size(), 0);  // 0 new, 1 active, 2 done
  std::vector<const Function*> order;
  order.reserve(functions.size());
  // Iterative DFS so that long call chains cannot exhaust the stack.
  std::vector<std::pair<uint32_t, size_t>> stack;
  for (uint32_t root = 0; root < functions.size(); ++root) {
    if (state[root] != 0) continue;
    stack.push_back({root, 0});
    state[root] = 1;
    while (!stack.empty()) {
      auto& [f, next] = stack.back();
      if (next < callees_[f].size()) {
        uint32_t c = callees_[f][next++];
        if (state[c] == 1) {
          // A cycle: keep program order, like upstream.
          return std::vector<const Function*>(functions.begin(), functions.end());
        }
        if (state[c] == 0) {
          state[c] = 1;
          stack.push_back({c, 0});
        }
        continue;
      }
      state[f] = 2;
      order.push_back(functions[f]);
      stack.pop_back();
    }
  }
  return order;
}

void Printer::AssignFunctionNames(const Function* f, uint32_t stamp) {
  defs_.clear();
  uses_.clear();
  ordered_.clear();
  names_.clear();
  NameSink sink{this};
  WalkStmt(f->body(), sink);
  auto add = [&](const Var* v, bool is_def) {
    VarSlot& s = Slot(v);
    if (is_def) s.def_stamp = stamp;
    if (s.seen_stamp == stamp) return;
    s.seen_stamp = stamp;
    if ((s.flags & kDyn) != 0) return;  // program-level name
    ordered_.push_back(v);
  };
  for (const Var* p : f->params()) add(p, true);
  for (const Var* v : defs_) add(v, true);
  for (const Var* v : uses_) add(v, false);
  for (const Var* v : ordered_) names_.push_back(v->name());
  // A local must not take a pl.dynamic dim's name: it would shadow the dim.
  function_uniquer_.Assign(names_, sorted_dyn_names_);
  for (size_t i = 0; i < ordered_.size(); ++i) {
    VarSlot& s = slots_[ordered_[i]->id()];
    s.printed = function_uniquer_.names()[i];
    if (s.def_stamp != stamp) {
      // Used but defined nowhere in the function: malformed IR, made visible
      // the way upstream does.
      s.printed = free_names_.CopyString(absl::StrCat(s.printed, "__FREE_VAR"));
    }
  }
}

void Printer::PrintProgramText(const Program& program) {
  absl::string_view name = program.name().empty() ? "Program" : program.name();
  Append("# pypto.program: ");
  Append(name);
  Append("\nimport pypto.language as pl\n\n");
  ScanProgram(program);
  // Generous: untouched reserved pages cost nothing, regrowth copies.
  out_.Reserve(64 * node_count_ + 4096);
  // Sized for the largest function, they never grow (or allocate) again.
  defs_.reserve(max_function_nodes_);
  uses_.reserve(max_function_nodes_);
  ordered_.reserve(max_function_nodes_);
  names_.reserve(max_function_nodes_);
  for (absl::string_view dyn : sorted_dyn_names_) {
    Append(dyn);
    Append(" = pl.dynamic(\"");
    Append(dyn);
    Append("\")\n");
  }
  if (!sorted_dyn_names_.empty()) out_.push_back('\n');
  Append("@pl.program\nclass ");
  Append(name);
  Append(":\n");
  ++indent_;
  std::vector<const Function*> order = TopologicalOrder(program);
  if (order.empty()) {
    Indent();
    Append("pass");
  }
  uint32_t stamp = 0;
  for (size_t i = 0; i < order.size(); ++i) {
    if (i > 0) out_.push_back('\n');
    AssignFunctionNames(order[i], ++stamp);
    current_stamp_ = stamp;
    PrintFunction(order[i]);
  }
  current_stamp_ = 0;
  --indent_;
}

// --- Functions and statements ------------------------------------------------

void Printer::PrintFunction(const Function* f) {
  Indent();
  Append("@pl.function");
  bool has_type = f->func_type() != FunctionType::kOpaque;
  if (has_type || f->level() || f->role()) {
    out_.push_back('(');
    bool first = true;
    if (has_type) {
      Append("type=");
      AppendEnum(&out_, f->func_type());
      first = false;
    }
    if (f->level()) {
      if (!first) Append(", ");
      Append("level=");
      AppendEnum(&out_, *f->level());
      first = false;
    }
    if (f->role()) {
      if (!first) Append(", ");
      Append("role=");
      AppendEnum(&out_, *f->role());
    }
    out_.push_back(')');
  }
  out_.push_back('\n');
  Indent();
  Append("def ");
  Append(f->name());
  out_.push_back('(');
  // SubWorker functions are self-contained and take no `self`.
  bool emit_self = !(f->role() && *f->role() == Role::kSubWorker);
  if (emit_self) Append("self");
  for (size_t i = 0; i < f->params().size(); ++i) {
    if (i > 0 || emit_self) Append(", ");
    const Var* p = f->params()[i];
    Append(NameOf(p));
    Append(": ");
    ParamDirection dir = i < f->directions().size() ? f->directions()[i] : ParamDirection::kIn;
    if (dir == ParamDirection::kIn) {
      PrintTypeText(p->type());
    } else {
      AppendEnum(&out_, dir);
      out_.push_back('[');
      PrintTypeText(p->type());
      out_.push_back(']');
    }
  }
  out_.push_back(')');
  absl::Span<const Type* const> returns = f->return_types();
  if (!returns.empty()) {
    Append(" -> ");
    if (returns.size() == 1) {
      PrintTypeText(returns[0]);
    } else {
      Append("tuple[");
      for (size_t i = 0; i < returns.size(); ++i) {
        if (i > 0) Append(", ");
        PrintTypeText(returns[i]);
      }
      out_.push_back(']');
    }
  }
  Append(":\n");
  ++indent_;
  const Stmt* body = f->body();
  // A function-level yield prints as `return`.
  auto print_top = [&](const Stmt* s) {
    if (const auto* y = s->As<YieldStmt>()) {
      Indent();
      PrintComments(y);
      PrintReturnValues("return", y->values());
    } else {
      PrintStmtBlock(s);
    }
  };
  const auto* seq = body == nullptr ? nullptr : body->As<SeqStmts>();
  if (body == nullptr || (seq != nullptr && seq->stmts().empty())) {
    Indent();
    Append("pass");
  } else if (seq != nullptr) {
    for (size_t i = 0; i < seq->stmts().size(); ++i) {
      if (i > 0) out_.push_back('\n');
      print_top(seq->stmts()[i]);
    }
  } else {
    print_top(body);
  }
  --indent_;
}

void Printer::PrintComments(const Stmt* s) {
  for (absl::string_view line : s->comments()) {
    Append("# ");
    Append(line);
    out_.push_back('\n');
    Indent();
  }
}

void Printer::PrintStmtBlock(const Stmt* s) {
  if (const auto* seq = s->As<SeqStmts>()) {
    for (size_t i = 0; i < seq->stmts().size(); ++i) {
      if (i > 0) out_.push_back('\n');
      PrintStmtBlock(seq->stmts()[i]);
    }
    return;
  }
  Indent();
  PrintComments(s);
  PrintStmt(s);
}

void Printer::PrintReturnValues(absl::string_view keyword, ExprSpan values) {
  Append(keyword);
  if (values.empty()) return;
  out_.push_back(' ');
  PrintExprList(values);
}

void Printer::PrintExprList(ExprSpan values) {
  for (size_t i = 0; i < values.size(); ++i) {
    if (i > 0) Append(", ");
    PrintExprText(values[i]);
  }
}

void Printer::PrintStmt(const Stmt* s) {
  switch (s->kind()) {
    case NodeKind::kAssign: {
      const auto* a = s->As<AssignStmt>();
      Append(NameOf(a->var()));
      if (!options_.concise) {
        Append(": ");
        PrintTypeText(a->var()->type());
      }
      Append(" = ");
      PrintExprText(a->value());
      return;
    }
    case NodeKind::kEval:
      PrintExprText(s->As<EvalStmt>()->expr());
      return;
    case NodeKind::kReturn:
      PrintReturnValues("return", s->As<ReturnStmt>()->values());
      return;
    case NodeKind::kYield:
      Append("pl.yield_(");
      PrintExprList(s->As<YieldStmt>()->values());
      out_.push_back(')');
      return;
    case NodeKind::kIf:
      PrintIf(s->As<IfStmt>());
      return;
    case NodeKind::kFor:
      PrintFor(s->As<ForStmt>());
      return;
    case NodeKind::kWhile:
      PrintWhile(s->As<WhileStmt>());
      return;
    default:
      PTO_UNREACHABLE() << "not a statement kind: " << static_cast<int>(s->kind());
  }
}

void Printer::PrintYieldAssign(VarSpan return_vars, ExprSpan values) {
  if (return_vars.size() == 1) {
    Append(NameOf(return_vars[0]));
    if (!options_.concise) {
      Append(": ");
      PrintTypeText(return_vars[0]->type());
    }
  } else {
    for (size_t i = 0; i < return_vars.size(); ++i) {
      if (i > 0) Append(", ");
      Append(NameOf(return_vars[i]));
    }
  }
  Append(" = pl.yield_(");
  PrintExprList(values);
  out_.push_back(')');
}

// A loop or branch body: a final yield that feeds return vars prints as their
// assignment (`r: T = pl.yield_(v)`).
void Printer::PrintBody(const Stmt* body, VarSpan return_vars) {
  if (body == nullptr) {
    Indent();
    Append("pass");
    return;
  }
  const auto* seq = body->As<SeqStmts>();
  if (seq != nullptr && seq->stmts().size() == 1) {
    PrintBody(seq->stmts()[0], return_vars);
    return;
  }
  auto print_yield = [&](const YieldStmt* y) {
    Indent();
    PrintComments(y);
    if (!y->values().empty() && !return_vars.empty()) {
      PrintYieldAssign(return_vars, y->values());
    } else {
      PrintStmt(y);
    }
  };
  if (const auto* y = body->As<YieldStmt>()) {
    print_yield(y);
  } else if (seq != nullptr) {
    if (seq->stmts().empty()) {
      Indent();
      Append("pass");
      return;
    }
    for (size_t i = 0; i < seq->stmts().size(); ++i) {
      if (i > 0) out_.push_back('\n');
      const Stmt* s = seq->stmts()[i];
      const auto* y = s->As<YieldStmt>();
      if (y != nullptr && i + 1 == seq->stmts().size()) {
        print_yield(y);
      } else {
        PrintStmtBlock(s);
      }
    }
  } else {
    PrintStmtBlock(body);
  }
}

void Printer::PrintIf(const IfStmt* i) {
  Append("if ");
  PrintExprText(i->condition());
  Append(":\n");
  ++indent_;
  PrintBody(i->then_body(), i->return_vars());
  --indent_;
  if (i->else_body() != nullptr) {
    out_.push_back('\n');
    Indent();
    Append("else:\n");
    ++indent_;
    PrintBody(i->else_body(), i->return_vars());
    --indent_;
  }
}

void Printer::PrintFor(const ForStmt* f) {
  Append("for ");
  Append(NameOf(f->loop_var()));
  IterArgSpan iter_args = f->iter_args();
  if (!iter_args.empty()) {
    Append(", (");
    for (size_t i = 0; i < iter_args.size(); ++i) {
      if (i > 0) Append(", ");
      Append(NameOf(iter_args[i]));
    }
    if (iter_args.size() == 1) out_.push_back(',');
    out_.push_back(')');
  }
  Append(" in ");
  AppendEnum(&out_, f->for_kind());
  out_.push_back('(');
  // Start and step are elided only when they re-parse identically: as bare
  // INDEX literals 0 and 1.
  auto is_index = [](const Expr* e, int64_t v) {
    const auto* c = e->As<ConstInt>();
    return c != nullptr && c->value() == v && c->dtype() == DataType::kIndex;
  };
  bool start_zero = is_index(f->start(), 0);
  bool step_one = is_index(f->step(), 1);
  if (!(start_zero && step_one)) {
    PrintExprText(f->start());
    Append(", ");
  }
  PrintExprText(f->stop());
  if (!step_one) {
    Append(", ");
    PrintExprText(f->step());
  }
  if (f->for_kind() == ForKind::kPipeline) {
    Append(", stage=");
    AppendInt(&out_, f->stage());
  }
  if (!iter_args.empty()) {
    Append(", init_values=(");
    for (size_t i = 0; i < iter_args.size(); ++i) {
      if (i > 0) Append(", ");
      PrintExprText(iter_args[i]->init());
    }
    if (iter_args.size() == 1) out_.push_back(',');
    out_.push_back(')');
  }
  Append("):\n");
  ++indent_;
  PrintBody(f->body(), f->return_vars());
  --indent_;
}

void Printer::PrintWhile(const WhileStmt* w) {
  IterArgSpan iter_args = w->iter_args();
  if (iter_args.empty()) {
    Append("while ");
    PrintExprText(w->condition());
    Append(":\n");
    ++indent_;
    PrintBody(w->body(), w->return_vars());
    --indent_;
    return;
  }
  Append("for (");
  for (size_t i = 0; i < iter_args.size(); ++i) {
    if (i > 0) Append(", ");
    Append(NameOf(iter_args[i]));
  }
  if (iter_args.size() == 1) out_.push_back(',');
  Append(") in pl.while_(init_values=(");
  for (size_t i = 0; i < iter_args.size(); ++i) {
    if (i > 0) Append(", ");
    PrintExprText(iter_args[i]->init());
  }
  if (iter_args.size() == 1) out_.push_back(',');
  Append(")):\n");
  ++indent_;
  Indent();
  Append("pl.cond(");
  PrintExprText(w->condition());
  Append(")\n");
  PrintBody(w->body(), w->return_vars());
  --indent_;
}

// --- Expressions ---------------------------------------------------------------

int Printer::PrecOf(const Expr* e) const {
  switch (e->kind()) {
    case NodeKind::kBinary:
      return InfoOf(e->As<BinaryExpr>()->op()).prec;
    case NodeKind::kUnary:
      switch (e->As<UnaryExpr>()->op()) {
        case UnaryOp::kNeg:
        case UnaryOp::kBitNot:
          return kPrecUnary;
        case UnaryOp::kNot:
          return kPrecNot;
        default:
          return kPrecCall;
      }
    // A negative literal is a unary minus to Python: `(-2) ** x`.
    case NodeKind::kConstInt: {
      const auto* c = e->As<ConstInt>();
      bool bare = c->dtype() == DataType::kIndex && !typed_consts_;
      return bare && c->value() < 0 ? kPrecUnary : kPrecAtom;
    }
    case NodeKind::kConstFloat: {
      const auto* c = e->As<ConstFloat>();
      bool negative_literal = std::signbit(c->value()) && std::isfinite(c->value());
      return c->dtype() == DataType::kFP32 && negative_literal ? kPrecUnary : kPrecAtom;
    }
    default:
      return kPrecAtom;
  }
}

void Printer::PrintChild(const BinaryExpr* parent, int parent_prec, const Expr* child,
                         bool is_left) {
  int child_prec = PrecOf(child);
  bool parens = child_prec < parent_prec;
  if (child_prec == parent_prec) {
    if (IsComparison(parent->op())) {
      parens = true;  // Python would chain `a < b < c`
    } else if (parent->op() == BinaryOp::kPow) {
      parens = is_left;  // ** is right-associative
    } else {
      parens = !is_left;
    }
  }
  if (parens) out_.push_back('(');
  PrintExprText(child);
  if (parens) out_.push_back(')');
}

void Printer::PrintBinary(const BinaryExpr* b) {
  BinaryInfo info = InfoOf(b->op());
  if (info.function_form) {
    Append(info.symbol);
    out_.push_back('(');
    PrintExprText(b->lhs());
    Append(", ");
    PrintExprText(b->rhs());
    out_.push_back(')');
    return;
  }
  bool saved = typed_consts_;
  int budget = 64;
  if (!typed_consts_ && IsPureConstIntTree(b, &budget)) typed_consts_ = true;
  PrintChild(b, info.prec, b->lhs(), /*is_left=*/true);
  out_.push_back(' ');
  Append(info.symbol);
  out_.push_back(' ');
  PrintChild(b, info.prec, b->rhs(), /*is_left=*/false);
  typed_consts_ = saved;
}

void Printer::PrintUnary(const UnaryExpr* u) {
  auto operand = [&](absl::string_view prefix, int prec) {
    Append(prefix);
    bool parens = PrecOf(u->operand()) < prec;
    if (parens) out_.push_back('(');
    PrintExprText(u->operand());
    if (parens) out_.push_back(')');
  };
  switch (u->op()) {
    case UnaryOp::kNeg:
      operand("-", kPrecUnary);
      return;
    case UnaryOp::kBitNot:
      operand("~", kPrecUnary);
      return;
    case UnaryOp::kNot:
      operand("not ", kPrecNot);
      return;
    case UnaryOp::kAbs:
      Append("abs(");
      PrintExprText(u->operand());
      out_.push_back(')');
      return;
    case UnaryOp::kCast:
      Append("pl.cast(");
      PrintExprText(u->operand());
      Append(", pl.");
      Append(u->dtype().name());
      out_.push_back(')');
      return;
  }
}

void Printer::PrintAttr(const AttrValue& v) {
  switch (v.kind()) {
    case AttrKind::kBool:
      Append(v.bool_value() ? "True" : "False");
      return;
    case AttrKind::kInt:
      AppendInt(&out_, v.int_value());
      return;
    case AttrKind::kFloat:
      AppendFloat(&out_, v.float_value());
      return;
    case AttrKind::kString:
      AppendQuoted(&out_, v.string_value());
      return;
    case AttrKind::kDataType:
      Append("pl.");
      Append(v.dtype().name());
      return;
    case AttrKind::kMemorySpace:
      AppendEnum(&out_, v.As<MemorySpace>());
      return;
    case AttrKind::kTileLayout:
      AppendEnum(&out_, v.As<TileLayout>());
      return;
    case AttrKind::kTensorLayout:
      AppendEnum(&out_, v.As<TensorLayout>());
      return;
    case AttrKind::kPadValue:
      AppendEnum(&out_, v.As<PadValue>());
      return;
    case AttrKind::kAtomicType:
      AppendEnum(&out_, v.As<AtomicType>());
      return;
    // Cast modes print as their quoted DSL names.
    case AttrKind::kRoundMode:
      AppendQuoted(&out_, EnumName(v.As<RoundMode>()));
      return;
    case AttrKind::kSaturationMode:
      AppendQuoted(&out_, EnumName(v.As<SaturationMode>()));
      return;
  }
}

void Printer::PrintCall(const Call* c) {
  if (c->callee() != nullptr) {
    Append("self.");
    Append(c->callee()->name());
    out_.push_back('(');
    PrintExprList(c->args());
    out_.push_back(')');
    return;
  }
  const Op* op = c->op();
  absl::string_view name = op->name();
  if (!absl::StartsWith(name, "pld.")) Append("pl.");
  Append(name);
  size_t dot = name.rfind('.');
  if (IsPythonKeyword(dot == absl::string_view::npos ? name : name.substr(dot + 1))) {
    out_.push_back('_');
  }
  out_.push_back('(');
  absl::Span<const ArgSpec> specs = op->args();
  auto is_keyword = [&](size_t i) { return i < specs.size() && specs[i].keyword; };
  bool first = true;
  auto sep = [&] {
    if (!first) Append(", ");
    first = false;
  };
  ExprSpan args = c->args();
  for (size_t i = 0; i < args.size(); ++i) {
    if (is_keyword(i)) continue;
    sep();
    PrintExprText(args[i]);
  }
  for (const Kwarg& k : c->kwargs()) {
    sep();
    if (k.key < op->kwargs().size()) Append(op->kwargs()[k.key].name);
    out_.push_back('=');
    PrintAttr(k.value);
  }
  for (size_t i = 0; i < args.size(); ++i) {
    if (!is_keyword(i)) continue;
    sep();
    Append(specs[i].name);
    out_.push_back('=');
    PrintExprText(args[i]);
  }
  out_.push_back(')');
}

void Printer::PrintExprText(const Expr* e) {
  switch (e->kind()) {
    case NodeKind::kVar:
    case NodeKind::kIterArg:
      Append(NameOf(e->As<Var>()));
      return;
    case NodeKind::kConstInt: {
      const auto* c = e->As<ConstInt>();
      if (c->dtype() == DataType::kIndex && !typed_consts_) {
        AppendInt(&out_, c->value());
        return;
      }
      Append("pl.const(");
      AppendInt(&out_, c->value());
      Append(", pl.");
      Append(c->dtype().name());
      out_.push_back(')');
      return;
    }
    case NodeKind::kConstFloat: {
      const auto* c = e->As<ConstFloat>();
      if (c->dtype() == DataType::kFP32) {
        AppendFloat(&out_, c->value());
        return;
      }
      Append("pl.const(");
      AppendFloat(&out_, c->value());
      Append(", pl.");
      Append(c->dtype().name());
      out_.push_back(')');
      return;
    }
    case NodeKind::kConstBool:
      Append(e->As<ConstBool>()->value() ? "True" : "False");
      return;
    case NodeKind::kCall:
      PrintCall(e->As<Call>());
      return;
    case NodeKind::kMakeTuple: {
      out_.push_back('[');
      PrintExprList(e->As<MakeTuple>()->elements());
      out_.push_back(']');
      return;
    }
    case NodeKind::kTupleGetItem: {
      const auto* g = e->As<TupleGetItem>();
      bool parens = PrecOf(g->tuple()) < kPrecCall;
      if (parens) out_.push_back('(');
      PrintExprText(g->tuple());
      if (parens) out_.push_back(')');
      out_.push_back('[');
      AppendInt(&out_, g->index());
      out_.push_back(']');
      return;
    }
    case NodeKind::kBinary:
      PrintBinary(e->As<BinaryExpr>());
      return;
    case NodeKind::kUnary:
      PrintUnary(e->As<UnaryExpr>());
      return;
    default:
      PTO_UNREACHABLE() << "not an expression kind: " << static_cast<int>(e->kind());
  }
}

// --- Types -----------------------------------------------------------------------

// Top-level dims print bare (constants of any dtype, Var names); composite
// dims print typed constant leaves so they re-parse to the same tree.
void Printer::PrintDim(const Expr* e) {
  if (const auto* c = e->As<ConstInt>()) {
    AppendInt(&out_, c->value());
    return;
  }
  if (const auto* v = e->As<Var>()) {
    Append(NameOf(v));
    return;
  }
  bool saved = typed_consts_;
  typed_consts_ = true;
  PrintExprText(e);
  typed_consts_ = saved;
}

void Printer::PrintDims(ExprSpan dims) {
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i > 0) Append(", ");
    PrintDim(dims[i]);
  }
}

void Printer::PrintTensorView(const TensorView& v, ExprSpan shape) {
  bool valid = !v.valid_shape.empty() && !DimsMatch(v.valid_shape, shape);
  Append("pl.TensorView(");
  if (valid || !v.stride.empty() || v.layout != TensorLayout::kND || v.pad != PadValue::kNull) {
    if (valid) {
      Append("valid_shape=[");
      PrintDims(v.valid_shape);
      Append("], ");
    }
    // A non-trivial view always spells out stride and layout (upstream's
    // TensorView constructor requires both).
    Append("stride=[");
    PrintDims(v.stride);
    Append("], layout=");
    AppendEnum(&out_, v.layout);
    if (v.pad != PadValue::kNull) {
      Append(", pad=");
      AppendEnum(&out_, v.pad);
    }
  }
  out_.push_back(')');
}

// Only the fields that differ from the implicit view of the tile's memory
// space print.
void Printer::PrintTileView(const TileType* t) {
  const TileView& v = *t->view();
  TileView implicit = ImplicitTileView(t->memory_space(), t->shape_blayout());
  Append("pl.TileView(");
  bool first = true;
  auto field = [&](absl::string_view name) {
    if (!first) Append(", ");
    first = false;
    Append(name);
    out_.push_back('=');
  };
  if (!v.valid_shape.empty() && !DimsMatch(v.valid_shape, t->shape())) {
    field("valid_shape");
    out_.push_back('[');
    PrintDims(v.valid_shape);
    out_.push_back(']');
  }
  if (!v.stride.empty()) {
    field("stride");
    out_.push_back('[');
    PrintDims(v.stride);
    out_.push_back(']');
  }
  if (v.start_offset != nullptr) {
    field("start_offset");
    PrintDim(v.start_offset);
  }
  if (v.blayout != implicit.blayout) {
    field("blayout");
    AppendEnum(&out_, v.blayout);
  }
  if (v.slayout != implicit.slayout) {
    field("slayout");
    AppendEnum(&out_, v.slayout);
  }
  if (v.fractal != implicit.fractal) {
    field("fractal");
    AppendInt(&out_, v.fractal);
  }
  if (v.pad != PadValue::kNull) {
    field("pad");
    AppendEnum(&out_, v.pad);
  }
  if (v.compact != CompactMode::kNull) {
    field("compact");
    AppendEnum(&out_, v.compact);
  }
  out_.push_back(')');
}

void Printer::PrintTypeText(const Type* type) {
  switch (type->kind()) {
    case TypeKind::kUnknown:
      Append("pl.UnknownType");
      return;
    case TypeKind::kCommCtx:
      Append("pld.CommCtxType");
      return;
    case TypeKind::kScalar:
      Append("pl.Scalar[pl.");
      Append(type->As<ScalarType>()->dtype().name());
      out_.push_back(']');
      return;
    case TypeKind::kTensor:
    case TypeKind::kDistributedTensor: {
      const auto* t = type->As<TensorType>();
      Append(t->IsDistributed() ? "pld.DistributedTensor[[" : "pl.Tensor[[");
      PrintDims(t->shape());
      Append("], pl.");
      Append(t->dtype().name());
      if (t->view() != nullptr) {
        Append(", ");
        PrintTensorView(*t->view(), t->shape());
      }
      out_.push_back(']');
      return;
    }
    case TypeKind::kTile: {
      const auto* t = type->As<TileType>();
      Append("pl.Tile[[");
      PrintDims(t->shape());
      Append("], pl.");
      Append(t->dtype().name());
      if (t->memory_space()) {
        Append(", ");
        AppendEnum(&out_, *t->memory_space());
      }
      if (t->view() != nullptr) {
        Append(", ");
        PrintTileView(t);
      }
      out_.push_back(']');
      return;
    }
    case TypeKind::kTuple: {
      absl::Span<const Type* const> elements = type->As<TupleType>()->elements();
      if (elements.empty()) {
        Append("pl.Tuple[()]");
        return;
      }
      Append("pl.Tuple[");
      for (size_t i = 0; i < elements.size(); ++i) {
        if (i > 0) Append(", ");
        PrintTypeText(elements[i]);
      }
      out_.push_back(']');
      return;
    }
  }
}

}  // namespace

std::string PrintProgram(const Program& program, const PrintOptions& options) {
  Printer printer(options);
  printer.PrintProgramText(program);
  return printer.Take();
}

absl::Status PrintProgram(const Program& program, TextSink& sink, const PrintOptions& options) {
  Printer printer(options, &sink);
  printer.PrintProgramText(program);
  return printer.Flush();
}

std::string PrintType(const Type* type) {
  Printer printer(PrintOptions{});
  printer.PrintTypeText(type);
  return printer.Take();
}

std::string PrintExpr(const Expr* expr) {
  Printer printer(PrintOptions{});
  printer.PrintExprText(expr);
  return printer.Take();
}

}  // namespace pto::ir
