#include "sim/npy/npy.h"

#include <cstring>
#include <fstream>
#include <iterator>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/status_macros.h"

namespace pto::sim {
namespace {

constexpr absl::string_view kMagic = "\x93NUMPY";
constexpr int64_t kMaxElements = int64_t{1} << 40;

absl::Status Malformed(absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("malformed .npy: ", what));
}

// A tiny reader for the header's Python dict literal.
class HeaderParser {
 public:
  explicit HeaderParser(absl::string_view text) : text_(text) {}

  absl::StatusOr<NpyArray> Parse(bool* fortran_order) {
    NpyArray out;
    bool has_descr = false, has_order = false, has_shape = false;
    SkipSpace();
    if (!Consume('{')) return Malformed("the header is not a dict");
    while (true) {
      SkipSpace();
      if (Consume('}')) break;
      PTO_ASSIGN_OR_RETURN(std::string key, ParseString());
      SkipSpace();
      if (!Consume(':')) return Malformed(absl::StrCat("expected ':' after '", key, "'"));
      SkipSpace();
      if (key == "descr") {
        PTO_ASSIGN_OR_RETURN(out.descr, ParseString());
        has_descr = true;
      } else if (key == "fortran_order") {
        if (ConsumeWord("True")) {
          *fortran_order = true;
        } else if (ConsumeWord("False")) {
          *fortran_order = false;
        } else {
          return Malformed("fortran_order must be True or False");
        }
        has_order = true;
      } else if (key == "shape") {
        PTO_ASSIGN_OR_RETURN(out.shape, ParseShape());
        has_shape = true;
      } else {
        return Malformed(absl::StrCat("unknown header key '", key, "'"));
      }
      SkipSpace();
      if (Consume(',')) continue;
      SkipSpace();
      if (Consume('}')) break;
      return Malformed("expected ',' or '}' in the header dict");
    }
    if (!has_descr || !has_order || !has_shape) {
      return Malformed("the header needs 'descr', 'fortran_order' and 'shape'");
    }
    SkipSpace();
    if (pos_ != text_.size()) return Malformed("trailing characters after the header dict");
    return out;
  }

