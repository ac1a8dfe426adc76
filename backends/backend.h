// What a target can do: the only place passes learn about the hardware.
//
// A Backend answers capability questions - which pto.tcvt conversions are
// single native instructions, what scratch a PTO instruction needs, which
// dtypes TSEL/TSELS, atomic stores and in-core code accept - so passes and
// codegen stay target-neutral and a new target ships its own answers without
// touching any of them.
//
//   const Backend* b = *FindBackend("a5");          // //backends:registry
//   b->IsNativeTcvt(DataType::kInt32, DataType::kFP16);   // false on a5
//   b->SupportsAtomicAddDataType(DataType::kBF16);        // false on a5
//   ScratchPlan plan = b->PlanOpScratch("tile.sels", {DataType::kFP16, 64});
//   if (plan.kind == ScratchPlan::kRequired) { ... plan.dtype, plan.shape ... }
//   b->PlanTcvtScratch({DataType::kFP16, DataType::kInt8, /*saturating=*/false, 16, 16, 16});
//       // a2a3: Required INT8 [1, 160]; a5: NotRequired

#ifndef PTO_BACKENDS_BACKEND_H_
#define PTO_BACKENDS_BACKEND_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "ir/dtype.h"

namespace pto::backends {

// One native `pto.tcvt` conversion.
struct TcvtEdge {
  ir::DataType from;
  ir::DataType to;
};

// Describes the operands of an instruction whose scratch is being planned.
struct ScratchRequest {
  ir::DataType src_dtype;
  // Physical (allocated) column count of the source tile's last dim.
  int64_t physical_cols = 0;
  // Dtype of the scalar operand, for instructions that take one (TSELS);
  // available to targets whose scratch depends on it. (Whether a scalar can
  // pair with the source at all is an IR rule: tile.sels' deducer.)
  std::optional<ir::DataType> scalar_dtype;
};

// Describes a `pto.tcvt` whose scratch is being planned. The extents are the
// source as the instruction sees it: a tile of rank > 2 has its leading dims
// flattened into rows (as codegen emits it). nullopt: not a compile-time
// constant.
struct TcvtScratchRequest {
  ir::DataType src_dtype;
  ir::DataType dst_dtype;
  // The satmode the conversion is emitted with (ir::EmittedSaturationMode).
  bool saturating = true;
  std::optional<int64_t> physical_cols;
  std::optional<int64_t> valid_rows;
  std::optional<int64_t> valid_cols;
};

// The scratch buffer an instruction needs on a target.
struct ScratchPlan {
  enum Kind : uint8_t {
    kRequired,     // allocate a Vec tile of `dtype` and `shape`
    kNotRequired,  // the instruction reads no scratch
    kUnsupported,  // the target cannot execute the instruction on these dtypes
  };
  Kind kind = kNotRequired;
  ir::DataType dtype;
  std::vector<int64_t> shape;
  // For kUnsupported: why, for diagnostics.
  std::string reason;

  static ScratchPlan Required(ir::DataType dtype, std::vector<int64_t> shape);
  static ScratchPlan NotRequired();
  static ScratchPlan Unsupported(std::string reason);
};

class Backend {
 public:
  virtual ~Backend() = default;

  // Short target name as used by `--backend` and in diagnostics: "a5", "a2a3".
  virtual absl::string_view Name() const = 0;
  // Marketing name of the chip family, e.g. "Ascend950".
  virtual absl::string_view ChipName() const = 0;

  // Native single-instruction conversions, from pto-isa's tcvt table. The
  // order carries no meaning.
  virtual absl::Span<const TcvtEdge> GetTcvtAdjacency() const = 0;
  bool IsNativeTcvt(ir::DataType from, ir::DataType to) const;

  // Scratch for compiler-created instructions: "tile.sel" (TSEL) and
  // "tile.sels" (TSELS). Other ops need none.
  virtual ScratchPlan PlanOpScratch(absl::string_view op,
                                    const ScratchRequest& request) const = 0;

  // Scratch a `pto.tcvt` reads on this target, passed as tile.cast's second
  // operand: kRequired for a conversion the assembler lowers through a
  // scratch buffer, kNotRequired otherwise, kUnsupported when it needs one
  // that cannot be sized (a dynamic extent; `reason` says which).
  virtual ScratchPlan PlanTcvtScratch(const TcvtScratchRequest& request) const = 0;

  // Element dtypes TSEL (tile/tile) and TSELS (tile/scalar) accept.
  virtual bool SupportsTselDataType(ir::DataType dtype) const = 0;
  virtual bool SupportsTselsDataType(ir::DataType dtype) const = 0;
  // Whether TSELS's scratch operand may share memory with its mask or its
  // source. (Mask and destination must never overlap, on any target: that
  // is the instruction's contract, not a capability.)
  virtual bool TselsTmpMayOverlapInputs() const = 0;

  // Element dtypes a `tile.store` or `pld.tile.put` with atomic add
  // (pto.tstore / pto.comm.tput atomic_add) can combine into global memory;
  // keyed on the destination's dtype.
  virtual bool SupportsAtomicAddDataType(ir::DataType dtype) const = 0;

  // Element dtypes with an end-to-end in-core path on this target: loads,
  // stores and the instruction ABI. A tile, tensor or scalar of any other
  // dtype cannot be emitted for it.
  virtual bool SupportsIncoreDataType(ir::DataType dtype) const = 0;

  // Whether the target has MX block quantisation: pto.tquant.mx and the
  // X-to-ZZ pto.tmov that lays its exponents out for the cube.
  virtual bool SupportsMxQuantization() const = 0;

  // Whether TGATHER's index form takes a whole tile of flat (row-major)
  // source indices, so a row-wise gather of a matrix is one instruction;
  // otherwise it gathers within one row, and a matrix is gathered row by
  // row.
  virtual bool GatherTakesFlatIndices() const = 0;

 protected:
  // The part of select scratch planning every target shares: NotRequired for
  // an op other than tile.sel/tile.sels, Unsupported for a dtype the
  // instruction rejects; nullopt when the target must size the scratch
  // itself.
  std::optional<ScratchPlan> PrecheckSelectScratch(absl::string_view op,
                                                   const ScratchRequest& request) const;
};

}  // namespace pto::backends

#endif  // PTO_BACKENDS_BACKEND_H_
