// Program analysis and naming for the text form: one walk over the program
// in upstream's def/use order finds the dynamic dims and the call graph, then
// names every Var uniquely per function. The public entry points live here.

#include "ir/text/printer/printer.h"

#include "ir/context.h"
#include "ir/text/printer/printer_impl.h"

namespace pto::ir {
namespace printer_impl {
namespace {

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
      if (const CallSite* site = c->site()) {  // in printed order
        if (site->device != nullptr) WalkExpr(site->device, sink);
        for (const Expr* d : site->deps) WalkExpr(d, sink);
        if (site->core_num != nullptr) WalkExpr(site->core_num, sink);
        if (site->predicate != nullptr) WalkExpr(site->predicate, sink);
        for (const CallAttr& a : site->attrs) {
          for (const CallAttrItem& item : a.items) {
            if (item.expr != nullptr) WalkExpr(item.expr, sink);
          }
        }
      }
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
    case NodeKind::kScope: {
      const auto* sc = s->As<ScopeStmt>();
      for (const Expr* e : sc->operands()) WalkExpr(e, sink);
      WalkStmt(sc->body(), sink);
      return;
    }
    default:
      return;
  }
}

}  // namespace

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
  // Upstream keeps a program's functions in a map by name, so its printer
  // walks them, and each one's callees, in name order.
  std::vector<uint32_t> by_name(functions.size());
  std::vector<uint32_t> rank(functions.size());
  for (uint32_t i = 0; i < functions.size(); ++i) by_name[i] = i;
  std::stable_sort(by_name.begin(), by_name.end(), [&](uint32_t a, uint32_t b) {
    return functions[a]->name() < functions[b]->name();
  });
  for (uint32_t i = 0; i < by_name.size(); ++i) rank[by_name[i]] = i;
  for (std::vector<uint32_t>& c : callees_) {
    std::sort(c.begin(), c.end(), [&](uint32_t a, uint32_t b) { return rank[a] < rank[b]; });
  }
  std::vector<const Function*> order;
  order.reserve(functions.size());
  std::vector<uint8_t> state(functions.size(), 0);  // 0 new, 1 active, 2 done
  // Iterative DFS so that long call chains cannot exhaust the stack.
  std::vector<std::pair<uint32_t, size_t>> stack;
  for (uint32_t root : by_name) {
    if (state[root] != 0) continue;
    stack.push_back({root, 0});
    state[root] = 1;
    while (!stack.empty()) {
      auto& [f, next] = stack.back();
      if (next < callees_[f].size()) {
        uint32_t c = callees_[f][next++];
        if (state[c] == 1) {
          // A cycle: name order, as upstream falls back to its map's order.
          order.clear();
          for (uint32_t i : by_name) order.push_back(functions[i]);
          return order;
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
  // A local must not take a pl.dynamic dim's name: it would shadow the dim
  // in every type printed after it. (Upstream's printer lets it, and its
  // print then reads back as another program when such a type follows.)
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
  // Slot() grows the table one id at a time; reserving the whole id range
  // up front (untouched pages cost nothing) spares the doubling copies,
  // which touched about twice the final table.
  slots_.reserve(program.context().var_id_bound());
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

}  // namespace printer_impl

std::string PrintProgram(const Program& program, const PrintOptions& options) {
  printer_impl::Printer printer(options);
  printer.PrintProgramText(program);
  return printer.Take();
}

absl::Status PrintProgram(const Program& program, TextSink& sink, const PrintOptions& options) {
  printer_impl::Printer printer(options, &sink);
  printer.PrintProgramText(program);
  return printer.Flush();
}

std::string PrintType(const Type* type) {
  printer_impl::Printer printer(PrintOptions{});
  printer.PrintTypeText(type);
  return printer.Take();
}

std::string PrintExpr(const Expr* expr) {
  printer_impl::Printer printer(PrintOptions{});
  printer.PrintExprText(expr);
  return printer.Take();
}

}  // namespace pto::ir
