#include "ir/analysis/memref_rules.h"

#include "absl/strings/str_cat.h"
#include "ir/analysis/ir_format.h"
#include "ir/context.h"
#include "ir/diagnostic.h"
#include "ir/memref.h"
#include "ir/visitor.h"

namespace pto::ir {
namespace {

bool IsIntScalar(const Expr* e) {
  const auto* s = e == nullptr ? nullptr : e->type()->As<ScalarType>();
  return s != nullptr && (s->dtype().IsInt() || s->dtype() == DataType::kIndex);
}

std::string Problem(const Type* type, int depth) {
  if (type == nullptr || depth > 64) return "";
  if (const auto* tuple = type->As<TupleType>()) {
    for (const Type* e : tuple->elements()) {
      if (std::string why = Problem(e, depth + 1); !why.empty()) return why;
    }
    return "";
  }
  const auto* shaped = type->As<ShapedType>();
  const MemRef* m = shaped != nullptr ? shaped->memref() : nullptr;
  if (m == nullptr) return "";
  const auto* tile = type->As<TileType>();
  if (tile != nullptr && !tile->memory_space()) {
    return "a tile type with a pl.MemRef must have a memory space";
  }
  const auto* base_type = m->base() == nullptr ? nullptr : m->base()->type()->As<HandleType>();
  if (base_type == nullptr || base_type->handle_kind() != HandleKind::kPtr) {
    return absl::StrCat("the base of a pl.MemRef must be a pl.Ptr, got ",
                        m->base() == nullptr ? "none" : diag::FormatType(m->base()->type()));
  }
  if (!IsIntScalar(m->byte_offset())) {
    return "the byte offset of a pl.MemRef must be an integer scalar";
  }
  if (m->slot_count() < 1) return "a pl.MemRef has at least one slot";
  if (m->slot_index() != nullptr) {
    if (m->slot_count() < 2) return "a pl.MemRef with a single slot has no slot index";
    if (!IsIntScalar(m->slot_index())) {
      return "the slot index of a pl.MemRef must be an integer scalar";
    }
    std::optional<int64_t> c = AsConstInt(m->slot_index());
    if (c && (*c < 0 || static_cast<uint64_t>(*c) >= m->slot_count())) {
      return absl::StrCat("slot index ", *c, " is out of range for a pl.MemRef of ",
                          m->slot_count(), " slots");
    }
  }
  return "";
}

bool HasTileMemRef(const Type* type, int depth = 0) {
  if (type == nullptr || depth > 64) return false;
  if (const auto* tuple = type->As<TupleType>()) {
    for (const Type* e : tuple->elements()) {
      if (HasTileMemRef(e, depth + 1)) return true;
    }
    return false;
  }
  const auto* tile = type->As<TileType>();
  return tile != nullptr && tile->memref() != nullptr;
}

class TileMemRefFinder : public IRVisitor {
 public:
  const Expr* found = nullptr;
  void VisitVar(const Var* v) override { Check(v); }
  void VisitCall(const Call* c) override {
    Check(c);
    if (found == nullptr) IRVisitor::VisitCall(c);
  }
  void VisitAssign(const AssignStmt* s) override {
    Check(s->var());
    if (found == nullptr) IRVisitor::VisitAssign(s);
  }

 private:
  void Check(const Expr* e) {
    if (found == nullptr && e != nullptr && HasTileMemRef(e->type())) found = e;
  }
};

}  // namespace

std::string MemRefProblem(const Type* type) {
  // The verifier asks for every variable; most types are shaped and bare.
  const auto* shaped = type == nullptr ? nullptr : type->As<ShapedType>();
  if (shaped != nullptr && shaped->memref() == nullptr) return "";
  return Problem(type, 0);
}

absl::Status RejectTileMemRefs(const Program& program, absl::string_view consumer) {
  for (const Function* f : program.functions()) {
    TileMemRefFinder finder;
    finder.VisitFunction(f);
    std::string what;
    SourceLoc loc = f->loc();
    if (finder.found != nullptr) {
      const Expr* e = finder.found;
      if (const auto* v = e->As<Var>()) {
        what = absl::StrCat("'", v->name(), "' is a tile");
      } else {
        what = absl::StrCat("the result of ", e->As<Call>()->callee_name(), " is a tile");
      }
      if (e->loc().known()) loc = e->loc();
    } else {
      for (const Type* t : f->return_types()) {
        if (HasTileMemRef(t)) what = "the return type is a tile";
      }
      if (what.empty()) continue;
    }
    return LocatedError(program.context(), loc,
                        absl::StrCat(consumer, ": ", what, " placed by pl.MemRef (in function '",
                                     f->name(), "'); ", consumer, " cannot honour a MemRef"));
  }
  return absl::OkStatus();
}

}  // namespace pto::ir
