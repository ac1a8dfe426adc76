// FunctionEmitter: which phis and loop-carried tiles share one buffer.
//
// Each tile value starts with a buffer of its own (PlanBuffers,
// buffer_plan.cc). An if's tile return var (a phi) or a loop's carried tile
// is then joined with the values that flow into it - a branch's result, the
// loop body's update, the loop's init - whenever no read of an older value
// can observe the write. The op
// producing such a value then writes the phi's buffer directly (an update
// like `acc = tile.add(acc, t)` in place), and neither the copy into the phi
// nor the buffer of its own is emitted. A value that cannot share is copied
// with pto.tmov as before (stmt_emitter.cc: Move).
//
// The rules, for a value v flowing into the buffer B of phi p:
// * v must be computed at the top level of the region whose yield (or, for a
//   loop init, whose loop) hands it over - a branch-local value, not an
//   outer one - by an op writing a buffer of its own, or be the result of a
//   nested if or loop; its type must be p's (the same tile_buf; extents
//   computed in the body are set before each write, PrepareWrite); neither
//   may be narrowed by a set_validshape; v joins one phi at most (a value
//   yielded twice is copied the second time);
// * v's data is read nowhere after its region ends (the loop, for an init);
// * for a loop update, B still holds the iteration's carried value c when v
//   is written, so every write v's computation makes to B (the op defining
//   v; each branch of a nested if; the copy-in or init of a nested loop)
//   must come after c's last read in the iteration, on that path. Only an op
//   that may write a buffer it reads (element-wise, OpEmitter::in_place)
//   may read c itself, directly, as it writes.
// Positions number the statements in program order, a loop's condition after
// its inits; each value's last read and every read of a carried value are
// recorded while planning, so a decision is a few comparisons and binary
// searches, and the whole is linear in the program (each nested construct is
// visited by the one loop whose update it computes).

#include <algorithm>

#include "absl/strings/str_cat.h"

#include "codegen/function_emitter.h"

