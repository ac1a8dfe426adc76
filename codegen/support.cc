// CheckCodegenSupport: one walk over each function, checking the rules
// support.h lists in order; the first construct outside them is reported.

#include "codegen/support.h"

#include <optional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "codegen/op_emitter.h"
#include "codegen/pto_emitter.h"
#include "codegen/pto_spelling.h"
#include "ir/analysis/memref_rules.h"
#include "ir/analysis/unregistered_ops.h"
#include "ir/diagnostic.h"
#include "ir/ops/builtin.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::codegen {
namespace {

using ir::DataType;

class SupportWalker {
 public:
  SupportWalker(const ir::Context& ctx, const ir::Function& fn, const backends::Backend* backend)
      : ctx_(ctx), fn_(fn), backend_(backend), emitters_(PtoOpEmitters()) {}

  absl::Status Check() {
    loc_ = fn_.loc();
    if (!IsPtoKernel(fn_)) {
      return Outside(absl::StrCat("function '", fn_.name(), "' has type ",
                                  ir::EnumName(fn_.func_type()),
                                  " (rule 0)"));
    }
    if (fn_.attrs().requires_runtime_binding || !fn_.attrs().python_body.empty()) {
      return Outside(absl::StrCat("function '", fn_.name(),
                                  "' has no DSL body: host Python or a runtime-bound `...` (rule 0)"));
    }
    for (const ir::Var* p : fn_.params()) {
      if (p->type()->Is<ir::TupleType>()) {
        return Outside(absl::StrCat("tuple parameter '", p->name(), "' (rule 7)"));
      }
      if (!p->type()->Is<ir::TensorType>() && !p->type()->Is<ir::ScalarType>()) {
        return Outside(absl::StrCat("parameter '", p->name(), "' is a ",
                                    ir::TypeKindName(p->type()), " (rule 0)"));
      }
      if (const auto* t = p->type()->As<ir::TensorType>(); t != nullptr && !Incore(t->dtype())) {
        return Outside(absl::StrCat("parameter '", p->name(), "': ", t->dtype().name(),
                                    " is not supported in-core (rule 3)"));
      }
      PTO_RETURN_IF_ERROR(CheckVar(p));
      roots_[p] = p;
    }
    PTO_RETURN_IF_ERROR(CheckViewSymbols());
    return CheckStmt(fn_.body(), /*nested=*/false);
  }

 private:
  static void CollectVars(const ir::Expr* e, std::vector<const ir::Var*>& out) {
    if (e == nullptr) return;
    if (const auto* v = e->As<ir::Var>()) {
      out.push_back(v);
    } else if (const auto* b = e->As<ir::BinaryExpr>()) {
      CollectVars(b->lhs(), out);
      CollectVars(b->rhs(), out);
    } else if (const auto* u = e->As<ir::UnaryExpr>()) {
      CollectVars(u->operand(), out);
    }
  }

  // Rule 0: a symbol a tensor param's view names (valid_shape, stride) is a
  // scalar param or a dim of a tensor param's shape, so the kernel gets it.
  absl::Status CheckViewSymbols() {
    std::vector<const ir::Var*> dims;
    for (const ir::Var* p : fn_.params()) {
      if (p->type()->Is<ir::ScalarType>()) dims.push_back(p);
      if (const auto* t = p->type()->As<ir::TensorType>()) {
        for (const ir::Expr* d : t->shape()) CollectVars(d, dims);
      }
    }
    absl::flat_hash_set<const ir::Var*> bound(dims.begin(), dims.end());
    for (const ir::Var* p : fn_.params()) {
      const auto* t = p->type()->As<ir::TensorType>();
      if (t == nullptr || t->view() == nullptr) continue;
      std::vector<const ir::Var*> named;
      for (const ir::Expr* d : t->view()->stride) CollectVars(d, named);
      for (const ir::Expr* d : t->view()->valid_shape) CollectVars(d, named);
      for (const ir::Var* v : named) {
        if (!bound.contains(v)) {
          return Outside(absl::StrCat("symbol '", v->name(), "' in the view of parameter '",
                                      p->name(), "' is bound by no parameter (rule 0)"));
        }
      }
    }
    return absl::OkStatus();
  }

