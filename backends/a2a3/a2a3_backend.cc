#include "backends/a2a3/a2a3_backend.h"

#include "absl/strings/str_cat.h"
#include "backends/a2a3/tcvt_scratch.h"

namespace pto::backends {
namespace {

using ir::DataType;

// The "native" column of the Ascend910 table in the LegalizeTileCast spec.
constexpr TcvtEdge kTcvt[] = {
    {DataType::kBF16, DataType::kFP32},   {DataType::kBF16, DataType::kInt32},
    {DataType::kFP16, DataType::kFP32},   {DataType::kFP16, DataType::kInt16},
    {DataType::kFP16, DataType::kInt32},  {DataType::kFP16, DataType::kInt4},
    {DataType::kFP16, DataType::kInt8},   {DataType::kFP16, DataType::kUInt8},
    {DataType::kFP32, DataType::kBF16},   {DataType::kFP32, DataType::kFP16},
    {DataType::kFP32, DataType::kInt16},  {DataType::kFP32, DataType::kInt32},
    {DataType::kFP32, DataType::kInt64},  {DataType::kInt16, DataType::kFP16},
    {DataType::kInt16, DataType::kFP32},  {DataType::kInt32, DataType::kFP16},
    {DataType::kInt32, DataType::kFP32},  {DataType::kInt32, DataType::kInt16},
    {DataType::kInt32, DataType::kInt64}, {DataType::kInt4, DataType::kFP16},
    {DataType::kInt64, DataType::kFP32},  {DataType::kInt64, DataType::kInt32},
    {DataType::kInt8, DataType::kFP16},   {DataType::kUInt8, DataType::kFP16},
};

class A2A3 : public Backend {
 public:
  absl::string_view Name() const override { return "a2a3"; }
  absl::string_view ChipName() const override { return "Ascend910"; }
  absl::Span<const TcvtEdge> GetTcvtAdjacency() const override { return kTcvt; }

  // No 8-bit integers and no BF16 for TSELS.
  bool SupportsTselsDataType(DataType t) const override {
    switch (t.code()) {
      case DataType::kInt16: case DataType::kUInt16: case DataType::kInt32:
      case DataType::kUInt32: case DataType::kFP16: case DataType::kFP32:
        return true;
      default:
        return false;
    }
  }
  bool SupportsTselDataType(DataType t) const override {
    return t == DataType::kBF16 || SupportsTselsDataType(t);
  }

  // A2/A3's TSELS uses its scratch while mask and source are still live, so
  // it must overlap neither; it may share the destination's memory, since
  // the scratch is consumed (set_cmpmask) before the first destination write.
  bool TselsTmpMayOverlapInputs() const override { return false; }

  // The A2/A3 store pipe combines BF16 too (set_atomic_bf16).
  bool SupportsAtomicAddDataType(DataType t) const override {
    switch (t.code()) {
      case DataType::kFP32: case DataType::kFP16: case DataType::kBF16:
      case DataType::kInt32: case DataType::kInt16: case DataType::kInt8:
        return true;
      default:
        return false;
    }
  }

  bool GatherTakesFlatIndices() const override { return false; }
  // No 4-bit dtype: A2/A3 has an FP16 <-> INT4 conversion but no packed
  // 4-bit load/store or carrier ABI. No 8-bit float either: PTOAS's A2/A3
  // tload/tstore verifier takes i8-i64, f16, bf16 and f32 elements only, and
  // no A2/A3 tcvt reads or writes an FP8 or HiFloat8 value.
  bool SupportsIncoreDataType(DataType t) const override {
    return t.bits() != 4 && !(t.IsFloat() && t.bits() == 8);
  }
  // TQUANT's MX form and the X-to-ZZ TMOV are A5 instructions; PTOAS's
  // verifier rejects both for A2/A3.
  bool SupportsMxQuantization() const override { return false; }

  // TSEL takes a UINT32 [1, 16] scratch; TSELS one physical source row.
  ScratchPlan PlanOpScratch(absl::string_view op, const ScratchRequest& r) const override {
    if (std::optional<ScratchPlan> done = PrecheckSelectScratch(op, r)) return *done;
    if (op == "tile.sel") return ScratchPlan::Required(DataType::kUInt32, {1, 16});
    if (r.physical_cols <= 0) {
      return ScratchPlan::Unsupported("TSELS on a2a3 needs a static source column count");
    }
    return ScratchPlan::Required(r.src_dtype, {1, r.physical_cols});
  }

  // Only the non-saturating narrowing forms: an INT8 byte buffer sized as
  // PTOAS sizes it (tcvt_scratch.h).
  ScratchPlan PlanTcvtScratch(const TcvtScratchRequest& r) const override {
    if (r.saturating || !a2a3::TcvtNeedsScratch(r.src_dtype, r.dst_dtype)) {
      return ScratchPlan::NotRequired();
    }
    if (!r.physical_cols || !r.valid_rows || !r.valid_cols) {
      return ScratchPlan::Unsupported(
          "the scratch size depends on the source's column count and valid rows and columns, "
          "which must be compile-time constants");
    }
    std::optional<int64_t> bytes = a2a3::TcvtScratchBytes(
        r.src_dtype, r.dst_dtype, *r.valid_rows, *r.valid_cols, *r.physical_cols);
    if (!bytes) {
      return ScratchPlan::Unsupported(absl::StrCat("the scratch for a source ", *r.valid_rows,
                                                   " x ", *r.valid_cols, " of ",
                                                   *r.physical_cols, " columns overflows"));
    }
    return ScratchPlan::Required(DataType::kInt8, {1, *bytes});
  }
};

}  // namespace

const Backend& A2A3Backend() {
  static const A2A3* const backend = new A2A3();
  return *backend;
}

}  // namespace pto::backends
