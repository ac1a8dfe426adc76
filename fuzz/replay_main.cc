// Driver that replays corpus files through a libFuzzer harness.
//
// Linked into every cc_fuzz_test outside --config=fuzz, so `bazel test` runs
// each harness over its corpus as a plain regression test:
//
//   parser_fuzzer fuzz/parser_fuzzer_corpus   (the directory fuzz.bzl assembles)
//
// Arguments may be files or directories (read recursively).

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

int Replay(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "replay: cannot read %s\n", path.c_str());
    return 1;
  }
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // Shown only when the harness then fails (bazel test prints a failing
  // test's output): names the input that broke it.
  std::fprintf(stderr, "replay: %s\n", path.c_str());
  LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::filesystem::path> inputs;
  for (int i = 1; i < argc; ++i) {
    std::filesystem::path p(argv[i]);
    if (std::filesystem::is_directory(p)) {
      for (const auto& entry : std::filesystem::recursive_directory_iterator(p)) {
        if (entry.is_regular_file()) inputs.push_back(entry.path());
      }
    } else {
      inputs.push_back(p);
    }
  }
  int failures = 0;
  for (const auto& p : inputs) failures += Replay(p);
  // An empty input exercises the harness's size checks.
  LLVMFuzzerTestOneInput(nullptr, 0);
  std::printf("replayed %zu inputs\n", inputs.size());
  return failures == 0 ? 0 : 1;
}
