// FunctionEmitter: buffer plan, signature, prologue, operand values and line
// emission. Statements live in stmt_emitter.cc, scalar arithmetic in
// scalar_emitter.cc.

#include "codegen/function_emitter.h"

#include <tuple>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/check.h"
#include "ir/diagnostic.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::codegen {

using ir::DataType;

namespace {

// A bare MLIR symbol name; anything else is quoted.
bool IsBareSymbol(absl::string_view name) {
  if (name.empty()) return false;
  for (size_t i = 0; i < name.size(); ++i) {
    char c = name[i];
    bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    bool digit = c >= '0' && c <= '9';
    if (!(letter || (i > 0 && (digit || c == '$' || c == '.')))) return false;
  }
  return true;
}

std::string Quoted(absl::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  out += '"';
  return out;
}

// Vars inside a dim expression, in first-seen order.
void CollectDimVars(const ir::Expr* e, std::vector<const ir::Var*>& out) {
  if (e == nullptr) return;
  if (const auto* v = e->As<ir::Var>()) {
    out.push_back(v);
  } else if (const auto* b = e->As<ir::BinaryExpr>()) {
    CollectDimVars(b->lhs(), out);
    CollectDimVars(b->rhs(), out);
  } else if (const auto* u = e->As<ir::UnaryExpr>()) {
    CollectDimVars(u->operand(), out);
  }
}

}  // namespace

FunctionEmitter::FunctionEmitter(ir::Context& ctx, const ir::Function& function,
                                 const backends::Backend* backend, const PtoOptions& options,
                                 const OpEmitterTable& emitters)
    : ctx_(ctx), fn_(function), backend_(backend), options_(options), emitters_(emitters) {}

absl::Status FunctionEmitter::Emit(ir::TextSink& out) {
  std::string header;
  PTO_RETURN_IF_ERROR(EmitSignature(header));
  PlanBuffers(fn_.body());
  PlanUnprojectedElements();
  SharePhiBuffers();
  AssignSharedBuffers();
  PlanYieldTemps();
  bindings_.reserve(bindings_.size() + planned_values_);
  PTO_RETURN_IF_ERROR(EmitPrologue());
  out_ = &body_text_;
  depth_ = 0;
  loc_ = ir::SourceLoc{};
  PTO_RETURN_IF_ERROR(EmitStmt(fn_.body()));
  PTO_RETURN_IF_ERROR(out.Write(header));
  PTO_RETURN_IF_ERROR(out.Write(constants_text_));
  PTO_RETURN_IF_ERROR(prologue_text_.WriteTo(out));
  PTO_RETURN_IF_ERROR(body_text_.WriteTo(out));
  return out.Write("    return\n  }\n");
}

// --- Buffer plan -----------------------------------------------------------------

void FunctionEmitter::OwnBuffer(const ir::Var* v, TileDef def) {
  uint32_t index = static_cast<uint32_t>(tiles_.size());
  PlannedTile t;
  t.var = v;
  t.content = index;
  t.group = index;
  t.def_pos = pos_;
  t.last_read = pos_;
  t.region = region_;
  t.def = def;
  tiles_.push_back(t);
  owner_of_[v] = index;
  buffers_.push_back(v);
}

const ir::Var* FunctionEmitter::BufferOwner(const ir::Var* v) const {
  auto it = owner_of_.find(v);
  return it == owner_of_.end() ? v : tiles_[it->second].var;
}

uint32_t FunctionEmitter::TileEntry(const ir::Expr* e) const {
  const auto* v = e == nullptr ? nullptr : e->As<ir::Var>();
  if (v == nullptr) return kNoTile;
  auto it = owner_of_.find(v);
  return it == owner_of_.end() ? kNoTile : it->second;
}

