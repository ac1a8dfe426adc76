#include "passes/tensor_to_tile/orch_calls.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <utility>

#include "ir/op.h"
#include "ir/visitor.h"

namespace pto::passes::tensor_to_tile {
namespace {

void AppendTopLevel(const ir::Stmt* s, std::vector<const ir::Stmt*>& out) {
  if (const auto* seq = s->As<ir::SeqStmts>()) {
    for (const ir::Stmt* c : seq->stmts()) AppendTopLevel(c, out);
    return;
  }
  out.push_back(s);
}

const ir::Call* WholeCall(const ir::Stmt* s) {
  const ir::Expr* value = nullptr;
  if (const auto* a = s->As<ir::AssignStmt>()) value = a->value();
  if (const auto* e = s->As<ir::EvalStmt>()) value = e->expr();
  return value != nullptr ? value->As<ir::Call>() : nullptr;
}

class SiteCollector : public ir::IRVisitor {
 public:
  SiteCollector(absl::flat_hash_map<absl::string_view, std::vector<CallSite>>& sites,
                const absl::flat_hash_map<absl::string_view, bool>& incore)
      : sites_(sites), incore_(incore) {}

  void Collect(const ir::Function* f) {
    caller_ = f;
    VisitStmt(f->body());
  }

  void VisitAssign(const ir::AssignStmt* s) override {
    Record(s);
    IRVisitor::VisitAssign(s);
    whole_ = nullptr;
  }
  void VisitEval(const ir::EvalStmt* s) override {
    Record(s);
    IRVisitor::VisitEval(s);
    whole_ = nullptr;
  }
  void VisitCall(const ir::Call* c) override {
    if (c != whole_ && IsInCore(c)) {
      sites_[c->callee()->name()].push_back({caller_, nullptr, c, nullptr, iter_depth_ > 0});
    }
    IRVisitor::VisitCall(c);
  }
  void VisitFor(const ir::ForStmt* s) override {
    Loop(s, !s->iter_args().empty(), [&] { IRVisitor::VisitFor(s); });
  }
  void VisitWhile(const ir::WhileStmt* s) override {
    Loop(s, !s->iter_args().empty(), [&] { IRVisitor::VisitWhile(s); });
  }
  void VisitIf(const ir::IfStmt* s) override { Nested([&] { IRVisitor::VisitIf(s); }); }
  void VisitScope(const ir::ScopeStmt* s) override { Nested([&] { IRVisitor::VisitScope(s); }); }

 private:
  bool IsInCore(const ir::Call* c) const {
    if (c->callee() == nullptr) return false;
    auto it = incore_.find(c->callee()->name());
    return it != incore_.end() && it->second;
  }
  void Record(const ir::Stmt* s) {
    const ir::Call* c = WholeCall(s);
    whole_ = c != nullptr && IsInCore(c) ? c : nullptr;
    if (whole_ != nullptr) {
      sites_[c->callee()->name()].push_back({caller_, s, c, loop_, iter_depth_ > 0});
    }
  }
  // A loop's body statements have it as their loop (when it carries
  // values); statements under a branch or scope in it do not.
  template <typename F>
  void Loop(const ir::Stmt* s, bool carries, F visit) {
    const ir::Stmt* saved = std::exchange(loop_, carries ? s : nullptr);
    iter_depth_ += carries ? 1 : 0;
    visit();
    iter_depth_ -= carries ? 1 : 0;
    loop_ = saved;
  }
  template <typename F>
  void Nested(F visit) {
    const ir::Stmt* saved = std::exchange(loop_, nullptr);
    visit();
    loop_ = saved;
  }

