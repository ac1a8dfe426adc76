#include "ir/text/diagnostic.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "ir/diagnostic.h"

namespace pto::ir::text {

std::string FormatDiagnostic(absl::string_view filename, absl::string_view source, SourcePos pos,
                             absl::string_view message) {
  size_t offset = std::min<size_t>(pos.offset, source.size());
  size_t begin = 0;
  if (offset > 0) {
    size_t newline = source.rfind('\n', offset - 1);
    if (newline != absl::string_view::npos) begin = newline + 1;
  }
  size_t end = source.find('\n', begin);
  if (end == absl::string_view::npos) end = source.size();
  absl::string_view line = source.substr(begin, end - begin);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);

  return RenderDiagnostic(absl::StrCat(filename, ":", pos.line, ":", pos.col), message, line,
                          static_cast<int>(pos.col));
}

absl::Status SourceError(absl::string_view filename, absl::string_view source, SourcePos pos,
                         absl::string_view message) {
  return absl::InvalidArgumentError(FormatDiagnostic(filename, source, pos, message));
}

}  // namespace pto::ir::text
