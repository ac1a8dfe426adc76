// An op's assembly format: how the text after its name spells its operands,
// types and attributes, in the notation of PTOAS's declarative formats
// (TableGen `assemblyFormat`), reduced to what PTO ops use. A spec is a
// space-separated list of elements:
//
//   $name         one SSA operand, in role `name`
//   $name*        a comma-separated list of operands (possibly none)
//   type($name)   the type of role `name`'s operands, one per operand,
//                 comma-separated; type(results) types the results
//   @name         one token (identifier, number, string, #attr) kept as
//                 attribute `name`
//   attr-dict     an optional `{name = value, ...}`
//   [[ ... ]]     an optional group, read when its first element matches
//   [[ A | B ]]   alternatives: the first whose first element matches
//   anything else a literal token: `ins`, `(`, `,`, `->`, `offsets`, ...
//
//   OpFormat f = *OpFormat::Compile(
//       "ins ( $src0 , $src1 : type($src0) , type($src1) ) outs ( $dst : type($dst) ) attr-dict");
//   f.Parse(cursor, op);   // cursor just after `pto.tadd`

#ifndef PTO_SIM_PTO_FORMAT_H_
#define PTO_SIM_PTO_FORMAT_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "sim/pto/cursor.h"
#include "sim/pto/module.h"

namespace pto::sim::pto_text {

class OpFormat {
 public:
  // An error for a malformed spec (an unclosed group, a type of no role).
  static absl::StatusOr<OpFormat> Compile(absl::string_view spec);

  // Reads the op's text after its name into `op`, whose results the caller
  // has already read.
  absl::Status Parse(Cursor& cursor, Operation& op) const;

  absl::string_view spec() const { return spec_; }

 private:
  struct Element {
    enum Kind { kLiteral, kOperand, kOperandList, kTypes, kResultTypes, kAttrToken, kAttrDict,
                kOptional };
    Kind kind;
    std::string text;  // the literal, or the role / attribute name
    std::vector<std::vector<Element>> alternatives;  // kOptional
  };
  // Compiles words[i...] up to the end, or (in a group) up to `|` or `]]`,
  // where it stops.
  static absl::StatusOr<std::vector<Element>> CompileList(std::vector<absl::string_view>& words,
                                                          size_t& i, bool in_group);
  static bool Starts(const Element& e, const Cursor& c);
  absl::Status ParseList(const std::vector<Element>& list, Cursor& c, Operation& op) const;

  std::string spec_;
  std::vector<Element> elements_;
};

// `{name = value, ...}` (a value is one token; `name` alone means a unit
// attribute), appended to `attrs`. The cursor is at `{`.
absl::Status ParseAttrDict(Cursor& c, std::vector<Attribute>& attrs);

}  // namespace pto::sim::pto_text

#endif  // PTO_SIM_PTO_FORMAT_H_