void FunctionEmitter::PlanBuffers(const ir::Stmt* s) {
  if (s == nullptr) return;
  auto is_tile = [](const ir::Var* v) { return v->type()->Is<ir::TileType>(); };
  if (s->kind() != ir::NodeKind::kSeq) ++pos_;
  switch (s->kind()) {
    case ir::NodeKind::kSeq:
      for (const ir::Stmt* child : s->As<ir::SeqStmts>()->stmts()) PlanBuffers(child);
      return;
    case ir::NodeKind::kAssign: {
      ++planned_values_;
      const auto* a = s->As<ir::AssignStmt>();
      const ir::Var* var = a->var();
      // A rename or projection reads no data; later reads of the name do.
      if (a->value()->As<ir::Var>() == nullptr && a->value()->As<ir::TupleGetItem>() == nullptr &&
          a->value()->As<ir::MakeTuple>() == nullptr) {
        NoteReads(a->value());
      }
      if (var->type()->Is<ir::TupleType>()) {
        PlanTuple(var, a->value());
        return;
      }
      if (const auto* item = a->value()->As<ir::TupleGetItem>()) {
        PlanProjection(var, *item);
        return;
      }
      if (!is_tile(var)) return;
      if (a->value()->As<ir::Var>() != nullptr) {
        if (uint32_t src = TileEntry(a->value()); src != kNoTile) ShareOwner(var, src);
        return;
      }
      const auto* call = a->value()->As<ir::Call>();
      if (call == nullptr || call->op() == nullptr) return;
      const OpEmitter* emitter = emitters_.Find(call->op()->name());
      // Ops without an emitter fail when the body reaches them.
      if (emitter == nullptr) return;
      if (emitter->scratch != nullptr) {
        if (const ir::Type* type = emitter->scratch(*call)) {
          const ir::Var* scratch = ctx_.NewVar(absl::StrCat(var->name(), "_tmp"), type, var->loc());
          OwnBuffer(scratch);
          scratch_of_[call] = scratch;
        }
      }
      switch (emitter->result) {
        case TileResult::kBuffer:
          OwnBuffer(var, TileDef::kOp);
          tiles_.back().in_place = emitter->in_place;
          return;
        case TileResult::kAlias:
          if (!call->args().empty()) {
            if (uint32_t src = TileEntry(call->arg(0)); src != kNoTile) {
              ShareOwner(var, src);
              tiles_[src].narrowed = true;
              dynamic_valid_.insert(tiles_[src].var);
            }
          }
          return;
        case TileResult::kView: {
          // A handle of its own, with no allocation, reading its base's data.
          uint32_t base = call->args().empty() ? kNoTile : TileEntry(call->arg(0));
          OwnBuffer(var);
          buffers_.pop_back();
          if (base != kNoTile) tiles_.back().content = tiles_[base].content;
          return;
        }
        case TileResult::kNone:
        case TileResult::kTuple:  // a tuple var: PlanTuple
          return;
      }
      return;
    }
    case ir::NodeKind::kFor: {
      const auto* f = s->As<ir::ForStmt>();
      planned_values_ += 1 + 2 * f->iter_args().size();
      NoteReads(f->start());
      NoteReads(f->stop());
      NoteReads(f->step());
      PlanLoop(s, f->iter_args(), f->return_vars(), nullptr, f->body());
      return;
    }
    case ir::NodeKind::kWhile: {
      const auto* w = s->As<ir::WhileStmt>();
      planned_values_ += 2 * w->iter_args().size();
      PlanLoop(s, w->iter_args(), w->return_vars(), w->condition(), w->body());
      return;
    }
    case ir::NodeKind::kIf: {
      const auto* f = s->As<ir::IfStmt>();
      planned_values_ += f->return_vars().size();
      NoteReads(f->condition());
      PhiSite site;
      site.stmt = s;
      site.pos = pos_;
      uint32_t site_index = static_cast<uint32_t>(sites_.size());
      bool has_tiles = false;
      for (size_t i = 0; i < f->return_vars().size(); ++i) {
        const ir::Var* rv = f->return_vars()[i];
        if (!is_tile(rv)) continue;
        OwnBuffer(rv, TileDef::kIfResult);
        tiles_.back().site = site_index;
        tiles_.back().slot = static_cast<uint32_t>(i);
        has_tiles = true;
      }
      if (has_tiles) sites_.push_back(site);
      PlanRegion then_region = PlanRegionOf(f->then_body());
      PlanRegion else_region = PlanRegionOf(f->else_body());
      if (has_tiles) {
        PhiSite& planned = sites_[site_index];
        planned.regions[0] = then_region;
        planned.regions[1] = else_region;
        planned.end = pos_;
        planned.joined.assign(f->return_vars().size(), 0);
        site_order_.push_back(site_index);
      }
      return;
    }
    case ir::NodeKind::kEval:
      NoteReads(s->As<ir::EvalStmt>()->expr());
      return;
    case ir::NodeKind::kReturn:
      for (const ir::Expr* v : s->As<ir::ReturnStmt>()->values()) NoteReads(v);
      return;
    case ir::NodeKind::kYield:
      for (const ir::Expr* v : s->As<ir::YieldStmt>()->values()) NoteReads(v);
      return;
    default:
      return;
  }
}

void FunctionEmitter::PlanLoop(const ir::Stmt* s, ir::IterArgSpan iter_args,
                               ir::VarSpan return_vars, const ir::Expr* condition,
                               const ir::Stmt* body) {
  for (const ir::IterArg* ia : iter_args) NoteReads(ia->init());
  PhiSite site;
  site.stmt = s;
  site.pos = pos_;
  uint32_t site_index = static_cast<uint32_t>(sites_.size());
  bool has_tiles = false;
  for (size_t i = 0; i < iter_args.size(); ++i) {
    const ir::IterArg* ia = iter_args[i];
    if (!ia->type()->Is<ir::TileType>()) continue;
    uint32_t entry = static_cast<uint32_t>(tiles_.size());
    OwnBuffer(ia, TileDef::kIterArg);
    PlannedTile& t = tiles_.back();
    t.site = site_index;
    t.slot = static_cast<uint32_t>(i);
    t.tracked = true;
    if (i < return_vars.size()) ShareOwner(return_vars[i], entry);
    has_tiles = true;
  }
  if (has_tiles) sites_.push_back(site);
  if (condition != nullptr) {
    // Evaluated before every iteration: after the body has written the
    // carried buffers, so after the loop's own position.
    ++pos_;
    NoteReads(condition);
  }
  PlanRegion region = PlanRegionOf(body);
  if (has_tiles) {
    PhiSite& planned = sites_[site_index];
    planned.regions[0] = region;
    planned.end = pos_;
    planned.joined.assign(iter_args.size(), 0);
    site_order_.push_back(site_index);
  }
}

