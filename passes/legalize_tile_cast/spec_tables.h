// The LegalizeTileCast spec's two tables, transcribed for tests.
//
// For each arch, every (src, dst) pair with its chain length: 1 for the
// spec's "native" column, n for "legalized chain (n)". A pair not listed is
// one the spec rejects.
//
//   for (const SpecPair& p : SpecTable("a5")) { ... p.src, p.dst, p.hops ... }

#ifndef PTO_PASSES_LEGALIZE_TILE_CAST_SPEC_TABLES_H_
#define PTO_PASSES_LEGALIZE_TILE_CAST_SPEC_TABLES_H_

#include <optional>
#include <vector>

#include "absl/strings/string_view.h"
#include "ir/dtype.h"

namespace pto::passes::testing {

struct SpecPair {
  ir::DataType src;
  ir::DataType dst;
  int hops;
};

// "a5" or "a2a3".
std::vector<SpecPair> SpecTable(absl::string_view arch);

// Chain length the spec gives for the pair, or nullopt if it rejects it.
std::optional<int> SpecHops(absl::string_view arch, ir::DataType src, ir::DataType dst);

}  // namespace pto::passes::testing

#endif  // PTO_PASSES_LEGALIZE_TILE_CAST_SPEC_TABLES_H_
