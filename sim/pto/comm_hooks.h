// How one rank's PTO run meets the other ranks: the multi-rank runner
// (world.h) gives each rank's interpreter an implementation; a single-rank
// run has none.
//
//   class MyHooks : public CommHooks { ... };
//   PtoInterpreter interp(module, options, launch, &hooks);

#ifndef PTO_SIM_PTO_COMM_HOOKS_H_
#define PTO_SIM_PTO_COMM_HOOKS_H_

#include <functional>

#include "absl/status/status.h"
#include "sim/pto/module.h"

namespace pto::sim::pto_text {

class CommHooks {
 public:
  virtual ~CommHooks() = default;
  // Called before every remote or signal op: another rank may run first.
  // An error abandons the run (another rank failed).
  virtual absl::Status Yield(const Operation& op) = 0;
  // Returns once `holds` is true - another rank's notify made it so - or an
  // error: the run was abandoned or deadlocked.
  virtual absl::Status WaitUntil(const Operation& op, const std::function<bool()>& holds) = 0;
};

}  // namespace pto::sim::pto_text

#endif  // PTO_SIM_PTO_COMM_HOOKS_H_