void FunctionEmitter::PlanTuple(const ir::Var* var, const ir::Expr* value) {
  auto add = [&](std::vector<const ir::Expr*> elements) {
    tuples_[var] = tuple_elements_.size();
    tuple_elements_.push_back(std::move(elements));
  };
  const ir::Expr* source = value;
  if (const auto* item = value->As<ir::TupleGetItem>()) source = TupleElement(*item);
  if (source == nullptr) return;
  if (const auto* make = source->As<ir::MakeTuple>()) {
    add({make->elements().begin(), make->elements().end()});
    return;
  }
  if (const auto* src = source->As<ir::Var>()) {
    auto it = tuples_.find(src);
    if (it != tuples_.end()) {
      size_t index = it->second;
      tuples_[var] = index;
    }
    return;
  }
  const auto* call = value->As<ir::Call>();
  if (call == nullptr || call->op() == nullptr) return;
  const OpEmitter* emitter = emitters_.Find(call->op()->name());
  if (emitter == nullptr || emitter->result != TileResult::kTuple) return;
  add(std::vector<const ir::Expr*>(var->type()->As<ir::TupleType>()->elements().size(), nullptr));
  op_tuples_.push_back(var);
}

std::vector<const ir::Expr*>* FunctionEmitter::TupleElements(const ir::Expr* tuple) {
  const auto* var = tuple->As<ir::Var>();
  auto it = var == nullptr ? tuples_.end() : tuples_.find(var);
  return it == tuples_.end() ? nullptr : &tuple_elements_[it->second];
}

void FunctionEmitter::PlanProjection(const ir::Var* var, const ir::TupleGetItem& item) {
  std::vector<const ir::Expr*>* elements = TupleElements(item.tuple());
  if (elements == nullptr || item.index() < 0 ||
      static_cast<size_t>(item.index()) >= elements->size()) {
    return;  // reported when the projection is emitted
  }
  const ir::Expr*& element = (*elements)[item.index()];
  bool tile = var->type()->Is<ir::TileType>();
  if (element == nullptr) {
    // The first projection of an op's element owns the buffer the op writes.
    element = var;
    if (tile) OwnBuffer(var);
    return;
  }
  if (tile) {
    if (uint32_t src = TileEntry(element); src != kNoTile) ShareOwner(var, src);
  }
}

void FunctionEmitter::PlanUnprojectedElements() {
  for (const ir::Var* t : op_tuples_) {
    std::vector<const ir::Expr*>& elements = *TupleElements(t);
    absl::Span<const ir::Type* const> types = t->type()->As<ir::TupleType>()->elements();
    for (size_t i = 0; i < elements.size(); ++i) {
      if (elements[i] != nullptr || !types[i]->Is<ir::TileType>()) continue;
      const ir::Var* scratch = ctx_.NewVar(absl::StrCat(t->name(), "_", i), types[i], t->loc());
      elements[i] = scratch;
      OwnBuffer(scratch);
    }
  }
}

const ir::Expr* FunctionEmitter::TupleElement(const ir::TupleGetItem& item) {
  size_t index = static_cast<size_t>(item.index());
  if (const auto* make = item.tuple()->As<ir::MakeTuple>()) {
    return index < make->elements().size() ? make->elements()[index] : nullptr;
  }
  std::vector<const ir::Expr*>* elements = TupleElements(item.tuple());
  return elements == nullptr || index >= elements->size() ? nullptr : (*elements)[index];
}

// --- Signature and prologue ---------------------------------------------------------

absl::Status FunctionEmitter::EmitSignature(std::string& header) {
  loc_ = fn_.loc();
  ir::FunctionType type = fn_.func_type();
  if (!fn_.IsInCore() && type != ir::FunctionType::kOpaque &&
      type != ir::FunctionType::kInline) {
    return Fail(absl::StrCat("function '", fn_.name(), "' has type ", ir::EnumName(type),
                             "; PTO codegen emits kernels only (InCore, AIC, AIV)"));
  }
  header = absl::StrCat("  func.func @",
                        IsBareSymbol(fn_.name()) ? std::string(fn_.name()) : Quoted(fn_.name()),
                        "(");
  int next_arg = 0;
  auto add_arg = [&](absl::string_view type_text) {
    absl::string_view name = names_.Fresh(absl::StrCat("arg", next_arg));
    absl::StrAppend(&header, next_arg == 0 ? "" : ", ", name, ": ", type_text);
    ++next_arg;
    return name;
  };
  std::vector<const ir::Var*> dim_vars;
  for (const ir::Var* p : fn_.params()) {
    loc_ = p->loc().known() ? p->loc() : fn_.loc();
    std::optional<DataType> dtype;
    if (const auto* st = p->type()->As<ir::ShapedType>()) dtype = st->dtype();
    if (const auto* sc = p->type()->As<ir::ScalarType>()) dtype = sc->dtype();
    if (dtype && !SupportsIncore(*dtype)) {
      return NotIncore(*dtype, absl::StrCat("parameter '", p->name(), "'"));
    }
    if (const auto* t = p->type()->As<ir::TensorType>()) {
      PTO_ASSIGN_OR_RETURN(absl::string_view dtype, ScalarTypeName(t->dtype()));
      tensor_params_.emplace_back(p, add_arg(PtrType(dtype)));
      for (const ir::Expr* d : t->shape()) CollectDimVars(d, dim_vars);
    } else if (const auto* s = p->type()->As<ir::ScalarType>()) {
      PTO_ASSIGN_OR_RETURN(absl::string_view dtype, ScalarTypeName(s->dtype()));
      BindScalar(p, ScalarValue{add_arg(dtype), s->dtype()});
    } else {
      return Fail(absl::StrCat("parameter '", p->name(), "' is a ",
                               ir::TypeKindName(p->type()),
                               "; a PTO kernel takes tensors (as pointers) and scalars"));
    }
  }
  // Each window parameter's CommContext follows the parameters.
  for (const auto& [param, ptr] : tensor_params_) {
    if (!param->type()->Is<ir::DistributedTensorType>()) continue;
    absl::string_view ctx = names_.Fresh(absl::StrCat(param->name(), "_ctx"));
    absl::StrAppend(&header, next_arg == 0 ? "" : ", ", ctx, ": !pto.ptr<i64>");
    ++next_arg;
    comm_of_ptr_[ptr] = ctx;
  }
  // Symbolic dims of param tensors that no param binds are passed by the
  // caller after the params, as pl.dynamic values.
  for (const ir::Var* v : dim_vars) {
    if (bindings_.contains(v)) continue;
    const auto* s = v->type()->As<ir::ScalarType>();
    if (s == nullptr) return Fail(absl::StrCat("dim '", v->name(), "' is not a scalar"));
    PTO_ASSIGN_OR_RETURN(absl::string_view dtype, ScalarTypeName(s->dtype()));
    BindScalar(v, ScalarValue{add_arg(dtype), s->dtype()});
  }
  // A symbol only a view names (valid_shape, stride) has no runtime value:
  // nothing the caller passes carries it.
  for (const auto& [param, ptr] : tensor_params_) {
    const ir::TensorView* view = param->type()->As<ir::TensorType>()->view();
    if (view == nullptr) continue;
    std::vector<const ir::Var*> view_vars;
    for (const ir::Expr* d : view->stride) CollectDimVars(d, view_vars);
    for (const ir::Expr* d : view->valid_shape) CollectDimVars(d, view_vars);
    for (const ir::Var* v : view_vars) {
      if (bindings_.contains(v)) continue;
      loc_ = param->loc().known() ? param->loc() : fn_.loc();
      return Fail(absl::StrCat("symbolic extent '", v->name(), "' in the view of parameter '",
                               param->name(),
                               "' is type metadata only; bind it with a scalar parameter or a "
                               "dim of a tensor parameter's shape"));
    }
  }
  header += ")";
  if (type == ir::FunctionType::kAIC) {
    header += " attributes {pto.kernel_kind = #pto.kernel_kind<cube>}";
  } else if (type == ir::FunctionType::kAIV) {
    header += " attributes {pto.kernel_kind = #pto.kernel_kind<vector>}";
  }
  header += " {\n";
  return absl::OkStatus();
}

