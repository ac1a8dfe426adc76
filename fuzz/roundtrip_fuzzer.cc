// roundtrip_fuzzer: bytes -> a random well-typed program (program_generator.h)
// -> the text form and back.
//
// Properties, for every generated program P:
//   * VerifyProgram(P) is OK (else the generator is wrong);
//   * parse(print(P)) succeeds, is structurally equal to P, and prints
//     exactly as P does (print is a fixed point);
//   * the concise print (no type annotations) parses to a program
//     structurally equal to P whose full print is print(P): the annotations
//     carry nothing the values do not;
//   * on a5 and on a2a3, PTO codegen emits P wherever it claims support
//     (codegen/support.h); elsewhere it emits P or refuses it with a located
//     `codegen:` error (fuzz/oracle/codegen_claim.h). About 15% of the
//     generated programs are claimed: most hold orchestration functions,
//     tile params, composite or tensor-level ops.

#include <cstddef>
#include <cstdint>
#include <string>

#include <fuzzer/FuzzedDataProvider.h>

#include "absl/status/status.h"
#include "backends/registry.h"
#include "fuzz/max_input.h"
#include "fuzz/oracle/codegen_claim.h"
#include "fuzz/gen/program_generator.h"
#include "ir/analysis/structural_equal.h"
#include "ir/analysis/verifier.h"
#include "ir/check.h"
#include "ir/context.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"

namespace ir = pto::ir;

namespace {

// Generation draws a byte or two per decision, so 512 bytes already fill
// the budgets below (3 functions of up to 12 statements); longer inputs
// would only repeat that at a lower exec rate.
constexpr size_t kMaxInput = 512;

// Small programs: every check below is linear in the program, and a bug
// that needs more than a dozen statements per function to show is rare
// next to the executions a larger budget would cost.
pto::fuzz::GeneratorOptions FuzzOptions() {
  pto::fuzz::GeneratorOptions options;
  options.max_functions = 3;
  options.max_stmts = 12;
  options.max_depth = 3;
  return options;
}

ir::PrintOptions Concise() {
  ir::PrintOptions options;
  options.concise = true;
  return options;
}

}  // namespace

extern "C" size_t PtoFuzzMaxInput() { return kMaxInput; }

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > kMaxInput) return 0;
  static const pto::fuzz::ProgramGenerator* const generator =
      new pto::fuzz::ProgramGenerator(FuzzOptions());
  FuzzedDataProvider input(data, size);
  ir::Context ctx;
  ir::Program program = generator->Generate(ctx, input);
  std::string printed = ir::PrintProgram(program);

  absl::Status verified = ir::VerifyProgram(program);
  PTO_CHECK(verified.ok()) << "generated program does not verify: " << verified << "\n" << printed;

  ir::Context ctx2;
  absl::StatusOr<ir::Program> reparsed = ir::ParseProgram(ctx2, printed, "roundtrip.py");
  PTO_CHECK(reparsed.ok()) << "printed program does not parse: " << reparsed.status() << "\n"
                           << printed;
  absl::Status equal = ir::CheckStructuralEqual(program, *reparsed);
  PTO_CHECK(equal.ok()) << "reparse differs: " << equal << "\n" << printed;
  std::string reprinted = ir::PrintProgram(*reparsed);
  PTO_CHECK(reprinted == printed) << "print is not a fixed point:\n"
                                  << printed << "\n----- reprinted -----\n"
                                  << reprinted;

  std::string concise = ir::PrintProgram(program, Concise());
  ir::Context ctx3;
  absl::StatusOr<ir::Program> from_concise = ir::ParseProgram(ctx3, concise, "concise.py");
  PTO_CHECK(from_concise.ok()) << "concise program does not parse: " << from_concise.status()
                               << "\n"
                               << concise;
  equal = ir::CheckStructuralEqual(program, *from_concise);
  PTO_CHECK(equal.ok()) << "concise reparse differs: " << equal << "\n" << concise;
  PTO_CHECK(ir::PrintProgram(*from_concise) == printed)
      << "the concise reparse prints differently:\n"
      << concise;

  for (absl::string_view arch : {"a5", "a2a3"}) {
    pto::fuzz::EmitPtoAsClaimed(program, *pto::backends::FindBackend(arch)).IgnoreError();
  }
  return 0;
}
