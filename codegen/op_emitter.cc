#include "codegen/op_emitter.h"

#include "absl/strings/match.h"
#include "ir/check.h"

namespace pto::codegen {

void OpEmitterTable::Add(const OpEmitter& emitter) {
  bool inserted = emitters_.emplace(emitter.op, emitter).second;
  PTO_CHECK(inserted) << "two PTO emitters for " << emitter.op;
}

const OpEmitter* OpEmitterTable::Find(absl::string_view op) const {
  auto it = emitters_.find(op);
  return it == emitters_.end() ? nullptr : &it->second;
}

const OpEmitterTable& PtoOpEmitters() {
  static const OpEmitterTable* const table = [] {
    auto* t = new OpEmitterTable();
    AddElementwiseEmitters(*t);
    AddCastEmitters(*t);
    AddCompareEmitters(*t);
    AddMemoryEmitters(*t);
    AddViewEmitters(*t);
    AddCommEmitters(*t);
    AddQuantEmitters(*t);
    AddLayoutEmitters(*t);
    AddLaunchEmitters(*t);
    return t;
  }();
  return *table;
}

}  // namespace pto::codegen
