// MemRef: the memory a tensor or tile value lives in (pl.MemRef).
//
// A MemRef names a region of an allocation: the allocation's identity (its
// base, a pl.Ptr Var such as the result of tile.alloc), a byte offset into
// it and a byte size. It is carried on a ShapedType (ShapedType::memref())
// and printed inside the type annotation:
//
//   mem_vec_2: pl.Ptr = pl.tile.alloc(pl.Mem.Vec, 16384)
//   t: pl.Tile[[64, 64], pl.FP32, pl.MemRef(mem_vec_2, 0, 16384), pl.Mem.Vec] = ...
//   x: pl.Tensor[[64], pl.FP32, pl.MemRef("mem_ddr_0", 0, 256)]   # a base no statement defines
//   a: pl.Tile[[16, 16], pl.FP32, pl.MemRef("ping"), pl.Mem.Vec]  # pinned: an allocation the
//                                                                  # author declares, unsized
//   b: pl.Tile[[16, 16], pl.FP32, pl.MemRef("buf", slots=2)[i % 2], pl.Mem.Vec]  # one slot
//
// Building one:
//
//   const Var* base = ctx.NewVar("mem_vec_2", ctx.GetHandleType(HandleKind::kPtr));
//   const MemRef* m = ctx.NewMemRef(base, ctx.Index(0), 16384);
//   const Type* t = ctx.WithMemRef(tile_type, m);   // tile_type with m attached
//
// Like a Var, a MemRef is identified by its object: every NewMemRef makes a
// new one (upstream's MemRef is a Var). Two MemRefs are regions of the same
// allocation when their bases are the same Var (SameAllocation). MemRefs are
// not part of type equality (SameTypeIgnoringMemRef, structural equality
// and hashing skip them, as upstream's do); the printer prints them and the
// parser reads them back, so a print is still a fixed point.
//
// What the tools do with one: the passes keep a type's MemRef wherever they
// keep the type; the interpreter ignores it (values are computed by value;
// a MemRef only says where one is placed); PTO codegen rejects a tile whose
// type carries one, since honouring it means emitting that placement
// (docs/dsl.md, "MemRefs").

#ifndef PTO_IR_MEMREF_H_
#define PTO_IR_MEMREF_H_

#include <cstdint>

#include "ir/expr.h"
#include "ir/source_loc.h"

namespace pto::ir {

class MemRef {
 public:
  // The allocation's identity: a Var of type pl.Ptr.
  const Var* base() const { return base_; }
  // Bytes from the start of the allocation: an integer scalar expression
  // (a constant, or one naming loop variables for a rotating slot).
  const Expr* byte_offset() const { return byte_offset_; }
  uint64_t size() const { return size_; }
  // An allocation the author declared (pl.MemRef("name")): its size and
  // place are left to memory planning, so offset and size are 0.
  bool pinned() const { return pinned_; }
  // How many equal slots the allocation holds (slots=N); 1 by default.
  uint64_t slot_count() const { return slot_count_; }
  // Which slot this MemRef is (`[idx]`), or nullptr.
  const Expr* slot_index() const { return slot_index_; }
  // A per-Context sequence number, for deterministic ordering.
  uint32_t id() const { return id_; }
  SourceLoc loc() const { return loc_; }

  static bool SameAllocation(const MemRef* a, const MemRef* b) { return a->base_ == b->base_; }

 private:
  friend class Context;
  MemRef(const Var* base, const Expr* byte_offset, uint64_t size, SourceLoc loc, bool pinned,
         uint64_t slot_count, const Expr* slot_index, uint32_t id)
      : base_(base),
        byte_offset_(byte_offset),
        slot_index_(slot_index),
        size_(size),
        loc_(loc),
        slot_count_(slot_count),
        id_(id),
        pinned_(pinned) {}
  const Var* base_;
  const Expr* byte_offset_;
  const Expr* slot_index_;
  uint64_t size_;
  SourceLoc loc_;
  uint64_t slot_count_;
  uint32_t id_;
  bool pinned_;
};

}  // namespace pto::ir

#endif  // PTO_IR_MEMREF_H_
