// Module level of the text form: imports, pl.dynamic declarations, the
// @pl.program class, function signatures and definitions, and name scopes.

#include "ir/text/parser/parser_impl.h"

namespace pto::ir::parser_impl {

absl::string_view BlockName(BlockKind kind) {
  switch (kind) {
    case BlockKind::kFunction:
      return "function body";
    case BlockKind::kFor:
      return "for body";
    case BlockKind::kWhile:
      return "while body";
    case BlockKind::kThen:
      return "if branch";
    case BlockKind::kElse:
      return "else branch";
    case BlockKind::kScope:
      return "with body";
  }
  return "block";
}

// --- Module level ----------------------------------------------------------------

void Parser::Prescan() {
  size_t pos = 0;
  uint32_t line = 1;
  while (pos < src_.size()) {
    size_t eol = src_.find('\n', pos);
    if (eol == absl::string_view::npos) eol = src_.size();
    size_t p = pos;
    const char* data = src_.data();
    while (p < eol && (data[p] == ' ' || data[p] == '\t')) ++p;
    if (eol - p > 4 && src_.substr(p, 3) == "def" && (src_[p + 3] == ' ' || src_[p + 3] == '\t')) {
      size_t q = p + 3;
      while (q < eol && (src_[q] == ' ' || src_[q] == '\t')) ++q;
      size_t start = q;
      while (q < eol &&
             (absl::ascii_isalnum(static_cast<unsigned char>(src_[q])) || src_[q] == '_')) {
        ++q;
      }
      if (q > start) {
        module_.def_sites[src_.substr(start, q - start)].sites.push_back(
            DefSite{static_cast<uint32_t>(pos), line, static_cast<uint32_t>(p - pos)});
        def_lines_.push_back(line);
      }
    }
    pos = eol + 1;
    ++line;
  }
  line_count_ = line;
}

absl::StatusOr<Program> Parser::Run() {
  if (src_.size() >= std::numeric_limits<uint32_t>::max()) {
    return absl::InvalidArgumentError(absl::StrCat(filename_, ": input is too large"));
  }
  file_ = ctx_.AddFile(filename_);
  Prescan();
  if (!ApplyDefines()) return error_;  // parser/module/define.cc
  while (error_.ok() && !At(K::kEof)) {
    const Token& t = Peek();
    if (t.kind == K::kImport || t.kind == K::kFrom) {
      ParseImport();
    } else if (t.kind == K::kName &&
               (At(K::kAssign, 1) || At(K::kComma, 1) || At(K::kColon, 1))) {
      ParseModuleAssign();
    } else if (t.kind == K::kAt &&
               (AtDotted("pl", "function", 1) || AtDotted("pl", "inline", 1))) {
      ParseModuleFunction();  // parser/module/module_funcs.cc
    } else if (t.kind == K::kAt) {
      ParseProgramClass();
    } else if (t.kind == K::kString && At(K::kNewline, 1)) {
      Advance();  // a docstring
      Advance();
    } else if (t.kind == K::kName || t.kind == K::kDef || t.kind == K::kIf ||
               t.kind == K::kClass || t.kind == K::kOtherKeyword) {
      // The user's own Python around the program (helpers, a __main__
      // block): harmless unless the program names what it defines.
      SkipModuleStatement();
    } else if (t.kind == K::kIndent) {
      Fail(t, "unexpected indentation");
    } else {
      Fail(t, absl::StrCat("expected an import, a pl.dynamic declaration or a @pl.program "
                           "class but found ",
                           Describe(t)));
    }
  }
  if (error_.ok() && !module_.saw_program) Fail(Peek(), "no @pl.program class found");
  // A call read its callee's signature ahead, at a `def` the program never
  // defined (one in a plain class, in a host body, ...): no such function.
  for (const FunctionInfo& info : function_infos_) {
    if (!error_.ok()) break;
    if (info.sig_ready && !info.defined) {
      FailAt(info.first_call, absl::StrCat("unknown function '", Text(info.sig.name_tok), "'"));
    }
  }
  if (error_.ok()) AddModuleFunctions();
  if (!error_.ok()) return error_;
  return ctx_.NewProgram(module_.program_name, functions_);
}

bool Parser::ParseImport() {
  // import a.b.c [as x] | from a.b import c [as x], ...
  Token t;
  bool from = At(K::kFrom);
  Advance();
  if (!ExpectName(&t)) return false;
  while (Accept(K::kDot)) {
    if (!ExpectName(&t)) return false;
  }
  if (from) {
    if (!Expect(K::kImport)) return false;
    do {
      if (!ExpectName(&t)) return false;
      if (Accept(K::kAs) && !ExpectName(&t)) return false;
    } while (Accept(K::kComma));
  } else if (Accept(K::kAs) && !ExpectName(&t)) {
    return false;
  }
  return ExpectNewline();
}

bool Parser::ParseDynamicDecl(const Token& name) {
  Advance();
  Advance();
  Advance();
  Token str;
  if (!Expect(K::kLParen) || !Expect(K::kString, &str) || !Expect(K::kRParen)) return false;
  std::string hint = text::UnquoteString(Text(str));
  if (!text::IsPrintableName(hint)) {
    return Fail(str, absl::StrCat("pl.dynamic takes an identifier such as \"N\", not '", hint,
                                  "'"));
  }
  if (IsDefined(Text(name))) return ExpectNewline();  // the define wins
  const Var* v = ctx_.NewVar(hint, ctx_.GetScalarType(DataType::kIndex), Loc(name));
  module_.dynamic[Text(name)] = v;
  module_.consts.erase(Text(name));
  return ExpectNewline();
}

Value Parser::ParseInlineDynamic(const Token& at) {
  // Upstream makes a dynamic dim of each such call; one name is one dim
  // here, the same as a module-level `N = pl.dynamic("N")` (which is how the
  // printed program declares it), so print -> parse is a fixed point.
  Token str;
  if (!Expect(K::kLParen) || !Expect(K::kString, &str) || !Expect(K::kRParen)) return Value{};
  std::string hint = text::UnquoteString(Text(str));
  if (!text::IsPrintableName(hint)) {
    return FailValue(str, absl::StrCat("pl.dynamic takes an identifier such as \"N\", not '",
                                       hint, "'"));
  }
  Value v;
  v.depth = 1;
  v.pos = at.pos();
  auto dyn = module_.dynamic.find(hint);
  if (dyn != module_.dynamic.end()) {
    v.expr = dyn->second;
    return v;
  }
  const Var* d = ctx_.NewVar(hint, ctx_.GetScalarType(DataType::kIndex), Loc(at));
  module_.dynamic.emplace(ctx_.SaveString(hint), d);
  v.expr = d;
  return v;
}

bool Parser::ParseProgramClass() {
  Token at = Advance();  // '@'
  if (!AtDotted("pl", "program")) {
    return Fail(Peek(), "expected @pl.program before the program class");
  }
  if (module_.saw_program) return Fail(at, "only one @pl.program class is allowed per file");
  module_.saw_program = true;
  Advance();
  Advance();
  Advance();
  if (At(K::kLParen) && !ParseProgramArgs()) return false;
  if (!ExpectNewline() || !Expect(K::kClass)) return false;
  Token name;
  if (!ExpectName(&name)) return false;
  module_.program_name = Text(name);
  if (Accept(K::kLParen) && !Expect(K::kRParen)) return false;
  if (!Expect(K::kColon) || !ExpectNewline()) return false;
  if (!At(K::kIndent)) return Fail(Peek(), "expected an indented class body");
  Advance();
  module_.member_indent = Peek().col - 1;
  module_.class_body = Peek().offset - module_.member_indent;
  bool any_function = false;
  while (error_.ok() && !At(K::kDedent)) {
    if (At(K::kString) && At(K::kNewline, 1)) {
      Advance();  // the class docstring
      Advance();
      continue;
    }
    if (At(K::kPass)) {
      Advance();
      if (!ExpectNewline()) return false;
      continue;
    }
    if (!At(K::kAt) && !At(K::kDef)) {
      return Fail(Peek(), absl::StrCat("expected a function definition in the program class "
                                       "but found ",
                                       Describe(Peek())));
    }
    if (At(K::kAt) && AtDotted("pl", "inline", 1)) {
      if (!SkipClassInline()) return false;  // parser/calls/inline.cc
      continue;
    }
    if (!ParseFunction()) return false;
    any_function = true;
  }
  module_.member_indent = 0;
  // Upstream's rule: a program class defines at least one function.
  if (error_.ok() && !any_function) {
    return Fail(name, absl::StrCat("the program class '", Text(name),
                                   "' defines no @pl.function"));
  }
  return Expect(K::kDedent);
}

bool Parser::ParseSignature(Signature* sig) {
  if (!Expect(K::kDef) || !ExpectName(&sig->name_tok) || !Expect(K::kLParen)) return false;
  bool saved_in_signature = in_signature_;
  in_signature_ = true;
  auto* saved_bases = memref_bases_;
  memref_bases_ = &sig->memref_bases;
  sig_scope_.clear();
  sig_dynamic_reads_.clear();
  bool first = true;
  while (error_.ok() && !At(K::kRParen)) {
    if (first && AtName("self") && (At(K::kComma, 1) || At(K::kRParen, 1))) {
      sig->self_tok = Advance();
      first = false;
      if (!Accept(K::kComma)) break;
      continue;
    }
    first = false;
    Token name;
    if (!ExpectName(&name)) break;
    if (!Expect(K::kColon)) break;
    ParamDirection dir = ParamDirection::kIn;
    if (AtName("pl") && At(K::kDot, 1) && (AtName("Out", 2) || AtName("InOut", 2))) {
      dir = AtName("Out", 2) ? ParamDirection::kOut : ParamDirection::kInOut;
      Advance();
      Advance();
      Advance();
      if (!Expect(K::kLBracket)) break;
    }
    const Type* type = ParseType();
    if (type == nullptr) break;
    if (dir != ParamDirection::kIn && !Expect(K::kRBracket)) break;
    if (sig_scope_.contains(Text(name))) {
      Fail(name, absl::StrCat("duplicate parameter '", Text(name), "'"));
      break;
    }
    if (!ScalarParamAfterItsDim(name, type)) break;
    const Var* v = ctx_.NewVar(Text(name), type, Loc(name));
    sig_scope_.emplace(Text(name), v);
    sig->params.push_back(v);
    sig->param_toks.push_back(name);
    sig->directions.push_back(dir);
    if (!Accept(K::kComma)) break;
  }
  if (error_.ok() && Expect(K::kRParen) && Accept(K::kArrow)) {
    if (At(K::kNone)) {
      Advance();
    } else if (AtName("tuple") && At(K::kLBracket, 1)) {
      Advance();
      Advance();
      while (error_.ok() && !At(K::kRBracket)) {
        const Type* t = ParseType();
        if (t == nullptr) break;
        sig->returns.push_back(t);
        if (!Accept(K::kComma)) break;
      }
      if (error_.ok()) Expect(K::kRBracket);
    } else if (const Type* t = ParseType()) {
      sig->returns.push_back(t);
    }
  }
  if (error_.ok()) Expect(K::kColon);
  in_signature_ = saved_in_signature;
  memref_bases_ = saved_bases;
  return error_.ok();
}

FunctionInfo* Parser::EnsureSignature(const Token& name_tok) {
  absl::string_view name = Text(name_tok);
  auto it = function_index_.find(name);
  if (it != function_index_.end() && function_infos_[it->second].sig_ready) {
    return &function_infos_[it->second];
  }
  if (IsClassInline(name)) {
    FailClassInlineCall(name_tok);  // parser/calls/inline.cc
    return nullptr;
  }
  // The callee is defined further down, as a method of the program class or
  // at module level: read its signature now.
  auto sites = module_.def_sites.find(name);
  const DefSite* site = nullptr;
  if (sites != module_.def_sites.end()) {
    if (module_.member_indent > 0) site = sites->second.At(module_.member_indent, module_.class_body);
    if (site == nullptr) site = sites->second.At(0);
  }
  if (site == nullptr) {
    Fail(name_tok, absl::StrCat("unknown function '", name, "'"));
    return nullptr;
  }
  auto saved_scope = std::move(sig_scope_);
  sig_scope_ = {};
  Signature sig;
  bool ok = ParseAt({}, *site, [&] { return ParseSignature(&sig); });
  sig_scope_ = std::move(saved_scope);
  if (!ok) return nullptr;
  if (Text(sig.name_tok) != name) {
    Fail(name_tok, absl::StrCat("unknown function '", name, "'"));
    return nullptr;
  }
  if (it == function_index_.end()) {
    it = function_index_.emplace(name, function_infos_.size()).first;
    function_infos_.emplace_back();
  }
  FunctionInfo& info = function_infos_[it->second];
  info.sig = std::move(sig);
  info.sig_ready = true;
  info.first_call = name_tok.pos();
  return &info;
}

bool Parser::ParseFunction(const Decorator* decorator) {
  Decorator dec;
  if (decorator != nullptr) {
    dec = *decorator;
  } else if (At(K::kAt) && !ParseDecorator(&dec)) {
    return false;
  }
  FunctionType type = dec.type;
  fn_.incore = type == FunctionType::kInCore;
  fn_.type = type;
  fn_.dump_tagged.clear();  // a tag holds to the end of its function
  fn_.auto_scope = dec.auto_scope;
  std::optional<Level> level = dec.level;
  fn_.level = level;
  std::optional<Role> role = dec.role;
  // The comments the function's statements may take: a method's from its
  // `def` on (upstream reads each method's lines from there), a module-level
  // function's from its decorator on (upstream reads its whole source).
  comments_.Reset(decorator != nullptr ? decorator->comments_before : Peek().comments_before);
  if (!At(K::kDef)) {
    return Fail(Peek(),
                absl::StrCat("expected 'def' after the decorator but found ", Describe(Peek())));
  }
  Token def_tok = Peek();
  Signature parsed;
  if (!ParseSignature(&parsed)) return false;
  absl::string_view name = Text(parsed.name_tok);
  // A HOST SubWorker's body is host Python, read as text (parser/module/python_body.cc).
  absl::string_view python_body;
  if (IsHostSubWorker(level, role) && dec.external_source.empty() &&
      !ParsePythonBody(name, parsed.self_tok, &python_body)) {
    return false;
  }

  auto it = function_index_.find(name);
  if (it == function_index_.end()) {
    it = function_index_.emplace(name, function_infos_.size()).first;
    function_infos_.emplace_back();
  }
  FunctionInfo& info = function_infos_[it->second];
  if (info.defined) {
    return Fail(parsed.name_tok, absl::StrCat("function '", name, "' is already defined at ",
                                              PosText(info.def_pos)));
  }
  // A call seen earlier already built this signature; its types must stay.
  if (!info.sig_ready) {
    info.sig = std::move(parsed);
    info.sig_ready = true;
  }
  info.defined = true;
  info.def_pos = def_tok.pos();

  if (std::optional<LevelRole> derived = DerivedLevelRole(type)) {
    if (level && *level != derived->level) {
      return Fail(def_tok, absl::StrCat(EnumName(type), " functions have level ",
                                        EnumName(derived->level), ", not ", EnumName(*level)));
    }
    if (role && *role != derived->role) {
      return Fail(def_tok, absl::StrCat(EnumName(type), " functions have role ",
                                        EnumName(derived->role), ", not ", EnumName(*role)));
    }
  }

  // Fresh function scope holding the params, sized for the function's lines
  // (at most one binding per line, as a rule).
  names_.clear();
  auto next_def = std::upper_bound(def_lines_.begin(), def_lines_.end(), def_tok.line);
  uint32_t end_line = next_def == def_lines_.end() ? line_count_ : *next_def;
  if (end_line > def_tok.line) names_.reserve(end_line - def_tok.line + info.sig.params.size());
  scope_log_.clear();
  block_marks_.clear();
  const Signature& sig = info.sig;
  fn_.param_dim_symbols.clear();
  for (size_t i = 0; i < sig.params.size(); ++i) {
    Bind(sig.params[i]->name(), sig.params[i], sig.param_toks[i]);
    // A dynamic dim of a tensor param names that argument's extent: in an
    // Orchestration body, pl.tensor.dim reads of it fold onto the symbol
    // (parser/stmt.cc, calls/dispatch.cc), as upstream's parser folds them.
    if (const auto* tt = sig.params[i]->type()->As<TensorType>()) {
      for (const Expr* d : tt->shape()) {
        if (const auto* v = d->As<Var>()) fn_.param_dim_symbols.insert(v);
      }
    }
  }

  if (!dec.external_source.empty() && type != FunctionType::kAIC &&
      type != FunctionType::kAIV) {
    return Fail(dec.external_source_tok,
                "external_source= is only allowed on AIC and AIV functions");
  }
  fn_.attrs = std::move(dec.attrs);
  fn_.prologue_open = true;
  fn_.jump_ok.clear();
  Block body;
  bool abstract = false;
  ellipsis_tok_.reset();
  memref_bases_ = &info.sig.memref_bases;
  if (!python_body.empty()) {
    body.body = ctx_.NewFlatSeq(Stmts());
  } else if (At(K::kEllipsis)) {  // `def f(...): ...` (parser/module/module_funcs.cc)
    ellipsis_tok_ = Advance();
    if (!ExpectNewline()) {
      memref_bases_ = nullptr;
      return false;
    }
    body.body = ctx_.NewFlatSeq(Stmts());
  } else if (!ParseBlock(BlockKind::kFunction, &body)) {
    memref_bases_ = nullptr;
    return false;
  }
  memref_bases_ = nullptr;
  if (ellipsis_tok_ && !CheckEllipsisBody(dec, level, role, body.body, &abstract)) return false;
  FunctionAttrs attrs;
  attrs.requires_runtime_binding = abstract;
  attrs.python_body = python_body;
  attrs.auto_scope = dec.auto_scope;
  attrs.external_source = dec.external_source;
  attrs.attrs = absl::MakeConstSpan(fn_.attrs);
  const Function* f = ctx_.NewFunction(name, sig.params, sig.directions, sig.returns, body.body,
                                       type, level, role, Loc(def_tok), attrs);
  fn_.attrs.clear();
  functions_.push_back(f);
  // The body may have read other signatures, growing function_infos_.
  function_infos_[function_index_.find(name)->second].function = f;
  return true;
}

// --- Scopes ------------------------------------------------------------------------

void Parser::Bind(absl::string_view name, const Expr* var, const Token& at) {
  Binding& b = names_[name];
  // Function-level bindings never die: only block bindings are logged.
  if (!block_marks_.empty()) scope_log_.push_back(LoggedBinding{name, b});
  b.var = var;
  b.def_pos = at.pos();
  b.dead = false;
  b.value_depth = 0;
  b.depth = static_cast<uint32_t>(block_marks_.size());
}

Value Parser::LookupName(const Token& t) {
  ++lookups_;
  absl::string_view name = Text(t);
  Value v;
  v.depth = 1;
  v.pos = t.pos();
  if (in_signature_) {
    auto it = sig_scope_.find(name);
    if (it != sig_scope_.end() && !(in_type_ && DynamicShadowsParam(name, it->second))) {
      v.expr = it->second;
      return v;
    }
  } else if (comp_value_ != nullptr && name == comp_name_) {
    return ConstValue(*comp_value_, t);
  } else {
    auto it = names_.find(name);
    if (it != names_.end()) {
      const Binding* b = &it->second;
      if (b->dead) {
        return FailValue(t,
                         absl::StrCat("'", name, "' is not visible here: it is defined inside a ",
                                      BlockName(b->dead_in), " (at ", PosText(b->def_pos),
                                      "); values leave a loop or if only through pl.yield_"));
      }
      v.expr = b->var;
      if (b->value_depth > 1) v.depth = b->value_depth;
      return v;
    }
  }
  auto dyn = module_.dynamic.find(name);
  if (dyn != module_.dynamic.end()) {
    if (in_signature_) sig_dynamic_reads_.insert(name);
    v.expr = dyn->second;
    return v;
  }
  if (const ModuleConst* c = FindConst(name)) return ConstValue(*c, t);
  if (in_type_) {
    // Like upstream's text parser: an unbound name in a type is a dynamic dim.
    const Var* d = ctx_.NewVar(name, ctx_.GetScalarType(DataType::kIndex), Loc(t));
    module_.dynamic.emplace(name, d);
    v.expr = d;
    return v;
  }
  return FailValue(t, absl::StrCat("undefined name '", name, "'"));
}

}  // namespace pto::ir::parser_impl
