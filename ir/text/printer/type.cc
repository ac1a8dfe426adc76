// Types of the text form: pl.Tensor / pl.Tile / pl.Scalar / pl.Tuple, their
// views (printed only where they differ from the implicit one) and dims.

#include "ir/text/printer/printer_impl.h"

namespace pto::ir::printer_impl {

namespace {

// A dim list equal to `shape` in upstream's sense: same objects or equal
// constants.
bool DimsMatch(ExprSpan dims, ExprSpan shape) {
  if (dims.size() != shape.size()) return false;
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] == shape[i]) continue;
    std::optional<int64_t> a = AsConstInt(dims[i]);
    std::optional<int64_t> b = AsConstInt(shape[i]);
    if (!a || !b || *a != *b) return false;
  }
  return true;
}


}  // namespace

// --- Types -----------------------------------------------------------------------

// Top-level dims print bare (constants of any dtype, Var names); composite
// dims print typed constant leaves so they re-parse to the same tree.
void Printer::PrintDim(const Expr* e) {
  if (const auto* c = e->As<ConstInt>()) {
    AppendInt(&out_, c->value());
    return;
  }
  if (const auto* v = e->As<Var>()) {
    Append(NameOf(v));
    return;
  }
  PrintTypedConsts(e);
}

void Printer::PrintDims(ExprSpan dims) {
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i > 0) Append(", ");
    PrintDim(dims[i]);
  }
}

void Printer::PrintTensorView(const TensorView& v, ExprSpan shape) {
  bool valid = !v.valid_shape.empty() && !DimsMatch(v.valid_shape, shape);
  Append("pl.TensorView(");
  if (valid || !v.stride.empty() || v.layout != TensorLayout::kND || v.pad != PadValue::kNull) {
    if (valid) {
      Append("valid_shape=[");
      PrintDims(v.valid_shape);
      Append("], ");
    }
    // A non-trivial view always spells out stride and layout (upstream's
    // TensorView constructor requires both).
    Append("stride=[");
    PrintDims(v.stride);
    Append("], layout=");
    AppendEnum(&out_, v.layout);
    if (v.pad != PadValue::kNull) {
      Append(", pad=");
      AppendEnum(&out_, v.pad);
    }
  }
  out_.push_back(')');
}

// Only the fields that differ from the implicit view of the tile's memory
// space print.
void Printer::PrintTileView(const TileType* t) {
  const TileView& v = *t->view();
  TileView implicit = ImplicitTileView(t->memory_space(), t->shape_blayout());
  Append("pl.TileView(");
  bool first = true;
  auto field = [&](absl::string_view name) {
    if (!first) Append(", ");
    first = false;
    Append(name);
    out_.push_back('=');
  };
  if (!v.valid_shape.empty() && !DimsMatch(v.valid_shape, t->shape())) {
    field("valid_shape");
    out_.push_back('[');
    PrintDims(v.valid_shape);
    out_.push_back(']');
  }
  if (!v.stride.empty()) {
    field("stride");
    out_.push_back('[');
    PrintDims(v.stride);
    out_.push_back(']');
  }
  if (v.start_offset != nullptr) {
    field("start_offset");
    PrintDim(v.start_offset);
  }
  if (v.blayout != implicit.blayout) {
    field("blayout");
    AppendEnum(&out_, v.blayout);
  }
  if (v.slayout != implicit.slayout) {
    field("slayout");
    AppendEnum(&out_, v.slayout);
  }
  if (v.fractal != implicit.fractal) {
    field("fractal");
    AppendInt(&out_, v.fractal);
  }
  if (v.pad != PadValue::kNull) {
    field("pad");
    AppendEnum(&out_, v.pad);
  }
  if (v.compact != CompactMode::kNull) {
    field("compact");
    AppendEnum(&out_, v.compact);
  }
  out_.push_back(')');
}

