// The two emitter-core services the distributed (pld.*) emitters in
// comm_emitters.cc need and FunctionEmitter does not provide yet.
//
//   * comm_context: the SSA name of the `!pto.ptr<i64>` CommContext of a
//     window operand. The runtime passes one CommContext per window
//     (rankId/rankNum at byte 16, windowsIn[] at byte 32); the kernel
//     signature must carry it, which only the core can add.
//   * bind_scalar_result: binds the var the current call is assigned to
//     (pld.system.rank / nranks, tensor.read) to a scalar SSA value.
//
// Until the core installs real hooks, the defaults fail with Unimplemented at
// the op, naming the missing service; tests install fakes to pin the text.
//
//   CommCodegenHooks fake = {&FakeContext, &FakeBind};
//   ScopedCommCodegenHooks scope(fake);   // restored on destruction

#ifndef PTO_CODEGEN_COMM_EMITTERS_H_
#define PTO_CODEGEN_COMM_EMITTERS_H_

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "codegen/function_emitter.h"
#include "ir/expr.h"

namespace pto::codegen {

struct CommCodegenHooks {
  absl::StatusOr<absl::string_view> (*comm_context)(FunctionEmitter& e, const ir::Expr* window);
  absl::Status (*bind_scalar_result)(FunctionEmitter& e, const ScalarValue& value);
};

// The hooks in effect (the failing defaults unless a scope installed others).
const CommCodegenHooks& CurrentCommCodegenHooks();

// Installs `hooks` for its lifetime (not thread-safe; one emission at a time).
class ScopedCommCodegenHooks {
 public:
  explicit ScopedCommCodegenHooks(const CommCodegenHooks& hooks);
  ~ScopedCommCodegenHooks();
  ScopedCommCodegenHooks(const ScopedCommCodegenHooks&) = delete;
  ScopedCommCodegenHooks& operator=(const ScopedCommCodegenHooks&) = delete;

 private:
  CommCodegenHooks saved_;
};

}  // namespace pto::codegen

#endif  // PTO_CODEGEN_COMM_EMITTERS_H_
