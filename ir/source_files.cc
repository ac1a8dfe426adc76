#include "ir/source_files.h"

#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"

namespace pto::ir {

SourceFiles::SourceFiles() { files_.push_back(File{"<unknown>", nullptr, {}, {}, false}); }

uint16_t SourceFiles::Add(absl::string_view name) {
  for (size_t i = 1; i < files_.size(); ++i) {
    if (files_[i].name == name) return static_cast<uint16_t>(i);
  }
  if (files_.size() >= 0xFFFF) return 0;
  files_.push_back(File{std::string(name), nullptr, {}, {}, false});
  return static_cast<uint16_t>(files_.size() - 1);
}

absl::string_view SourceFiles::Name(uint16_t file) const {
  return file < files_.size() ? absl::string_view(files_[file].name) : "<unknown>";
}

std::string SourceFiles::Format(SourceLoc loc) const {
  if (!loc.known()) return std::string(Name(loc.file));
  return absl::StrCat(Name(loc.file), ":", loc.line, ":", static_cast<int>(loc.col));
}

absl::string_view SourceFiles::AdoptText(uint16_t file, std::string text) {
  if (file == 0 || file >= files_.size()) return {};
  File& f = files_[file];
  f.text = std::make_unique<std::string>(std::move(text));
  f.view = *f.text;
  f.has_text = true;
  f.line_starts.clear();
  return f.view;
}

absl::string_view SourceFiles::BorrowText(uint16_t file, absl::string_view text) {
  if (file == 0 || file >= files_.size()) return {};
  File& f = files_[file];
  f.view = text;  // an adopted text stays: `text` may point into it
  f.has_text = true;
  f.line_starts.clear();
  return f.view;
}

std::optional<absl::string_view> SourceFiles::Line(SourceLoc loc) const {
  if (!loc.known() || loc.file == 0 || loc.file >= files_.size()) return std::nullopt;
  const File& f = files_[loc.file];
  if (!f.has_text) return std::nullopt;
  absl::string_view text = f.view;
  if (f.line_starts.empty()) {
    f.line_starts.push_back(0);
    for (const char* p = text.data(), *end = text.data() + text.size();
         (p = static_cast<const char*>(std::memchr(p, '\n', end - p))) != nullptr;) {
      ++p;
      f.line_starts.push_back(static_cast<uint32_t>(p - text.data()));
    }
  }
  if (loc.line > f.line_starts.size()) return std::nullopt;
  size_t begin = f.line_starts[loc.line - 1];
  size_t end = loc.line < f.line_starts.size() ? f.line_starts[loc.line] - 1 : text.size();
  absl::string_view line = text.substr(begin, end - begin);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

}  // namespace pto::ir
