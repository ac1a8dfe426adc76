// Op calls as upstream's printer spells them: positional operands, then the
// kwargs, with the few per-op forms its DSL wrappers need to read a call
// back (a memory space operand as its enum, soft syncall's keyword surface,
// mgather's and gather_row's keyword operands).

#include "ir/text/printer/printer_impl.h"

#include "ir/text/dsl/dsl_ops.h"

namespace pto::ir::printer_impl {

namespace {

const AttrValue* FindKwargValue(const Call* c, absl::string_view name) {
  int j = c->op()->FindKwarg(name);
  for (const Kwarg& k : c->kwargs()) {
    if (static_cast<int>(k.key) == j) return &k.value;
  }
  return nullptr;
}

// tile.mgather's operands after `idx` are keyword-only in the DSL: the
// scratch tile of an element gather (coalesce=1), then the valid shape.
absl::string_view MgatherOperandName(const Call* c, size_t i) {
  const AttrValue* coalesce = FindKwargValue(c, "coalesce");
  const bool elem = coalesce != nullptr && coalesce->kind() == AttrKind::kInt &&
                    coalesce->int_value() == 1;
  return elem && i == 2 ? "scratch" : "valid_shape";
}

}  // namespace

// system.syncall in soft mode prints through the DSL's keyword-only
// surface; its wrapper needs used_cores given, and an absent one (derive
// it from the launch) is written 0.
bool Printer::PrintSoftSyncall(const Call* c) {
  if (c->args().empty()) return false;
  const AttrValue* mode = FindKwargValue(c, "mode");
  if (mode == nullptr || mode->kind() != AttrKind::kString || mode->string_value() != "soft") {
    return false;
  }
  const AttrValue* core_type = FindKwargValue(c, "core_type");
  Append("pl.system.syncall(mode=\"soft\", core_type=");
  AppendDoubleQuoted(core_type != nullptr && core_type->kind() == AttrKind::kString
                         ? core_type->string_value()
                         : "mix");
  Append(", gm_workspace=");
  PrintExprText(c->args()[0]);
  Append(", used_cores=");
  const auto* n = c->args().size() < 2 ? nullptr : c->args()[1]->As<ConstInt>();
  if (c->args().size() < 2) {
    out_.push_back('0');
  } else if (n != nullptr && n->dtype() == DataType::kInt32 && n->value() != 0) {
    AppendInt(&out_, n->value());  // the wrapper makes an INT32 of a bare int
  } else {
    // Any other constant (the DSL makes none) reads back only typed.
    PrintTypedConsts(c->args()[1]);
  }
  bool first = false;
  PrintOpCallSite(c, &first);
  out_.push_back(')');
  return true;
}

const Printer::OpFacts& Printer::FactsOf(const Op* op) {
  if (last_facts_ != nullptr && last_facts_->first == op) return last_facts_->second;
  auto [it, inserted] = op_facts_.try_emplace(op);
  last_facts_ = &*it;
  if (!inserted) return it->second;
  OpFacts& f = it->second;
  absl::string_view name = op->name();
  f.callee = std::string(DslOpPrefix(name));
  absl::StrAppend(&f.callee, name);
  size_t dot = name.rfind('.');
  if (IsPythonKeyword(dot == absl::string_view::npos ? name : name.substr(dot + 1))) {
    f.callee.push_back('_');
  }
  if (const text::DslOpRow* rules = text::FindDslRulesOf(name)) {
    f.restamp_arg = text::RestampedScalarArgIndex(*rules);
  }
  f.mgather = name == "tile.mgather";
  f.alloc = name == "tile.alloc" || name == "tensor.alloc";
  f.syncall = name == "system.syncall";
  f.keywords = f.mgather;
  for (const ArgSpec& spec : op->args()) {
    f.keywords = f.keywords || spec.keyword || spec.printed_by_name;
  }
  return f;
}

void Printer::PrintCall(const Call* c) {
  if (c->callee() != nullptr) return PrintFunctionCall(c);
  const Op* op = c->op();
  const OpFacts& facts = FactsOf(op);
  if (facts.syncall && PrintSoftSyncall(c)) return;
  Append(facts.callee);
  out_.push_back('(');
  // Copies: printing an operand may print a call of another op, which
  // replaces op_facts_.
  const int restamp_arg = facts.restamp_arg;
  const bool keywords = facts.keywords, mgather = facts.mgather, alloc = facts.alloc;
  absl::Span<const ArgSpec> specs = op->args();
  // A keyword operand is printed `name=value`; mgather's after `idx` are.
  auto keyword = [&](size_t i) {
    return keywords && ((i < specs.size() && (specs[i].keyword || specs[i].printed_by_name)) ||
                        (mgather && i >= 2));
  };
  auto leading = [&](size_t i) { return mgather || (i < specs.size() && specs[i].keyword_first); };
  bool first = true;
  auto sep = [&] {
    if (!first) Append(", ");
    first = false;
  };
  ExprSpan args = c->args();
  for (size_t i = 0; i < args.size(); ++i) {
    if (keyword(i)) continue;
    sep();
    // An INDEX constant the DSL would restamp to the paired operand's dtype
    // prints typed, so that it reads back as itself (upstream's DSL cannot
    // write one; passes can build one).
    const auto* ci = args[i]->As<ConstInt>();
    if (ci != nullptr && static_cast<int>(i) == restamp_arg && args.size() > 1 &&
        ci->dtype() == DataType::kIndex) {
      PrintTypedConsts(args[i]);
      continue;
    }
    if (ci != nullptr && i == 0 && alloc && ci->value() >= 0 &&
        ci->value() <= static_cast<int64_t>(MemorySpace::kRightScale)) {
      // The memory space operand is an int; the DSL spells it as its enum.
      AppendEnum(&out_, static_cast<MemorySpace>(ci->value()));
      continue;
    }
    PrintExprText(args[i]);
  }
  auto keyword_operands = [&](bool want_leading) {
    for (size_t i = 0; i < args.size(); ++i) {
      if (!keyword(i) || leading(i) != want_leading) continue;
      sep();
      Append(mgather ? MgatherOperandName(c, i) : specs[i].name);
      out_.push_back('=');
      PrintExprText(args[i]);
    }
  };
  if (keywords) keyword_operands(/*want_leading=*/true);
  absl::string_view name = op->name();
  for (const Kwarg& k : c->kwargs()) {
    if (split_aiv_depth_ > 0 && IsRegionSplit(c, k)) continue;
    if (c == lhs_call_ && IsNameFromTarget(c, k)) continue;
    sep();
    absl::string_view key;
    if (k.key < op->kwargs().size()) key = op->kwargs()[k.key].name;
    Append(key);
    out_.push_back('=');
    if (k.value.kind() == AttrKind::kInt && PrintIntKwargAsEnum(name, key, k.value.int_value())) {
      continue;
    }
    PrintAttr(k.value);
  }
  if (keywords) keyword_operands(/*want_leading=*/false);
  PrintOpCallSite(c, &first);
  out_.push_back(')');
}

}  // namespace pto::ir::printer_impl
