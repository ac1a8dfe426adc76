// ParseHandWritten: the check both the hand-written test and
// tile_program_fuzzer make, that the hand-written spelling parses back to
// the generated program.

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "fuzz/gen/handwritten.h"
#include "ir/analysis/structural_equal.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"

namespace pto::fuzz {

absl::StatusOr<ir::Program> ParseHandWritten(ir::Context& ctx, const HandWritten& hand,
                                             const ir::Program& generated) {
  absl::StatusOr<ir::Program> parsed = ir::ParseProgram(ctx, hand.text, "hand_written.py");
  if (!parsed.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("hand-written program does not parse: ",
                                                   parsed.status().message(), "\n", hand.text));
  }
  absl::Status equal = ir::CheckStructuralEqual(generated, *parsed);
  if (!equal.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("hand-written program parses to another program: ", equal.message(), "\n",
                     hand.text, "\n----- generated -----\n", ir::PrintProgram(generated)));
  }
  return parsed;
}

}  // namespace pto::fuzz
