// Source location carried by IR nodes for diagnostics.
//
// Eight bytes: a 1-based line and column and an index into the owning
// Context's file table (Context::FileName). Line 0 means "unknown", which is
// what pass-synthesised nodes carry unless they copy a user node's location.
//
//   SourceLoc loc{.line = 12, .col = 5, .file = ctx.AddFile("k.py")};
//   ctx.FormatLoc(loc);   // "k.py:12:5"

#ifndef PTO_IR_SOURCE_LOC_H_
#define PTO_IR_SOURCE_LOC_H_

#include <cstdint>

namespace pto::ir {

struct SourceLoc {
  uint32_t line = 0;
  uint16_t col = 0;
  uint16_t file = 0;

  bool known() const { return line != 0; }
};

}  // namespace pto::ir

#endif  // PTO_IR_SOURCE_LOC_H_
