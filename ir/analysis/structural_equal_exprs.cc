// Structural equality of expressions, calls and kwargs: EqualChecker's
// members for that IR level (see structural_equal_checker.h).

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>

#include "absl/base/attributes.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "ir/analysis/ir_format.h"
#include "ir/analysis/structural_common.h"
#include "ir/analysis/structural_equal_checker.h"
#include "ir/attr.h"
#include "ir/depth_guard.h"
#include "ir/op.h"

namespace pto::ir::structural {
namespace {

bool SameFloatBits(double a, double b) { return std::memcmp(&a, &b, sizeof(double)) == 0; }

absl::string_view KwargName(const Op* op, uint8_t key) {
  if (op == nullptr) return "<no schema>";
  if (key < op->kwargs().size()) return op->kwargs()[key].name;
  return "<out of schema>";
}

}  // namespace

using diag::DescribeExpr;
using diag::FormatAttrValue;
using diag::FormatDataType;
using diag::FormatExpr;

// A use: the Var must be paired with the one its definition paired, or be
// free on both sides.
//
// UseVar and SameCalls have one caller, SameExprs, and SameKwargs one,
// SameCalls. As members they have external linkage, and GCC at -O2 stops
// inlining them on its own (it did while the whole checker was file-local in
// one .cc); as calls they cost structural_equal about 9% more CPU at 1M
// statements (bench/pto_benchmark structural_equal/1000000).
ABSL_ATTRIBUTE_ALWAYS_INLINE inline bool EqualChecker::UseVar(const Var* a, const Var* b) {
  if (const Var* const* pa = a_to_b_.Find(a)) {
    if (*pa == b) return true;
    return Fail([&] {
      return absl::StrCat(Versus(DescribeExpr(a), DescribeExpr(b)), " (", Quote(a->name()),
                          " is paired with ", Quote((*pa)->name()), ")");
    });
  }
  if (const Var* const* pb = b_to_a_.Find(b)) {
    return Fail([&] {
      return absl::StrCat(Versus(DescribeExpr(a), DescribeExpr(b)), " (", Quote(b->name()),
                          " is paired with ", Quote((*pb)->name()), ")");
    });
  }
  // Never defined on either side so far: a free Var, e.g. a dynamic dim.
  if (!options_.map_free_vars && a != b) {
    return Fail([&] {
      return absl::StrCat(Versus(DescribeExpr(a), DescribeExpr(b)),
                          " (different free variables)");
    });
  }
  if (!SameTypes(a->type(), b->type())) return Up([] { return "type"; });
  a_to_b_.Insert(a, b);
  b_to_a_.Insert(b, a);
  return true;
}

bool EqualChecker::SameExprLists(ExprSpan a, ExprSpan b, absl::string_view item,
                                 absl::string_view plural) {
  size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) {
    if (!SameExprs(a[i], b[i])) {
      return Up([&] { return absl::StrCat(item, "[", i, "] (", DescribeExpr(a[i]), ")"); });
    }
  }
  if (a.size() != b.size()) {
    Fail([&] { return Versus(absl::StrCat(a.size()), absl::StrCat(b.size())); });
    return Up([&] { return std::string(plural); });
  }
  return true;
}

