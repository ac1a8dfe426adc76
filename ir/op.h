// Op descriptors: what the registry knows about one op.
//
// An Op is created once, by its family's registration function in
// //ir/ops, and never changes. It holds the op's name, its positional
// argument schema (names and arity), its kwarg schema (name, kind, presence
// and default) and its type deducer. Calls point at their Op, so op identity
// is pointer identity.
//
//   const Op* cast = OpRegistry::Global().Find("tile.cast");
//   cast->name();                       // "tile.cast"
//   cast->FindKwarg("mode");            // index into cast->kwargs()
//
// Registration (in an op family's .cc file):
//
//   registry.Register("tile.cast")
//       .Category(OpCategory::kTile)
//       .Doc("Converts a tile to another element type.")
//       .Arg("tile")
//       .OptionalArg("tmp")
//       .Kwarg("target_type", AttrKind::kDataType)
//       .Kwarg("mode", AttrKind::kRoundMode, AttrValue::Enum(RoundMode::kRound))
//       .OptionalKwarg("saturation_mode", AttrKind::kSaturationMode)
//       .Deduce(DeduceTileCast);

#ifndef PTO_IR_OP_H_
#define PTO_IR_OP_H_

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include "absl/strings/string_view.h"
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "ir/attr.h"
#include "ir/expr.h"

namespace pto::ir {

class Context;
class Op;

enum class OpCategory : uint8_t { kTile, kTensor, kDistributed, kSystem };

struct ArgSpec {
  absl::string_view name;
  bool optional = false;
  // Printed as `name=value`, after the kwargs (PyPTO's spelling of e.g.
  // tile.full's value and tile.reinterpret_view's shape) or, with
  // `keyword_first`, before them (gather_row's valid_shape, which the DSL
  // takes only by keyword). The parser accepts it by keyword or by position.
  bool keyword = false;
  bool keyword_first = false;
  // Bound like a plain arg (by position in the canonical order or by name),
  // but printed `name=value` after the kwargs: tensor.gather's index, whose
  // DSL wrapper takes `dim` second, so a positional print would not read
  // back upstream.
  bool printed_by_name = false;
};

struct KwargSpec {
  enum class Presence : uint8_t {
    kRequired,  // must be given
    kDefault,   // filled with `default_value` when not given
    kOptional,  // may be absent; absence has a meaning the deducer defines
  };
  absl::string_view name;
  AttrKind kind;
  Presence presence;
  std::optional<AttrValue> default_value;
  // Python's `*`: the DSL accepts this kwarg only as `name=value`. Kwargs
  // that are not keyword-only may also be passed positionally, after the
  // args, in declaration order (the order of the DSL wrapper's signature).
  bool keyword_only = false;
};

// What a deducer sees: the call's operands, already validated against the
// arg and kwarg schema (arity, known keys, kinds; defaults filled in).
class DeduceContext {
 public:
  DeduceContext(Context& ctx, const Op& op, ExprSpan args, absl::Span<const Kwarg> kwargs)
      : ctx_(ctx), op_(op), args_(args), kwargs_(kwargs) {}

  Context& ctx() const { return ctx_; }
  const Op& op() const { return op_; }
  ExprSpan args() const { return args_; }
  const Expr* arg(size_t i) const { return args_[i]; }
  size_t num_args() const { return args_.size(); }
  absl::Span<const Kwarg> kwargs() const { return kwargs_; }
  // The kwarg value, or nullptr when absent.
  const AttrValue* FindKwarg(absl::string_view name) const;

  // InvalidArgument "<op name>: <message>".
  absl::Status Error(absl::string_view message) const;

 private:
  Context& ctx_;
  const Op& op_;
  ExprSpan args_;
  absl::Span<const Kwarg> kwargs_;
};

using DeduceFn = absl::StatusOr<const Type*> (*)(const DeduceContext&);

// Kwargs of a call under construction, sorted by key.
using KwargList = absl::InlinedVector<Kwarg, 8>;
// Rewrites a call's coerced kwargs (defaults filled) before deduction, e.g.
// to drop a value equal to its op-specific default so that the IR records
// only deviations. Must not fail: validation is the deducer's job.
using CanonicalizeFn = void (*)(const Op& op, ExprSpan args, KwargList& kwargs);

class Op {
 public:
  absl::string_view name() const { return name_; }
  OpCategory category() const { return category_; }
  absl::string_view doc() const { return doc_; }
  absl::Span<const ArgSpec> args() const { return args_; }
  int min_args() const;
  int max_args() const { return static_cast<int>(args_.size()); }
  absl::Span<const KwargSpec> kwargs() const { return kwargs_; }
  // Index into kwargs(), or -1.
  int FindKwarg(absl::string_view name) const;
  // Index into args() of the arg with this name, or -1.
  int FindArg(absl::string_view name) const;
  // Index into args() of the keyword-printed arg with this name, or -1.
  int FindKeywordArg(absl::string_view name) const;
  DeduceFn deducer() const { return deduce_; }
  CanonicalizeFn canonicalizer() const { return canonicalize_; }
  // Bit i set: the op writes its i-th argument (e.g. tile.store's output
  // tensor), so the call must be kept even when its result is unused.
  uint32_t written_args() const { return written_args_; }
  bool has_side_effects() const { return side_effects_ || written_args_ != 0; }
  // For a composite op, the CLI name of the pass that lowers it into
  // primitives (e.g. "lower-composite-ops"); empty for a primitive op, which
  // codegen emits directly.
  absl::string_view lowered_by() const { return lowered_by_; }
  // The result's TileView may be replaced (RetypeCallView): the op writes a
  // fresh tile from no tile operand, so a narrower valid shape or another
  // layout describes the same computation. A pass uses this to give a
  // materialized value the view of the value it stands beside.
  bool result_view_overridable() const { return result_view_overridable_; }
  // The op cannot know its result's type (tile.tpop_from_aic pops whatever
  // the peer pushed): it deduces UnknownType and a call may carry the tile
  // type the program annotates instead (RetypeCallView).
  bool typed_by_annotation() const { return typed_by_annotation_; }
  // A placeholder for a name no registry knows, accepted by the parser under
  // ParseOptions::allow_unregistered_ops (see Context::GetUnregisteredOp).
  // It has no deducer: a call's type is the annotation it was written with.
  bool unregistered() const { return unregistered_; }
  // The memory spaces the `arg`-th operand may live in when it is a tile,
  // the one to move it into first (upstream's input_constraints, which
  // InferTileMemorySpace satisfies with tile.move); empty when any will do.
  absl::Span<const MemorySpace> input_memory(size_t arg) const;