// Upstream's form: the base bare where the function body binds it (outside
// the signature), else as a string; a pinned declaration by name alone.
// Offsets and slot indices print as expressions (with the printer's names
// for the loop variables they may mention).
void Printer::PrintMemRef(const MemRef* m) {
  const Var* base = m->base();
  Append("pl.MemRef(");
  bool bare = false;
  if (!m->pinned() && !in_signature_ && current_stamp_ != 0 && base->id() < slots_.size()) {
    const VarSlot& s = slots_[base->id()];
    bare = s.def_stamp == current_stamp_ && (s.flags & kParam) == 0;
  }
  if (bare) {
    Append(NameOf(base));
  } else {
    AppendDoubleQuoted(NameOf(base));
  }
  if (!m->pinned()) {
    Append(", ");
    PrintExprText(m->byte_offset());
    Append(", ");
    AppendInt(&out_, static_cast<int64_t>(m->size()));
  }
  if (m->slot_count() > 1) {
    Append(", slots=");
    AppendInt(&out_, static_cast<int64_t>(m->slot_count()));
  }
  out_.push_back(')');
  if (m->slot_index() != nullptr) {
    out_.push_back('[');
    PrintExprText(m->slot_index());
    out_.push_back(']');
  }
}

void Printer::PrintAssignType(const Type* type) {
  // A MemRef's base prints bare or quoted by where it is defined: not cached.
  const auto* shaped = type->As<ShapedType>();
  if (shaped == nullptr || shaped->memref() != nullptr) {
    PrintTypeText(type);
    return;
  }
  TypeText& entry = type_texts_[(reinterpret_cast<uintptr_t>(type) >> 4) % kTypeTextCache];
  if (entry.type == type && entry.stamp == current_stamp_) {
    Append(entry.text);
    return;
  }
  const uint64_t start = out_.position();
  PrintTypeText(type);
  const uint64_t length = out_.position() - start;
  if (length > out_.size()) {  // partly handed to the sink already
    entry.type = nullptr;
    return;
  }
  entry.type = type;
  entry.stamp = current_stamp_;
  absl::string_view text = out_.view().substr(out_.size() - length);
  entry.text.assign(text.data(), text.size());
}

void Printer::PrintTypeText(const Type* type) {
  switch (type->kind()) {
    case TypeKind::kUnknown:
      Append("pl.UnknownType");
      return;
    case TypeKind::kCommCtx:
      Append("pld.CommCtxType");
      return;
    case TypeKind::kHandle:
      Append(HandleTypeSpelling(type->As<HandleType>()->handle_kind()));
      return;
    case TypeKind::kArray: {
      const auto* a = type->As<ArrayType>();
      Append("pl.Array[");
      AppendInt(&out_, a->extent());
      Append(", pl.");
      Append(a->dtype().name());
      out_.push_back(']');
      return;
    }
    case TypeKind::kScalar:
      Append("pl.Scalar[pl.");
      Append(type->As<ScalarType>()->dtype().name());
      out_.push_back(']');
      return;
    case TypeKind::kTensor:
    case TypeKind::kDistributedTensor: {
      const auto* t = type->As<TensorType>();
      Append(t->IsDistributed() ? "pld.DistributedTensor[[" : "pl.Tensor[[");
      PrintDims(t->shape());
      Append("], pl.");
      Append(t->dtype().name());
      if (t->view() != nullptr) {
        Append(", ");
        PrintTensorView(*t->view(), t->shape());
      }
      if (t->memref() != nullptr) {
        Append(", ");
        PrintMemRef(t->memref());
      }
      out_.push_back(']');
      return;
    }
    case TypeKind::kTile: {
      const auto* t = type->As<TileType>();
      Append("pl.Tile[[");
      PrintDims(t->shape());
      Append("], pl.");
      Append(t->dtype().name());
      if (t->memref() != nullptr) {
        Append(", ");
        PrintMemRef(t->memref());
      }
      if (t->memory_space()) {
        Append(", ");
        AppendEnum(&out_, *t->memory_space());
      }
      if (t->view() != nullptr) {
        Append(", ");
        PrintTileView(t);
      }
      out_.push_back(']');
      return;
    }
    case TypeKind::kTuple: {
      absl::Span<const Type* const> elements = type->As<TupleType>()->elements();
      if (elements.empty()) {
        Append("pl.Tuple[()]");
        return;
      }
      Append("pl.Tuple[");
      for (size_t i = 0; i < elements.size(); ++i) {
        if (i > 0) Append(", ");
        PrintTypeText(elements[i]);
      }
      out_.push_back(']');
      return;
    }
  }
}


}  // namespace pto::ir::printer_impl