  // The tensor a tensor-typed value is (through aliases, tile.store results
  // and loop results), for rule 5; null when unknown.
  const ir::Var* Root(const ir::Expr* e) const {
    const auto* v = e->As<ir::Var>();
    if (v == nullptr) return nullptr;
    auto it = roots_.find(v);
    return it == roots_.end() ? nullptr : it->second;
  }

  // The tile buffer a tile value lives in as far as the program shows it:
  // through aliases, views and tile.set_validshape (which narrows its
  // operand's buffer in place), and from a loop-carried value to its init.
  const ir::Var* Buffer(const ir::Expr* e) const {
    const auto* v = e->As<ir::Var>();
    if (v == nullptr) return nullptr;
    auto it = buffers_.find(v);
    return it == buffers_.end() ? v : it->second;
  }

  // Rule 5: each tensor a loop or if yields is the one it carries (loops)
  // or the same one from both branches (ifs).
  absl::Status CheckTensorYield(const ir::Stmt* body, size_t slot, const ir::Var* want,
                                const ir::Var* carried) {
    const ir::YieldStmt* y = FinalYield(body);
    if (y == nullptr || slot >= y->values().size()) return absl::OkStatus();
    const ir::Var* got = Root(y->values()[slot]);
    if (got == nullptr || got != want) {
      return Outside(absl::StrCat("the tensor '", carried->name(),
                                  "' a loop or if carries is yielded as another tensor (rule 5)"));
    }
    return absl::OkStatus();
  }

  static const ir::YieldStmt* FinalYield(const ir::Stmt* body) {
    while (body != nullptr) {
      if (const auto* y = body->As<ir::YieldStmt>()) return y;
      const auto* seq = body->As<ir::SeqStmts>();
      if (seq == nullptr || seq->stmts().empty()) return nullptr;
      body = seq->stmts().back();
    }
    return nullptr;
  }

  absl::Status Outside(absl::string_view why) const {
    return absl::UnimplementedError(ir::FormatError(
        ctx_, loc_, absl::StrCat("codegen: outside what PTO codegen claims: ", why)));
  }

  bool Incore(DataType dtype) const {
    return backend_ == nullptr || backend_->SupportsIncoreDataType(dtype);
  }

  // Rules 3 (tiles) and 6 (unsigned scalars) for a var of any kind.
  absl::Status CheckVar(const ir::Var* v) {
    if (const auto* tile = v->type()->As<ir::TileType>()) {
      if (!Incore(tile->dtype())) {
        return Outside(absl::StrCat("tile '", v->name(), "': ", tile->dtype().name(),
                                    " is not supported in-core (rule 3)"));
      }
      if (!tile->memory_space() || !PtoMemorySpace(*tile->memory_space())) {
        return Outside(absl::StrCat("tile '", v->name(),
                                    "' has no memory space with a PTO tile buffer (rule 3)"));
      }
      absl::StatusOr<TileGeometry> g = FlattenTile(*tile);
      if (!g.ok()) {
        return Outside(absl::StrCat("tile '", v->name(), "': ", g.status().message(),
                                    " (rule 3)"));
      }
    } else if (const auto* s = v->type()->As<ir::ScalarType>()) {
      if (s->dtype().IsUnsignedInt()) {
        return Outside(absl::StrCat("scalar '", v->name(), "' is ", s->dtype().name(),
                                    " (rule 6)"));
      }
    }
    return absl::OkStatus();
  }

