#include "ir/op.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "ir/check.h"
#include "ir/type.h"

namespace pto::ir {

const AttrValue* DeduceContext::FindKwarg(absl::string_view name) const {
  int key = op_.FindKwarg(name);
  if (key < 0) return nullptr;
  for (const Kwarg& k : kwargs_) {
    if (k.key == key) return &k.value;
  }
  return nullptr;
}

absl::Status DeduceContext::Error(absl::string_view message) const {
  return absl::InvalidArgumentError(absl::StrCat(op_.name(), ": ", message));
}

int Op::min_args() const {
  int n = 0;
  for (const ArgSpec& a : args_) {
    if (!a.optional) ++n;
  }
  return n;
}

int Op::FindKwarg(absl::string_view name) const {
  for (size_t i = 0; i < kwargs_.size(); ++i) {
    if (kwargs_[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

absl::Span<const MemorySpace> Op::input_memory(size_t arg) const {
  for (const InputMemory& m : input_memory_) {
    if (m.arg == arg) return m.allowed;
  }
  static constexpr MemorySpace kVec[] = {MemorySpace::kVec};
  if (vec_operands_) return kVec;
  return {};
}

int Op::FindArg(absl::string_view name) const {
  for (size_t i = 0; i < args_.size(); ++i) {
    if (args_[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

int Op::FindKeywordArg(absl::string_view name) const {
  for (size_t i = 0; i < args_.size(); ++i) {
    if (args_[i].keyword && args_[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

OpBuilder& OpBuilder::Category(OpCategory category) {
  op_->category_ = category;
  return *this;
}

OpBuilder& OpBuilder::Doc(absl::string_view doc) {
  op_->doc_ = std::string(doc);
  return *this;
}

OpBuilder& OpBuilder::Arg(absl::string_view name) {
  PTO_CHECK(op_->args_.empty() || !op_->args_.back().optional)
      << op_->name_ << ": a required arg follows an optional one";
  op_->args_.push_back({name, false, false});
  return *this;
}

OpBuilder& OpBuilder::OptionalArg(absl::string_view name) {
  op_->args_.push_back({name, true, false});
  return *this;
}

OpBuilder& OpBuilder::KeywordArg(absl::string_view name, bool optional) {
  op_->args_.push_back({name, optional, true});
  return *this;
}

OpBuilder& OpBuilder::NamedArg(absl::string_view name) {
  Arg(name);
  op_->args_.back().printed_by_name = true;
  return *this;
}

OpBuilder& OpBuilder::LeadingKeywordArg(absl::string_view name, bool optional) {
  op_->args_.push_back({name, optional, true, true});
  return *this;
}

OpBuilder& OpBuilder::Kwarg(absl::string_view name, AttrKind kind) {
  op_->kwargs_.push_back({name, kind, KwargSpec::Presence::kRequired, std::nullopt,
                           keyword_only_});
  return *this;
}

OpBuilder& OpBuilder::Kwarg(absl::string_view name, AttrKind kind, AttrValue default_value) {
  PTO_CHECK(default_value.kind() == kind) << op_->name_ << ": default of " << name;
  op_->kwargs_.push_back({name, kind, KwargSpec::Presence::kDefault, default_value,
                           keyword_only_});
  return *this;
}

OpBuilder& OpBuilder::OptionalKwarg(absl::string_view name, AttrKind kind) {
  op_->kwargs_.push_back({name, kind, KwargSpec::Presence::kOptional, std::nullopt,
                           keyword_only_});
  return *this;
}

OpBuilder& OpBuilder::KeywordOnly() {
  keyword_only_ = true;
  return *this;
}

OpBuilder& OpBuilder::Writes(int arg_index) {
  PTO_CHECK(arg_index >= 0 && arg_index < 32);
  op_->written_args_ |= 1u << arg_index;
  return *this;
}

OpBuilder& OpBuilder::SideEffects() {
  op_->side_effects_ = true;
  return *this;
}

OpBuilder& OpBuilder::OverridableResultView() {
  op_->result_view_overridable_ = true;
  return *this;
}

OpBuilder& OpBuilder::TypedByAnnotation() {
  op_->typed_by_annotation_ = true;
  return *this;
}

OpBuilder& OpBuilder::InputMemory(size_t arg, std::initializer_list<MemorySpace> allowed) {
  PTO_CHECK(allowed.size() > 0);
  op_->input_memory_.push_back({arg, absl::InlinedVector<MemorySpace, 2>(allowed)});
  return *this;
}

OpBuilder& OpBuilder::OperandMemory(std::initializer_list<MemorySpace> spaces) {
  size_t arg = 0;
  for (MemorySpace s : spaces) InputMemory(arg++, {s});
  return *this;
}

OpBuilder& OpBuilder::VecOperands() {
  op_->vec_operands_ = true;
  return *this;
}

OpBuilder& OpBuilder::LoweredBy(absl::string_view pass) {
  op_->lowered_by_ = std::string(pass);
  return *this;
}

OpBuilder& OpBuilder::Deduce(DeduceFn fn) {
  op_->deduce_ = fn;
  return *this;
}

OpBuilder& OpBuilder::Canonicalize(CanonicalizeFn fn) {
  op_->canonicalize_ = fn;
  return *this;
}

absl::string_view DslOpPrefix(absl::string_view op_name) {
  return absl::StartsWith(op_name, "pld.") ? "" : "pl.";
}

bool IsDimQueryOf(const Expr* e, const Type* type) {
  const auto* c = e->As<Call>();
  if (c == nullptr || c->op() == nullptr || !c->args().empty() || type == nullptr) return false;
  if (const auto* tuple = type->As<TupleType>()) {
    for (const Type* t : tuple->elements()) {
      if (IsDimQueryOf(e, t)) return true;
    }
    return false;
  }
  const auto* shaped = type->As<ShapedType>();
  if (shaped == nullptr) return false;
  // Anywhere in a dim: `[1, pld.system.world_size() * 64]`.
  auto names = [&](const Expr* x, auto&& self) -> bool {
    if (const auto* d = x->As<Call>()) return d->op() == c->op() && d->args().empty();
    if (const auto* b = x->As<BinaryExpr>()) return self(b->lhs(), self) || self(b->rhs(), self);
    if (const auto* u = x->As<UnaryExpr>()) return self(u->operand(), self);
    return false;
  };
  for (const Expr* dim : shaped->shape()) {
    if (names(dim, names)) return true;
  }
  return false;
}

}  // namespace pto::ir
