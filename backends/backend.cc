#include "backends/backend.h"

#include "absl/strings/str_cat.h"

namespace pto::backends {

ScratchPlan ScratchPlan::Required(ir::DataType dtype, std::vector<int64_t> shape) {
  ScratchPlan p;
  p.kind = kRequired;
  p.dtype = dtype;
  p.shape = std::move(shape);
  return p;
}

ScratchPlan ScratchPlan::NotRequired() { return ScratchPlan(); }

ScratchPlan ScratchPlan::Unsupported(std::string reason) {
  ScratchPlan p;
  p.kind = kUnsupported;
  p.reason = std::move(reason);
  return p;
}

bool Backend::IsNativeTcvt(ir::DataType from, ir::DataType to) const {
  for (const TcvtEdge& e : GetTcvtAdjacency()) {
    if (e.from == from && e.to == to) return true;
  }
  return false;
}

std::optional<ScratchPlan> Backend::PrecheckSelectScratch(absl::string_view op,
                                                          const ScratchRequest& r) const {
  bool sels = op == "tile.sels";
  if (!sels && op != "tile.sel") return ScratchPlan::NotRequired();
  const char* instr = sels ? "TSELS" : "TSEL";
  if (!(sels ? SupportsTselsDataType(r.src_dtype) : SupportsTselDataType(r.src_dtype))) {
    return ScratchPlan::Unsupported(
        absl::StrCat(instr, " does not support ", r.src_dtype.lower_name(), " on ", Name()));
  }
  if (sels && r.scalar_dtype) {
    // TSELS's scalar has the source's dtype, or the same-width signed int for
    // an unsigned source.
    ir::DataType want = r.src_dtype;
    if (want.IsUnsignedInt()) {
      switch (want.bits()) {
        case 8: want = ir::DataType::kInt8; break;
        case 16: want = ir::DataType::kInt16; break;
        case 32: want = ir::DataType::kInt32; break;
        default: break;
      }
    }
    if (*r.scalar_dtype != want) {
      return ScratchPlan::Unsupported(absl::StrCat("TSELS cannot pair a ",
                                                   r.scalar_dtype->lower_name(), " scalar with a ",
                                                   r.src_dtype.lower_name(), " source"));
    }
  }
  return std::nullopt;
}

}  // namespace pto::backends
