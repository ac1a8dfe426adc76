// `@pl.function`s defined at module level, outside the program class, and
// called by bare name from its functions, as upstream allows:
//
//   @pl.function
//   def double(x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]: ...
//
//   @pl.program
//   class P:
//       @pl.function
//       def main(self, a: ...) -> ...:
//           return double(a)      # the call self.double(a) would make
//
// Upstream resolves the name through the decorator's closure and adds each
// function so called to the program after the class's own functions, in
// the order of first call; a module-level function nobody calls is not part
// of the program. A module-level `@pl.inline` function is not supported
// (upstream expands its body at each call).

#include "ir/text/parser/parser_impl.h"

namespace pto::ir::parser_impl {

bool Parser::ParseModuleFunction() {
  if (AtDotted("pl", "inline", 1)) {
    // Its name: the `def` after the decorator line.
    if (!SkipModuleStatement()) return false;
    if (At(K::kDef) && At(K::kName, 1)) module_.inline_defs.emplace(Text(Peek(1)), Peek());
    return SkipModuleStatement();
  }
  Token head = Peek(1);
  Decorator dec;
  if (!ParseDecorator(&dec)) return false;
  if (At(K::kClass)) return Fail(head, "expected @pl.program before the program class");
  size_t before = functions_.size();
  if (!ParseFunction(&dec)) return false;
  if (functions_.size() != before + 1) return true;
  const Function* f = functions_.back();
  functions_.pop_back();
  module_.functions.emplace(f->name(), f);
  return true;
}

bool Parser::ParseModuleFunctionAlias(const Token& alias) {
  if (!At(K::kName) || !(At(K::kNewline, 1) || At(K::kEof, 1))) return false;
  Token target = Peek();
  // An alias of an alias names the function itself.
  if (auto it = module_.function_aliases.find(Text(target)); it != module_.function_aliases.end()) {
    target = it->second;
  }
  auto sites = module_.def_sites.find(Text(target));
  if (sites == module_.def_sites.end() || sites->second.At(0) == nullptr) return false;
  Advance();
  module_.function_aliases[Text(alias)] = target;
  module_.consts.erase(Text(alias));
  return true;
}

bool Parser::IsModuleFunctionCall(const Token& name) {
  // A `def` at column 0 (Prescan's def site starts its line) is a module-level
  // function; a local variable of the name would shadow it.
  if (names_.find(Text(name)) != names_.end()) return false;
  if (module_.function_aliases.contains(Text(name))) return true;
  auto sites = module_.def_sites.find(Text(name));
  return sites != module_.def_sites.end() && sites->second.At(0) != nullptr;
}

Value Parser::ParseModuleFunctionCall(const Token& call_name) {
  // A call of an alias is a call of the function it names: its name token
  // (at the alias's definition) stands for the function from here on.
  Token name = call_name;
  if (auto it = module_.function_aliases.find(Text(call_name));
      it != module_.function_aliases.end()) {
    name = it->second;
  }
  absl::string_view n = Text(name);
  if (auto it = module_.inline_defs.find(n); it != module_.inline_defs.end()) {
    return ExpandInlineCall(name, it->second);
  }
  // A definition above the class has been read: if it is no @pl.function it
  // is the user's Python (a later one is checked once the file is read).
  if (module_.def_sites[n].At(0)->offset < name.offset && !module_.functions.contains(n)) {
    return FailValue(name, absl::StrCat("'", n, "' is defined at module level without "
                                        "@pl.function: only DSL functions can be called"));
  }
  if (module_.calls.emplace(n, name).second) module_.call_order.push_back(n);
  Advance();
  return ParseFunctionCall(name);
}

bool Parser::AddModuleFunctions() {
  for (absl::string_view n : module_.call_order) {
    auto it = module_.functions.find(n);
    if (it == module_.functions.end()) {
      return Fail(module_.calls[n],
                  absl::StrCat("'", n, "' is defined at module level without @pl.function: "
                               "only DSL functions can be called"));
    }
    functions_.push_back(it->second);
  }
  return true;
}

// --- `...` bodies ---------------------------------------------------------------
//
// Upstream reads a bare `...` body two ways: an external_source kernel's
// (its code is the C++ file; printed back as `pass` here, as before), and a
// SubWorker's at HOST level or above, which becomes an abstract, runtime-bound
// callback (FunctionAttrs::requires_runtime_binding, printed as `...`).
// Other SubWorker bodies at those levels are Python that upstream keeps as
// source text; the IR has no such statement, so they stay errors.

bool Parser::CheckEllipsisBody(const Decorator& dec, std::optional<Level> level,
                               std::optional<Role> role, const Stmt* body, bool* abstract) {
  const Token dots = *ellipsis_tok_;
  ellipsis_tok_.reset();
  const bool host_sub_worker =
      role && *role == Role::kSubWorker && level && *level >= Level::kHost;
  if (!host_sub_worker && dec.external_source.empty()) {
    return Fail(dots, "a `...` body is only allowed on a SubWorker at level HOST or above (a "
                      "runtime-bound callback) or an external_source kernel; write the body, "
                      "or `pass`");
  }
  const auto* seq = body == nullptr ? nullptr : body->As<SeqStmts>();
  if (seq == nullptr || !seq->stmts().empty()) {
    return Fail(dots, "a `...` body holds nothing else (a docstring and pl.func_attr at most)");
  }
  *abstract = host_sub_worker && dec.external_source.empty();
  return true;
}

}  // namespace pto::ir::parser_impl
