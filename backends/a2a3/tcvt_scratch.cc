#include "backends/a2a3/tcvt_scratch.h"

#include <algorithm>

namespace pto::backends::a2a3 {
namespace {

using ir::DataType;

// PTOAS's terms, in 32-byte blocks. FP32 source: a head of 4 bytes per
// element over whole 64-element column chunks (at most 255 of them) or, when
// the valid columns leave a ragged chunk, a tail spanning the physical rows
// up to the last valid one (at most 255 rows) plus that chunk's blocks;
// whichever is larger. FP16 source: the blocks of one chunk of at most 64
// columns, and at least 128 bytes more when the destination is a byte.
constexpr int64_t kBlockBytes = 32;
constexpr int64_t kChunkElems = 64;
constexpr int64_t kFp32StagedBytes = 4;
constexpr int64_t kMaxRepeat = 255;
constexpr int64_t kFp32ElemsPerBlock = 8;
constexpr int64_t kFp16ElemsPerI16Block = 8;
constexpr int64_t kFp16ElemsPerI8Block = 16;
constexpr int64_t kFp16ToByteStagingBytes = 128;

int64_t CeilDiv(int64_t n, int64_t d) { return n / d + (n % d != 0 ? 1 : 0); }

std::optional<int64_t> Fp32Bytes(int64_t rows, int64_t cols, int64_t physical_cols) {
  int64_t head = kFp32StagedBytes * kChunkElems * std::min(cols / kChunkElems, kMaxRepeat);
  int64_t rem = cols % kChunkElems;
  if (rem == 0) return head;
  int64_t blocks = 0;
  if (__builtin_mul_overflow(std::min(rows, kMaxRepeat) - 1, physical_cols / kFp32ElemsPerBlock,
                             &blocks) ||
      __builtin_add_overflow(blocks, CeilDiv(rem, kFp32ElemsPerBlock), &blocks) ||
      __builtin_mul_overflow(blocks, kBlockBytes, &blocks)) {
    return std::nullopt;
  }
  return std::max(head, blocks);
}

int64_t Fp16Bytes(int64_t cols, DataType dst) {
  int64_t width = std::min(cols, kChunkElems);
  int64_t to_i16 = kBlockBytes * CeilDiv(width, kFp16ElemsPerI16Block);
  if (dst != DataType::kInt8 && dst != DataType::kUInt8) return to_i16;
  return std::max(to_i16,
                  kFp16ToByteStagingBytes + kBlockBytes * CeilDiv(width, kFp16ElemsPerI8Block));
}

}  // namespace

bool TcvtNeedsScratch(DataType src, DataType dst) {
  if (src == DataType::kFP32) return dst == DataType::kInt16;
  return src == DataType::kFP16 &&
         (dst == DataType::kInt16 || dst == DataType::kInt8 || dst == DataType::kUInt8);
}

std::optional<int64_t> TcvtScratchBytes(DataType src, DataType dst, int64_t valid_rows,
                                        int64_t valid_cols, int64_t physical_cols) {
  int64_t bytes = 0;
  if (src == DataType::kFP32 && valid_rows > 0 && valid_cols > 0) {
    std::optional<int64_t> b = Fp32Bytes(valid_rows, valid_cols, physical_cols);
    if (!b) return std::nullopt;
    bytes = *b;
  } else if (src == DataType::kFP16 && valid_cols > 0) {
    bytes = Fp16Bytes(valid_cols, dst);  // the rows do not matter
  }
  // Round up to whole blocks; never below one block.
  return std::max(kBlockBytes, CeilDiv(bytes, kBlockBytes) * kBlockBytes);
}

}  // namespace pto::backends::a2a3