  // Rule 5 for loop-carried values and results.
  absl::Status CheckCarried(const ir::Var* v) {
    if (!v->type()->Is<ir::TileType>() && !v->type()->Is<ir::TensorType>() &&
        !v->type()->Is<ir::ScalarType>()) {
      return Outside(absl::StrCat("'", v->name(), "' is a loop-carried value or result of type ",
                                  ir::TypeKindName(v->type()), " (rule 5)"));
    }
    return CheckVar(v);
  }

  absl::Status CheckStmt(const ir::Stmt* s, bool nested) {
    if (s == nullptr) return absl::OkStatus();
    if (s->loc().known()) loc_ = s->loc();
    switch (s->kind()) {
      case ir::NodeKind::kSeq:
        for (const ir::Stmt* child : s->As<ir::SeqStmts>()->stmts()) {
          PTO_RETURN_IF_ERROR(CheckStmt(child, nested));
        }
        return absl::OkStatus();
      case ir::NodeKind::kAssign: {
        const auto* a = s->As<ir::AssignStmt>();
        PTO_RETURN_IF_ERROR(CheckVar(a->var()));
        const ir::Expr* value = a->value();
        if (a->var()->type()->Is<ir::TupleType>() && !value->Is<ir::MakeTuple>() &&
            !value->Is<ir::Call>() && !value->Is<ir::Var>()) {
          return Outside(absl::StrCat("tuple '", a->var()->name(), "' is not built in the kernel",
                                      " (rule 7)"));
        }
        if (a->var()->type()->Is<ir::TensorType>()) {
          const ir::Var* root = Root(value);
          if (const auto* call = value->As<ir::Call>();
              call != nullptr && call->op() != nullptr && call->op()->name() == "tile.store" &&
              call->args().size() > 2) {
            root = Root(call->args()[2]);
          }
          roots_[a->var()] = root != nullptr ? root : a->var();
        }
        if (a->var()->type()->Is<ir::TileType>()) {
          const ir::Var* buffer = a->var();
          const auto* call = value->As<ir::Call>();
          absl::string_view op = call != nullptr && call->op() != nullptr ? call->op()->name() : "";
          if (IsView(op)) {
            views_.insert(a->var());
            buffer = Buffer(call->args()[0]);
          } else if (op == "tile.set_validshape") {
            buffer = Buffer(call->args()[0]);
          } else if (const auto* src = value->As<ir::Var>()) {
            if (views_.contains(src)) views_.insert(a->var());
            buffer = Buffer(src);
          }
          buffers_[a->var()] = buffer != nullptr ? buffer : a->var();
        }
        return CheckExpr(value, a->var());
      }
      case ir::NodeKind::kEval:
        return CheckExpr(s->As<ir::EvalStmt>()->expr(), nullptr);
      case ir::NodeKind::kReturn:
        if (nested) return Outside("a return inside a loop or if (rule 4)");
        for (const ir::Expr* v : s->As<ir::ReturnStmt>()->values()) {
          if (!v->type()->Is<ir::TensorType>()) {
            return Outside(absl::StrCat("returning a ", ir::TypeKindName(v->type()), " (rule 4)"));
          }
        }
        return absl::OkStatus();
      case ir::NodeKind::kYield:
        for (const ir::Expr* v : s->As<ir::YieldStmt>()->values()) {
          PTO_RETURN_IF_ERROR(CheckExpr(v, nullptr));
        }
        return absl::OkStatus();
      case ir::NodeKind::kIf: {
        const auto* i = s->As<ir::IfStmt>();
        PTO_RETURN_IF_ERROR(CheckExpr(i->condition(), nullptr));
        for (const ir::Var* r : i->return_vars()) PTO_RETURN_IF_ERROR(CheckCarried(r));
        PTO_RETURN_IF_ERROR(CheckStmt(i->then_body(), true));
        PTO_RETURN_IF_ERROR(CheckStmt(i->else_body(), true));
        for (size_t k = 0; k < i->return_vars().size(); ++k) {
          const ir::Var* rv = i->return_vars()[k];
          if (!rv->type()->Is<ir::TensorType>()) continue;
          const ir::YieldStmt* y = FinalYield(i->then_body());
          const ir::Var* want = y != nullptr && k < y->values().size() ? Root(y->values()[k])
                                                                        : nullptr;
          if (want == nullptr) return Outside("an if yields a tensor of unknown origin (rule 5)");
          PTO_RETURN_IF_ERROR(CheckTensorYield(i->else_body(), k, want, rv));
          roots_[rv] = want;
        }
        return absl::OkStatus();
      }
      case ir::NodeKind::kFor: {
        const auto* f = s->As<ir::ForStmt>();
        std::optional<int64_t> step = ir::AsConstInt(f->step());
        if (!step || *step <= 0) {
          return Outside("a loop step that is not a positive constant (rule 5)");
        }
        PTO_RETURN_IF_ERROR(CheckExpr(f->start(), nullptr));
        PTO_RETURN_IF_ERROR(CheckExpr(f->stop(), nullptr));
        PTO_RETURN_IF_ERROR(CheckVar(f->loop_var()));
        for (const ir::IterArg* ia : f->iter_args()) {
          PTO_RETURN_IF_ERROR(CheckCarried(ia));
          PTO_RETURN_IF_ERROR(CheckExpr(ia->init(), nullptr));
        }
        for (const ir::Var* r : f->return_vars()) PTO_RETURN_IF_ERROR(CheckCarried(r));
        PTO_RETURN_IF_ERROR(CarryTensors(f->iter_args()));
        PTO_RETURN_IF_ERROR(CheckStmt(f->body(), true));
        return YieldTensors(f->iter_args(), f->body(), f->return_vars());
      }
      case ir::NodeKind::kWhile: {
        const auto* w = s->As<ir::WhileStmt>();
        for (const ir::IterArg* ia : w->iter_args()) {
          PTO_RETURN_IF_ERROR(CheckCarried(ia));
          PTO_RETURN_IF_ERROR(CheckExpr(ia->init(), nullptr));
        }
        PTO_RETURN_IF_ERROR(CheckExpr(w->condition(), nullptr));
        for (const ir::Var* r : w->return_vars()) PTO_RETURN_IF_ERROR(CheckCarried(r));
        PTO_RETURN_IF_ERROR(CarryTensors(w->iter_args()));
        PTO_RETURN_IF_ERROR(CheckStmt(w->body(), true));
        return YieldTensors(w->iter_args(), w->body(), w->return_vars());
      }
      default:
        return Outside("an unknown statement");
    }
  }

