#include "ir/text/output/text_sink.h"

#include <cerrno>
#include <cstring>

#include "absl/strings/str_cat.h"

namespace pto::ir {

absl::Status FileSink::Write(absl::string_view chunk) {
  if (!status_.ok()) return status_;
  if (chunk.empty() || std::fwrite(chunk.data(), 1, chunk.size(), file_) == chunk.size()) {
    return absl::OkStatus();
  }
  int error = errno;
  status_ = absl::UnavailableError(absl::StrCat(
      "cannot write ", name_, ": ", error != 0 ? std::strerror(error) : "short write"));
  return status_;
}

}  // namespace pto::ir