 private:
  friend class OpBuilder;
  friend class OpRegistry;
  friend class Context;
  explicit Op(std::string name) : name_(std::move(name)) {}

  std::string name_;
  OpCategory category_ = OpCategory::kTile;
  std::string doc_;
  std::vector<ArgSpec> args_;
  std::vector<KwargSpec> kwargs_;
  DeduceFn deduce_ = nullptr;
  CanonicalizeFn canonicalize_ = nullptr;
  uint32_t written_args_ = 0;
  bool side_effects_ = false;
  bool result_view_overridable_ = false;
  bool typed_by_annotation_ = false;
  bool unregistered_ = false;
  bool vec_operands_ = false;  // every tile operand lives in Vec
  struct InputMemory {
    size_t arg;
    absl::InlinedVector<MemorySpace, 2> allowed;
  };
  std::vector<InputMemory> input_memory_;
  std::string lowered_by_;
};

// Fluent registration interface returned by OpRegistry::Register.
class OpBuilder {
 public:
  explicit OpBuilder(Op* op) : op_(op) {}
  OpBuilder& Category(OpCategory category);
  OpBuilder& Doc(absl::string_view doc);
  OpBuilder& Arg(absl::string_view name);
  OpBuilder& OptionalArg(absl::string_view name);
  // An optional arg printed and accepted as `name=value` after the kwargs.
  OpBuilder& KeywordArg(absl::string_view name, bool optional);
  // A KeywordArg printed before the kwargs.
  OpBuilder& LeadingKeywordArg(absl::string_view name, bool optional);
  // A required Arg printed `name=value` after the kwargs (printed_by_name).
  OpBuilder& NamedArg(absl::string_view name);
  OpBuilder& Kwarg(absl::string_view name, AttrKind kind);  // required
  OpBuilder& Kwarg(absl::string_view name, AttrKind kind, AttrValue default_value);
  OpBuilder& OptionalKwarg(absl::string_view name, AttrKind kind);
  // Every kwarg declared after this call is keyword-only (Python's `*`).
  OpBuilder& KeywordOnly();
  OpBuilder& Writes(int arg_index);
  OpBuilder& SideEffects();
  // Marks a composite op and names the pass that lowers it.
  OpBuilder& LoweredBy(absl::string_view pass);
  // See Op::result_view_overridable.
  OpBuilder& OverridableResultView();
  // See Op::typed_by_annotation.
  OpBuilder& TypedByAnnotation();
  // See Op::input_memory: operand `arg` lives in one of `allowed`, the first
  // preferred.
  OpBuilder& InputMemory(size_t arg, std::initializer_list<MemorySpace> allowed);
  // InputMemory(i, {spaces[i]}) for each i: operand i lives in spaces[i]
  // (the matmul family's one space per operand).
  OpBuilder& OperandMemory(std::initializer_list<MemorySpace> spaces);
  // Every tile operand lives in Vec (the vector unit's ops).
  OpBuilder& VecOperands();
  OpBuilder& Deduce(DeduceFn fn);
  OpBuilder& Canonicalize(CanonicalizeFn fn);

 private:
  Op* op_;
  bool keyword_only_ = false;
};

// What the DSL writes before an op's name in a call: "pl." (pl.tile.add),
// or nothing for the distributed ops, whose names start with "pld.".
absl::string_view DslOpPrefix(absl::string_view op_name);

// True if `e` is a call of an op without arguments that a dim of `type`
// (or of one of its tuple elements) also calls, anywhere in the dim: the
// pld.system.world_size() of a window typed [pld.system.world_size() * 64, 1]. Three-address form leaves
// such a call where it is, since a temporary would part the value from the
// type that names it.
bool IsDimQueryOf(const Expr* e, const Type* type);

}  // namespace pto::ir

#endif  // PTO_IR_OP_H_
