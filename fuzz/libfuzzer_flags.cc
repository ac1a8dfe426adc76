// libFuzzer flag defaults for every harness built with --config=fuzz. They go
// right after the program name, so flags given on the command line come later
// and win: `-entropic=1` turns the entropic schedule back on.
//
// entropic=0: the entropic power schedule updates per-feature frequencies on
// every execution, and our harnesses hit tens of thousands of features per
// run; measured over 40 s from the checked-in corpora it took 52-63% of the
// time, and turning it off gave 2-3x the executions and *more* coverage
// (tile_program: 42 -> 85 exec/s, cov 13551 -> 13730; roundtrip: 115 -> 332,
// cov 9624 -> 9701; parser: 3.9k -> 7.1k; cast_pair unchanged). See
// docs/fuzzing.md.
//
// max_len: the harness's own input limit (fuzz/max_input.h), when it has one.

#include <cstddef>
#include <string>
#include <vector>

// Defined by a harness that includes fuzz/max_input.h; weak here, so a
// harness without it still links.
extern "C" size_t PtoFuzzMaxInput() __attribute__((weak));

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
  static char entropic_off[] = "-entropic=0";
  static std::string* max_len = new std::string();
  static std::vector<char*>* args = new std::vector<char*>();
  args->assign(*argv, *argv + *argc);
  args->insert(args->begin() + 1, entropic_off);
  if (PtoFuzzMaxInput != nullptr) {
    *max_len = "-max_len=" + std::to_string(PtoFuzzMaxInput());
    args->insert(args->begin() + 1, max_len->data());
  }
  args->push_back(nullptr);  // argv is null-terminated
  *argc = static_cast<int>(args->size()) - 1;
  *argv = args->data();
  return 0;
}
