// A destination for generated text, handed over in chunks.
//
// Printing a big program into one string touches about three times its text
// in fresh memory (the doubling buffer, the copy out, the write); a printer
// that streams through a fixed buffer into a sink touches the buffer only.
// Tools stream into a file; tests and callers that want the text use a
// StringSink.
//
//   FileSink sink(stdout, "<stdout>");
//   PTO_RETURN_IF_ERROR(ir::PrintProgram(program, sink));
//
//   std::string text;
//   StringSink to_string(&text);

#ifndef PTO_IR_TEXT_OUTPUT_TEXT_SINK_H_
#define PTO_IR_TEXT_OUTPUT_TEXT_SINK_H_

#include <cstdio>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace pto::ir {

class TextSink {
 public:
  virtual ~TextSink() = default;
  // Appends `chunk`. An error stops the writer; nothing more is written.
  virtual absl::Status Write(absl::string_view chunk) = 0;
};

// Appends to a string the caller owns.
class StringSink : public TextSink {
 public:
  explicit StringSink(std::string* out) : out_(out) {}
  absl::Status Write(absl::string_view chunk) override {
    out_->append(chunk.data(), chunk.size());
    return absl::OkStatus();
  }

 private:
  std::string* out_;
};

// Writes to a stdio stream the caller owns (and closes). `name` is for
// messages: "cannot write NAME: No space left on device".
class FileSink : public TextSink {
 public:
  FileSink(std::FILE* file, absl::string_view name) : file_(file), name_(name) {}
  absl::Status Write(absl::string_view chunk) override;
  // The first write error, which tells an I/O failure from the writer's own.
  const absl::Status& status() const { return status_; }

 private:
  std::FILE* file_;
  std::string name_;
  absl::Status status_;
};

}  // namespace pto::ir

#endif  // PTO_IR_TEXT_OUTPUT_TEXT_SINK_H_
