// Ascend950 ("a5"): the native tcvt table and select scratch of pto-isa's
// A5 profile.
//
//   const Backend& a5 = A5Backend();
//   a5.IsNativeTcvt(DataType::kFP32, DataType::kHF8);   // true

#ifndef PTO_BACKENDS_A5_A5_BACKEND_H_
#define PTO_BACKENDS_A5_A5_BACKEND_H_

#include "backends/backend.h"

namespace pto::backends {

const Backend& A5Backend();

}  // namespace pto::backends

#endif  // PTO_BACKENDS_A5_A5_BACKEND_H_
