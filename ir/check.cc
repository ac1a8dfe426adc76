#include "ir/check.h"

#include <cstdio>
#include <cstdlib>

namespace pto::internal {

CheckFailure::CheckFailure(const char* file, int line, const char* condition) {
  stream_ << file << ":" << line << ": internal error: check failed: " << condition
          << " ";
}

CheckFailure::~CheckFailure() {
  std::fputs(stream_.str().c_str(), stderr);
  std::fputc('\n', stderr);
  std::fflush(stderr);
  std::abort();
}

}  // namespace pto::internal
