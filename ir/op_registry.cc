#include "ir/op_registry.h"

#include <algorithm>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/check.h"
#include "ir/status_macros.h"

namespace pto::ir {

namespace {

// Op names differ mostly at their ends ("tile.adds" / "tile.muls"): mix the
// length, the last four bytes and the middle one.
size_t FindSlot(absl::string_view name, size_t slots) {
  size_t n = name.size();
  if (n == 0) return 0;
  auto at = [&](size_t back) {
    return static_cast<uint32_t>(static_cast<unsigned char>(name[n > back ? n - 1 - back : 0]));
  };
  uint32_t h = static_cast<uint32_t>(n) * 0x9E3779B1u;
  h = (h ^ at(0)) * 0x85EBCA6Bu;
  h = (h ^ at(1)) * 0xC2B2AE35u;
  h = (h ^ at(2)) * 0x27D4EB2Fu;
  h = (h ^ at(3)) * 0x165667B1u;
  h = (h ^ static_cast<unsigned char>(name[n / 2])) * 0x9E3779B1u;
  return (h >> 16) % slots;
}

}  // namespace

OpRegistry::OpRegistry() {
  for (std::atomic<const Op*>& slot : find_cache_) slot.store(nullptr, std::memory_order_relaxed);
}
OpRegistry::~OpRegistry() = default;

OpBuilder OpRegistry::Register(absl::string_view name) {
  auto [it, inserted] = ops_.try_emplace(std::string(name), nullptr);
  PTO_CHECK(inserted) << "op " << name << " registered twice";
  it->second.reset(new Op(std::string(name)));
  return OpBuilder(it->second.get());
}

const Op* OpRegistry::Find(absl::string_view name) const {
  std::atomic<const Op*>& slot = find_cache_[FindSlot(name, kFindCacheSize)];
  const Op* cached = slot.load(std::memory_order_relaxed);
  if (cached != nullptr && cached->name() == name) return cached;
  auto it = ops_.find(name);
  if (it == ops_.end()) return nullptr;
  slot.store(it->second.get(), std::memory_order_relaxed);
  return it->second.get();
}

std::vector<const Op*> OpRegistry::SortedOps() const {
  std::vector<const Op*> out;
  out.reserve(ops_.size());
  for (const auto& [name, op] : ops_) out.push_back(op.get());
  std::sort(out.begin(), out.end(),
            [](const Op* a, const Op* b) { return a->name() < b->name(); });
  return out;
}

namespace {

absl::Status KindError(const Op& op, const KwargSpec& spec, const AttrValue& value) {
  return absl::InvalidArgumentError(absl::StrCat(op.name(), ": kwarg '", spec.name,
                                                 "' expects a ", AttrKindName(spec.kind),
                                                 ", got a ", AttrKindName(value.kind())));
}

template <typename E>
absl::StatusOr<AttrValue> CoerceEnum(const Op& op, const KwargSpec& spec, AttrValue value) {
  if (value.kind() == spec.kind) return value;
  if (value.kind() == AttrKind::kString) {
    if (std::optional<E> e = EnumFromName<E>(value.string_value())) return AttrValue::Enum(*e);
    std::vector<absl::string_view> names;
    for (const auto& [member, name] : EnumTraits<E>::kNames) names.push_back(name);
    return absl::InvalidArgumentError(
        absl::StrCat(op.name(), ": kwarg '", spec.name, "' must be one of ",
                     absl::StrJoin(names, ", "), "; got '", value.string_value(), "'"));
  }
  if (value.kind() == AttrKind::kInt) {
    int64_t i = value.int_value();
    if (i >= 0 && i < EnumSize<E>()) return AttrValue::Enum(static_cast<E>(i));
    return absl::InvalidArgumentError(absl::StrCat(op.name(), ": kwarg '", spec.name,
                                                   "' value ", i, " is out of range [0, ",
                                                   EnumSize<E>() - 1, "]"));
  }
  return KindError(op, spec, value);
}

}  // namespace

absl::StatusOr<AttrValue> CoerceKwarg(Context& ctx, const Op& op, const KwargSpec& spec,
                                      AttrValue value) {
  switch (spec.kind) {
    case AttrKind::kFloat:
      if (value.kind() == AttrKind::kInt) {
        return AttrValue::Float(static_cast<double>(value.int_value()));
      }
      break;
    case AttrKind::kString:
      if (value.kind() == AttrKind::kString) {
        return AttrValue::String(ctx.SaveString(value.string_value()));
      }
      break;
    case AttrKind::kDataType:
      if (value.kind() == AttrKind::kInt) {
        if (std::optional<DataType> t = DataType::FromCode(static_cast<int>(value.int_value()));
            t && value.int_value() >= 0) {
          return AttrValue::DType(*t);
        }
        return absl::InvalidArgumentError(absl::StrCat(
            op.name(), ": kwarg '", spec.name, "': ", value.int_value(), " is no dtype code"));
      }
      break;
    case AttrKind::kRoundMode:
      return CoerceEnum<RoundMode>(op, spec, value);
    case AttrKind::kSaturationMode:
      // Only "on"/"off" (lower case) and 1/0: bools are rejected like PyPTO.
      if (value.kind() == AttrKind::kString || value.kind() == AttrKind::kInt ||
          value.kind() == spec.kind) {
        absl::StatusOr<AttrValue> v = CoerceEnum<SaturationMode>(op, spec, value);
        if (v.ok()) return v;
      }
      return absl::InvalidArgumentError(
          absl::StrCat(op.name(), ": saturation_mode must be \"on\", \"off\", 1 or 0"));
    case AttrKind::kMemorySpace:
      return CoerceEnum<MemorySpace>(op, spec, value);
    case AttrKind::kTileLayout:
      return CoerceEnum<TileLayout>(op, spec, value);
    case AttrKind::kTensorLayout:
      return CoerceEnum<TensorLayout>(op, spec, value);
    case AttrKind::kPadValue:
      return CoerceEnum<PadValue>(op, spec, value);
    case AttrKind::kAtomicType:
      return CoerceEnum<AtomicType>(op, spec, value);
    case AttrKind::kArgDirection:
      return CoerceEnum<ArgDirection>(op, spec, value);
    case AttrKind::kBool:
    case AttrKind::kInt:
      break;
  }
  if (value.kind() == spec.kind) return value;
  return KindError(op, spec, value);
}

absl::StatusOr<const Call*> RetypeCallView(Context& ctx, const Call& call, const Type* type) {
  const Op* op = call.op();
  if (op != nullptr && op->typed_by_annotation()) {
    if (!type->Is<TileType>()) {
      return absl::InvalidArgumentError(
          absl::StrCat(op->name(), ": the annotated result must be a pl.Tile[...]"));
    }
    if (type == call.type()) return &call;
    return ctx.NewOpCall(op, call.args(), call.kwargs(), type, call.loc());
  }
  if (op == nullptr || !op->result_view_overridable()) {
    return absl::InvalidArgumentError(absl::StrCat(
        op != nullptr ? op->name() : "a function call", ": the result's view cannot be overridden"));
  }
  if (!SameTileUpToView(call.type(), type)) {
    return absl::InvalidArgumentError(
        absl::StrCat(op->name(), ": a view override keeps the dtype, shape and memory space"));
  }
  if (type == call.type()) return &call;
  return ctx.NewOpCall(op, call.args(), call.kwargs(), type, call.loc());
}

absl::StatusOr<const Call*> CreateUnregisteredCall(Context& ctx, absl::string_view name,
                                                   ExprSpan args,
                                                   absl::Span<const NamedAttr> kwargs,
                                                   const Type* type, SourceLoc loc) {
  if (type == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat(name, ": an unregistered op needs its result type annotated"));
  }
  absl::InlinedVector<std::pair<absl::string_view, AttrKind>, 8> signature;
  KwargList stored;
  for (const NamedAttr& given : kwargs) {
    for (const auto& seen : signature) {
      if (seen.first == given.name) {
        return absl::InvalidArgumentError(
            absl::StrCat(name, ": kwarg '", given.name, "' given twice"));
      }
    }
    signature.emplace_back(given.name, given.value.kind());
    AttrValue value = given.value.kind() == AttrKind::kString
                          ? AttrValue::String(ctx.SaveString(given.value.string_value()))
                          : given.value;
    stored.push_back(Kwarg{static_cast<uint8_t>(stored.size()), value});
  }
  if (stored.size() > 255) {
    return absl::InvalidArgumentError(absl::StrCat(name, ": too many kwargs"));
  }
  for (const Expr* a : args) PTO_CHECK(a != nullptr) << name << ": null argument";
  const Op* op = ctx.GetUnregisteredOp(name, args.size(), signature);
  return ctx.NewOpCall(op, args, stored, type, loc);
}

