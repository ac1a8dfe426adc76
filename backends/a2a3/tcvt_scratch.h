// The scratch buffer of a non-saturating narrowing pto.tcvt on Ascend910.
//
// A2/A3 has no native non-saturating conversion for these pairs; PTOAS
// lowers each as a chunked vector sequence that emulates the target's
// overflow behaviour, staging the chunks in a byte buffer the kernel
// provides. The saturating forms are native and read no scratch. The
// capacity reproduces PTOAS's own sizing of that buffer (makeTCvtTmpType),
// so the tile the compiler hands over is exactly as large as the assembler
// expects.
//
//   TcvtNeedsScratch(DataType::kFP16, DataType::kInt8);          // true
//   TcvtScratchBytes(DataType::kFP16, DataType::kInt8, 16, 16, 16);    // 160
//   TcvtScratchBytes(DataType::kFP32, DataType::kInt16, 16, 16, 16);   // 1024

#ifndef PTO_BACKENDS_A2A3_TCVT_SCRATCH_H_
#define PTO_BACKENDS_A2A3_TCVT_SCRATCH_H_

#include <cstdint>
#include <optional>

#include "ir/dtype.h"

namespace pto::backends::a2a3 {

// Whether the non-saturating `src` -> `dst` conversion goes through the
// scratch: FP32 -> INT16 and FP16 -> INT16 / INT8 / UINT8. (FP16 -> INT4 is
// lowered by a saturating instruction that takes none.)
bool TcvtNeedsScratch(ir::DataType src, ir::DataType dst);

// Capacity in bytes of that scratch for a source of `valid_rows` x
// `valid_cols` valid elements whose rows are `physical_cols` wide: a
// multiple of 32, at least 32. nullopt if it does not fit in int64.
std::optional<int64_t> TcvtScratchBytes(ir::DataType src, ir::DataType dst, int64_t valid_rows,
                                        int64_t valid_cols, int64_t physical_cols);

}  // namespace pto::backends::a2a3

#endif  // PTO_BACKENDS_A2A3_TCVT_SCRATCH_H_
