// The PTO grammar we target: for every op our codegen writes, the format of
// its text after the op name (format.h) and how many results it defines.
// This is the one table of PTOAS's op syntax in the project; docs/codegen.md
// says which PTOAS version it transcribes.
//
//   const OpGrammar* g = FindOpGrammar("pto.tmov");
//   g->format.Parse(cursor, op);       // ins($src : T [, $fp : T]) outs($dst : T)
//
// Structural ops (module, func.func, scf.for, scf.if, scf.while) have
// regions and are read by the reader itself (reader.cc).

#ifndef PTO_SIM_PTO_GRAMMAR_H_
#define PTO_SIM_PTO_GRAMMAR_H_

#include <vector>

#include "absl/strings/string_view.h"
#include "sim/pto/format.h"

namespace pto::sim::pto_text {

struct OpGrammar {
  absl::string_view name;
  OpFormat format;
  int results;  // how many values the op defines
};

// Null for an op outside the grammar.
const OpGrammar* FindOpGrammar(absl::string_view name);

// Every entry, for tests and documentation.
const std::vector<OpGrammar>& AllOpGrammars();

}  // namespace pto::sim::pto_text

#endif  // PTO_SIM_PTO_GRAMMAR_H_
