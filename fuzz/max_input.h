// The longest input a harness reads, announced to libFuzzer.
//
// Every harness returns at once on inputs longer than what it decodes. Left
// alone, libFuzzer grows inputs well past that (its -max_len defaults to
// 4096 or the corpus's longest file) and spends executions on ones the
// harness throws away, which also inflates exec/s. A harness that defines
// PtoFuzzMaxInput() starts with -max_len set to it (fuzz/libfuzzer_flags.cc);
// a -max_len given on the command line still wins.
//
//   constexpr size_t kMaxInput = 64;
//   extern "C" size_t PtoFuzzMaxInput() { return kMaxInput; }

#ifndef PTO_FUZZ_MAX_INPUT_H_
#define PTO_FUZZ_MAX_INPUT_H_

#include <cstddef>

extern "C" size_t PtoFuzzMaxInput();

#endif  // PTO_FUZZ_MAX_INPUT_H_