absl::Status FunctionEmitter::EmitPrologue() {
  out_ = &prologue_text_;
  for (const auto& [param, ptr] : tensor_params_) {
    loc_ = param->loc().known() ? param->loc() : fn_.loc();
    PTO_ASSIGN_OR_RETURN(TensorValue view,
                         MakeTensorView(ptr, *param->type()->As<ir::TensorType>(), param->name()));
    BindTensor(param, view);
  }
  for (const ir::Var* owner : buffers_) {
    loc_ = owner->loc().known() ? owner->loc() : fn_.loc();
    PTO_RETURN_IF_ERROR(AllocateBuffer(owner));
  }
  for (const auto& [member, owner] : shared_buffers_) {
    const Binding* b = Lookup(owner);
    PTO_CHECK(b != nullptr && b->kind() == BindingKind::kTile);
    TileValue buffer = b->tile();  // copied: binding `member` may rehash
    BindTile(member, buffer);
    if (valid_set_at_write_.contains(owner)) valid_set_at_write_.insert(member);
  }
  return absl::OkStatus();
}

bool FunctionEmitter::AvailableAtEntry(const ir::Expr* e) const {
  switch (e->kind()) {
    case ir::NodeKind::kConstInt:
    case ir::NodeKind::kConstFloat:
    case ir::NodeKind::kConstBool:
      return true;
    case ir::NodeKind::kVar:
    case ir::NodeKind::kIterArg:
      // Only params and dynamic dims are bound while the prologue runs.
      return bindings_.contains(e->As<ir::Var>());
    case ir::NodeKind::kBinary: {
      const auto* b = e->As<ir::BinaryExpr>();
      return AvailableAtEntry(b->lhs()) && AvailableAtEntry(b->rhs());
    }
    case ir::NodeKind::kUnary:
      return AvailableAtEntry(e->As<ir::UnaryExpr>()->operand());
    default:
      return false;
  }
}