  absl::Status CarryTensors(absl::Span<const ir::IterArg* const> iter_args) {
    for (const ir::IterArg* ia : iter_args) {
      if (ia->type()->Is<ir::TileType>()) {
        const ir::Var* b = Buffer(ia->init());
        buffers_[ia] = b != nullptr ? b : ia;
      }
      if (!ia->type()->Is<ir::TensorType>()) continue;
      const ir::Var* root = Root(ia->init());
      if (root == nullptr) return Outside("a loop carries a tensor of unknown origin (rule 5)");
      roots_[ia] = root;
    }
    return absl::OkStatus();
  }

  absl::Status YieldTensors(absl::Span<const ir::IterArg* const> iter_args, const ir::Stmt* body,
                            ir::VarSpan return_vars) {
    for (size_t k = 0; k < iter_args.size(); ++k) {
      if (!iter_args[k]->type()->Is<ir::TensorType>()) continue;
      PTO_RETURN_IF_ERROR(CheckTensorYield(body, k, roots_[iter_args[k]], iter_args[k]));
      if (k < return_vars.size()) roots_[return_vars[k]] = roots_[iter_args[k]];
    }
    return absl::OkStatus();
  }

  // `result` is the var a call's value is bound to, if any.
  absl::Status CheckExpr(const ir::Expr* e, const ir::Var* result) {
    switch (e->kind()) {
      case ir::NodeKind::kCall:
        return CheckCall(*e->As<ir::Call>(), result);
      case ir::NodeKind::kMakeTuple:
        for (const ir::Expr* x : e->As<ir::MakeTuple>()->elements()) {
          PTO_RETURN_IF_ERROR(CheckExpr(x, nullptr));
        }
        return absl::OkStatus();
      case ir::NodeKind::kTupleGetItem:
        return CheckExpr(e->As<ir::TupleGetItem>()->tuple(), nullptr);
      case ir::NodeKind::kBinary:
      case ir::NodeKind::kUnary:
        return CheckScalar(e);
      default:
        return absl::OkStatus();
    }
  }

