// pto_reader_fuzzer: arbitrary bytes -> ReadPto (//sim/pto:reader).
//
// Properties, for every input:
//   * reading never crashes, leaks or aborts, however deep the regions nest;
//   * a rejection is an InvalidArgument whose message is a located
//     diagnostic, `fuzz.pto:LINE:COL: error: ...`;
//   * an accepted module holds only functions, and every op in it is a
//     structural op or one the grammar table knows; every operand names a
//     value, and reading the same text again gives the same op count.

#include <cstddef>
#include <cstdint>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/string_view.h"
#include "fuzz/located_diagnostic.h"
#include "fuzz/max_input.h"
#include "ir/check.h"
#include "sim/pto/grammar.h"
#include "sim/pto/reader.h"

namespace {

using pto::sim::pto_text::Block;
using pto::sim::pto_text::Operation;

constexpr absl::string_view kFile = "fuzz.pto";

// 16 KiB holds a kernel of a few dozen ops with their long tile types;
// reading is linear, so longer inputs only slow the search.
constexpr size_t kMaxInput = 16384;

bool IsStructural(absl::string_view name) {
  return name == "func.func" || name == "scf.for" || name == "scf.if" || name == "scf.while";
}

size_t CheckBlock(const Block& block) {
  size_t n = 0;
  for (const Operation& op : block.ops) {
    PTO_CHECK(IsStructural(op.name) || pto::sim::pto_text::FindOpGrammar(op.name) != nullptr)
        << "accepted an op outside the grammar: " << op.name;
    for (const auto& o : op.operands) {
      PTO_CHECK(absl::StartsWith(o.value, "%")) << op.name << " has an operand that is no value";
    }
    ++n;
    for (const Block& region : op.regions) n += CheckBlock(region);
  }
  return n;
}

}  // namespace

extern "C" size_t PtoFuzzMaxInput() { return kMaxInput; }

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > kMaxInput) return 0;
  absl::string_view text(reinterpret_cast<const char*>(data), size);
  auto module = pto::sim::pto_text::ReadPto(kFile, text);
  if (!module.ok()) {
    PTO_CHECK(module.status().code() == absl::StatusCode::kInvalidArgument) << module.status();
    PTO_CHECK(pto::fuzz::IsLocatedDiagnostic(module.status().message(), kFile))
        << "unlocated PTO reader error: " << module.status();
    return 0;
  }
  for (const Operation& fn : module->body().ops) PTO_CHECK(fn.name == "func.func") << fn.name;
  size_t ops = CheckBlock(module->body());
  auto again = pto::sim::pto_text::ReadPto(kFile, text);
  PTO_CHECK(again.ok() && CheckBlock(again->body()) == ops) << "a second read differs";
  return 0;
}