absl::Status FunctionEmitter::AllocateBuffer(const ir::Var* owner) {
  const auto* tile = owner->type()->As<ir::TileType>();
  PTO_CHECK(tile != nullptr);
  if (!SupportsIncore(tile->dtype())) {
    return NotIncore(tile->dtype(), absl::StrCat("tile '", owner->name(), "'"));
  }
  absl::StatusOr<TileGeometry> geometry = FlattenTile(*tile);
  if (!geometry.ok()) {
    return Fail(absl::StrCat("tile '", owner->name(), "': ", geometry.status().message()));
  }
  bool dynamic = dynamic_valid_.contains(owner) || !geometry->static_v_row ||
                 !geometry->static_v_col;
  PTO_ASSIGN_OR_RETURN(absl::string_view type, TileBufTypeOf(*tile, dynamic));
  absl::string_view name = names_.Fresh(owner->name());
  absl::string_view rows;
  absl::string_view cols;
  if (dynamic) {
    bool at_entry = true;
    for (const ir::Expr* f : geometry->valid_row_factors) at_entry = at_entry && AvailableAtEntry(f);
    if (geometry->valid_col != nullptr) at_entry = at_entry && AvailableAtEntry(geometry->valid_col);
    // A buffer some set_validshape narrows gets its own extents back before
    // each write: the narrowing of an earlier iteration must not leak.
    if (dynamic_valid_.contains(owner)) valid_set_at_write_.insert(owner);
    if (at_entry) {
      PTO_ASSIGN_OR_RETURN(std::tie(rows, cols), ValidExtents(*geometry));
    } else {
      // The extents are computed in the body: start from the whole buffer
      // and set them before each write.
      valid_set_at_write_.insert(owner);
      PTO_ASSIGN_OR_RETURN(ScalarValue r, IntConstant(geometry->rows, DataType::kIndex));
      PTO_ASSIGN_OR_RETURN(ScalarValue c, IntConstant(geometry->cols, DataType::kIndex));
      rows = r.name;
      cols = c.name;
    }
  }
  // One line per buffer: written piecewise, after anything the extents
  // needed was emitted.
  Indent();
  out_->Append(name);
  out_->Append(" = pto.alloc_tile");
  if (dynamic) {
    out_->Append(" valid_row = ");
    out_->Append(rows);
    out_->Append(" valid_col = ");
    out_->Append(cols);
  }
  out_->Append(" : ");
  out_->Append(type);
  if (options_.emit_locations && loc_.known()) out_->Append(LocSuffix());
  out_->Append("\n");
  TileValue buffer(name, type);
  buffer.dynamic_valid = dynamic;
  BindTile(owner, buffer);
  return absl::OkStatus();
}

absl::StatusOr<absl::string_view> FunctionEmitter::TileBufTypeOf(const ir::TileType& tile,
                                                                 bool dynamic_valid) {
  auto key = std::make_pair(&tile, dynamic_valid);
  if (auto it = tile_types_.find(key); it != tile_types_.end()) return it->second;
  if (!tile.memory_space()) {
    return Fail("a tile without a memory space cannot be allocated; give it one (e.g. "
                "target_memory=pl.Mem.Vec)");
  }
  std::optional<absl::string_view> loc = PtoMemorySpace(*tile.memory_space());
  if (!loc) {
    return Fail(absl::StrCat("memory space ", ir::EnumName(*tile.memory_space()),
                             " has no PTO tile buffer"));
  }
  PTO_ASSIGN_OR_RETURN(absl::string_view dtype, ScalarTypeName(tile.dtype()));
  absl::StatusOr<TileGeometry> g = FlattenTile(tile);
  if (!g.ok()) return Fail(g.status().message());
  ir::TileView view = tile.EffectiveView();
  TileBufDesc desc;
  desc.loc = *loc;
  desc.dtype = dtype;
  desc.rows = g->rows;
  desc.cols = g->cols;
  if (!dynamic_valid) {
    desc.v_row = g->static_v_row;
    desc.v_col = g->static_v_col;
  }
  desc.blayout = view.blayout;
  desc.slayout = view.slayout;
  desc.fractal = view.fractal;
  desc.pad = view.pad;
  desc.compact = view.compact;
  absl::string_view text = Save(TileBufType(desc));
  tile_types_.emplace(key, text);
  return text;
}

absl::StatusOr<std::pair<absl::string_view, absl::string_view>> FunctionEmitter::ValidExtents(
    const TileGeometry& g) {
  absl::string_view rows;
  if (g.static_v_row) {
    PTO_ASSIGN_OR_RETURN(ScalarValue r, IntConstant(*g.static_v_row, DataType::kIndex));
    rows = r.name;
  } else {
    for (const ir::Expr* f : g.valid_row_factors) {
      PTO_ASSIGN_OR_RETURN(absl::string_view v, Index(f));
      if (rows.empty()) {
        rows = v;
        continue;
      }
      absl::string_view product = names_.Fresh("valid_rows");
      EmitOp(absl::StrCat(product, " = arith.muli ", rows, ", ", v, " : index"));
      rows = product;
    }
  }
  absl::string_view cols;
  if (g.static_v_col) {
    PTO_ASSIGN_OR_RETURN(ScalarValue c, IntConstant(*g.static_v_col, DataType::kIndex));
    cols = c.name;
  } else {
    PTO_ASSIGN_OR_RETURN(cols, Index(g.valid_col));
  }
  return std::make_pair(rows, cols);
}

absl::Status FunctionEmitter::PrepareWrite(const ir::Var* owner) {
  if (!valid_set_at_write_.contains(owner)) return absl::OkStatus();
  const Binding* b = Lookup(owner);
  PTO_CHECK(b != nullptr && b->kind() == BindingKind::kTile);
  absl::StatusOr<TileGeometry> g = FlattenTile(*owner->type()->As<ir::TileType>());
  PTO_CHECK(g.ok()) << g.status();  // allocation already flattened it
  PTO_ASSIGN_OR_RETURN(auto extents, ValidExtents(*g));
  EmitOp(absl::StrCat("pto.set_validshape ", b->tile().name, ", ", extents.first, ", ",
                      extents.second, " : ", b->tile().type));
  return absl::OkStatus();
}

// --- Bindings and operand values -------------------------------------------------

void FunctionEmitter::BindTile(const ir::Var* v, const TileValue& value) {
  bindings_[v].value = value;
}

void FunctionEmitter::BindTensor(const ir::Var* v, const TensorValue& value) {
  bindings_[v].value = value;
}

void FunctionEmitter::BindScalar(const ir::Var* v, const ScalarValue& value) {
  bindings_[v].value = value;
}

