// The interpreter covers every registered op: each op of BuiltinOps() has a
// kernel in BuiltinKernels() or an entry, with its reason, in ExcludedOps().

#include <iostream>

#include "gtest/gtest.h"
#include "ir/ops/builtin.h"
#include "sim/interp/kernel.h"

namespace pto::sim {
namespace {

const KernelExclusion* FindExclusion(absl::string_view name) {
  for (const KernelExclusion& e : ExcludedOps()) {
    if (e.op_name == name) return &e;
  }
  return nullptr;
}

TEST(CoverageTest, EveryRegisteredOpHasAKernelOrAJustifiedExclusion) {
  int covered = 0;
  for (const ir::Op* op : ir::BuiltinOps().SortedOps()) {
    bool has_kernel = BuiltinKernels().Find(op->name()) != nullptr;
    const KernelExclusion* excluded = FindExclusion(op->name());
    EXPECT_TRUE(has_kernel || excluded != nullptr)
        << op->name() << " has neither a kernel nor an exclusion";
    EXPECT_FALSE(has_kernel && excluded != nullptr) << op->name() << " is both run and excluded";
    covered += has_kernel;
  }
  std::cout << "interpreter covers " << covered << " of " << ir::BuiltinOps().SortedOps().size()
            << " registered ops; " << ExcludedOps().size() << " excluded\n";
}

TEST(CoverageTest, ExclusionsAndKernelsNameRegisteredOps) {
  for (const KernelExclusion& e : ExcludedOps()) {
    EXPECT_NE(ir::BuiltinOps().Find(e.op_name), nullptr) << "stale exclusion " << e.op_name;
    EXPECT_FALSE(e.reason.empty()) << e.op_name;
  }
  for (const std::string& name : BuiltinKernels().Names()) {
    EXPECT_NE(ir::BuiltinOps().Find(name), nullptr) << "kernel for an unregistered op " << name;
  }
}

}  // namespace
}  // namespace pto::sim
