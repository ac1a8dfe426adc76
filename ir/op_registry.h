// The op registry and the one way to build an op call.
//
// An OpRegistry maps op names to Op descriptors (see op.h). The built-in
// registry, with every op of the IR, is //ir/ops:builtin's BuiltinOps().
//
// CreateCall is how every op call is built - by the parser, by passes and by
// tests - so a call's type is always the deducer's:
//
//   const OpRegistry& ops = BuiltinOps();
//   absl::StatusOr<const Call*> c = CreateCall(
//       ctx, *ops.Find("tile.cast"), {x},
//       {{"target_type", AttrValue::DType(DataType::kFP16)},
//        {"mode", AttrValue::Enum(RoundMode::kRint)}});
//
// CreateCall checks the arity against the arg schema and the kwargs against
// the kwarg schema: unknown or repeated keys, missing required ones and
// values of the wrong kind are errors naming the op. It coerces the spellings
// the DSL allows (an int dtype code for a DataType, "on"/"off"/1/0 for a
// saturation mode, a cast-mode name or number for a RoundMode, an int for a
// float), fills defaults, applies the op's canonicaliser (if any), and then
// runs the deducer.

#ifndef PTO_IR_OP_REGISTRY_H_
#define PTO_IR_OP_REGISTRY_H_

#include <atomic>
#include <memory>
#include <string>
#include "absl/strings/string_view.h"
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "ir/context.h"
#include "ir/op.h"

namespace pto::ir {

struct NamedAttr {
  absl::string_view name;
  AttrValue value;
};

class OpRegistry {
 public:
  OpRegistry();
  ~OpRegistry();
  OpRegistry(const OpRegistry&) = delete;
  OpRegistry& operator=(const OpRegistry&) = delete;

  // Adds an op; each name registers once (checked).
  OpBuilder Register(absl::string_view name);
  // nullptr when unknown.
  const Op* Find(absl::string_view name) const;
  // All ops, sorted by name.
  std::vector<const Op*> SortedOps() const;

 private:
  absl::flat_hash_map<std::string, std::unique_ptr<Op>> ops_;
  // Ops found recently, direct-mapped by a cheap hash of the name: builders
  // and the parser look the same few names up once per call they make. A
  // slot is trusted only after comparing the op's name; atomics keep
  // concurrent lookups race-free.
  static constexpr size_t kFindCacheSize = 256;
  mutable std::atomic<const Op*> find_cache_[kFindCacheSize];
};

absl::StatusOr<const Call*> CreateCall(Context& ctx, const Op& op, ExprSpan args,
                                       absl::Span<const NamedAttr> kwargs = {},
                                       SourceLoc loc = {});

// The kwargs of op call `call` by name, as CreateCall takes them: what a
// rewrite forwards when it builds another op from the same options.
std::vector<NamedAttr> NamedKwargs(const Call& call);

// `call` with the result type `type` in place of its deduced one. Only for an
// op whose result view may be overridden (Op::result_view_overridable), and
// only a view: `type` must match the call's type in dtype, shape and memory
// space (SameTileUpToView). The verifier and the parser accept exactly this
// deviation from the deduced type, so the call prints and parses back as
// itself:
//
//   // A full tile that is valid only where `model` is.
//   RetypeCallView(ctx, *full, ctx.GetTileType(dtype, shape, space, model->view()));
absl::StatusOr<const Call*> RetypeCallView(Context& ctx, const Call& call, const Type* type);

// A call of the op named `name` that no registry knows, typed `type` (its
// annotation): the placeholder Op of Context::GetUnregisteredOp, kwargs kept
// in the order given. Only a repeated kwarg or a null type is an error; no
// deduction happens, and Op::unregistered() tells every later consumer so.
//
//   CreateUnregisteredCall(ctx, "tile.custom_matmul", {a, b}, {}, tile_type, loc);
absl::StatusOr<const Call*> CreateUnregisteredCall(Context& ctx, absl::string_view name,
                                                   ExprSpan args,
                                                   absl::Span<const NamedAttr> kwargs,
                                                   const Type* type, SourceLoc loc = {});

// Converts `value` to the kind `spec` declares, accepting the DSL's
// alternative spellings; an error names the op and the kwarg.
absl::StatusOr<AttrValue> CoerceKwarg(Context& ctx, const Op& op, const KwargSpec& spec,
                                      AttrValue value);

}  // namespace pto::ir

#endif  // PTO_IR_OP_REGISTRY_H_
