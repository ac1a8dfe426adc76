// FunctionEmitter: the buffer plan and the tile buffers it allocates.
//
// Before any text is written, PlanBuffers walks the body once and decides
// which var owns a buffer (an op writing a buffer of its own, a phi, a
// scratch tile, an element of a tuple-valued op) and which vars only name
// another's (renames, kAlias results, projections, loop return vars); a view
// (kView) gets a handle reading its base's data. The plan also numbers the
// statements and records reads, which phi_buffers.cc then uses to let phis
// share a buffer with their inputs. The prologue gives each remaining owner
// one pto.alloc_tile (AllocateBuffer); a buffer whose valid extents are only
// known in the body, or that a set_validshape narrows, gets them set again
// before each write (PrepareWrite).

#include <tuple>

#include "absl/strings/str_cat.h"
#include "codegen/function_emitter.h"
#include "ir/check.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::codegen {

using ir::DataType;

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

// --- Tile buffers -------------------------------------------------------------------

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
    return Fail("a tile without a memory space cannot be allocated; run "
                "infer-tile-memory-space (part of --passes=default) or give it one (e.g. "
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

}  // namespace pto::codegen
