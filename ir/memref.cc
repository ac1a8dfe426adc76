// Context's MemRef factories (ir/memref.h): making a MemRef and attaching
// one to a tensor or tile type.

#include "ir/memref.h"

#include "ir/check.h"
#include "ir/context.h"

namespace pto::ir {

const MemRef* Context::NewMemRef(const Var* base, const Expr* byte_offset, uint64_t size,
                                 SourceLoc loc, bool pinned, uint64_t slot_count,
                                 const Expr* slot_index) {
  PTO_CHECK(base != nullptr && byte_offset != nullptr);
  return Make<MemRef>(base, byte_offset, size, loc, pinned, slot_count, slot_index,
                      next_memref_id_++);
}

const ShapedType* Context::WithMemRef(const Type* type, const MemRef* memref) {
  const auto* shaped = type->As<ShapedType>();
  PTO_CHECK(shaped != nullptr);
  const ShapedType* bare = shaped->bare();
  if (memref == nullptr) return bare;
  // The bare type's parts with `memref`: a copy keeps bare_ pointing at the
  // bare type (a bare type's bare_ is itself).
  auto attach = [&](auto probe) -> const ShapedType* {
    using T = decltype(probe);
    probe.memref_ = memref;
    if (const Type* found = Intern(&probe)) return found->As<ShapedType>();
    T* made = Make<T>(probe);
    types_.insert(made);
    return made;
  };
  switch (bare->kind()) {
    case TypeKind::kTensor:
      return attach(*static_cast<const TensorType*>(bare));
    case TypeKind::kDistributedTensor:
      return attach(*static_cast<const DistributedTensorType*>(bare));
    default:
      return attach(*static_cast<const TileType*>(bare));
  }
}

}  // namespace pto::ir
