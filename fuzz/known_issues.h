// Defects the fuzzers found in other components, which the harnesses step
// around until they are fixed (docs/fuzzing.md lists them by ID).
//
// Each suppression is as narrow as the defect: it skips one property for
// the inputs the defect affects and keeps checking everything else. Each
// defect has a reproducer in fuzz/corpus/<fuzzer>/known_<ID>_*; while the
// suppression is in place it replays cleanly, and once the defect is fixed
// and its suppression deleted it is the regression test.
//
//   if (!pto::fuzz::known::HasNonFiniteFloat(program)) { ...round-trip... }
//
// With PTO_FUZZ_NO_SUPPRESSIONS=1 in the environment every predicate here
// answers false (and the generator stops steering around F1-F3), so the
// reproducers show whether their defect is still open:
//
//   PTO_FUZZ_NO_SUPPRESSIONS=1 bazel-bin/fuzz/parser_fuzzer fuzz/corpus/parser_fuzzer/known_F4_*

#ifndef PTO_FUZZ_KNOWN_ISSUES_H_
#define PTO_FUZZ_KNOWN_ISSUES_H_

#include "ir/function.h"

namespace pto::fuzz::known {

// False when PTO_FUZZ_NO_SUPPRESSIONS is set: every suppression is off.
bool SuppressionsEnabled();

// F1: a Var (param or local) named like a `pl.dynamic` dim: the printer
// does not keep the two names apart, so the local shadows the dim.
bool HasVarNamedLikeDynamicDim(const ir::Program& program);

// F3: a type dim whose arithmetic mixes dtypes (an INDEX-typed `b + 7`
// over an INT64 `b`, as the op deducers' extent helpers build): the parser
// re-types it by the scalar promotion rules, so the annotation no longer
// matches.
bool HasMixedDtypeExtent(const ir::Program& program);

// F2: Neg of a literal (`UnaryExpr(kNeg, ConstInt 0)`, as MakeScalarUnary
// builds) prints as a negative literal (`-0`), which the parser folds into
// a constant: no structural round trip, and `-0` / `--2` re-print
// differently. Steered around by the generator (avoid_known_issues).

// F4: a float literal or float kwarg that overflows to +-inf (or is NaN)
// prints as `inf`/`nan`, which the parser does not accept.
bool HasNonFiniteFloat(const ir::Program& program);

// F5: codegen has no PTO element type for INT4, so the a2a3 chains that
// end in (or pass through) INT4 cannot be emitted. Checked in
// cast_pair_fuzzer.
//
// F6: codegen wants an even valid last dim for an FP4 tile; tile.load
// accepts an odd one. Steered around in cast_pair_fuzzer's decoder.

// F9: a call of a program function whose result type names one of the
// callee's params (`-> pl.Tensor[[n], ...]`): the caller prints a name it
// does not define.
bool HasCallTypeNamingCalleeParam(const ir::Program& program);

// F10: `N = pl.dynamic("<any string>")` names the dim after the string
// verbatim, and the printer writes that name as an identifier, so a string
// that is not one (e.g. "a b", "`M", "") prints text that does not parse.
bool HasNonIdentifierDimName(const ir::Program& program);

// F11: an empty comment line (`#` alone above a statement) is stored as an
// empty string whose data pointer is null; the printer's TextOutput::append
// passes it to memcpy, which UBSan reports (null source, even for 0 bytes).
bool HasEmptyComment(const ir::Program& program);

}  // namespace pto::fuzz::known

#endif  // PTO_FUZZ_KNOWN_ISSUES_H_
