// phases: where the time of `pto-opt --passes=none` goes, phase by phase.
//
//   bazel run -c opt //bench:phases -- FILE [REPS]
//
// Reads FILE (one read of its known size), then parses, verifies and
// prints it as pto-opt does, timing each phase and counting its minor page
// faults (first touches of fresh memory). Each repetition runs in a fresh
// Context; the first one also shows the cost of a process's cold heap.

#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "absl/status/status.h"
#include "ir/analysis/verifier.h"
#include "ir/context.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"

namespace {

long Faults() {
  rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_minflt;
}

class Phase {
 public:
  explicit Phase(const char* name) : name_(name), faults_(Faults()) {}
  ~Phase() {
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    std::printf("  %-8s %8.4f s %8ld faults\n", name_, s, Faults() - faults_);
  }

 private:
  const char* name_;
  long faults_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: phases FILE [REPS]\n");
    return 2;
  }
  int reps = argc > 2 ? std::atoi(argv[2]) : 1;
  for (int r = 0; r < reps; ++r) {
    std::printf("run %d\n", r + 1);
    std::string text;
    {
      Phase p("read");
      std::ifstream in(argv[1], std::ios::binary | std::ios::ate);
      if (!in) {
        std::fprintf(stderr, "phases: cannot read %s\n", argv[1]);
        return 1;
      }
      text.resize(static_cast<size_t>(in.tellg()));
      in.seekg(0);
      in.read(text.data(), static_cast<std::streamsize>(text.size()));
    }
    pto::ir::Context ctx;
    absl::StatusOr<pto::ir::Program> program = absl::UnknownError("not parsed");
    {
      Phase p("parse");
      program = pto::ir::ParseProgram(ctx, text, argv[1]);
    }
    if (!program.ok()) {
      std::fprintf(stderr, "%s\n", std::string(program.status().message()).c_str());
      return 1;
    }
    {
      Phase p("verify");
      absl::Status s = pto::ir::VerifyProgram(*program);
      if (!s.ok()) std::fprintf(stderr, "%s\n", std::string(s.message()).c_str());
    }
    std::string out;
    {
      Phase p("print");
      out = pto::ir::PrintProgram(*program);
    }
    std::printf("  %zu bytes in, %zu bytes out, arena %.1f MB\n", text.size(), out.size(),
                static_cast<double>(ctx.bytes_allocated()) / 1e6);
  }
  return 0;
}
