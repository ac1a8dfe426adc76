#include "passes/tensor_to_tile/param_access.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/inlined_vector.h"
#include "ir/op.h"
#include "ir/ops/comm_enums.h"

namespace pto::passes::tensor_to_tile {
namespace {

// The parameters (by index) a value may alias.
using Origins = absl::InlinedVector<uint32_t, 2>;

void Merge(Origins& into, const Origins& from) {
  for (uint32_t i : from) {
    if (std::find(into.begin(), into.end(), i) == into.end()) into.push_back(i);
  }
}

bool IsAliasingView(absl::string_view op) {
  return op == "tensor.slice" || op == "tensor.view";
}

// Collectives combine into the buffers they write, and a soft barrier
// counts in its workspace: they read what they write.
bool ReadsWhatItWrites(const ir::Call& c) {
  absl::string_view op = c.op()->name();
  if (op == "system.syncall") {
    // A soft barrier counts arrivals in its workspace.
    const ir::AttrValue* mode = c.FindKwarg("mode");
    return mode != nullptr && mode->string_value() == "soft";
  }
  if (op == "pld.system.notify") {
    const ir::AttrValue* kind = c.FindKwarg("op");
    return kind == nullptr ||
           kind->raw_int() == static_cast<int64_t>(ir::NotifyOp::kAtomicAdd);
  }
  return op == "pld.tensor.allreduce" || op == "pld.tensor.allgather" ||
         op == "pld.tensor.reduce_scatter" || op == "pld.tensor.barrier" ||
         op == "pld.tensor.broadcast" || op == "pld.tensor.all_to_all" ||
         op == "pld.tensor.all_to_all_v";
}

class Analyzer {
 public:
  explicit Analyzer(ir::VarSpan params) {
    access_.read.assign(params.size(), false);
    access_.written.assign(params.size(), false);
    access_.bulk_store.assign(params.size(), ir::SourceLoc{});
    access_.scalar_store.assign(params.size(), ir::SourceLoc{});
    for (uint32_t i = 0; i < params.size(); ++i) {
      if (params[i]->type()->Is<ir::TensorType>()) origins_[params[i]] = {i};
    }
  }

  ParamAccess Take() { return std::move(access_); }

  void Stmt(const ir::Stmt* s) {
    if (const auto* seq = s->As<ir::SeqStmts>()) {
      for (const ir::Stmt* e : seq->stmts()) Stmt(e);
    } else if (const auto* a = s->As<ir::AssignStmt>()) {
      Access(a->value());
      Origins o = ValueOrigins(a->value());
      if (!o.empty()) origins_[a->var()] = std::move(o);
    } else if (const auto* e = s->As<ir::EvalStmt>()) {
      Access(e->expr());
    } else if (const auto* y = s->As<ir::YieldStmt>()) {
      for (const ir::Expr* v : y->values()) Access(v);
    } else if (const auto* r = s->As<ir::ReturnStmt>()) {
      for (const ir::Expr* v : r->values()) Access(v);
    } else if (const auto* f = s->As<ir::ForStmt>()) {
      Access(f->start());
      Access(f->stop());
      Access(f->step());
      Loop(f->iter_args(), f->body(), f->return_vars());
    } else if (const auto* w = s->As<ir::WhileStmt>()) {
      Loop(w->iter_args(), w->body(), w->return_vars(), w->condition());
    } else if (const auto* i = s->As<ir::IfStmt>()) {
      Access(i->condition());
      Stmt(i->then_body());
      if (i->else_body() != nullptr) Stmt(i->else_body());
      for (size_t k = 0; k < i->return_vars().size(); ++k) {
        Origins o;
        for (const ir::Stmt* b : {i->then_body(), i->else_body()}) {
          const ir::YieldStmt* y = b != nullptr ? ir::TrailingYield(b) : nullptr;
          if (y != nullptr && k < y->values().size()) Merge(o, Referenced(y->values()[k]));
        }
        if (!o.empty()) origins_[i->return_vars()[k]] = std::move(o);
      }
    } else if (const auto* sc = s->As<ir::ScopeStmt>()) {
      for (const ir::Expr* e : sc->operands()) Access(e);
      Stmt(sc->body());
    }
  }

