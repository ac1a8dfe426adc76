// The pass interface.
//
// A pass is a pure function from a program to a program: it never changes
// its input (the IR is immutable) and returns the input object itself when
// there is nothing to do. User-caused failures (e.g. a cast the target cannot
// perform) are returned as a Status that names the source location.
//
//   class MyPass : public Pass {
//    public:
//     absl::string_view name() const override { return "my-pass"; }
//     absl::string_view description() const override { return "..."; }
//     absl::StatusOr<ir::Program> Run(const ir::Program& p, PassContext& ctx) const override;
//   };
//
// Properties follow PyPTO: each pass declares which IR properties it
// requires, produces and invalidates; the pass manager checks them.

#ifndef PTO_PASSES_PASS_H_
#define PTO_PASSES_PASS_H_

#include <cstdint>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/functional/function_ref.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/function.h"

namespace pto::backends {
class Backend;
}  // namespace pto::backends

namespace pto::passes {

// The IR properties of upstream PyPTO's pipeline (its IRProperty set, same
// names and order), so that every pass of that pipeline can declare what it
// requires, produces and invalidates. Which of them the verifier
// establishes is the pass manager's kVerifiedProperties; a property a pass
// requires that no earlier step established stops the pipeline.
//
// One list gives both the enumerators and IRPropertyName's spellings.
#define PTO_IR_PROPERTIES(X) \
  X(SSAForm) \
  X(TypeChecked) \
  X(NoNestedCalls) \
  X(NormalizedStmtStructure) \
  X(NoRedundantBlocks) \
  X(SplitIncoreOrch) \
  X(HasMemRefs) \
  X(IncoreTileOps) \
  X(AllocatedMemoryAddr) \
  X(MixedKernelExpanded) \
  X(ClusterOutlined) \
  X(TileOps2D) \
  X(TileMemoryInferred) \
  X(BreakContinueValid) \
  X(UseAfterDef) \
  X(HierarchyOutlined) \
  X(StructuredCtrlFlow) \
  X(VectorKernelSplit) \
  X(OutParamNotShadowed) \
  X(NoNestedInCore) \
  X(InOutUseValid) \
  X(PipelineLoopValid) \
  X(PipelineResolved) \
  X(CallDirectionsResolved) \
  X(TileTypeCoherence) \
  X(InlineFunctionsEliminated) \
  X(OrchestrationReferencesResolved) \
  X(TensorViewCanonical) \
  X(ArrayNotEscaped) \
  X(CommDomainScopesMaterialized) \
  X(DistTensorCtxMaterialized) \
  X(RuntimeScopesMaterialized) \
  X(AssignTypeSymmetry) \
  X(ManualDepsOnSubmitOnly) \
  X(ReturnParamsExplicit) \
  X(UnrollResolved) \
  X(AivSplitValid) \
  X(HardSyncallOccupancyValid) \
  X(IterArgCarryClassified) \
  X(AccToGmStoreValid) \
  X(AtomicAddDtypeValid)

enum class IRProperty : uint8_t {
#define PTO_IR_PROPERTY_ENUMERATOR(name) k##name,
  PTO_IR_PROPERTIES(PTO_IR_PROPERTY_ENUMERATOR)
#undef PTO_IR_PROPERTY_ENUMERATOR
  kCount,  // not a property: the number of them
};
static_assert(static_cast<int>(IRProperty::kCount) <= 64, "IRPropertySet is one uint64_t");

class IRPropertySet {
 public:
  IRPropertySet() = default;
  IRPropertySet(std::initializer_list<IRProperty> props) {
    for (IRProperty p : props) Insert(p);
  }
  void Insert(IRProperty p) { bits_ |= Bit(p); }
  void Remove(IRProperty p) { bits_ &= ~Bit(p); }
  bool Contains(IRProperty p) const { return (bits_ & Bit(p)) != 0; }
  bool ContainsAll(IRPropertySet other) const { return (bits_ & other.bits_) == other.bits_; }
  IRPropertySet Union(IRPropertySet o) const { return IRPropertySet(bits_ | o.bits_); }
  IRPropertySet Difference(IRPropertySet o) const { return IRPropertySet(bits_ & ~o.bits_); }
  bool empty() const { return bits_ == 0; }
  // The property with the smallest enumerator; the set must not be empty.
  IRProperty First() const {
    int i = 0;
    while ((bits_ & (uint64_t{1} << i)) == 0) ++i;
    return static_cast<IRProperty>(i);
  }
  friend bool operator==(IRPropertySet a, IRPropertySet b) { return a.bits_ == b.bits_; }

 private:
  explicit IRPropertySet(uint64_t bits) : bits_(bits) {}
  static uint64_t Bit(IRProperty p) { return uint64_t{1} << static_cast<int>(p); }
  uint64_t bits_ = 0;
};

absl::string_view IRPropertyName(IRProperty p);

struct PassProperties {
  IRPropertySet required;
  IRPropertySet produced;
  IRPropertySet invalidated;
};

// What a pass may consult besides the program: the target and options.
class PassContext {
 public:
  PassContext() = default;
  explicit PassContext(const backends::Backend* backend) : backend_(backend) {}

  // The configured target, or nullptr. Passes ask the backend what the
  // target can do; they never branch on its name.
  const backends::Backend* backend() const { return backend_; }
  void set_backend(const backends::Backend* backend) { backend_ = backend; }

  // Free-form `key=value` options for passes (e.g. from pto-opt flags).
  const std::string* FindOption(absl::string_view key) const;
  void SetOption(absl::string_view key, absl::string_view value);

 private:
  const backends::Backend* backend_ = nullptr;
  absl::flat_hash_map<std::string, std::string> options_;
};

class Pass {
 public:
  virtual ~Pass() = default;
  // Kebab-case CLI name, e.g. "legalize-tile-cast".
  virtual absl::string_view name() const = 0;
  virtual absl::string_view description() const = 0;
  virtual PassProperties properties() const { return {}; }
  virtual absl::StatusOr<ir::Program> Run(const ir::Program& program,
                                          PassContext& ctx) const = 0;
};

// The function-at-a-time walk most passes are: `rewrite` maps each function
// to itself or a replacement, and the result is `program` itself when none
// changed (an unchanged program stays the same object), else a new program
// of the same name. The first error stops the walk.
//
//   return RewriteFunctions(program, [&](const ir::Function* f)
//                               -> absl::StatusOr<const ir::Function*> { ... });
absl::StatusOr<ir::Program> RewriteFunctions(
    const ir::Program& program,
    absl::FunctionRef<absl::StatusOr<const ir::Function*>(const ir::Function*)> rewrite);

}  // namespace pto::passes

#endif  // PTO_PASSES_PASS_H_
