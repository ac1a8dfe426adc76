// Normalisations shared by structural equality and structural hashing.
//
// Internal to //ir/analysis:structural_equal. Equality and hashing must agree
// on what they ignore (equal => same hash), so both take these rules from one
// place instead of restating them.

#ifndef PTO_IR_ANALYSIS_STRUCTURAL_COMMON_H_
#define PTO_IR_ANALYSIS_STRUCTURAL_COMMON_H_

#include "ir/depth_guard.h"
#include "ir/dtype.h"
#include "ir/stmt.h"

namespace pto::ir::structural {

// Deepest statement/expression nesting either walk descends into (the IR's
// one bound, ir/depth_guard.h). Equality reports deeper IR as a difference;
// hashing stops there.
inline constexpr int kMaxDepth = kMaxIrDepth;

// Bare int literals parse as INDEX while passes often build INT64, so
// integer constants (and loop variables) treat the two as one dtype.
inline DataType FoldInt64(DataType t) { return t == DataType::kInt64 ? DataType::kIndex : t; }

// A statement as a list: a SeqStmts is its children, anything else a list of
// one, so `Seq{s}` and `s` compare (and hash) alike. `slot` must outlive the
// returned span.
inline Stmts AsStmtList(const Stmt* const* slot) {
  if (const auto* seq = (*slot)->As<SeqStmts>()) return seq->stmts();
  return Stmts(slot, 1);
}

}  // namespace pto::ir::structural

#endif  // PTO_IR_ANALYSIS_STRUCTURAL_COMMON_H_
