// NumPy .npy files (format versions 1.0, 2.0 and 3.0) and how IR dtypes are
// stored in them.
//
// An NpyArray is a parsed file: its dtype descriptor, its shape and its data
// bytes in C (row-major) order - a Fortran-ordered file is transposed on
// load. Only little-endian (or byte-order-free) numeric dtypes are accepted:
// <f2 <f4 <f8, <i1..<i8, <u1..<u8 and |b1 (with '|' or '=' where NumPy
// writes them for one-byte types). Malformed files are errors naming the
// problem; nothing crashes on bad input.
//
// IR dtypes without a NumPy dtype are raw codes in the unsigned type of the
// same width: BF16 as <u2; FP8E4M3FN, FP8E5M2, HF8 and FP8E8M0 as |u1. The
// 4-bit dtypes FP4 and INT4 are packed two codes per byte, low nibble first,
// so their last dim on disk is ceil(n / 2) |u1 bytes. INDEX is <i8, BOOL |b1.
//
//   absl::StatusOr<NpyArray> a = ParseNpy(file_bytes);
//   std::string bytes = SerializeNpy(NpyDescrFor(DataType::kBF16), {16, 16}, data);

#ifndef PTO_SIM_NPY_NPY_H_
#define PTO_SIM_NPY_NPY_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "ir/dtype.h"

namespace pto::sim {

struct NpyArray {
  std::string descr;  // normalised: '<' or '|' byte order, e.g. "<f4", "|u1"
  std::vector<int64_t> shape;
  std::string data;  // C-order bytes

  int64_t NumElements() const;
  // Bytes per element of the descriptor.
  int ItemSize() const;
};

absl::StatusOr<NpyArray> ParseNpy(absl::string_view bytes);
// A version 1.0 file (2.0 when the header needs it).
std::string SerializeNpy(absl::string_view descr, absl::Span<const int64_t> shape,
                         absl::string_view data);

absl::StatusOr<NpyArray> ReadNpyFile(const std::string& path);

// The descriptor an IR dtype is stored as (see the file comment).
std::string NpyDescrFor(ir::DataType dtype);
// The on-disk shape of an IR array of `shape` (the last dim packed for 4-bit
// dtypes).
std::vector<int64_t> NpyShapeFor(ir::DataType dtype, absl::Span<const int64_t> shape);

}  // namespace pto::sim

#endif  // PTO_SIM_NPY_NPY_H_
