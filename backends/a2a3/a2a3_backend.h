// Ascend910 ("a2a3"): the native tcvt table, select scratch and the
// non-saturating tcvt scratch (tcvt_scratch.h) of pto-isa's A2/A3 profile.
//
//   const Backend& a2a3 = A2A3Backend();
//   a2a3.IsNativeTcvt(DataType::kInt32, DataType::kFP16);   // true

#ifndef PTO_BACKENDS_A2A3_A2A3_BACKEND_H_
#define PTO_BACKENDS_A2A3_A2A3_BACKEND_H_

#include "backends/backend.h"

namespace pto::backends {

const Backend& A2A3Backend();

}  // namespace pto::backends

#endif  // PTO_BACKENDS_A2A3_A2A3_BACKEND_H_
