// The files a Context's source locations point into, and their text.
//
// A SourceLoc names its file by a 16-bit index into this table. The table
// owns the names; it owns a file's text only when the text is adopted
// (moved in, never copied), so that a diagnostic raised long after parsing -
// by the verifier, a pass or codegen - can quote the line it points at, as
// the parser's own errors do. Lines are found through a line-start index
// built on the first lookup into a file.
//
//   SourceFiles files;
//   uint16_t f = files.Add("k.py");
//   files.AdoptText(f, std::move(text));
//   files.Line(SourceLoc{.line = 3, .col = 5, .file = f});   // "    x = ..."

#ifndef PTO_IR_SOURCE_FILES_H_
#define PTO_IR_SOURCE_FILES_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "ir/source_loc.h"

namespace pto::ir {

class SourceFiles {
 public:
  SourceFiles();
  SourceFiles(const SourceFiles&) = delete;
  SourceFiles& operator=(const SourceFiles&) = delete;

  // The index of `name` (the same name gets the same index). Index 0 is
  // "<unknown>"; past the table's capacity new names also map to 0, since
  // locations only serve diagnostics.
  uint16_t Add(absl::string_view name);
  absl::string_view Name(uint16_t file) const;
  // "file:line:col", or the file name alone for an unknown location.
  std::string Format(SourceLoc loc) const;

  // Keeps `text` as the contents of `file`. Returns a view of the kept text,
  // valid as long as this table; parse that view.
  absl::string_view AdoptText(uint16_t file, std::string text);
  // Keeps a view of `text`, which the caller keeps alive and unchanged as
  // long as this table: a file mapped into memory (pto-opt), not copied.
  absl::string_view BorrowText(uint16_t file, absl::string_view text);
  // The text of the line `loc` points at (without its newline), or nullopt
  // when the file's text was not adopted or the line is past its end.
  std::optional<absl::string_view> Line(SourceLoc loc) const;

 private:
  struct File {
    std::string name;
    std::unique_ptr<std::string> text;  // stable address across growth
    // Offsets of line starts, built on first use.
    mutable std::vector<uint32_t> line_starts;
    absl::string_view view;  // *text, or a borrowed text
    bool has_text = false;
  };
  std::vector<File> files_;
};

}  // namespace pto::ir

#endif  // PTO_IR_SOURCE_FILES_H_
