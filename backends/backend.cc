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
  return std::nullopt;
}

}  // namespace pto::backends
