#include "ir/diagnostic.h"

#include "absl/strings/str_cat.h"

namespace pto::ir {

std::string RenderDiagnostic(absl::string_view where, absl::string_view message,
                             std::optional<absl::string_view> line, int col) {
  std::string out = absl::StrCat(where, ": error: ", message);
  if (!line) return out;
  absl::StrAppend(&out, "\n", *line, "\n");
  size_t width = col > 0 ? static_cast<size_t>(col - 1) : 0;
  for (size_t i = 0; i < width; ++i) {
    out.push_back(i < line->size() && (*line)[i] == '\t' ? '\t' : ' ');
  }
  out.push_back('^');
  return out;
}

std::string FormatError(const Context& ctx, SourceLoc loc, absl::string_view message) {
  return RenderDiagnostic(ctx.FormatLoc(loc), message, ctx.source_files().Line(loc), loc.col);
}

absl::Status LocatedError(const Context& ctx, SourceLoc loc, absl::string_view message) {
  return absl::InvalidArgumentError(FormatError(ctx, loc, message));
}

}  // namespace pto::ir
