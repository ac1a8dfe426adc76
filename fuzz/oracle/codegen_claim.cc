#include "fuzz/oracle/codegen_claim.h"

#include "absl/strings/match.h"
#include "codegen/pto_emitter.h"
#include "codegen/support.h"
#include "ir/check.h"
#include "ir/text/printer/printer.h"
#include "sim/pto/reader.h"

namespace pto::fuzz {

absl::StatusOr<std::string> EmitPtoAsClaimed(const ir::Program& program,
                                             const backends::Backend* backend) {
  absl::Status claim = codegen::CheckCodegenSupport(program, backend);
  absl::StatusOr<std::string> text = codegen::EmitPto(program, backend);
  absl::string_view target = backend != nullptr ? backend->Name() : "no backend";
  if (claim.ok()) {
    PTO_CHECK(text.ok()) << "codegen claims this program (codegen/support.h) but failed on "
                         << target << ": " << text.status() << "\n"
                         << ir::PrintProgram(program);
  } else {
    PTO_CHECK(claim.code() == absl::StatusCode::kUnimplemented) << claim;
    PTO_CHECK(text.ok() || absl::StrContains(text.status().message(), "error: codegen: "))
        << "outside the claim (" << claim.message() << "), codegen failed on " << target
        << " without a located codegen error: " << text.status() << "\n"
        << ir::PrintProgram(program);
  }
  if (text.ok()) {
    // What codegen writes is PTO as PTOAS spells it (sim/pto/grammar.h).
    absl::StatusOr<sim::pto_text::Module> read = sim::pto_text::ReadPto("emitted.pto", *text);
    PTO_CHECK(read.ok()) << "codegen wrote PTO that does not read back on " << target << ": "
                         << read.status() << "\n"
                         << *text;
  }
  return text;
}

}  // namespace pto::fuzz