const FunctionEmitter::Binding* FunctionEmitter::Lookup(const ir::Var* v) const {
  auto it = bindings_.find(v);
  return it == bindings_.end() ? nullptr : &it->second;
}

absl::Status FunctionEmitter::NotBound(const ir::Var* v) const {
  return Fail(absl::StrCat("'", v->name(), "' has no value here (used before it is defined, or "
                           "a dim no parameter provides)"));
}

namespace {

absl::string_view KindName(const ir::Type* t) { return ir::TypeKindName(t); }

std::string DescribeOperand(const ir::Expr* e) {
  if (const auto* c = e->As<ir::Call>()) return absl::StrCat("a nested call to ", c->callee_name());
  if (const auto* v = e->As<ir::Var>()) return absl::StrCat("'", v->name(), "'");
  return absl::StrCat("'", ir::FormatExpr(e), "'");
}

}  // namespace

absl::StatusOr<TileValue> FunctionEmitter::Tile(const ir::Expr* e) {
  const auto* v = e->As<ir::Var>();
  if (v == nullptr) {
    return Fail(absl::StrCat("a tile operand must be a variable, got ", DescribeOperand(e),
                             "; bind it to a variable first"));
  }
  const Binding* b = Lookup(v);
  if (b == nullptr) return NotBound(v);
  if (b->kind() != BindingKind::kTile) {
    return Fail(absl::StrCat("'", v->name(), "' is a ", KindName(v->type()), ", not a tile"));
  }
  return b->tile();
}

absl::StatusOr<TensorValue> FunctionEmitter::Tensor(const ir::Expr* e) {
  const auto* v = e->As<ir::Var>();
  if (v == nullptr) {
    return Fail(absl::StrCat("a tensor operand must be a variable, got ", DescribeOperand(e)));
  }
  const Binding* b = Lookup(v);
  if (b == nullptr) return NotBound(v);
  if (b->kind() != BindingKind::kTensor) {
    return Fail(absl::StrCat("'", v->name(), "' is a ", KindName(v->type()), ", not a tensor"));
  }
  return b->tensor();
}

absl::StatusOr<ScalarValue> FunctionEmitter::Scalar(const ir::Expr* e) {
  return EmitScalar(e, "tmp");
}

absl::StatusOr<ScalarValue> FunctionEmitter::TileScalar(const ir::Expr* e, DataType tile_dtype) {
  DataType target = tile_dtype.IsFloat() ? tile_dtype : DataType::kInt32;
  if (const auto* c = e->As<ir::ConstInt>(); c != nullptr && c->dtype() == DataType::kIndex) {
    if (target.IsFloat()) return FloatConstant(static_cast<double>(c->value()), target);
    return IntConstant(c->value(), target);
  }
  PTO_ASSIGN_OR_RETURN(ScalarValue v, Scalar(e));
  if (v.dtype == DataType::kIndex) return Convert(v, target);
  return v;
}

absl::StatusOr<absl::string_view> FunctionEmitter::Index(const ir::Expr* e) {
  PTO_ASSIGN_OR_RETURN(ScalarValue v, Scalar(e));
  PTO_ASSIGN_OR_RETURN(ScalarValue i, Convert(v, DataType::kIndex));
  return i.name;
}

bool FunctionEmitter::SupportsIncore(DataType dtype) const {
  return backend_ == nullptr || backend_->SupportsIncoreDataType(dtype);
}

absl::Status FunctionEmitter::NotIncore(DataType dtype, absl::string_view subject) const {
  return Fail(absl::StrCat(subject, subject.empty() ? "" : ": ", dtype.name(),
                           " is not supported in-core on ", backend_->Name(),
                           " (the target has no load, store or instruction for it)"));
}

absl::StatusOr<absl::string_view> FunctionEmitter::ScalarTypeName(DataType dtype) {
  if (!SupportsIncore(dtype)) {
    return NotIncore(dtype, call_ != nullptr ? call_->op()->name() : absl::string_view());
  }
  std::optional<absl::string_view> name = PtoElementType(dtype);
  if (!name) return Fail(absl::StrCat(dtype.name(), " has no PTO element type"));
  return *name;
}

absl::StatusOr<TileValue> FunctionEmitter::ResultBuffer() {
  if (result_ == nullptr) {
    return Fail("the result of this op must be assigned to a variable");
  }
  const Binding* b = Lookup(result_);
  if (b == nullptr || b->kind() != BindingKind::kTile) {
    return Fail(absl::StrCat("result '", result_->name(), "' is a ", KindName(result_->type()),
                             ", not a tile"));
  }
  return b->tile();
}

absl::StatusOr<std::vector<TileValue>> FunctionEmitter::ResultElements() {
  const std::vector<const ir::Expr*>* elements =
      result_ == nullptr ? nullptr : TupleElements(result_);
  if (elements == nullptr) {
    return Fail("the tuple result of this op must be assigned to a variable");
  }
  std::vector<TileValue> out;
  for (const ir::Expr* element : *elements) {
    const auto* owner = element == nullptr ? nullptr : element->As<ir::Var>();
    const Binding* b = owner == nullptr ? nullptr : Lookup(owner);
    if (b == nullptr || b->kind() != BindingKind::kTile) {
      return Fail(absl::StrCat("every element of '", result_->name(), "' must be a tile"));
    }
    PTO_RETURN_IF_ERROR(PrepareWrite(owner));
    out.push_back(b->tile());
  }
  return out;
}