std::vector<NamedAttr> NamedKwargs(const Call& call) {
  std::vector<NamedAttr> out;
  out.reserve(call.kwargs().size());
  for (const Kwarg& k : call.kwargs()) out.push_back({call.op()->kwargs()[k.key].name, k.value});
  return out;
}

absl::StatusOr<const Call*> CreateCall(Context& ctx, const Op& op, ExprSpan args,
                                       absl::Span<const NamedAttr> kwargs, SourceLoc loc) {
  int n = static_cast<int>(args.size());
  if (n < op.min_args() || n > op.max_args()) {
    std::string expected = op.min_args() == op.max_args()
                               ? absl::StrCat(op.min_args())
                               : absl::StrCat(op.min_args(), " to ", op.max_args());
    return absl::InvalidArgumentError(absl::StrCat(op.name(), ": expects ", expected,
                                                   " argument", op.max_args() == 1 ? "" : "s",
                                                   ", got ", n));
  }
  for (const Expr* a : args) PTO_CHECK(a != nullptr) << op.name() << ": null argument";

  if (op.kwargs().empty() && kwargs.empty() && op.canonicalizer() == nullptr) {
    // Most ops take no kwargs: nothing to coerce, fill or sort.
    PTO_CHECK(op.deducer() != nullptr) << op.name() << " has no deducer";
    DeduceContext dc(ctx, op, args, {});
    PTO_ASSIGN_OR_RETURN(const Type* type, op.deducer()(dc));
    PTO_CHECK(type != nullptr) << op.name() << ": deducer returned null";
    return ctx.NewOpCall(&op, args, {}, type, loc);
  }

  // One slot per schema entry keeps the result sorted by key.
  absl::InlinedVector<std::optional<AttrValue>, 8> slots(op.kwargs().size());
  for (const NamedAttr& given : kwargs) {
    int key = op.FindKwarg(given.name);
    if (key < 0) {
      std::vector<absl::string_view> known;
      for (const KwargSpec& s : op.kwargs()) known.push_back(s.name);
      return absl::InvalidArgumentError(absl::StrCat(
          op.name(), ": unknown kwarg '", given.name, "'",
          known.empty() ? "; the op takes no kwargs"
                        : absl::StrCat("; known: ", absl::StrJoin(known, ", "))));
    }
    if (slots[key]) {
      return absl::InvalidArgumentError(
          absl::StrCat(op.name(), ": kwarg '", given.name, "' given twice"));
    }
    PTO_ASSIGN_OR_RETURN(slots[key], CoerceKwarg(ctx, op, op.kwargs()[key], given.value));
  }
  KwargList stored;
  for (size_t key = 0; key < op.kwargs().size(); ++key) {
    const KwargSpec& spec = op.kwargs()[key];
    if (!slots[key]) {
      if (spec.presence == KwargSpec::Presence::kRequired) {
        return absl::InvalidArgumentError(
            absl::StrCat(op.name(), ": requires a '", spec.name, "' kwarg"));
      }
      if (spec.presence == KwargSpec::Presence::kDefault) slots[key] = spec.default_value;
    }
    if (slots[key]) stored.push_back(Kwarg{static_cast<uint8_t>(key), *slots[key]});
  }
  if (op.canonicalizer() != nullptr) op.canonicalizer()(op, args, stored);
  absl::Span<const Kwarg> kw(stored);
  PTO_CHECK(op.deducer() != nullptr) << op.name() << " has no deducer";
  DeduceContext dc(ctx, op, args, kw);
  PTO_ASSIGN_OR_RETURN(const Type* type, op.deducer()(dc));
  PTO_CHECK(type != nullptr) << op.name() << ": deducer returned null";
  return ctx.NewOpCall(&op, args, kw, type, loc);
}

}  // namespace pto::ir
