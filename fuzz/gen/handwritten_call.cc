// WriteCallByHand (handwritten_call.h): the unified name where the call
// table's dispatch picks this op, a positional prefix of the wrapper's or the
// op's parameters, the rest by name in any order, defaults left out.

#include "fuzz/gen/handwritten_call.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "ir/check.h"
#include "ir/op.h"
#include "ir/text/dsl/dsl_ops.h"
#include "ir/text/printer/printer.h"
#include "ir/type.h"

namespace pto::fuzz {
namespace {

using ir::Expr;

// The top-level comma-separated items of `inner` (no outer parentheses),
// skipping nested brackets and quoted strings.
std::vector<std::string> SplitTopLevel(absl::string_view inner) {
  std::vector<std::string> items;
  int depth = 0;
  char quote = 0;
  size_t start = 0;
  for (size_t i = 0; i < inner.size(); ++i) {
    char c = inner[i];
    if (quote != 0) {
      if (c == '\\') {
        ++i;
      } else if (c == quote) {
        quote = 0;
      }
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '(' || c == '[' || c == '{') {
      ++depth;
    } else if (c == ')' || c == ']' || c == '}') {
      --depth;
    } else if (c == ',' && depth == 0) {
      items.emplace_back(absl::StripAsciiWhitespace(inner.substr(start, i - start)));
      start = i + 1;
    }
  }
  std::string last(absl::StripAsciiWhitespace(inner.substr(start)));
  if (!last.empty()) items.push_back(std::move(last));
  return items;
}

// pl.<row> for the op when the row's dispatch picks exactly this op for
// these operands and no wrapper rule (other than pl.load's valid_shape
// default) would rewrite them.
bool UnifiedName(const ir::Call* c, const ir::text::DslOpRow** row_out) {
  absl::string_view op = c->op()->name();
  const ir::text::DslOpRow* row = ir::text::FindDslRulesOf(op);
  if (row == nullptr) return false;
  if (row->fill != ir::text::DslFill::kNone &&
      row->fill != ir::text::DslFill::kValidShapeFromShapes) {
    return false;
  }
  // An INDEX scalar operand would be restamped to the tile's dtype.
  for (const Expr* a : c->args()) {
    const auto* st = a->type()->As<ir::ScalarType>();
    if (st != nullptr && st->dtype() == ir::DataType::kIndex) return false;
  }
  if (!row->dispatches()) {
    if (row->fixed != op) return false;
  } else {
    ir::ExprSpan args = c->args();
    if (args.empty() || !args[0]->type()->Is<ir::TileType>()) return false;
    bool scalar_second = args.size() >= 2 && args[1]->type()->Is<ir::ScalarType>();
    absl::string_view picked =
        scalar_second && !row->tile_scalar.empty() ? row->tile_scalar : row->tile;
    if (picked != op) return false;
    // Tensor operands next to a tile are "mixing levels".
    for (const Expr* a : args) {
      if (a->type()->Is<ir::TensorType>()) return false;
    }
  }
  *row_out = row;
  return true;
}

}  // namespace

std::string WriteCallByHand(const ir::Call* c, std::mt19937_64& rng,
                            absl::FunctionRef<std::string(const Expr*)> expr_text,
                            HandWrittenFeatures& features) {
  auto coin = [&] { return (rng() & 1) != 0; };
  auto one_in = [&](uint64_t n) { return rng() % n == 0; };
  PTO_CHECK(c->op() != nullptr) << "hand-written: function calls are not generated";
  const ir::Op& op = *c->op();
  // The printer's spelling: the name, and each stored kwarg as `key=value`.
  std::string printed = ir::PrintExpr(c);
  size_t open = printed.find('(');
  PTO_CHECK(open != std::string::npos && printed.back() == ')') << printed;
  std::string canonical_name = printed.substr(0, open);
  absl::flat_hash_map<std::string, std::string> kwarg_text;
  for (const std::string& item :
       SplitTopLevel(absl::string_view(printed).substr(open + 1, printed.size() - open - 2))) {
    size_t eq = item.find('=');
    if (eq == std::string::npos || eq == 0) continue;
    std::string key = item.substr(0, eq);
    if (op.FindKwarg(key) >= 0) kwarg_text[key] = item.substr(eq + 1);
  }

  const ir::text::DslOpRow* row = nullptr;
  bool unified = coin() && UnifiedName(c, &row);
  // The short pld.alloc_window_buffer takes no name=: the canonical call
  // (which keeps a written name) stays.
  if (unified && row->fill == ir::text::DslFill::kNameFromTarget) unified = false;
  // Every value given, by parameter name.
  struct Given {
    std::string name;
    std::string text;
    bool is_kwarg;
  };
  std::vector<Given> given;
  ir::ExprSpan args = c->args();
  for (size_t i = 0; i < args.size(); ++i) {
    given.push_back({std::string(op.args()[i].name), expr_text(args[i]), false});
  }
  for (const ir::Kwarg& k : c->kwargs()) {
    const ir::KwargSpec& spec = op.kwargs()[k.key];
    auto it = kwarg_text.find(spec.name);
    PTO_CHECK(it != kwarg_text.end()) << "hand-written: kwarg " << spec.name << " of " << printed;
    // Left out at its default, which the binding fills back in.
    if (spec.presence == ir::KwargSpec::Presence::kDefault && spec.default_value &&
        *spec.default_value == k.value && coin()) {
      ++features.defaults_left;
      continue;
    }
    given.push_back({std::string(spec.name), it->second, true});
  }
  // pl.load's valid_shape defaults to its shapes.
  if (unified && row->fill == ir::text::DslFill::kValidShapeFromShapes && args.size() == 4 &&
      ir::PrintExpr(args[2]) == ir::PrintExpr(args[3]) && coin()) {
    given.erase(given.begin() + 3);
    ++features.defaults_left;
  }

  // The positional parameters, in order: the wrapper's order for a unified
  // name; for the op's own name only its positional args (the printer's
  // reading), so no wrapper order is assumed.
  std::vector<std::string> positional;
  if (unified && !row->params.empty()) {
    for (absl::string_view p : absl::StrSplit(row->params, ',')) {
      if (absl::ConsumePrefix(&p, "#")) {
        int k = std::stoi(std::string(p));
        positional.push_back(std::string(op.args()[k].name));
      } else {
        positional.push_back(std::string(p));
      }
    }
  } else {
    for (const ir::ArgSpec& a : op.args()) {
      if (!a.keyword) positional.push_back(std::string(a.name));
    }
    if (unified) {
      for (const ir::KwargSpec& k : op.kwargs()) {
        if (!k.keyword_only) positional.push_back(std::string(k.name));
      }
    }
  }
  // How many leading parameters go by position: all of a run of given ones.
  size_t run = 0;
  while (run < positional.size()) {
    auto it = std::find_if(given.begin(), given.end(),
                           [&](const Given& g) { return g.name == positional[run]; });
    if (it == given.end()) break;
    ++run;
  }
  size_t by_position = run;
  if (run > 0 && one_in(3)) by_position = static_cast<size_t>(rng() % (run + 1));
  // A dispatcher chooses by its first operand, which it reads by position:
  // by name it is the op's parameter, which the unified wrapper lacks.
  // So does the `...s` form by the operand it pairs as a scalar.
  if (unified && row->dispatches()) {
    size_t least = row->scalar_arg >= 0 ? static_cast<size_t>(row->scalar_arg) + 1 : 1;
    by_position = std::max(by_position, std::min(least, run));
  }
  std::vector<std::string> items;
  for (size_t i = 0; i < by_position; ++i) {
    auto it = std::find_if(given.begin(), given.end(),
                           [&](const Given& g) { return g.name == positional[i]; });
    items.push_back(it->text);
    given.erase(it);
  }
  std::shuffle(given.begin(), given.end(), rng);
  for (const Given& g : given) {
    items.push_back(absl::StrCat(g.name, "=", g.text));
    if (!g.is_kwarg) ++features.keyword_args;
  }
  std::string name = canonical_name;
  if (unified) {
    name = absl::StartsWith(row->name, "pld.") ? std::string(row->name)
                                               : absl::StrCat("pl.", row->name);
    ++features.unified_calls;
  }
  return absl::StrCat(name, "(", absl::StrJoin(items, ", "), ")");
}

}  // namespace pto::fuzz