absl::StatusOr<TileValue> FunctionEmitter::Scratch(const ir::Call& call) {
  auto it = scratch_of_.find(&call);
  const Binding* b = it == scratch_of_.end() ? nullptr : Lookup(it->second);
  if (b == nullptr || b->kind() != BindingKind::kTile) {
    return Fail(absl::StrCat(call.op()->name(), ": the result must be assigned to a variable"));
  }
  return b->tile();
}

absl::StatusOr<std::string> FunctionEmitter::ViewType(const ir::TileType& tile) {
  absl::StatusOr<TileGeometry> g = FlattenTile(tile);
  if (!g.ok()) return Fail(g.status().message());
  if (!g->static_v_row || !g->static_v_col) {
    return Fail(absl::StrCat("a view's valid shape must be static (pto.treshape takes no valid "
                             "operands), got ",
                             ir::FormatShape(tile.ValidShape())));
  }
  PTO_ASSIGN_OR_RETURN(absl::string_view type, TileBufTypeOf(tile, false));
  return std::string(type);
}

void FunctionEmitter::BindResult(const TileValue& value) {
  PTO_CHECK(result_ != nullptr);
  BindTile(result_, value);
}

void FunctionEmitter::BindResult(const TensorValue& value) {
  PTO_CHECK(result_ != nullptr);
  BindTensor(result_, value);
}

void FunctionEmitter::BindResult(const ScalarValue& value) {
  PTO_CHECK(result_ != nullptr);
  BindScalar(result_, value);
}

absl::StatusOr<absl::string_view> FunctionEmitter::CommContext(const ir::Expr* window) {
  PTO_ASSIGN_OR_RETURN(TensorValue t, Tensor(window));
  auto it = comm_of_ptr_.find(t.ptr);
  if (it == comm_of_ptr_.end()) {
    const auto* var = window->As<ir::Var>();
    return Fail(absl::StrCat("'", var != nullptr ? var->name() : "?",
                             "' has no CommContext: cross-rank ops need a window parameter "
                             "(pld.DistributedTensor) or a view of one"));
  }
  return it->second;
}

// --- Tensor views ---------------------------------------------------------------

namespace {

// A stride or extent: a constant while both inputs are, else an SSA value.
struct Term {
  std::optional<int64_t> value;
  absl::string_view ssa;
};

}  // namespace

absl::StatusOr<TensorValue> FunctionEmitter::MakeTensorView(absl::string_view ptr,
                                                            const ir::TensorType& type,
                                                            absl::string_view name_hint,
                                                            ColumnVector column_vector) {
  size_t rank = type.rank();
  if (rank == 0) return Fail("a rank-0 tensor has no PTO tensor view");
  PTO_ASSIGN_OR_RETURN(absl::string_view dtype, ScalarTypeName(type.dtype()));
  ir::ExprSpan shape = type.shape();
  std::vector<Term> dims(rank);
  for (size_t i = 0; i < rank; ++i) {
    dims[i].value = ir::AsConstInt(shape[i]);
    PTO_ASSIGN_OR_RETURN(dims[i].ssa, Index(shape[i]));
  }
  ir::TensorView view = type.EffectiveView();
  ir::TensorLayout layout = view.layout;
  // PTOAS reads a [..., M, 1] ND tensor as DN; say so, as tile.load gives
  // such a window a col_major tile.
  bool declared = column_vector == ColumnVector::kKeepDeclared && type.view() != nullptr;
  if (rank >= 2 && ir::AsConstInt(shape.back()) == 1 && layout == ir::TensorLayout::kND &&
      !declared) {
    layout = ir::TensorLayout::kDN;
  }

  auto constant = [&](int64_t v) -> absl::StatusOr<Term> {
    PTO_ASSIGN_OR_RETURN(ScalarValue c, IntConstant(v, DataType::kIndex));
    return Term{v, c.name};
  };
  auto mul = [&](const Term& a, const Term& b) -> absl::StatusOr<Term> {
    int64_t p;
    if (a.value && b.value && !__builtin_mul_overflow(*a.value, *b.value, &p)) return constant(p);
    if (a.value == 1) return b;
    if (b.value == 1) return a;
    absl::string_view name = names_.Fresh(absl::StrCat(name_hint, "_stride"));
    EmitOp(absl::StrCat(name, " = arith.muli ", a.ssa, ", ", b.ssa, " : index"));
    return Term{std::nullopt, name};
  };

  std::vector<Term> strides(rank);
  if (!view.stride.empty()) {
    if (view.stride.size() != rank) {
      return Fail(absl::StrCat("tensor stride ", ir::FormatShape(view.stride),
                               " does not match its rank ", rank));
    }
    for (size_t i = 0; i < rank; ++i) {
      PTO_ASSIGN_OR_RETURN(strides[i].ssa, Index(view.stride[i]));
    }
  } else if (layout == ir::TensorLayout::kDN) {
    if (rank < 2) return Fail("a DN tensor needs rank >= 2");
    // Column-major trailing pair; outer dims step over whole blocks.
    PTO_ASSIGN_OR_RETURN(strides[rank - 2], constant(1));
    strides[rank - 1] = dims[rank - 2];
    if (rank >= 3) {
      PTO_ASSIGN_OR_RETURN(strides[rank - 3], mul(dims[rank - 2], dims[rank - 1]));
      for (size_t i = rank - 3; i-- > 0;) {
        PTO_ASSIGN_OR_RETURN(strides[i], mul(strides[i + 1], dims[i + 1]));
      }
    }
  } else {
    PTO_ASSIGN_OR_RETURN(strides[rank - 1], constant(1));
    for (size_t i = rank - 1; i-- > 0;) {
      PTO_ASSIGN_OR_RETURN(strides[i], mul(strides[i + 1], dims[i + 1]));
    }
  }

  TensorValue result;
  result.ptr = ptr;
  result.dtype = dtype;
  result.view = names_.Fresh(name_hint);
  result.view_type = Save(TensorViewType(rank, dtype));
  std::string line = absl::StrCat(result.view, " = pto.make_tensor_view ", ptr, ", shape = [");
  for (size_t i = 0; i < rank; ++i) absl::StrAppend(&line, i ? ", " : "", dims[i].ssa);
  line += "], strides = [";
  for (size_t i = 0; i < rank; ++i) absl::StrAppend(&line, i ? ", " : "", strides[i].ssa);
  absl::StrAppend(&line, "] {layout = #pto.layout<", PtoTensorLayout(layout), ">} : ",
                  result.view_type);
  EmitOp(line);
  return result;
}