bool EqualChecker::SameExprs(const Expr* a, const Expr* b) {
  DepthGuard guard(depth_);
  if (guard.too_deep()) return TooDeep();
  if (a == nullptr || b == nullptr) {
    if (a == b) return true;
    return Fail([&] { return Versus(DescribeExpr(a), DescribeExpr(b)); });
  }
  if (a->kind() != b->kind()) {
    return Fail([&] { return Versus(DescribeExpr(a), DescribeExpr(b)); });
  }
  switch (a->kind()) {
    case NodeKind::kVar:
    case NodeKind::kIterArg:
      return UseVar(a->As<Var>(), b->As<Var>());
    case NodeKind::kConstInt: {
      const auto* x = a->As<ConstInt>();
      const auto* y = b->As<ConstInt>();
      if (x->value() == y->value() && FoldInt64(x->dtype()) == FoldInt64(y->dtype())) return true;
      return Fail([&] { return Versus(FormatExpr(x), FormatExpr(y)); });
    }
    case NodeKind::kConstFloat: {
      const auto* x = a->As<ConstFloat>();
      const auto* y = b->As<ConstFloat>();
      if (SameFloatBits(x->value(), y->value()) && x->dtype() == y->dtype()) return true;
      return Fail([&] {
        std::string fx = FormatExpr(x);
        std::string fy = FormatExpr(y);
        if (fx == fy) return absl::StrCat(Versus(fx, fy), " (different bits)");
        return Versus(fx, fy);
      });
    }
    case NodeKind::kConstBool:
      if (a->As<ConstBool>()->value() == b->As<ConstBool>()->value()) return true;
      return Fail([&] { return Versus(FormatExpr(a), FormatExpr(b)); });
    case NodeKind::kCall:
      return SameCalls(a->As<Call>(), b->As<Call>());
    case NodeKind::kMakeTuple:
      return SameExprLists(a->As<MakeTuple>()->elements(), b->As<MakeTuple>()->elements(),
                       "element", "elements");
    case NodeKind::kTupleGetItem: {
      const auto* x = a->As<TupleGetItem>();
      const auto* y = b->As<TupleGetItem>();
      if (x->index() != y->index()) {
        Fail([&] { return Versus(absl::StrCat(x->index()), absl::StrCat(y->index())); });
        return Up([] { return "index"; });
      }
      if (!SameExprs(x->tuple(), y->tuple())) {
        return Up([&] { return absl::StrCat("tuple (", DescribeExpr(x->tuple()), ")"); });
      }
      return true;
    }
    case NodeKind::kBinary: {
      const auto* x = a->As<BinaryExpr>();
      const auto* y = b->As<BinaryExpr>();
      if (x->op() != y->op()) return Fail([&] { return Versus(DescribeExpr(x), DescribeExpr(y)); });
      if (x->dtype() != y->dtype()) {
        Fail([&] { return Versus(FormatDataType(x->dtype()), FormatDataType(y->dtype())); });
        return Up([] { return "dtype"; });
      }
      if (!SameExprs(x->lhs(), y->lhs())) {
        return Up([&] { return absl::StrCat("lhs (", DescribeExpr(x->lhs()), ")"); });
      }
      if (!SameExprs(x->rhs(), y->rhs())) {
        return Up([&] { return absl::StrCat("rhs (", DescribeExpr(x->rhs()), ")"); });
      }
      return true;
    }
    case NodeKind::kUnary: {
      const auto* x = a->As<UnaryExpr>();
      const auto* y = b->As<UnaryExpr>();
      if (x->op() != y->op()) return Fail([&] { return Versus(FormatExpr(x), FormatExpr(y)); });
      if (x->dtype() != y->dtype()) {
        Fail([&] { return Versus(FormatDataType(x->dtype()), FormatDataType(y->dtype())); });
        return Up([] { return "dtype"; });
      }
      if (!SameExprs(x->operand(), y->operand())) {
        return Up([&] { return absl::StrCat("operand (", DescribeExpr(x->operand()), ")"); });
      }
      return true;
    }
    default:
      return Fail([&] { return Versus(DescribeExpr(a), DescribeExpr(b)); });
  }
}

ABSL_ATTRIBUTE_ALWAYS_INLINE inline bool EqualChecker::SameCalls(const Call* a, const Call* b) {
  const Op* oa = a->op();
  const Op* ob = b->op();
  if ((oa == nullptr) != (ob == nullptr)) {
    return Fail([&] { return Versus(DescribeExpr(a), DescribeExpr(b)); });
  }
  if (oa != nullptr) {
    // One registry holds one Op per name, so this is identity; the name test
    // also matches ops of two registries (e.g. a test registry).
    if (oa != ob && oa->name() != ob->name()) {
      Fail([&] { return Versus(oa->name(), ob->name()); });
      return Up([] { return "op"; });
    }
  } else {
    absl::string_view ca = a->callee() ? a->callee()->name() : absl::string_view();
    absl::string_view cb = b->callee() ? b->callee()->name() : absl::string_view();
    if (ca != cb) {
      Fail([&] { return Versus(Quote(ca), Quote(cb)); });
      return Up([] { return "callee"; });
    }
  }
  if (!SameExprLists(a->args(), b->args(), "arg", "args")) return false;
  if (!SameKwargs(a, b)) return false;
  if (!SameCallSites(a->site(), b->site())) return false;
  if (!SameTypes(a->type(), b->type())) return Up([] { return "type"; });
  return true;
}

bool EqualChecker::SameCallSites(const CallSite* a, const CallSite* b) {
  static const CallSite kPlain;
  const CallSite& x = a != nullptr ? *a : kPlain;
  const CallSite& y = b != nullptr ? *b : kPlain;
  auto flag = [&](bool p, bool q, const char* what) {
    if (p == q) return true;
    Fail([&] { return Versus(p ? "True" : "False", q ? "True" : "False"); });
    return Up([what] { return what; });
  };
  if (x.form != y.form) {
    auto name = [](CallForm f) {
      return f == CallForm::kCall ? "call" : f == CallForm::kSubmit ? "pl.submit" : "pl.spmd_submit";
    };
    Fail([&] { return Versus(name(x.form), name(y.form)); });
    return Up([] { return "call form"; });
  }
  if (!flag(x.sync_start, y.sync_start, "sync_start")) return false;
  if (!flag(x.allow_early_resolve, y.allow_early_resolve, "allow_early_resolve")) return false;
  struct Named {
    const Expr* p;
    const Expr* q;
    const char* what;
  };
  for (const Named& n : {Named{x.device, y.device, "device"},
                         Named{x.core_num, y.core_num, "core_num"},
                         Named{x.predicate, y.predicate, "predicate"}}) {
    if (n.p == nullptr && n.q == nullptr) continue;
    if (n.p == nullptr || n.q == nullptr) {
      Fail([&] {
        return Versus(n.p ? DescribeExpr(n.p) : "none", n.q ? DescribeExpr(n.q) : "none");
      });
      return Up([&n] { return n.what; });
    }
    if (!SameExprs(n.p, n.q)) return Up([&n] { return n.what; });
  }
  if (!SameExprLists(x.deps, y.deps, "dep", "deps")) return false;
  if (!std::equal(x.arg_directions.begin(), x.arg_directions.end(), y.arg_directions.begin(),
                  y.arg_directions.end())) {
    Fail([&] {
      return Versus(absl::StrCat(x.arg_directions.size(), " arg_directions"),
                    absl::StrCat(y.arg_directions.size(), " arg_directions"));
    });
    return Up([] { return "arg_directions"; });
  }
  return SameCallAttrs(x.attrs, y.attrs);
}

