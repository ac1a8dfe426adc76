// dict_gen: writes TextFormDictionary() (text_dictionary.h) to each file
// named on the command line.
//
//   dict_gen parser_fuzzer.dict roundtrip_fuzzer.dict

#include <cstdio>
#include <string>

#include "fuzz/dict/text_dictionary.h"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: dict_gen OUT.dict...\n");
    return 2;
  }
  const std::string dict = pto::fuzz::TextFormDictionary();
  for (int i = 1; i < argc; ++i) {
    std::FILE* out = std::fopen(argv[i], "w");
    if (out == nullptr || std::fwrite(dict.data(), 1, dict.size(), out) != dict.size() ||
        std::fclose(out) != 0) {
      std::perror(argv[i]);
      return 1;
    }
  }
  return 0;
}