 private:
  void SkipSpace() {
    while (pos_ < text_.size() && absl::ascii_isspace(static_cast<unsigned char>(text_[pos_]))) {
      ++pos_;
    }
  }
  bool Consume(char c) {
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  bool ConsumeWord(absl::string_view w) {
    if (text_.substr(pos_, w.size()) == w) {
      pos_ += w.size();
      return true;
    }
    return false;
  }
  absl::StatusOr<std::string> ParseString() {
    if (pos_ >= text_.size() || (text_[pos_] != '\'' && text_[pos_] != '"')) {
      return Malformed("expected a quoted string in the header");
    }
    char quote = text_[pos_++];
    size_t end = text_.find(quote, pos_);
    if (end == absl::string_view::npos) return Malformed("unterminated string in the header");
    std::string s(text_.substr(pos_, end - pos_));
    pos_ = end + 1;
    return s;
  }
  absl::StatusOr<std::vector<int64_t>> ParseShape() {
    std::vector<int64_t> shape;
    if (!Consume('(')) return Malformed("shape must be a tuple");
    while (true) {
      SkipSpace();
      if (Consume(')')) break;
      size_t start = pos_;
      while (pos_ < text_.size() && absl::ascii_isdigit(static_cast<unsigned char>(text_[pos_]))) {
        ++pos_;
      }
      int64_t dim;
      if (start == pos_ || !absl::SimpleAtoi(text_.substr(start, pos_ - start), &dim)) {
        return Malformed("shape entries must be non-negative integers");
      }
      // Python ints may carry an L suffix in old files.
      Consume('L');
      shape.push_back(dim);
      SkipSpace();
      if (Consume(',')) continue;
      SkipSpace();
      if (Consume(')')) break;
      return Malformed("expected ',' or ')' in the shape");
    }
    return shape;
  }

  absl::string_view text_;
  size_t pos_ = 0;
};

// Normalises and validates a descriptor: "<f4", "|u1", ... .
absl::StatusOr<std::string> NormaliseDescr(absl::string_view d) {
  if (d.size() < 3) return Malformed(absl::StrCat("unsupported dtype '", d, "'"));
  char order = d[0];
  char kind = d[1];
  int size;
  if (!absl::SimpleAtoi(d.substr(2), &size)) {
    return Malformed(absl::StrCat("unsupported dtype '", d, "'"));
  }
  bool ok_kind = (kind == 'f' && (size == 2 || size == 4 || size == 8)) ||
                 ((kind == 'i' || kind == 'u') &&
                  (size == 1 || size == 2 || size == 4 || size == 8)) ||
                 (kind == 'b' && size == 1);
  if (!ok_kind) return Malformed(absl::StrCat("unsupported dtype '", d, "'"));
  if (order == '>' && size > 1) {
    return Malformed(absl::StrCat("big-endian dtype '", d, "' is not supported"));
  }
  if (order != '<' && order != '|' && order != '=' && order != '>') {
    return Malformed(absl::StrCat("unsupported byte order in dtype '", d, "'"));
  }
  return absl::StrCat(size == 1 ? "|" : "<", std::string(1, kind), size);
}

}  // namespace

int64_t NpyArray::NumElements() const {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

int NpyArray::ItemSize() const {
  int size = 0;
  if (descr.size() >= 3) (void)absl::SimpleAtoi(absl::string_view(descr).substr(2), &size);
  return size;
}

absl::StatusOr<NpyArray> ParseNpy(absl::string_view bytes) {
  if (bytes.size() < 10 || bytes.substr(0, 6) != kMagic) {
    return Malformed("missing the \\x93NUMPY magic");
  }
  int major = static_cast<unsigned char>(bytes[6]);
  size_t header_len;
  size_t header_start;
  if (major == 1) {
    header_len = static_cast<unsigned char>(bytes[8]) |
                 (static_cast<size_t>(static_cast<unsigned char>(bytes[9])) << 8);
    header_start = 10;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < 12) return Malformed("truncated header length");
    header_len = 0;
    for (int i = 0; i < 4; ++i) {
      header_len |= static_cast<size_t>(static_cast<unsigned char>(bytes[8 + i])) << (8 * i);
    }
    header_start = 12;
  } else {
    return Malformed(absl::StrCat("unsupported format version ", major));
  }
  if (header_len > bytes.size() - header_start) return Malformed("truncated header");
  bool fortran_order = false;
  HeaderParser parser(bytes.substr(header_start, header_len));
  PTO_ASSIGN_OR_RETURN(NpyArray out, parser.Parse(&fortran_order));
  PTO_ASSIGN_OR_RETURN(out.descr, NormaliseDescr(out.descr));
  int64_t n = 1;
  for (int64_t d : out.shape) {
    if (d < 0 || (d > 0 && n > kMaxElements / d)) return Malformed("the shape is too large");
    n *= d;
  }
  absl::string_view data = bytes.substr(header_start + header_len);
  uint64_t want = static_cast<uint64_t>(n) * static_cast<uint64_t>(out.ItemSize());
  if (data.size() != want) {
    return Malformed(absl::StrCat("expected ", want, " data bytes for shape (",
                                  absl::StrJoin(out.shape, ", "), ") of ", out.descr, ", got ",
                                  data.size()));
  }
  if (!fortran_order || out.shape.size() < 2) {
    out.data.assign(data.data(), data.size());
    return out;
  }
  // Transpose Fortran order into C order.
  int item = out.ItemSize();
  size_t rank = out.shape.size();
  out.data.assign(data.size(), '\0');
  std::vector<int64_t> index(rank, 0);
  for (int64_t c = 0; c < n; ++c) {
    // index is the C-order multi-index of c; its Fortran offset:
    int64_t f = 0;
    for (size_t d = rank; d-- > 0;) f = f * out.shape[d] + index[d];
    std::memcpy(&out.data[static_cast<size_t>(c * item)], data.data() + f * item,
                static_cast<size_t>(item));
    for (size_t d = rank; d-- > 0;) {
      if (++index[d] < out.shape[d]) break;
      index[d] = 0;
    }
  }
  return out;
}

std::string SerializeNpy(absl::string_view descr, absl::Span<const int64_t> shape,
                         absl::string_view data) {
  std::string dims = absl::StrJoin(shape, ", ");
  if (shape.size() == 1) dims += ",";
  std::string header = absl::StrCat("{'descr': '", descr, "', 'fortran_order': False, 'shape': (",
                                    dims, "), }");
  size_t fixed = 10;
  bool v2 = header.size() + fixed + 1 > 65535;
  if (v2) fixed = 12;
  size_t total = fixed + header.size() + 1;
  size_t padded = (total + 63) / 64 * 64;
  header.append(padded - total, ' ');
  header.push_back('\n');
  std::string out(kMagic);
  out.push_back(static_cast<char>(v2 ? 2 : 1));
  out.push_back(0);
  size_t len = header.size();
  for (size_t i = 0; i < (v2 ? 4u : 2u); ++i) out.push_back(static_cast<char>((len >> (8 * i)) & 0xFF));
  out += header;
  out.append(data.data(), data.size());
  return out;
}

absl::StatusOr<NpyArray> ReadNpyFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot open '", path, "'"));
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return absl::DataLossError(absl::StrCat("cannot read '", path, "'"));
  absl::StatusOr<NpyArray> a = ParseNpy(bytes);
  if (!a.ok()) return absl::InvalidArgumentError(absl::StrCat(path, ": ", a.status().message()));
  return a;
}

std::string NpyDescrFor(ir::DataType dtype) {
  using ir::DataType;
  switch (dtype.code()) {
    case DataType::kBool: return "|b1";
    case DataType::kFP32: return "<f4";
    case DataType::kFP16: return "<f2";
    case DataType::kInt8: return "|i1";
    case DataType::kInt16: return "<i2";
    case DataType::kInt32: return "<i4";
    case DataType::kInt64:
    case DataType::kIndex: return "<i8";
    case DataType::kUInt16:
    case DataType::kBF16: return "<u2";
    case DataType::kUInt32: return "<u4";
    case DataType::kUInt64: return "<u8";
    default: return "|u1";  // UINT8, the FP8 formats, HF8, E8M0, packed FP4/INT4
  }
}

std::vector<int64_t> NpyShapeFor(ir::DataType dtype, absl::Span<const int64_t> shape) {
  std::vector<int64_t> out(shape.begin(), shape.end());
  if (dtype.bits() == 4 && !out.empty()) out.back() = (out.back() + 1) / 2;
  return out;
}

}  // namespace pto::sim
