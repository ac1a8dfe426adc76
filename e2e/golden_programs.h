// The golden programs of testdata/ (a test's `data`:
// //testdata:golden_programs), read for the tests that run all of them.
//
//   for (const GoldenProgram& g : GoldenPrograms()) { Check(g.path, g.text); }

#ifndef PTO_E2E_GOLDEN_PROGRAMS_H_
#define PTO_E2E_GOLDEN_PROGRAMS_H_

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace pto::e2e {

struct GoldenProgram {
  std::string path;  // testdata/...
  std::string text;
};

// Every `.py` under testdata/, sorted by path.
inline std::vector<GoldenProgram> GoldenPrograms() {
  std::vector<GoldenProgram> out;
  for (const auto& entry : std::filesystem::recursive_directory_iterator("testdata")) {
    if (entry.path().extension() != ".py") continue;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    out.push_back({entry.path().string(), text.str()});
  }
  std::sort(out.begin(), out.end(),
            [](const GoldenProgram& a, const GoldenProgram& b) { return a.path < b.path; });
  return out;
}

}  // namespace pto::e2e

#endif  // PTO_E2E_GOLDEN_PROGRAMS_H_
