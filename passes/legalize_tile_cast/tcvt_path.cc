#include "passes/legalize_tile_cast/tcvt_path.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>

namespace pto::passes {
namespace {

using ir::DataType;

struct FloatFormat {
  int significand_bits;  // including the hidden bit
  int exponent_bits;
};

// Only the formats whose relation to the others is fully known take part in
// the narrowing test; others are never considered narrowing.
std::optional<FloatFormat> KnownFloatFormat(DataType t) {
  switch (t.code()) {
    case DataType::kFP32: return FloatFormat{24, 8};
    case DataType::kFP16: return FloatFormat{11, 5};
    case DataType::kBF16: return FloatFormat{8, 8};
    default: return std::nullopt;
  }
}

int IntValueBits(DataType t) { return t.IsSignedInt() ? t.bits() - 1 : t.bits(); }

std::optional<DataType> SameWidthFloat(DataType t) {
  if (t.IsFloat()) return std::nullopt;
  if (t.bits() == 32) return DataType::kFP32;
  if (t.bits() == 16) return DataType::kFP16;
  return std::nullopt;
}

int EdgeCost(DataType a, DataType b) {
  if (!a.IsFloat() && b.IsFloat() && a.bits() == b.bits()) return 0;
  if (a.IsFloat() && b.IsFloat()) return 1;
  return 2;
}

}  // namespace

bool NarrowsRelativeTo(DataType mid, DataType dst) {
  if (mid == dst) return false;
  if (mid.IsInt() && dst.IsFloat()) return true;
  if (mid.IsFloat() && dst.IsFloat()) {
    std::optional<FloatFormat> m = KnownFloatFormat(mid);
    std::optional<FloatFormat> d = KnownFloatFormat(dst);
    return m && d && (m->significand_bits < d->significand_bits ||
                      m->exponent_bits < d->exponent_bits);
  }
  if (mid.IsFloat() && dst.IsInt()) {
    std::optional<FloatFormat> m = KnownFloatFormat(mid);
    return m && m->significand_bits < IntValueBits(dst);
  }
  if (mid.IsInt() && dst.IsInt()) {
    if (mid.IsUnsignedInt() && dst.IsSignedInt()) return true;
    return IntValueBits(mid) < IntValueBits(dst);
  }
  return false;
}

std::vector<DataType> FindTcvtPath(absl::Span<const backends::TcvtEdge> edges, DataType from,
                                   DataType to) {
  if (from == to) return {};
  // Neighbours as 256-bit sets of four words: visiting set bits in order is
  // the sorted, deduplicated order, a node's are found a word at a time, and
  // nothing is allocated per search (the legalizer runs one per distinct
  // cast pair in every program).
  using CodeSet = std::array<uint64_t, 4>;
  std::array<CodeSet, 256> adjacency{};
  auto bit = [](DataType t) { return uint64_t{1} << (t.code() & 63); };
  for (const backends::TcvtEdge& e : edges) {
    if (e.from != e.to) adjacency[e.from.code()][e.to.code() >> 6] |= bit(e.to);
  }
  if ((adjacency[from.code()][to.code() >> 6] & bit(to)) != 0) return {to};

  struct Record {
    bool seen = false;
    DataType parent;
    int dist = 0;
    int pref = 0;
  };
  std::array<Record, 256> rec;
  rec[from.code()] = {true, from, 0, 0};
  // Every dtype is queued at most once.
  std::array<DataType, 256> queue;
  size_t head = 0;
  size_t tail = 0;
  queue[tail++] = from;
  auto relax = [&](DataType c, DataType n) {
    if (n != to && NarrowsRelativeTo(n, to)) return;
    int dist = rec[c.code()].dist + 1;
    int pref = rec[c.code()].pref + EdgeCost(c, n);
    Record& r = rec[n.code()];
    if (!r.seen) {
      r = {true, c, dist, pref};
      queue[tail++] = n;
    } else if (r.dist == dist && pref < r.pref) {
      // Every parent at depth d is expanded before any node at depth d+1,
      // so the cheapest equal-length parent wins before `n` expands.
      r.parent = c;
      r.pref = pref;
    }
  };
  std::array<DataType, 256> order;
  while (head < tail) {
    DataType c = queue[head++];
    size_t count = 0;
    for (size_t w = 0; w < 4; ++w) {
      for (uint64_t bits = adjacency[c.code()][w]; bits != 0; bits &= bits - 1) {
        order[count++] = static_cast<DataType::Code>(w * 64 + __builtin_ctzll(bits));
      }
    }
    if (std::optional<DataType> f = SameWidthFloat(c)) {
      auto it = std::find(order.begin(), order.begin() + count, *f);
      if (it != order.begin() + count) std::iter_swap(order.begin(), it);
    }
    for (size_t i = 0; i < count; ++i) relax(c, order[i]);
  }
  if (!rec[to.code()].seen) return {};
  std::vector<DataType> chain;
  for (DataType d = to; d != from; d = rec[d.code()].parent) chain.push_back(d);
  std::reverse(chain.begin(), chain.end());
  return chain;
}

}  // namespace pto::passes
