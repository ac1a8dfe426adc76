// The rank world the distributed (pld.*) kernels of the interpreter run in.
//
// dist.cc implements every pld.* op against this interface: a kernel asks it
// for this rank's index, for a peer's copy of a window, to bracket an op
// that touches another rank's memory or a signal cell, to block on a signal
// cell, and to perform a non-atomic scalar store. With
// InterpreterOptions::dist unset the kernels use SingleRankRuntime() (rank 0
// of 1: a peer other than 0 does not exist and a wait that does not already
// hold would block forever); the multi-rank simulator (sim/multirank/multirank.h)
// installs one DistRuntime per rank.
//
//   DistRuntime& rt = RuntimeOf(ctx);
//   PTO_ASSIGN_OR_RETURN(DistRuntime::Section section, DistRuntime::Section::Enter(rt, ctx));
//   PTO_ASSIGN_OR_RETURN(BufferView theirs, rt.PeerWindow(ctx, 0, *w, peer));
//   ...  // read or write `theirs`

#ifndef PTO_SIM_INTERP_DIST_RUNTIME_H_
#define PTO_SIM_INTERP_DIST_RUNTIME_H_

#include <cstdint>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "sim/interp/buffer.h"
#include "sim/interp/kernel.h"
#include "sim/numerics/scalar.h"

namespace pto::sim {

class DistRuntime {
 public:
  virtual ~DistRuntime() = default;

  virtual int64_t rank() const = 0;
  virtual int64_t nranks() const = 0;

  // `local` (a view of one of this rank's windows, argument `arg` of the
  // call) as the same view of rank `peer`'s copy: same offset and strides,
  // the peer's storage. peer == rank() is `local` itself (HCCL identity).
  virtual absl::StatusOr<BufferView> PeerWindow(const KernelContext& ctx, size_t arg,
                                                const BufferView& local, const Scalar& peer) = 0;

  // Brackets one op that reads or writes another rank's memory or a signal
  // cell. Enter is a scheduling point (another rank may run before it
  // returns); it fails when the run was abandoned (another rank failed, or
  // all deadlocked). Everything between Enter and Leave is atomic with
  // respect to the other ranks, except where Wait and PlainStore say.
  virtual absl::Status Enter(const KernelContext& ctx) = 0;
  virtual void Leave() = 0;

  // Inside a section: blocks until the INT32 cell at `bit` of `signal` (a
  // local window) compares true against `want` (>= when `ge`, else ==).
  // Other ranks run while it blocks.
  virtual absl::Status Wait(const KernelContext& ctx, const BufferView& signal, int64_t bit,
                            int64_t want, bool ge) = 0;

  // Inside a section: a non-atomic store of element code `code` at `bit` of
  // `view`. The hardware writes back the whole cache line that holds the
  // element from a copy it read earlier, so a concurrent update of any
  // neighbour in that line may be lost; a simulator models exactly that.
  virtual absl::Status PlainStore(const KernelContext& ctx, const BufferView& view, int64_t bit,
                                  uint64_t code) = 0;

  // Inside a section: an AtomicAdd notify just updated the cell at `bit` of
  // `target` (for statistics).
  virtual void Notified(const BufferView& target, int64_t bit) {
    (void)target;
    (void)bit;
  }

  // Whether an unlowered pld.tensor.* collective may run with its one-rank
  // reference kernel (only in a one-rank world).
  virtual absl::Status CheckUnloweredCollective(const KernelContext& ctx) = 0;

  // An entered section; leaves on destruction.
  class Section {
   public:
    static absl::StatusOr<Section> Enter(DistRuntime& rt, const KernelContext& ctx) {
      absl::Status s = rt.Enter(ctx);
      if (!s.ok()) return s;
      return Section(&rt);
    }
    Section(Section&& other) noexcept : rt_(std::exchange(other.rt_, nullptr)) {}
    Section& operator=(Section&&) = delete;
    ~Section() {
      if (rt_ != nullptr) rt_->Leave();
    }

   private:
    explicit Section(DistRuntime* rt) : rt_(rt) {}
    DistRuntime* rt_;
  };
};

// The built-in one-rank world (stateless; shared by every interpreter).
DistRuntime& SingleRankRuntime();

// The runtime of the interpreter running `ctx`.
inline DistRuntime& RuntimeOf(const KernelContext& ctx) {
  return ctx.options().dist != nullptr ? *ctx.options().dist : SingleRankRuntime();
}

}  // namespace pto::sim

#endif  // PTO_SIM_INTERP_DIST_RUNTIME_H_
