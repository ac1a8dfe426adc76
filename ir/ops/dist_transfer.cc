// Cross-rank writes and reads at the tensor level, and the remote stores:
// pld.tensor.put, pld.tensor.get, pld.tile.remote_store and
// pld.tensor.remote_store.
//
//   pld.tensor.put(w, peer, x, atomic=pl.AtomicType.None_)
//   pld.tensor.put(w, peer, x, [me, 0], [0, 0], [1, 64], atomic=pl.AtomicType.Add, chunk_cols=32)
//   pld.tensor.get(x, root, w)
//   pld.tile.remote_store(t, w, peer, [me, 0])
//   pld.tensor.remote_store(x, w, peer, [0, 0], atomic=pl.AtomicType.Add)
//
// Semantics (W@p is rank p's copy of window W):
//   * put(dst, peer, src[, dst_off, src_off, shape]; atomic): copies the
//     local src region into dst@peer (atomic Add accumulates); the tensor
//     form of pld.tile.put without its Vec bounce tile, which the tile
//     conversion makes: chunk_rows / chunk_cols (0 or absent: the whole
//     flattened transfer) size it, and pipeline=True asks for two of them
//     (both chunks then needed). A symbolic transfer extent needs the chunk
//     of its flattened dimension to bound the tile.
//   * get(dst, peer, src[, ...]): the mirror: src@peer into the local dst.
//   * remote_store(src, target, peer, offsets; atomic): writes the 2-D value
//     src (a tile's valid region, or a plain tensor) into target@peer at
//     `offsets`; leading dims of src must be 1 and the region must fit.
// Every op returns no value; put and the stores write their window (arg 0 of
// put, arg 1 of the stores) and get writes its dst.

#include <optional>

#include "absl/strings/str_cat.h"
#include "ir/ops/dist_checks.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

bool IsAtomicAdd(const DeduceContext& dc) {
  const AttrValue* a = dc.FindKwarg("atomic");
  return a != nullptr && a->As<AtomicType>() == AtomicType::kAdd;
}

// The chunk / pipeline kwargs of a tensor-level put or get moving `transfer`.
absl::Status CheckStaging(const DeduceContext& dc, ExprSpan transfer) {
  int64_t chunk[2] = {0, 0};
  const char* names[2] = {"chunk_rows", "chunk_cols"};
  for (int k = 0; k < 2; ++k) {
    if (const AttrValue* v = dc.FindKwarg(names[k])) chunk[k] = v->int_value();
    if (chunk[k] < 0) {
      return dc.Error(absl::StrCat(names[k], " must be non-negative (0 = the whole transfer), got ",
                                   chunk[k]));
    }
  }
  bool leading_symbolic = false;
  for (size_t d = 0; d + 1 < transfer.size(); ++d) leading_symbolic |= !AsConstInt(transfer[d]);
  if (leading_symbolic && chunk[0] == 0) {
    return dc.Error("a symbolic leading transfer dim needs chunk_rows to bound the Vec staging tile");
  }
  if (!transfer.empty() && !AsConstInt(transfer.back()) && chunk[1] == 0) {
    return dc.Error(
        "a symbolic innermost transfer dim needs chunk_cols to bound the Vec staging tile");
  }
  const AttrValue* pipeline = dc.FindKwarg("pipeline");
  if (pipeline != nullptr && pipeline->bool_value() && (chunk[0] == 0 || chunk[1] == 0)) {
    return dc.Error("pipeline=True needs both chunk_rows and chunk_cols (it ping-pongs chunks)");
  }
  return absl::OkStatus();
}

absl::Status SameDType(const DeduceContext& dc, const TensorType* dst, const TensorType* src) {
  if (src->dtype() == dst->dtype()) return absl::OkStatus();
  return dc.Error(absl::StrCat("dst and src must have one dtype, got ", dst->dtype().name(),
                               " and ", src->dtype().name()));
}

absl::StatusOr<const Type*> DeducePut(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* dst, ExpectWindow(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectIntegerScalar(dc, 1));
  PTO_ASSIGN_OR_RETURN(const TensorType* src, ExpectTensor(dc, 2));
  PTO_RETURN_IF_ERROR(SameDType(dc, dst, src));
  PTO_ASSIGN_OR_RETURN(ExprSpan transfer, ExpectTransferRegion(dc, dst, src, 3));
  PTO_RETURN_IF_ERROR(CheckStaging(dc, transfer));
  if (IsAtomicAdd(dc)) {
    PTO_RETURN_IF_ERROR(ExpectAtomicAddDType(dc, dst->dtype(), "dtype with atomic Add"));
  }
  return dc.ctx().GetUnknownType();
}

absl::StatusOr<const Type*> DeduceGet(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* dst, ExpectTensor(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectIntegerScalar(dc, 1));
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* src, ExpectWindow(dc, 2));
  PTO_RETURN_IF_ERROR(SameDType(dc, dst, src));
  PTO_ASSIGN_OR_RETURN(ExprSpan transfer, ExpectTransferRegion(dc, dst, src, 3));
  PTO_RETURN_IF_ERROR(CheckStaging(dc, transfer));
  return dc.ctx().GetUnknownType();
}

