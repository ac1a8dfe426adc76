#include "sim/pto/types.h"

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "ir/pto_names.h"
#include "ir/status_macros.h"

namespace pto::sim::pto_text {
namespace {

absl::StatusOr<ir::DataType> ElementType(absl::string_view name) {
  std::optional<ir::DataType> t = ir::DataTypeFromPto(name);
  if (!t) return absl::InvalidArgumentError(absl::StrCat("unknown element type '", name, "'"));
  return *t;
}

// The body of `!pto.NAME<body>`, or nullopt when `text` is not that type.
std::optional<absl::string_view> Body(absl::string_view text, absl::string_view name) {
  if (!absl::ConsumePrefix(&text, name) || !absl::ConsumePrefix(&text, "<") ||
      !absl::ConsumeSuffix(&text, ">")) {
    return std::nullopt;
  }
  return text;
}

// `16x?x64xf32`: dims, then the element type (which may be `!pto.f8E8M0`).
absl::Status ShapedBody(absl::string_view body, PtoType& t) {
  while (true) {
    size_t x = body.find('x');
    if (x == absl::string_view::npos) break;
    absl::string_view dim = body.substr(0, x);
    int64_t n = -1;
    if (dim != "?" && !(absl::SimpleAtoi(dim, &n) && n >= 0)) break;
    t.shape.push_back(n);
    body.remove_prefix(x + 1);
  }
  PTO_ASSIGN_OR_RETURN(t.dtype, ElementType(body));
  return absl::OkStatus();
}

absl::Status TileBufBody(absl::string_view body, PtoType& t) {
  bool has_dtype = false, has_rows = false, has_cols = false;
  for (absl::string_view field : absl::StrSplit(body, ", ")) {
    std::pair<absl::string_view, absl::string_view> kv = absl::StrSplit(field, '=');
    absl::string_view key = kv.first, value = kv.second;
    auto number = [&](int64_t& out) -> absl::Status {
      if (!absl::SimpleAtoi(value, &out) || out < 0) {
        return absl::InvalidArgumentError(absl::StrCat("tile_buf ", key, " is not a count: '",
                                                       value, "'"));
      }
      return absl::OkStatus();
    };
    auto layout = [&](ir::TileLayout& out) -> absl::Status {
      std::optional<ir::TileLayout> l = ir::TileLayoutFromPto(value);
      if (!l) return absl::InvalidArgumentError(absl::StrCat("unknown layout '", value, "'"));
      out = *l;
      return absl::OkStatus();
    };
    auto valid = [&](std::optional<int64_t>& out) -> absl::Status {
      if (value == "?") return absl::OkStatus();
      int64_t n;
      PTO_RETURN_IF_ERROR(number(n));
      out = n;
      return absl::OkStatus();
    };
    if (key == "loc") {
      std::optional<ir::MemorySpace> m = ir::MemorySpaceFromPto(value);
      if (!m) return absl::InvalidArgumentError(absl::StrCat("unknown loc '", value, "'"));
      t.loc = *m;
    } else if (key == "dtype") {
      PTO_ASSIGN_OR_RETURN(t.dtype, ElementType(value));
      has_dtype = true;
    } else if (key == "rows") {
      PTO_RETURN_IF_ERROR(number(t.rows));
      has_rows = true;
    } else if (key == "cols") {
      PTO_RETURN_IF_ERROR(number(t.cols));
      has_cols = true;
    } else if (key == "v_row") {
      PTO_RETURN_IF_ERROR(valid(t.v_row));
    } else if (key == "v_col") {
      PTO_RETURN_IF_ERROR(valid(t.v_col));
    } else if (key == "blayout") {
      PTO_RETURN_IF_ERROR(layout(t.blayout));
    } else if (key == "slayout") {
      PTO_RETURN_IF_ERROR(layout(t.slayout));
    } else if (key != "fractal" && key != "pad" && key != "compact") {
      return absl::InvalidArgumentError(absl::StrCat("unknown tile_buf field '", key, "'"));
    }
  }
  if (!has_dtype || !has_rows || !has_cols) {
    return absl::InvalidArgumentError("a tile_buf needs dtype, rows and cols");
  }
  // A `!pto.f4E2M1x2` column is a byte of two FP4 values; the type here
  // counts FP4 elements, as views do.
  t.cols *= ElementsPerColumn(t.dtype);
  if (t.v_col) *t.v_col *= ElementsPerColumn(t.dtype);
  if ((t.v_row && *t.v_row > t.rows) || (t.v_col && *t.v_col > t.cols)) {
    return absl::InvalidArgumentError("a tile_buf's valid shape exceeds its shape");
  }
  return absl::OkStatus();
}


}  // namespace

int64_t ElementsPerColumn(ir::DataType dtype) { return dtype == ir::DataType::kFP4 ? 2 : 1; }

absl::StatusOr<PtoType> ParsePtoType(absl::string_view text) {
  PtoType t;
  if (std::optional<absl::string_view> b = Body(text, "!pto.tile_buf")) {
    t.kind = PtoType::kTileBuf;
    PTO_RETURN_IF_ERROR(TileBufBody(*b, t));
  } else if (std::optional<absl::string_view> b = Body(text, "!pto.ptr")) {
    t.kind = PtoType::kPtr;
    PTO_ASSIGN_OR_RETURN(t.dtype, ElementType(*b));
  } else if (std::optional<absl::string_view> b = Body(text, "!pto.tensor_view")) {
    t.kind = PtoType::kTensorView;
    PTO_RETURN_IF_ERROR(ShapedBody(*b, t));
  } else if (std::optional<absl::string_view> b = Body(text, "!pto.partition_tensor_view")) {
    t.kind = PtoType::kPartitionView;
    PTO_RETURN_IF_ERROR(ShapedBody(*b, t));
  } else {
    t.kind = PtoType::kScalar;
    PTO_ASSIGN_OR_RETURN(t.dtype, ElementType(text));
  }
  return t;
}

}  // namespace pto::sim::pto_text
