#include "backends/a5/a5_backend.h"

namespace pto::backends {
namespace {

using ir::DataType;

// The "native" column of the Ascend950 table in the LegalizeTileCast spec.
constexpr TcvtEdge kTcvt[] = {
    {DataType::kBF16, DataType::kFP16},      {DataType::kBF16, DataType::kFP32},
    {DataType::kBF16, DataType::kFP4},       {DataType::kBF16, DataType::kInt32},
    {DataType::kFP16, DataType::kFP32},      {DataType::kFP16, DataType::kHF8},
    {DataType::kFP16, DataType::kInt16},     {DataType::kFP16, DataType::kInt32},
    {DataType::kFP16, DataType::kInt8},      {DataType::kFP16, DataType::kUInt8},
    {DataType::kFP32, DataType::kBF16},      {DataType::kFP32, DataType::kFP16},
    {DataType::kFP32, DataType::kFP8E4M3FN}, {DataType::kFP32, DataType::kFP8E5M2},
    {DataType::kFP32, DataType::kHF8},       {DataType::kFP32, DataType::kInt16},
    {DataType::kFP32, DataType::kInt32},     {DataType::kFP32, DataType::kInt64},
    {DataType::kFP4, DataType::kBF16},       {DataType::kFP8E4M3FN, DataType::kFP32},
    {DataType::kFP8E5M2, DataType::kFP32},   {DataType::kHF8, DataType::kFP32},
    {DataType::kInt16, DataType::kFP16},     {DataType::kInt16, DataType::kFP32},
    {DataType::kInt16, DataType::kInt32},    {DataType::kInt16, DataType::kUInt32},
    {DataType::kInt16, DataType::kUInt8},    {DataType::kInt32, DataType::kFP32},
    {DataType::kInt32, DataType::kInt16},    {DataType::kInt32, DataType::kInt64},
    {DataType::kInt32, DataType::kUInt16},   {DataType::kInt32, DataType::kUInt8},
    {DataType::kInt64, DataType::kFP32},     {DataType::kInt64, DataType::kInt32},
    {DataType::kInt8, DataType::kFP16},      {DataType::kInt8, DataType::kInt16},
    {DataType::kInt8, DataType::kInt32},     {DataType::kUInt32, DataType::kInt16},
    {DataType::kUInt32, DataType::kUInt16},  {DataType::kUInt32, DataType::kUInt8},
    {DataType::kUInt8, DataType::kFP16},     {DataType::kUInt8, DataType::kUInt16},
};

class A5 : public Backend {
 public:
  absl::string_view Name() const override { return "a5"; }
  absl::string_view ChipName() const override { return "Ascend950"; }
  absl::Span<const TcvtEdge> GetTcvtAdjacency() const override { return kTcvt; }

  bool SupportsTselsDataType(DataType t) const override {
    switch (t.code()) {
      case DataType::kInt8: case DataType::kUInt8: case DataType::kInt16:
      case DataType::kUInt16: case DataType::kInt32: case DataType::kUInt32:
      case DataType::kFP16: case DataType::kFP32:
        return true;
      default:
        return false;
    }
  }
  bool SupportsTselDataType(DataType t) const override {
    return t == DataType::kBF16 || SupportsTselsDataType(t);
  }

  // A5's TSELS puts no constraint on where its scratch lives.
  bool TselsTmpMayOverlapInputs() const override { return true; }

  // pto-isa's A5 store pipe does not honour a BF16 atomic add (its tstore
  // ST cases run the BF16 destination non-atomically); accumulate in FP32.
  bool SupportsAtomicAddDataType(DataType t) const override {
    switch (t.code()) {
      case DataType::kFP32: case DataType::kFP16: case DataType::kInt32:
      case DataType::kInt16: case DataType::kInt8:
        return true;
      default:
        return false;
    }
  }

  // FP4 is the only 4-bit dtype with an A5 load/store and carrier ABI.
  bool GatherTakesFlatIndices() const override { return true; }
  bool SupportsIncoreDataType(DataType t) const override {
    return t.bits() != 4 || t == DataType::kFP4;
  }
  bool SupportsMxQuantization() const override { return true; }

  // A5's TSEL and TSELS both take a fixed 32-byte UINT8 scratch row.
  ScratchPlan PlanOpScratch(absl::string_view op, const ScratchRequest& r) const override {
    if (std::optional<ScratchPlan> done = PrecheckSelectScratch(op, r)) return *done;
    return ScratchPlan::Required(DataType::kUInt8, {1, 32});
  }

  // A5 converts every native pair in one instruction, saturating or not.
  ScratchPlan PlanTcvtScratch(const TcvtScratchRequest&) const override {
    return ScratchPlan::NotRequired();
  }
};

}  // namespace

const Backend& A5Backend() {
  static const A5* const backend = new A5();
  return *backend;
}

}  // namespace pto::backends