  // Rule 6 over a scalar expression tree.
  absl::Status CheckScalar(const ir::Expr* e) {
    if (e->Is<ir::Call>()) return Outside("a call nested in a scalar expression (rule 6)");
    if (e->Is<ir::MakeTuple>() || e->Is<ir::TupleGetItem>()) {
      return Outside("a tuple inside a scalar expression (rule 6)");
    }
    const auto* st = e->type()->As<ir::ScalarType>();
    if (st != nullptr && st->dtype().IsUnsignedInt()) {
      return Outside(absl::StrCat("scalar arithmetic on ", st->dtype().name(), " (rule 6)"));
    }
    if (const auto* b = e->As<ir::BinaryExpr>()) {
      DataType dt = b->dtype();
      if (b->op() == ir::BinaryOp::kPow && !dt.IsFloat()) {
        return Outside(absl::StrCat("integer power (", dt.name(), ") (rule 6)"));
      }
      if (b->op() == ir::BinaryOp::kFloatDiv && !dt.IsFloat()) {
        return Outside(absl::StrCat("true division with a ", dt.name(), " result (rule 6)"));
      }
      PTO_RETURN_IF_ERROR(CheckScalar(b->lhs()));
      return CheckScalar(b->rhs());
    }
    if (const auto* u = e->As<ir::UnaryExpr>()) return CheckScalar(u->operand());
    return absl::OkStatus();
  }