namespace pto::codegen {

void FunctionEmitter::NoteReads(const ir::Expr* e) {
  if (e == nullptr) return;
  switch (e->kind()) {
    case ir::NodeKind::kVar:
    case ir::NodeKind::kIterArg: {
      const auto* v = e->As<ir::Var>();
      const ir::Type* type = v->type();
      if (type->Is<ir::TileType>()) {
        auto it = owner_of_.find(v);
        if (it != owner_of_.end()) NoteRead(it->second);
      } else if (type->Is<ir::TupleType>()) {
        // A tuple's reader reads its elements.
        if (std::vector<const ir::Expr*>* elements = TupleElements(v)) {
          for (const ir::Expr* element : *elements) NoteReads(element);
        }
      }
      return;
    }
    case ir::NodeKind::kCall:
      for (const ir::Expr* arg : e->As<ir::Call>()->args()) NoteReads(arg);
      return;
    case ir::NodeKind::kMakeTuple:
      for (const ir::Expr* element : e->As<ir::MakeTuple>()->elements()) NoteReads(element);
      return;
    case ir::NodeKind::kTupleGetItem:
      NoteReads(e->As<ir::TupleGetItem>()->tuple());
      return;
    case ir::NodeKind::kBinary: {
      const auto* b = e->As<ir::BinaryExpr>();
      NoteReads(b->lhs());
      NoteReads(b->rhs());
      return;
    }
    case ir::NodeKind::kUnary:
      NoteReads(e->As<ir::UnaryExpr>()->operand());
      return;
    default:
      return;
  }
}

void FunctionEmitter::NoteRead(uint32_t entry) {
  uint32_t content = tiles_[entry].content;
  PlannedTile& data = tiles_[content];
  data.last_read = pos_;
  if (data.tracked) reads_[content].push_back(2 * pos_ + (content != entry ? 1 : 0));
}

FunctionEmitter::PlanRegion FunctionEmitter::PlanRegionOf(const ir::Stmt* body) {
  uint32_t saved = region_;
  PlanRegion region;
  region.id = region_ = ++next_region_;
  PlanBuffers(body);
  region.end = pos_;
  region_ = saved;
  const ir::Stmt* last = body;
  if (const auto* seq = body == nullptr ? nullptr : body->As<ir::SeqStmts>()) {
    last = seq->stmts().empty() ? nullptr : seq->stmts().back();
  }
  region.yield = last == nullptr ? nullptr : last->As<ir::YieldStmt>();
  return region;
}

uint32_t FunctionEmitter::YieldEntry(const ir::YieldStmt* yield, size_t slot) const {
  if (yield == nullptr || slot >= yield->values().size()) return kNoTile;
  return TileEntry(yield->values()[slot]);
}

uint32_t FunctionEmitter::Group(uint32_t entry) {
  while (tiles_[entry].group != entry) {
    tiles_[entry].group = tiles_[tiles_[entry].group].group;
    entry = tiles_[entry].group;
  }
  return entry;
}

bool FunctionEmitter::ReadIn(uint32_t entry, uint32_t from, uint32_t to,
                             bool except_direct_at_from) const {
  if (from > to) return false;
  auto it = reads_.find(entry);
  if (it == reads_.end()) return false;
  const std::vector<uint32_t>& keys = it->second;
  // Sorted by position (a key's upper 31 bits); a position's keys in any order.
  for (auto k = std::lower_bound(keys.begin(), keys.end(), 2 * from);
       k != keys.end() && (*k >> 1) <= to; ++k) {
    if (except_direct_at_from && *k == 2 * from) continue;
    return true;
  }
  return false;
}

bool FunctionEmitter::Shareable(uint32_t source, uint32_t phi, uint32_t region, uint32_t end) {
  if (source == kNoTile || phi == kNoTile || source == phi) return false;
  const PlannedTile& s = tiles_[source];
  if (s.def == TileDef::kOther || s.joined || s.region != region) return false;
  if (s.last_read > end) return false;
  // One tile_buf type. Valid extents computed in the body are set before
  // every write of the buffer, whichever value it holds (PrepareWrite).
  if (s.var->type() != tiles_[phi].var->type()) return false;
  return !tiles_[Group(source)].narrowed && !tiles_[Group(phi)].narrowed;
}

bool FunctionEmitter::WritesFollowReads(uint32_t source, uint32_t old, uint32_t end) {
  const PlannedTile& t = tiles_[source];
  switch (t.def) {
    case TileDef::kOp:
      // The op reads its operands before it writes.
      return !ReadIn(old, t.def_pos, end, t.in_place);
    case TileDef::kIfResult: {
      const PhiSite& site = sites_[t.site];
      if (ReadIn(old, site.end + 1, end)) return false;
      for (int b = 0; b < 2; ++b) {
        const PlanRegion& r = site.regions[b];
        uint32_t value = YieldEntry(r.yield, t.slot);
        if (site.joined[t.slot] & (1 << b)) {
          if (!WritesFollowReads(value, old, r.end)) return false;
        } else if (value != old && ReadIn(old, r.end, r.end)) {
          return false;  // copied at the branch's yield, which reads `old`
        }
      }
      return true;
    }
    case TileDef::kIterArg: {
      const PhiSite& site = sites_[t.site];
      uint32_t init = TileEntry(t.var->As<ir::IterArg>()->init());
      if (site.joined[t.slot] & kInitJoined) return WritesFollowReads(init, old, end);
      // Copied in on entry - no write at all when the init is `old`, whose
      // reads there (other inits, the bounds) precede the body.
      return !ReadIn(old, init == old ? site.pos + 1 : site.pos, end);
    }
    case TileDef::kOther:
      return false;
  }
  return false;
}

void FunctionEmitter::SharePhiBuffers() {
  auto join = [&](uint32_t source, uint32_t phi) {
    tiles_[source].joined = true;
    uint32_t a = Group(source);
    uint32_t b = Group(phi);
    tiles_[a].group = b;
    tiles_[b].narrowed = tiles_[b].narrowed || tiles_[a].narrowed;
  };
  for (uint32_t index : site_order_) {
    PhiSite& site = sites_[index];
    if (const auto* s = site.stmt->As<ir::IfStmt>()) {
      // A phi's buffer holds nothing before the if, and the branches exclude
      // each other: each branch-local result may be computed in it.
      ir::VarSpan results = s->return_vars();
      for (size_t i = 0; i < results.size(); ++i) {
        uint32_t phi = TileEntry(results[i]);
        if (phi == kNoTile || tiles_[phi].def != TileDef::kIfResult) continue;
        for (int b = 0; b < 2; ++b) {
          const PlanRegion& r = site.regions[b];
          uint32_t value = YieldEntry(r.yield, i);
          if (!Shareable(value, phi, r.id, r.end)) continue;
          join(value, phi);
          site.joined[i] |= static_cast<uint8_t>(1 << b);
        }
      }
      continue;
    }
    const auto* f = site.stmt->As<ir::ForStmt>();
    ir::IterArgSpan iter_args =
        f != nullptr ? f->iter_args() : site.stmt->As<ir::WhileStmt>()->iter_args();
    const PlanRegion& body = site.regions[0];
    for (size_t i = 0; i < iter_args.size(); ++i) {
      uint32_t carried = TileEntry(iter_args[i]);
      if (carried == kNoTile || tiles_[carried].def != TileDef::kIterArg) continue;
      uint32_t update = YieldEntry(body.yield, i);
      if (Shareable(update, carried, body.id, body.end) &&
          WritesFollowReads(update, carried, body.end)) {
        join(update, carried);
        site.joined[i] |= 1;
      }
      // The buffer is free before the loop: an init read by nothing after
      // the loop starts (its condition included) may be computed in it.
      uint32_t init = TileEntry(iter_args[i]->init());
      if (Shareable(init, carried, tiles_[carried].region, site.pos)) {
        join(init, carried);
        site.joined[i] |= kInitJoined;
      }
    }
  }
}

void FunctionEmitter::AssignSharedBuffers() {
  bool any = false;
  for (const PhiSite& site : sites_) {
    for (uint8_t j : site.joined) any = any || j != 0;
  }
  if (!any) return;
  // The first owner of each group (in definition order) is allocated; the
  // others are bound to it.
  std::vector<const ir::Var*> allocated(tiles_.size(), nullptr);
  size_t kept = 0;
  for (const ir::Var* owner : buffers_) {
    uint32_t group = Group(owner_of_.at(owner));
    if (allocated[group] == nullptr) {
      allocated[group] = owner;
      buffers_[kept++] = owner;
    } else {
      shared_buffers_.emplace_back(owner, allocated[group]);
    }
  }
  buffers_.resize(kept);
}

void FunctionEmitter::PlanYieldTemps() {
  for (const PhiSite& site : sites_) {
    // The buffer each value of the construct goes to.
    std::vector<uint32_t> to;
    if (const auto* s = site.stmt->As<ir::IfStmt>()) {
      for (const ir::Var* rv : s->return_vars()) to.push_back(TileEntry(rv));
    } else {
      const auto* f = site.stmt->As<ir::ForStmt>();
      ir::IterArgSpan iter_args =
          f != nullptr ? f->iter_args() : site.stmt->As<ir::WhileStmt>()->iter_args();
      for (const ir::IterArg* ia : iter_args) to.push_back(TileEntry(ia));
    }
    size_t n = to.size();
    for (const PlanRegion& region : site.regions) {
      if (region.yield == nullptr) continue;
      // Copy i reads the destination of copy next[i]: i must go first.
      absl::flat_hash_map<uint32_t, size_t> copy_into;
      std::vector<uint32_t> from(n, kNoTile);
      for (size_t i = 0; i < n; ++i) {
        uint32_t value = YieldEntry(region.yield, i);
        if (to[i] == kNoTile || value == kNoTile || Group(value) == Group(to[i])) continue;
        from[i] = value;
        copy_into.emplace(Group(to[i]), i);
      }
      std::vector<size_t> next(n, n);
      for (size_t i = 0; i < n; ++i) {
        if (from[i] == kNoTile) continue;
        auto it = copy_into.find(Group(tiles_[from[i]].content));
        if (it != copy_into.end() && it->second != i) next[i] = it->second;
      }
      // Each copy has one successor at most: walk each path once.
      std::vector<uint8_t> state(n, 0);  // 1: on the current path, 2: done
      for (size_t start = 0; start < n; ++start) {
        size_t i = start;
        while (i < n && state[i] == 0) {
          state[i] = 1;
          i = next[i];
        }
        if (i < n && state[i] == 1) {
          const ir::Var* dest = tiles_[to[i]].var;
          const ir::Var* temp =
              ctx_.NewVar(absl::StrCat(dest->name(), "_swap"), dest->type(), dest->loc());
          OwnBuffer(temp);
          yield_temps_[region.yield].push_back(temp);
        }
        for (i = start; i < n && state[i] == 1; i = next[i]) state[i] = 2;
      }
    }
  }
}

}  // namespace pto::codegen