absl::StatusOr<Operand> FunctionEmitter::PartitionView(const TensorValue& tensor,
                                                       absl::string_view name_hint,
                                                       ir::ExprSpan offsets, ir::ExprSpan sizes) {
  // One entry per tensor dim: inline, no allocation.
  absl::InlinedVector<absl::string_view, 4> offset_ssa;
  absl::InlinedVector<absl::string_view, 4> size_ssa;
  absl::InlinedVector<std::optional<int64_t>, 4> static_sizes;
  for (const ir::Expr* o : offsets) {
    PTO_ASSIGN_OR_RETURN(absl::string_view v, Index(o));
    offset_ssa.push_back(v);
  }
  for (const ir::Expr* s : sizes) {
    PTO_ASSIGN_OR_RETURN(absl::string_view v, Index(s));
    size_ssa.push_back(v);
    static_sizes.push_back(ir::AsConstInt(s));
  }
  Operand result;
  result.name = names_.Fresh(absl::StrCat(name_hint, "_pview"));
  result.type = Save(PartitionViewType(static_sizes, tensor.dtype));
  EmitOp(absl::StrCat(result.name, " = pto.partition_view ", tensor.view, ", offsets = [",
                      absl::StrJoin(offset_ssa, ", "), "], sizes = [",
                      absl::StrJoin(size_ssa, ", "), "] : ", tensor.view_type, " -> ",
                      result.type));
  return result;
}

// --- Lines and errors -----------------------------------------------------------------

absl::string_view FunctionEmitter::Save(std::string s) {
  strings_.push_back(std::move(s));
  return strings_.back();
}

std::string FunctionEmitter::LocSuffix() const {
  if (!options_.emit_locations || !loc_.known()) return "";
  return absl::StrCat(" loc(", Quoted(ctx_.FileName(loc_.file)), ":", loc_.line, ":", loc_.col,
                      ")");
}

void FunctionEmitter::Indent() { out_->AppendChars(4 + 2 * static_cast<size_t>(depth_), ' '); }

void FunctionEmitter::EmitOp(absl::string_view text) {
  Indent();
  out_->Append(text);
  if (options_.emit_locations && loc_.known()) out_->Append(LocSuffix());
  out_->Append("\n");
}

void FunctionEmitter::EmitInsOuts(absl::string_view op, absl::Span<const Operand> ins,
                                  absl::string_view ins_attrs, const Operand& out,
                                  absl::string_view trailing) {
  EmitInsOuts(op, ins, ins_attrs, absl::Span<const Operand>(&out, 1), trailing);
}

void FunctionEmitter::EmitInsOuts(absl::string_view op, absl::Span<const Operand> ins,
                                  absl::string_view ins_attrs, absl::Span<const Operand> outs,
                                  absl::string_view trailing) {
  // The hottest line shape: written piecewise, with no temporary.
  TextBuffer& b = *out_;
  Indent();
  b.Append(op);
  b.Append(" ins(");
  for (size_t i = 0; i < ins.size(); ++i) {
    if (i > 0) b.Append(", ");
    b.Append(ins[i].name);
  }
  if (!ins_attrs.empty()) {
    b.Append(" ");
    b.Append(ins_attrs);
  }
  b.Append(" : ");
  for (size_t i = 0; i < ins.size(); ++i) {
    if (i > 0) b.Append(", ");
    b.Append(ins[i].type);
  }
  b.Append(") outs(");
  for (size_t i = 0; i < outs.size(); ++i) {
    if (i > 0) b.Append(", ");
    b.Append(outs[i].name);
  }
  b.Append(" : ");
  for (size_t i = 0; i < outs.size(); ++i) {
    if (i > 0) b.Append(", ");
    b.Append(outs[i].type);
  }
  b.Append(")");
  if (!trailing.empty()) {
    b.Append(" ");
    b.Append(trailing);
  }
  if (options_.emit_locations && loc_.known()) b.Append(LocSuffix());
  b.Append("\n");
}

ir::SourceLoc FunctionEmitter::ErrorLoc() const { return loc_.known() ? loc_ : fn_.loc(); }

absl::Status FunctionEmitter::Fail(absl::string_view message) const {
  return ir::LocatedError(ctx_, ErrorLoc(), absl::StrCat("codegen: ", message));
}

absl::Status FunctionEmitter::Unsupported(absl::string_view message) const {
  return absl::UnimplementedError(
      ir::FormatError(ctx_, ErrorLoc(), absl::StrCat("codegen: ", message)));
}

}  // namespace pto::codegen
