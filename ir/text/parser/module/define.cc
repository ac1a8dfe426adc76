// Closure values given from outside the file (ParseOptions::defines, the
// tools' `--define=NAME=VALUE`): each VALUE is read as a module-level
// constant expression before the file is parsed and binds NAME in the
// module constants, where it wins over the file's own assignments to NAME.
//
//   pto-opt kernel.py --define=dtype=pl.FP16 --define=shape=[64,128]
//   # kernel.py uses `dtype` and `shape` without defining them.

#include "ir/text/parser/parser_impl.h"

namespace pto::ir::parser_impl {
namespace {

std::string DefineText(const Define& d) { return absl::StrCat("--define=", d.name, "=", d.value); }

}  // namespace

bool Parser::ParseDefineDynamic(ModuleConst* out) {
  Advance();
  Advance();
  Advance();
  Token str;
  if (!Accept(K::kLParen) || !At(K::kString)) return false;
  str = Advance();
  if (!Accept(K::kRParen)) return false;
  std::string hint = text::UnquoteString(Text(str));
  if (!text::IsPrintableName(hint)) return false;
  out->kind = ModuleConst::Kind::kVar;
  // No place in the file declares it.
  out->var = ctx_.NewVar(hint, ctx_.GetScalarType(DataType::kIndex), SourceLoc{});
  return true;
}

bool Parser::ApplyDefines() {
  for (const Define& d : defines_) {
    if (!text::IsPrintableName(d.name)) {
      error_ = absl::InvalidArgumentError(absl::StrCat(
          DefineText(d), ": '", d.name, "' is not a name (write --define=NAME=VALUE)"));
      return false;
    }
    // The value's text lives as long as the program: an enum member a kwarg
    // uses is replayed from it.
    absl::string_view value = ctx_.SaveString(d.value);
    std::string where = absl::StrCat("--define=", d.name);
    absl::string_view saved_src = src_, saved_file = filename_;
    TokenStream* saved_ts = ts_;
    TokenStream sub(value, where);
    src_ = value;
    filename_ = where;
    ts_ = &sub;
    ModuleConst c;
    bool ok = false;
    if (AtDotted("pl", "dynamic")) {
      // `--define=N=pl.dynamic("N")`: a dynamic dim, as a module-level
      // declaration would make it (a test class's `N = pl.dynamic("N")`).
      ok = ParseDefineDynamic(&c);
    } else {
      ok = !At(K::kNewline) && !At(K::kEof) && EvalConst(&c);
    }
    if (ok && At(K::kComma)) {
      // A bare tuple: `--define=shape=64,128`.
      ModuleConst tuple;
      tuple.kind = ModuleConst::Kind::kList;
      tuple.elems.push_back(std::move(c));
      while (ok && Accept(K::kComma) && !At(K::kNewline) && !At(K::kEof)) {
        ModuleConst e;
        ok = EvalConst(&e);
        tuple.elems.push_back(std::move(e));
      }
      c = std::move(tuple);
    }
    ok = ok && (At(K::kNewline) || At(K::kEof));
    src_ = saved_src;
    filename_ = saved_file;
    ts_ = saved_ts;
    if (!ok) {
      // Any message the evaluation left points into the flag's text; the
      // flag itself is the clearer place.
      error_ = absl::InvalidArgumentError(absl::StrCat(
          DefineText(d), ": cannot evaluate '", d.value,
          "': a define's value is a constant expression: a number, bool, string, dtype such "
          "as pl.FP16, enum member such as pl.Mem.Vec, a list or tuple of them, arithmetic "
          "on them, or an earlier define"));
      return false;
    }
    absl::string_view name = ctx_.SaveString(d.name);
    module_.consts[name] = std::move(c);
    module_.dynamic.erase(name);
    defined_.insert(name);
  }
  return true;
}

}  // namespace pto::ir::parser_impl