  absl::Status CheckCall(const ir::Call& call, const ir::Var* result) {
    if (call.loc().known()) loc_ = call.loc();
    if (call.op() == nullptr) {
      return Outside(absl::StrCat("a call of function '", call.callee_name(), "' (rule 1)"));
    }
    absl::string_view name = call.op()->name();
    if (!call.op()->lowered_by().empty()) {
      return Outside(absl::StrCat(name, " is composite (rule 1)"));
    }
    if (emitters_.Find(name) == nullptr || ir::BuiltinOps().Find(name) != call.op()) {
      return Outside(absl::StrCat(name, " has no PTO emitter (rule 1)"));
    }
    for (const ir::Expr* a : call.args()) {
      if (a->Is<ir::BinaryExpr>() || a->Is<ir::UnaryExpr>()) PTO_RETURN_IF_ERROR(CheckScalar(a));
      if (a->Is<ir::Call>()) return Outside(absl::StrCat("a call nested in ", name, " (rule 6)"));
    }
    if (name == "tile.cast" && backend_ != nullptr && !call.args().empty()) {
      const auto* src = call.args()[0]->type()->As<ir::TileType>();
      const auto* dst = call.type()->As<ir::TileType>();
      if (src != nullptr && dst != nullptr &&
          !backend_->IsNativeTcvt(src->dtype(), dst->dtype())) {
        return Outside(absl::StrCat("tile.cast from ", src->dtype().name(), " to ",
                                    dst->dtype().name(), " is not one pto.tcvt (rule 2)"));
      }
    }
    PTO_RETURN_IF_ERROR(CheckBackendCapabilities(call, name));
    if (name == "tile.load" || name == "tile.store") return CheckWindow(call, name);
    for (const ir::Expr* a : call.args()) {
      const auto* w = a->type()->As<ir::DistributedTensorType>();
      if (w != nullptr && (w->dtype().bits() < 8 || w->dtype().bits() % 8 != 0)) {
        return Outside(absl::StrCat(name, ": a window of ", w->dtype().name(),
                                    ", not whole-byte elements (rule 8)"));
      }
    }
    if (name == "tensor.read" && !call.args().empty()) {
      const auto* t = call.args()[0]->type()->As<ir::TensorType>();
      if (t != nullptr && t->EffectiveView().layout != ir::TensorLayout::kND) {
        return Outside("tensor.read of a tensor whose layout is not ND (rule 8)");
      }
    }
    if (IsView(name)) {
      const auto* t = call.type()->As<ir::TileType>();
      absl::StatusOr<TileGeometry> g =
          t != nullptr ? FlattenTile(*t) : absl::StatusOr<TileGeometry>(TileGeometry{});
      if (t != nullptr && (!g.ok() || !g->static_v_row || !g->static_v_col)) {
        return Outside(absl::StrCat(name, " with a valid shape that is not static (rule 8)"));
      }
    }
    if (name == "tile.set_validshape" && !call.args().empty()) {
      const auto* v = call.args()[0]->As<ir::Var>();
      if (v != nullptr && views_.contains(v)) {
        return Outside("tile.set_validshape of a view (transpose_view, reinterpret_view, reshape) "
                       "(rule 8)");
      }
    }
    if (name == "pld.system.notify" || name == "pld.system.wait") {
      size_t i = name == "pld.system.notify" ? 3 : 2;
      const ir::Expr* value = i < call.args().size() ? call.args()[i] : nullptr;
      const auto* st = value != nullptr && !value->Is<ir::ConstInt>()
                           ? value->type()->As<ir::ScalarType>()
                           : nullptr;
      if (st != nullptr && st->dtype() != DataType::kInt32 && st->dtype() != DataType::kIndex) {
        return Outside(absl::StrCat(name, ": a ", st->dtype().name(), " signal value (rule 8)"));
      }
    }
    if (name == "tile.transpose" && !call.args().empty()) {
      const auto* t = call.args()[0]->type()->As<ir::TileType>();
      if (t != nullptr && t->rank() != 2) {
        return Outside(absl::StrCat("tile.transpose of a rank-", t->rank(), " tile (rule 8)"));
      }
    }
    (void)result;
    return absl::OkStatus();
  }

  // Rule 2: what the backend says of TSELS and atomic stores.
  absl::Status CheckBackendCapabilities(const ir::Call& call, absl::string_view name) {
    if (backend_ == nullptr) return absl::OkStatus();
    if ((name == "tile.tquant_mx_raw" || name == "tile.tmov_x2zz") &&
        !backend_->SupportsMxQuantization()) {
      return Outside(absl::StrCat(name, ": MX quantisation on ", backend_->Name(), " (rule 2)"));
    }
    if (name == "tile.sels" && call.args().size() >= 3) {
      const auto* src = call.args()[1]->type()->As<ir::TileType>();
      if (src != nullptr && !backend_->SupportsTselsDataType(src->dtype())) {
        return Outside(absl::StrCat("tile.sels of ", src->dtype().name(), " sources on ",
                                    backend_->Name(), " (rule 2)"));
      }
      if (!backend_->TselsTmpMayOverlapInputs()) {
        const ir::Var* tmp = Buffer(call.args()[2]);
        for (size_t i : {0, 1, 2}) {
          const auto* v = call.args()[i]->As<ir::Var>();
          bool shared = i < 2 && (tmp == nullptr || Buffer(call.args()[i]) == tmp);
          if (shared || (v != nullptr && views_.contains(v))) {
            return Outside(absl::StrCat("tile.sels on ", backend_->Name(),
                                        " with a tmp that may share a buffer with mask or src",
                                        " (rule 2)"));
          }
        }
      }
    }
    const ir::AttrValue* atomic = call.FindKwarg("atomic");
    bool add = atomic != nullptr &&
               ((atomic->kind() == ir::AttrKind::kAtomicType &&
                 atomic->As<ir::AtomicType>() == ir::AtomicType::kAdd) ||
                (atomic->kind() == ir::AttrKind::kInt && atomic->int_value() == 1));
    if (add) {
      for (const ir::Expr* a : call.args()) {
        const auto* t = a->type()->As<ir::TensorType>();
        if (t != nullptr && !backend_->SupportsAtomicAddDataType(t->dtype())) {
          return Outside(absl::StrCat(name, " with atomic add on a ", t->dtype().name(),
                                      " tensor on ", backend_->Name(), " (rule 2)"));
        }
      }
    }
    return absl::OkStatus();
  }

