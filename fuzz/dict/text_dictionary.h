// The libFuzzer dictionary of the text-form harnesses (parser_fuzzer,
// roundtrip_fuzzer), built from the tables the front end itself reads, so it
// cannot drift from the language:
//
//   * every op of the built-in registry (ir/ops/builtin.h), spelled as the
//     printer spells a call: "pl.tile.cast", "pld.tensor.allreduce", with
//     PyPTO's trailing '_' on a name that is a Python keyword;
//   * every op kwarg name followed by '=' ("target_type="), and the
//     wrapper parameters of the DSL's call table (ir/text/dsl/dsl_ops.h);
//   * every unified name of that table as written, "pl.add", "pl.load",
//     "pld.rank";
//   * the hand-written DSL's statement-level forms (decorators and their
//     arguments, scopes, scope loops, loops, pl.submit, markers, annotation
//     heads; kDslForms in text_dictionary.cc), each checked by dict_test to
//     occur in a golden program of testdata/;
//   * every dtype of the dtype table (ir/dtype.h) as the DSL spells it,
//     "pl.FP16";
//   * every Python keyword the lexer recognises (ir/text/lexer/lexer.h).
//
//   std::string dict = pto::fuzz::TextFormDictionary();   // the whole file
//   EscapeDictValue("a\"b");                              // a\"b
//
// The //fuzz:text_dictionaries genrule writes it with //fuzz/dict:dict_gen.

#ifndef PTO_FUZZ_DICT_TEXT_DICTIONARY_H_
#define PTO_FUZZ_DICT_TEXT_DICTIONARY_H_

#include <string>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace pto::fuzz {

// libFuzzer's dictionary format: one `name="value"` line per entry, comments
// start with '#'.
std::string TextFormDictionary();

// `s` as the inside of a libFuzzer dictionary string: backslash and double
// quote escaped, every byte outside printable ASCII as \xNN.
std::string EscapeDictValue(absl::string_view s);

// The hand-written DSL's statement-level forms the dictionary lists.
absl::Span<const absl::string_view> DslForms();

// The printer's spelling of a call of the op `name` (ir/text/printer/stmt.cc,
// Printer::PrintCall): "pl.tile.cast", "pld.system.notify", "pl.tile.and_".
std::string CallSpelling(absl::string_view name);

}  // namespace pto::fuzz

#endif  // PTO_FUZZ_DICT_TEXT_DICTIONARY_H_
