#include "tools/output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <system_error>

#include "absl/strings/str_cat.h"

namespace pto::tools {
namespace {

absl::Status CannotWrite(absl::string_view tool, absl::string_view name,
                         absl::string_view reason = "") {
  return absl::UnavailableError(absl::StrCat(tool, ": error: cannot write ", name,
                                             reason.empty() ? "" : ": ", reason));
}

// Streams the output into `file`; an I/O error wins over the producer's
// (it is why the producer stopped).
absl::Status Stream(std::FILE* file, absl::string_view name, absl::string_view tool,
                    OutputProducer produce) {
  ir::FileSink sink(file, name);
  absl::Status status = produce(sink);
  if (!sink.status().ok()) {
    return absl::UnavailableError(absl::StrCat(tool, ": error: ", sink.status().message()));
  }
  if (std::fflush(file) != 0 && status.ok()) {
    status = CannotWrite(tool, name, std::strerror(errno));
  }
  return status;
}

// Writes the output to a stream that cannot be taken back only once it is
// complete.
absl::Status Whole(std::FILE* file, absl::string_view name, absl::string_view tool,
                   OutputProducer produce) {
  std::string text;
  ir::StringSink sink(&text);
  absl::Status status = produce(sink);
  if (!status.ok()) return status;
  return Stream(file, name, tool, [&](ir::TextSink& out) { return out.Write(text); });
}

// Streams into a temporary beside `path` and renames it over `path`.
absl::Status ViaTemporary(const std::string& path, absl::string_view tool,
                          OutputProducer produce) {
  std::string tmp = absl::StrCat(path, ".tmp-", tool);
  std::FILE* file = std::fopen(tmp.c_str(), "wb");
  if (file == nullptr) return CannotWrite(tool, tmp, std::strerror(errno));
  absl::Status status = Stream(file, tmp, tool, produce);
  if (std::fclose(file) != 0 && status.ok()) status = CannotWrite(tool, tmp, std::strerror(errno));
  std::error_code ec;
  if (status.ok()) {
    std::filesystem::rename(tmp, path, ec);
    if (!ec) return absl::OkStatus();
    status = CannotWrite(tool, path, ec.message());
  }
  std::filesystem::remove(tmp, ec);
  return status;
}

}  // namespace

absl::Status WriteOutputStream(std::FILE* stream, absl::string_view name,
                               absl::string_view tool, OutputProducer produce) {
  const int fd = fileno(stream);
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return Whole(stream, name, tool, produce);
  const bool append = (fcntl(fd, F_GETFL) & O_APPEND) != 0;
  const off_t start = append ? st.st_size : ftello(stream);
  if (start != st.st_size) return Whole(stream, name, tool, produce);
  absl::Status status = Stream(stream, name, tool, produce);
  if (!status.ok() && ftruncate(fd, start) == 0 && !append) fseeko(stream, start, SEEK_SET);
  return status;
}

absl::Status WriteOutput(const std::string& path, absl::string_view tool,
                         OutputProducer produce) {
  if (path == "-") return WriteOutputStream(stdout, "<stdout>", tool, produce);
  struct stat st;
  if (stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    std::FILE* file = std::fopen(path.c_str(), "wb");
    if (file == nullptr) return CannotWrite(tool, path, std::strerror(errno));
    absl::Status status = Whole(file, path, tool, produce);
    std::fclose(file);
    return status;
  }
  return ViaTemporary(path, tool, produce);
}

absl::StatusOr<std::vector<std::string>> WriteFiles(
    const std::string& dir, absl::Span<const std::pair<std::string, std::string>> files,
    absl::string_view tool) {
  namespace fs = std::filesystem;
  std::vector<std::pair<std::string, std::string>> staged;  // (temporary, final)
  std::error_code ec;
  auto fail = [&](const std::string& path, const std::string& reason) {
    for (const auto& [tmp, final] : staged) fs::remove(tmp, ec);
    return absl::UnavailableError(absl::StrCat("cannot write ", path, ": ", reason));
  };
  for (const auto& [relative, contents] : files) {
    fs::path final = fs::path(dir) / relative;
    fs::create_directories(final.parent_path(), ec);
    if (ec) return fail(final.parent_path().string(), ec.message());
    fs::path tmp = final.parent_path() / absl::StrCat(".", final.filename().string(), ".tmp-", tool);
    staged.emplace_back(tmp.string(), final.string());
    std::FILE* f = std::fopen(tmp.c_str(), "wb");
    if (f == nullptr) return fail(final.string(), std::strerror(errno));
    bool ok = std::fwrite(contents.data(), 1, contents.size(), f) == contents.size();
    ok = std::fclose(f) == 0 && ok;
    if (!ok) return fail(final.string(), std::strerror(errno));
  }
  std::vector<std::string> written;
  for (const auto& [tmp, final] : staged) {
    fs::rename(tmp, final, ec);
    if (ec) return fail(final, ec.message());
    written.push_back(final);
  }
  return written;
}

}  // namespace pto::tools
