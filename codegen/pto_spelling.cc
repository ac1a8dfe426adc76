#include "codegen/pto_spelling.h"

#include <charconv>
#include <cmath>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "ir/ops/type_inference.h"

namespace pto::codegen {

using ir::DataType;

std::optional<std::string> FloatLiteral(double value, DataType dtype) {
  if (!std::isfinite(value)) {
    // MLIR spells non-finite floats only as hexadecimal bit patterns.
    bool neg = std::signbit(value);
    bool nan = std::isnan(value);
    switch (dtype.code()) {
      case DataType::kFP32: return nan ? "0x7FC00000" : (neg ? "0xFF800000" : "0x7F800000");
      case DataType::kFP16: return nan ? "0x7E00" : (neg ? "0xFC00" : "0x7C00");
      case DataType::kBF16: return nan ? "0x7FC0" : (neg ? "0xFF80" : "0x7F80");
      default: return std::nullopt;
    }
  }
  char buf[64];
  std::to_chars_result r = std::to_chars(buf, buf + sizeof(buf), value);
  std::string text(buf, r.ptr);
  // MLIR float literals need a '.' before any exponent.
  if (text.find('.') == std::string::npos) {
    size_t e = text.find('e');
    if (e == std::string::npos) {
      text += ".0";
    } else {
      text.insert(e, ".0");
    }
  }
  return text;
}

std::string MlirString(absl::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  out += '"';
  return out;
}

std::string MlirSymbolName(absl::string_view name) {
  bool bare = !name.empty();
  for (size_t i = 0; bare && i < name.size(); ++i) {
    char c = name[i];
    bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    bool digit = c >= '0' && c <= '9';
    bare = letter || (i > 0 && (digit || c == '$' || c == '.'));
  }
  return bare ? std::string(name) : MlirString(name);
}

std::string TileBufType(const TileBufDesc& d) {
  // Room for the longest spelling, so the appends below never reallocate.
  std::string out;
  out.reserve(192);
  absl::StrAppend(&out, "!pto.tile_buf<loc=", d.loc, ", dtype=", d.dtype, ", rows=", d.rows,
                  ", cols=", d.cols, ", v_row=");
  if (d.v_row) {
    absl::StrAppend(&out, *d.v_row);
  } else {
    out += '?';
  }
  out += ", v_col=";
  if (d.v_col) {
    absl::StrAppend(&out, *d.v_col);
  } else {
    out += '?';
  }
  absl::StrAppend(&out, ", blayout=", PtoTileLayout(d.blayout),
                  ", slayout=", PtoTileLayout(d.slayout), ", fractal=", d.fractal,
                  ", pad=", static_cast<int>(d.pad));
  // PTOAS reads an absent compact as null; only normal is spelled.
  if (d.compact != ir::CompactMode::kNull) {
    absl::StrAppend(&out, ", compact=", static_cast<int>(d.compact));
  }
  out += '>';
  return out;
}

std::string PtrType(absl::string_view dtype) { return absl::StrCat("!pto.ptr<", dtype, ">"); }

std::string TensorViewType(size_t rank, absl::string_view dtype) {
  std::string out = "!pto.tensor_view<";
  for (size_t i = 0; i < rank; ++i) out += "?x";
  absl::StrAppend(&out, dtype, ">");
  return out;
}

std::string PartitionViewType(absl::Span<const std::optional<int64_t>> sizes,
                              absl::string_view dtype) {
  std::string out = "!pto.partition_tensor_view<";
  for (const std::optional<int64_t>& s : sizes) {
    if (s) {
      absl::StrAppend(&out, *s, "x");
    } else {
      out += "?x";
    }
  }
  absl::StrAppend(&out, dtype, ">");
  return out;
}

namespace {

std::optional<int64_t> StaticProduct(absl::Span<const ir::Expr* const> factors) {
  int64_t p = 1;
  for (const ir::Expr* f : factors) {
    std::optional<int64_t> c = ir::AsConstInt(f);
    if (!c || __builtin_mul_overflow(p, *c, &p)) return std::nullopt;
  }
  return p;
}

}  // namespace

absl::StatusOr<TileGeometry> FlattenTile(const ir::TileType& tile) {
  ir::ExprSpan shape = tile.shape();
  ir::ExprSpan valid = tile.ValidShape();
  size_t rank = shape.size();
  TileGeometry g;
  if (valid.size() != rank) {
    return absl::InvalidArgumentError(
        absl::StrCat("tile valid shape rank ", valid.size(), " differs from its rank ", rank));
  }
  for (size_t i = 0; i < rank; ++i) {
    std::optional<int64_t> c = ir::AsConstInt(shape[i]);
    if (!c || *c <= 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("tile shape ", ir::FormatShape(shape),
                       " is not static; a PTO tile buffer needs constant positive extents"));
    }
    if (i + 1 < rank) {
      if (__builtin_mul_overflow(g.rows, *c, &g.rows)) {
        return absl::InvalidArgumentError(
            absl::StrCat("tile shape ", ir::FormatShape(shape), " overflows"));
      }
    } else {
      g.cols = *c;
    }
  }
  if (rank >= 1) {
    for (size_t i = 0; i + 1 < rank; ++i) {
      // Past the first dim, a partial leading dim would leave valid rows that
      // are not one prefix of the flattened buffer.
      if (i > 0 && ir::ProveEqual(valid[i], shape[i]) != ir::Proof::kTrue) {
        return absl::InvalidArgumentError(absl::StrCat(
            "a rank-", rank, " tile with valid shape ", ir::FormatShape(valid), " of shape ",
            ir::FormatShape(shape),
            " cannot be flattened to a 2-D buffer: only its first dim may be partially valid"));
      }
      g.valid_row_factors.push_back(valid[i]);
    }
    g.valid_col = valid[rank - 1];
  }
  g.static_v_row = StaticProduct(g.valid_row_factors);
  if (g.valid_col == nullptr) {
    g.static_v_col = 1;
  } else {
    g.static_v_col = ir::AsConstInt(g.valid_col);
  }

  std::optional<ir::MemorySpace> space = tile.memory_space();
  if (tile.dtype() == DataType::kFP4 && space == ir::MemorySpace::kVec) {
    bool by_rows = tile.EffectiveView().blayout == ir::TileLayout::kColMajor;
    int64_t& physical = by_rows ? g.rows : g.cols;
    std::optional<int64_t>& valid_extent = by_rows ? g.static_v_row : g.static_v_col;
    if (physical % 2 != 0 || !valid_extent || *valid_extent % 2 != 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          "an FP4 Vec tile packs two values per byte along its ", by_rows ? "rows" : "columns",
          ", so that extent and its valid extent must be static and even (shape ",
          ir::FormatShape(shape), ", valid shape ", ir::FormatShape(valid), ")"));
    }
    physical /= 2;
    *valid_extent /= 2;
    (by_rows ? g.row_divisor : g.col_divisor) = 2;
  }
  return g;
}

}  // namespace pto::codegen
