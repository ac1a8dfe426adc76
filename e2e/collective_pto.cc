#include "e2e/collective_pto.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "ir/comm_context.h"
#include "ir/status_macros.h"
#include "sim/interp/buffer.h"
#include "sim/pto/world.h"

namespace pto::sim::testing {
namespace {

// The bits of one rank's window: a packed buffer's whole storage span.
int64_t WindowBits(const BufferView& v) { return v.NumElements() * v.ElementBits(); }

}  // namespace

absl::Status RunCollectivePto(const pto_text::Module& module, absl::string_view function,
                              const std::vector<bool>& windows, uint64_t seed,
                              std::vector<std::vector<Value>>& args) {
  const int n = static_cast<int>(args.size());
  std::vector<std::vector<Value>> pto_args = args;
  std::vector<std::vector<Value>> contexts(static_cast<size_t>(n));
  for (size_t i = 0; i < windows.size(); ++i) {
    if (!windows[i]) continue;
    const BufferView& first = *args[0][i].buffer();
    if (!IsPacked(first, false)) return absl::InvalidArgumentError("a window must be packed");
    int64_t bits = WindowBits(first);
    if (bits % 8 != 0) return absl::InvalidArgumentError("a window must be whole bytes");
    // All ranks' copies, rank r's at byte r * W.
    Dims all = first.shape;
    all.insert(all.begin(), n);
    BufferView memory = AllocateBuffer(first.dtype, all, false);
    for (int r = 0; r < n; ++r) {
      const BufferView& own = *args[static_cast<size_t>(r)][i].buffer();
      BufferView view = first;
      view.storage = memory.storage;
      view.offset = r * bits;
      view.strides = PackedStrides(first.dtype, first.shape, false);
      ForEachIndex(own.shape, [&](absl::Span<const int64_t> index) {
        int64_t from = BitOffset(own, index), to = BitOffset(view, index);
        if (IsDefinedAt(own, from)) StoreBits(view, to, LoadBits(own, from));
      });
      pto_args[static_cast<size_t>(r)][i] = Value::Of(view);
      args[static_cast<size_t>(r)][i] = Value::Of(view);
      // The rank's CommContext for this window.
      BufferView ctx = AllocateBuffer(ir::DataType::kInt64, {ir::kCommWindowsInSlot + n}, false);
      for (int64_t s = 0; s < ir::kCommWindowsInSlot + n; ++s) StoreBits(ctx, s * 64, 0);
      StoreBits(ctx, ir::kCommRankSlot * 64,
                static_cast<uint64_t>(r) | (static_cast<uint64_t>(n) << ir::kCommRankNumShift));
      for (int q = 0; q < n; ++q) {
        StoreBits(ctx, (ir::kCommWindowsInSlot + q) * 64, static_cast<uint64_t>(q * bits / 8));
      }
      contexts[static_cast<size_t>(r)].push_back(Value::Of(ctx));
    }
  }
  for (int r = 0; r < n; ++r) {
    for (Value& c : contexts[static_cast<size_t>(r)]) pto_args[static_cast<size_t>(r)].push_back(c);
  }
  pto_text::PtoWorldOptions options;
  options.nranks = n;
  options.seed = seed;
  return pto_text::RunPtoRanks(module, function, std::move(pto_args), options);
}

}  // namespace pto::sim::testing