// The checks both remote stores share, given the pushed value's extent and
// dtype.
absl::Status CheckRemoteStore(const DeduceContext& dc, ExprSpan extent, DataType dtype) {
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* target, ExpectWindow(dc, 1));
  PTO_RETURN_IF_ERROR(ExpectIntegerScalar(dc, 2));
  PTO_ASSIGN_OR_RETURN(ExprSpan offsets, ExpectCoordinates(dc, 3, target->rank(), "offsets"));
  if (dtype != target->dtype()) {
    return dc.Error(absl::StrCat("src dtype ", dtype.name(), " must match the target dtype ",
                                 target->dtype().name()));
  }
  if (extent.size() < 2) {
    return dc.Error(absl::StrCat("src must be at least 2-D (it is pushed as a 2-D region), got rank ",
                                 extent.size()));
  }
  for (size_t d = 0; d + 2 < extent.size(); ++d) {
    if (std::optional<int64_t> c = AsConstInt(extent[d]); c && *c != 1) {
      return dc.Error(absl::StrCat("src leading dimension ", d,
                                   " must be 1 (only the inner two dims are pushed), got ", *c));
    }
  }
  size_t rank = target->rank();
  if (rank < 2) {
    return dc.Error(absl::StrCat("target must have rank >= 2 to hold a 2-D push, got ", rank));
  }
  // Leading target dims take one element each, the inner two the push.
  for (size_t d = 0; d < rank; ++d) {
    const Expr* e = d + 2 >= rank ? extent[extent.size() - rank + d] : dc.ctx().Index(1);
    PTO_RETURN_IF_ERROR(CheckRegionInBounds(dc, "the push", d, offsets[d], e, target->shape()[d]));
  }
  if (IsAtomicAdd(dc)) {
    PTO_RETURN_IF_ERROR(ExpectAtomicAddDType(dc, target->dtype(), "dtype with atomic Add"));
  }
  return absl::OkStatus();
}

absl::StatusOr<const Type*> DeduceTileRemoteStore(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* src, ExpectTile(dc, 0));
  PTO_RETURN_IF_ERROR(CheckRemoteStore(dc, src->ValidShape(), src->dtype()));
  return dc.ctx().GetUnknownType();
}

absl::StatusOr<const Type*> DeduceTensorRemoteStore(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* src, ExpectTensor(dc, 0));
  if (src->IsDistributed()) {
    return dc.Error("src must be a plain Tensor; a window-to-window copy is pld.tensor.put's job");
  }
  PTO_RETURN_IF_ERROR(CheckRemoteStore(dc, src->shape(), src->dtype()));
  return dc.ctx().GetUnknownType();
}

void TransferArgs(OpBuilder& b) {
  b.Arg("dst")
      .Arg("peer")
      .Arg("src")
      .OptionalArg("dst_offsets")
      .OptionalArg("src_offsets")
      .OptionalArg("shape");
}

void StagingKwargs(OpBuilder& b) {
  b.KeywordOnly()
      .OptionalKwarg("chunk_rows", AttrKind::kInt)
      .OptionalKwarg("chunk_cols", AttrKind::kInt)
      .OptionalKwarg("pipeline", AttrKind::kBool);
}

OpBuilder RemoteStoreOp(OpRegistry& registry, absl::string_view name, absl::string_view src,
                        absl::string_view doc, DeduceFn deduce) {
  return registry.Register(name)
      .Category(OpCategory::kDistributed)
      .Doc(doc)
      .Arg(src)
      .Arg("target")
      .Arg("peer")
      .Arg("offsets")
      .KeywordOnly()
      .OptionalKwarg("atomic", AttrKind::kAtomicType)
      .Writes(1)
      .Deduce(deduce);
}

}  // namespace

void RegisterDistTransferOps(OpRegistry& registry) {
  OpBuilder put = registry.Register("pld.tensor.put");
  put.Category(OpCategory::kDistributed)
      .Doc(
          "Copies a local tensor region into a peer rank's copy of a window (atomic Add "
          "accumulates).");
  TransferArgs(put);
  put.Kwarg("atomic", AttrKind::kAtomicType, AttrValue::Enum(AtomicType::kNone));
  StagingKwargs(put);
  put.Writes(0).Deduce(DeducePut);
  OpBuilder get = registry.Register("pld.tensor.get");
  get.Category(OpCategory::kDistributed)
      .Doc("Copies a region of a peer rank's copy of a window into a local tensor.");
  TransferArgs(get);
  StagingKwargs(get);
  get.Writes(0).Deduce(DeduceGet);
  // The tile is read where tile.store reads one: UB, or the accumulator
  // through the fix-pipe.
  RemoteStoreOp(registry, "pld.tile.remote_store", "src_tile",
                "Writes a tile's valid region into a region of a peer rank's copy of a window.",
                DeduceTileRemoteStore)
      .InputMemory(0, {MemorySpace::kVec, MemorySpace::kAcc});
  RemoteStoreOp(registry, "pld.tensor.remote_store", "src",
                "Writes a local 2-D tensor into a region of a peer rank's copy of a window.",
                DeduceTensorRemoteStore);
}

}  // namespace pto::ir
