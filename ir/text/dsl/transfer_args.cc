#include "ir/text/dsl/transfer_args.h"

#include "absl/strings/str_cat.h"
#include "ir/type.h"

namespace pto::ir::text {
namespace {

// The parameter slots of put/get (dsl/transfer_args.h).
constexpr size_t kStage2 = 4;
constexpr size_t kDstOffsets = 5;
constexpr size_t kShape = 7;

// A region operand rather than a staging tile: what upstream's wrapper
// tests with isinstance(x, (list, tuple)).
bool IsRegionList(const Expr* e) {
  return e != nullptr && (e->As<MakeTuple>() != nullptr || e->type()->Is<TupleType>());
}

}  // namespace

std::string PlaceTransferOperands(const Op& op, absl::Span<const Expr*> args) {
  if (args.size() != kShape + 1) return "";  // not the put/get schema
  if (IsRegionList(args[kStage2])) {
    if (args[kShape] != nullptr) {
      return absl::StrCat(op.name(), ": a list in the stage2 position begins the region "
                                     "(dst_offsets, src_offsets, shape), so four lists are one "
                                     "too many");
    }
    for (size_t i = kShape; i > kStage2; --i) args[i] = args[i - 1];
    args[kStage2] = nullptr;
  }
  int given = 0;
  for (size_t i = kDstOffsets; i <= kShape; ++i) given += args[i] != nullptr ? 1 : 0;
  if (given != 0 && given != 3) {
    return absl::StrCat(op.name(), ": dst_offsets, src_offsets and shape go together (give all "
                                   "three or none)");
  }
  if (given == 3 && args[kStage2] == nullptr) {
    for (size_t i = kStage2; i < kShape; ++i) args[i] = args[i + 1];
    args[kShape] = nullptr;
  }
  return "";
}

}  // namespace pto::ir::text
