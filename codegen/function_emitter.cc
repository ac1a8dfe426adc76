// FunctionEmitter: the core - Emit (plan, prologue, body walk), bindings and
// operand values, the op emitter interface, lines and errors. The rest of the
// class lives in buffer_plan.cc, phi_buffers.cc, tensor_views.cc,
// stmt_emitter.cc and scalar_emitter.cc (see function_emitter.h).

#include "codegen/function_emitter.h"

#include "absl/strings/str_cat.h"
#include "ir/check.h"
#include "ir/diagnostic.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::codegen {

using ir::DataType;

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

// The parameters' tensor views, then one pto.alloc_tile per planned buffer;
// a var planned into an earlier owner's buffer is bound to that buffer.
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

// --- Bindings and operand values -------------------------------------------------

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

absl::StatusOr<ir::ExprSpan> FunctionEmitter::ListOperand(const ir::Call& call, size_t i) {
  const auto* t = call.arg(i)->As<ir::MakeTuple>();
  if (t == nullptr) {
    return Fail(absl::StrCat(call.op()->name(), ": argument ", call.op()->args()[i].name,
                             " must be a list"));
  }
  return t->elements();
}

absl::string_view FunctionEmitter::NameHint(const ir::Expr* e, absl::string_view fallback) {
  const auto* v = e->As<ir::Var>();
  return v == nullptr ? fallback : v->name();
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

// --- Lines and errors -----------------------------------------------------------------

absl::string_view FunctionEmitter::Save(std::string s) {
  strings_.push_back(std::move(s));
  return strings_.back();
}

std::string FunctionEmitter::LocSuffix() const {
  if (!options_.emit_locations || !loc_.known()) return "";
  return absl::StrCat(" loc(", MlirString(ctx_.FileName(loc_.file)), ":", loc_.line, ":",
                      loc_.col, ")");
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

void FunctionEmitter::EmitTypedInsOuts(absl::string_view op, absl::Span<const Operand> ins,
                                       const Operand& out, absl::string_view trailing) {
  std::string text = absl::StrCat(op, " ins(");
  for (size_t i = 0; i < ins.size(); ++i) {
    absl::StrAppend(&text, i > 0 ? ", " : "", ins[i].name, " : ", ins[i].type);
  }
  absl::StrAppend(&text, ") outs(", out.name, " : ", out.type, ")");
  if (!trailing.empty()) absl::StrAppend(&text, " ", trailing);
  EmitOp(text);
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