bool EqualChecker::SameCallAttrs(absl::Span<const CallAttr> a, absl::Span<const CallAttr> b) {
  if (a.size() != b.size()) {
    Fail([&] { return Versus(absl::StrCat(a.size()), absl::StrCat(b.size())); });
    return Up([] { return "call attrs"; });
  }
  for (size_t i = 0; i < a.size(); ++i) {
    const CallAttr& x = a[i];
    const CallAttr& y = b[i];
    if (x.key != y.key || x.is_list != y.is_list || x.items.size() != y.items.size()) {
      Fail([&] {
        auto side = [](const CallAttr& c) {
          return absl::StrCat(Quote(c.key), c.is_list ? " list of " : " ", c.items.size());
        };
        return Versus(side(x), side(y));
      });
      return Up([] { return "call attrs"; });
    }
    for (size_t j = 0; j < x.items.size(); ++j) {
      const CallAttrItem& p = x.items[j];
      const CallAttrItem& q = y.items[j];
      bool same = p.kind == q.kind;
      if (same && p.kind == CallAttrItem::Kind::kDirection) same = p.direction == q.direction;
      if (same && p.kind == CallAttrItem::Kind::kValue) same = p.value == q.value;
      if (!same) {
        Fail([&] { return Versus("one attr value", "another"); });
        return Up([&x] { return absl::StrCat("call attr ", Quote(x.key)); });
      }
      if (p.kind == CallAttrItem::Kind::kExpr && !SameExprs(p.expr, q.expr)) {
        return Up([&x] { return absl::StrCat("call attr ", Quote(x.key)); });
      }
    }
  }
  return true;
}

bool EqualChecker::SameKwargValues(absl::string_view name, const AttrValue* a, const AttrValue* b) {
  if (a != nullptr && b != nullptr && *a == *b) return true;
  Fail([&] {
    auto side = [&](const AttrValue* v) -> std::string {
      if (v == nullptr) return "absent";
      if (a != nullptr && b != nullptr && a->kind() != b->kind()) {
        return absl::StrCat(AttrKindName(v->kind()), " ", FormatAttrValue(*v));
      }
      return FormatAttrValue(*v);
    };
    return Versus(side(a), side(b));
  });
  return Up([&] { return absl::StrCat("kwarg ", Quote(name)); });
}

ABSL_ATTRIBUTE_ALWAYS_INLINE inline bool EqualChecker::SameKwargs(const Call* a, const Call* b) {
  auto ka = a->kwargs();
  auto kb = b->kwargs();
  if (ka.empty() && kb.empty()) return true;
  const Op* oa = a->op();
  const Op* ob = b->op();
  if (oa == ob) {
    // Both lists are sorted by key: merge them.
    size_t i = 0;
    size_t j = 0;
    while (i < ka.size() || j < kb.size()) {
      int key_a = i < ka.size() ? ka[i].key : 256;
      int key_b = j < kb.size() ? kb[j].key : 256;
      if (key_a == key_b) {
        if (!SameKwargValues(KwargName(oa, ka[i].key), &ka[i].value, &kb[j].value)) return false;
        ++i;
        ++j;
      } else if (key_a < key_b) {
        if (!SameKwargValues(KwargName(oa, ka[i].key), &ka[i].value, nullptr)) return false;
        ++i;
      } else {
        if (!SameKwargValues(KwargName(ob, kb[j].key), nullptr, &kb[j].value)) return false;
        ++j;
      }
    }
    return true;
  }
  // Same name, different Op objects: keys index different schemas, so match
  // by name (at most 32 kwargs per op).
  for (const Kwarg& x : ka) {
    absl::string_view name = KwargName(oa, x.key);
    const AttrValue* match = nullptr;
    for (const Kwarg& y : kb) {
      if (KwargName(ob, y.key) == name) match = &y.value;
    }
    if (!SameKwargValues(name, &x.value, match)) return false;
  }
  for (const Kwarg& y : kb) {
    absl::string_view name = KwargName(ob, y.key);
    bool found = false;
    for (const Kwarg& x : ka) found = found || KwargName(oa, x.key) == name;
    if (!found && !SameKwargValues(name, nullptr, &y.value)) return false;
  }
  return true;
}

}  // namespace pto::ir::structural