  // Rule 8.
  absl::Status CheckWindow(const ir::Call& call, absl::string_view name) {
    bool load = name == "tile.load";
    const ir::Expr* tensor = call.args().size() > (load ? 0u : 2u) ? call.args()[load ? 0 : 2]
                                                                    : nullptr;
    const auto* tt = tensor != nullptr ? tensor->type()->As<ir::TensorType>() : nullptr;
    if (tt == nullptr) return absl::OkStatus();  // the verifier's business
    size_t rank = tt->rank();
    auto list_size = [&](size_t i) -> std::optional<size_t> {
      if (call.args().size() <= i) return std::nullopt;
      if (const auto* t = call.args()[i]->As<ir::MakeTuple>()) return t->elements().size();
      return std::nullopt;
    };
    std::optional<size_t> offsets = list_size(1);
    size_t window = 0;
    if (load) {
      const auto* tile = call.type()->As<ir::TileType>();
      if (tile == nullptr) return absl::OkStatus();
      window = tile->ValidShape().size();
    } else {
      const auto* tile = call.args()[0]->type()->As<ir::TileType>();
      if (tile == nullptr) return absl::OkStatus();
      window = list_size(3).value_or(tile->ValidShape().size());
    }
    if (window != rank || (offsets && *offsets != rank)) {
      return Outside(absl::StrCat(name, " of a rank-", window, " window of a rank-", rank,
                                  " tensor (rule 8)"));
    }
    return absl::OkStatus();
  }

  const ir::Context& ctx_;
  const ir::Function& fn_;
  const backends::Backend* backend_;
  const OpEmitterTable& emitters_;
  ir::SourceLoc loc_;
  absl::flat_hash_map<const ir::Var*, const ir::Var*> roots_;
  // Tile var -> the var whose buffer it is (Buffer).
  absl::flat_hash_map<const ir::Var*, const ir::Var*> buffers_;
  // An op whose result views its operand's buffer (pto.treshape).
  bool IsView(absl::string_view op) const {
    const OpEmitter* e = emitters_.Find(op);
    return e != nullptr && e->result == TileResult::kView;
  }

  // Results of the views (IsView), and their aliases.
  absl::flat_hash_set<const ir::Var*> views_;
};

}  // namespace

absl::Status CheckCodegenSupport(const ir::Program& program, const backends::Backend* backend) {
  absl::Status unregistered = ir::RejectUnregisteredOps(program, "codegen");
  if (!unregistered.ok()) {
    return absl::UnimplementedError(absl::StrCat(unregistered.message(), " (rule 1)"));
  }
  absl::Status memref = ir::RejectTileMemRefs(program, "codegen");
  if (!memref.ok()) {
    return absl::UnimplementedError(absl::StrCat(memref.message(), " (rule 1)"));
  }
  for (const ir::Function* fn : program.functions()) {
    PTO_RETURN_IF_ERROR(SupportWalker(program.context(), *fn, backend).Check());
  }
  return absl::OkStatus();
}

}  // namespace pto::codegen