 private:
  // Carried values alias their init and whatever the body yields back; the
  // body is walked again while that widens them.
  void Loop(ir::IterArgSpan iter_args, const ir::Stmt* body, ir::VarSpan return_vars,
            const ir::Expr* condition = nullptr) {
    for (const ir::IterArg* a : iter_args) {
      Access(a->init());
      Origins o = Referenced(a->init());
      if (!o.empty()) origins_[a] = std::move(o);
    }
    for (bool widened = true; widened;) {
      widened = false;
      if (condition != nullptr) Access(condition);
      Stmt(body);
      const ir::YieldStmt* y = ir::TrailingYield(body);
      for (size_t k = 0; y != nullptr && k < iter_args.size() && k < y->values().size(); ++k) {
        Origins& o = origins_[iter_args[k]];
        const size_t before = o.size();
        Merge(o, Referenced(y->values()[k]));
        widened = widened || o.size() != before;
      }
    }
    for (size_t k = 0; k < return_vars.size() && k < iter_args.size(); ++k) {
      auto it = origins_.find(iter_args[k]);
      if (it == origins_.end()) continue;
      Origins carried = it->second;  // inserting below may move the map's slots
      origins_[return_vars[k]] = std::move(carried);
    }
  }

  // Every parameter the Vars of `e` may alias.
  Origins Referenced(const ir::Expr* e) const {
    Origins o;
    Collect(e, o);
    return o;
  }
  void Collect(const ir::Expr* e, Origins& o) const {
    if (const auto* v = e->As<ir::Var>()) {
      auto it = origins_.find(v);
      if (it != origins_.end()) Merge(o, it->second);
    } else if (const auto* t = e->As<ir::MakeTuple>()) {
      for (const ir::Expr* x : t->elements()) Collect(x, o);
    } else if (const auto* g = e->As<ir::TupleGetItem>()) {
      Collect(g->tuple(), o);
    }
  }

  // What the value of an assignment aliases.
  Origins ValueOrigins(const ir::Expr* e) const {
    if (e->Is<ir::Var>() || e->Is<ir::TupleGetItem>()) return Referenced(e);
    const auto* c = e->As<ir::Call>();
    if (c == nullptr || c->op() == nullptr) return {};
    if (IsAliasingView(c->op()->name()) && !c->args().empty()) return Referenced(c->arg(0));
    Origins o;
    const uint32_t written = c->op()->written_args();
    for (size_t i = 0; i < c->args().size() && i < 32; ++i) {
      if (written & (1u << i)) Merge(o, Referenced(c->arg(i)));
    }
    return o;
  }

  void Mark(const Origins& o, std::vector<bool>& flags) {
    for (uint32_t i : o) flags[i] = true;
  }

  void First(const Origins& o, ir::SourceLoc loc, std::vector<ir::SourceLoc>& locs) {
    for (uint32_t i : o) {
      if (!locs[i].known()) locs[i] = loc;
    }
  }

  void Access(const ir::Expr* e) {
    if (e == nullptr) return;
    if (const auto* c = e->As<ir::Call>()) {
      const uint32_t written = c->op() != nullptr ? c->op()->written_args() : 0;
      const bool view = c->op() != nullptr && IsAliasingView(c->op()->name());
      const bool reads_written = written != 0 && ReadsWhatItWrites(*c);
      for (size_t i = 0; i < c->args().size(); ++i) {
        const ir::Expr* arg = c->arg(i);
        if (i < 32 && (written & (1u << i))) {
          Origins o = Referenced(arg);
          Mark(o, access_.written);
          if (c->op()->name() == "tile.store") First(o, c->loc(), access_.bulk_store);
          if (c->op()->name() == "tensor.write") First(o, c->loc(), access_.scalar_store);
          if (reads_written) Mark(o, access_.read);
        } else if (!(view && i == 0)) {
          Mark(Referenced(arg), access_.read);
        }
        Access(arg);
      }
    } else if (const auto* t = e->As<ir::MakeTuple>()) {
      for (const ir::Expr* x : t->elements()) Access(x);
    } else if (const auto* b = e->As<ir::BinaryExpr>()) {
      Access(b->lhs());
      Access(b->rhs());
    } else if (const auto* u = e->As<ir::UnaryExpr>()) {
      Access(u->operand());
    }
  }

  ParamAccess access_;
  absl::flat_hash_map<const ir::Var*, Origins> origins_;
};

}  // namespace

ParamAccess AnalyzeParamAccess(const ir::Stmt* body, ir::VarSpan params) {
  Analyzer a(params);
  a.Stmt(body);
  return a.Take();
}

void UpgradeWrittenParams(const ParamAccess& access, std::vector<ir::ParamDirection>& directions) {
  for (size_t i = 0; i < access.written.size() && i < directions.size(); ++i) {
    if (directions[i] != ir::ParamDirection::kIn || !access.written[i]) continue;
    directions[i] = access.read[i] ? ir::ParamDirection::kInOut : ir::ParamDirection::kOut;
  }
}

}  // namespace pto::passes::tensor_to_tile