  absl::flat_hash_map<absl::string_view, std::vector<CallSite>>& sites_;
  const absl::flat_hash_map<absl::string_view, bool>& incore_;
  const ir::Function* caller_ = nullptr;
  const ir::Call* whole_ = nullptr;
  const ir::Stmt* loop_ = nullptr;
  int iter_depth_ = 0;
};

}  // namespace

std::vector<const ir::Stmt*> TopLevelStmts(const ir::Stmt* body) {
  std::vector<const ir::Stmt*> out;
  AppendTopLevel(body, out);
  return out;
}

absl::flat_hash_map<const ir::Var*, const ir::Expr*> AssignedValues(const ir::Stmt* body) {
  struct Defs : ir::IRVisitor {
    absl::flat_hash_map<const ir::Var*, const ir::Expr*> values;
    void VisitAssign(const ir::AssignStmt* s) override {
      values[s->var()] = s->value();
      IRVisitor::VisitAssign(s);
    }
  } defs;
  defs.VisitStmt(body);
  return std::move(defs.values);
}

bool SameConstDims(ir::ExprSpan a, ir::ExprSpan b) {
  if (a.size() != b.size()) return false;
  for (size_t d = 0; d < a.size(); ++d) {
    std::optional<int64_t> x = ir::AsConstInt(a[d]);
    if (!x.has_value() || x != ir::AsConstInt(b[d])) return false;
  }
  return true;
}

bool AtOrigin(const ir::Expr* offsets) {
  const auto* t = offsets->As<ir::MakeTuple>();
  return t != nullptr && std::all_of(t->elements().begin(), t->elements().end(),
                                     [](const ir::Expr* e) { return ir::AsConstInt(e) == 0; });
}

const ir::Call* AsOpCall(const ir::Expr* e, absl::string_view op) {
  const auto* c = e != nullptr ? e->As<ir::Call>() : nullptr;
  return c != nullptr && c->op() != nullptr && c->op()->name() == op ? c : nullptr;
}

const ir::Var* CallSite::result() const {
  const auto* a = stmt != nullptr ? stmt->As<ir::AssignStmt>() : nullptr;
  return a != nullptr ? a->var() : nullptr;
}

absl::Span<const CallSite> CallSites::of(absl::string_view name) const {
  auto it = sites_.find(name);
  if (it == sites_.end()) return {};
  return it->second;
}

CallSites FindInCoreCallSites(const ir::Program& program) {
  absl::flat_hash_map<absl::string_view, bool> incore;
  for (const ir::Function* f : program.functions()) {
    incore[f->name()] = f->func_type() == ir::FunctionType::kInCore;
  }
  CallSites result;
  SiteCollector collector(result.sites_, incore);
  for (const ir::Function* f : program.functions()) collector.Collect(f);
  return result;
}

std::vector<OutReturn> OutParamReturns(const ir::Function& f) {
  absl::flat_hash_map<const ir::Var*, size_t> outs;
  for (size_t i = 0; i < f.params().size(); ++i) {
    if (f.directions()[i] == ir::ParamDirection::kOut) outs[f.params()[i]] = i;
  }
  if (outs.empty()) return {};
  std::vector<const ir::Stmt*> stmts = TopLevelStmts(f.body());
  absl::flat_hash_map<const ir::Var*, const ir::Expr*> carried_from;  // loop result -> init
  absl::flat_hash_map<const ir::Var*, const ir::Expr*> value_of;
  const ir::ReturnStmt* ret = nullptr;
  for (const ir::Stmt* s : stmts) {
    if (const auto* a = s->As<ir::AssignStmt>()) value_of[a->var()] = a->value();
    auto carry = [&](ir::IterArgSpan args, ir::VarSpan results) {
      for (size_t i = 0; i < args.size() && i < results.size(); ++i) {
        carried_from[results[i]] = args[i]->init();
      }
    };
    if (const auto* l = s->As<ir::ForStmt>()) carry(l->iter_args(), l->return_vars());
    if (const auto* l = s->As<ir::WhileStmt>()) carry(l->iter_args(), l->return_vars());
    if (ret == nullptr) ret = s->As<ir::ReturnStmt>();
  }
  std::vector<OutReturn> result;
  if (ret == nullptr) return result;
  for (size_t r = 0; r < ret->values().size(); ++r) {
    const auto* v = ret->values()[r]->As<ir::Var>();
    if (v == nullptr) continue;
    const ir::Expr* target = nullptr;
    if (auto it = value_of.find(v); it != value_of.end()) {
      if (const ir::Call* store = AsOpCall(it->second, "tile.store")) target = store->arg(2);
    } else if (auto it = carried_from.find(v); it != carried_from.end()) {
      target = it->second;
    }
    const auto* t = target != nullptr ? target->As<ir::Var>() : nullptr;
    if (auto it = t != nullptr ? outs.find(t) : outs.end(); it != outs.end()) {
      result.push_back({it->second, r});
    }
  }
  return result;
}

}  // namespace pto::passes::tensor_to_tile
