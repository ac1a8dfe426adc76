// Private to //ir/text/parser: the recursive-descent parser of the text form,
// shared by the .cc files of this folder and of calls/, forms/ and module/,
// which implement it one concept each (like MLIR's AsmParser: module and
// functions, statements, expressions, op calls, types). Only the entry point
// in parser.h is public.
//
//   Parser parser(ctx, text, "kernel.py", ParseOptions{});
//   absl::StatusOr<Program> program = parser.Run();
//
// The token accessors (Peek, Advance, At, ...) stay defined in the class:
// they are the hot path of every parse function and must inline into each
// of the .cc files. The records the parser fills are in parser_types.h, its
// token source in token_stream.h.

#ifndef PTO_IR_TEXT_PARSER_PARSER_IMPL_H_
#define PTO_IR_TEXT_PARSER_PARSER_IMPL_H_

#include <algorithm>
#include <cstdint>
#include <deque>
#include <list>
#include <forward_list>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/container/inlined_vector.h"
#include "absl/container/node_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "ir/huge_pages.h"
#include "ir/ops/builtin.h"
#include "ir/text/dsl/dsl_ops.h"
#include "ir/text/lexer/lexer.h"
#include "ir/text/name_uniquer.h"
#include "ir/text/printer/printer.h"
#include "ir/text/dsl/scalar_builder.h"
#include "ir/text/parser/parser.h"
#include "ir/text/parser/comment_queue.h"
#include "ir/text/parser/parser_types.h"
#include "ir/text/parser/token_stream.h"
#include "ir/type_compat.h"
#include "ir/type_substitute.h"

namespace pto::ir::parser_impl {

class Parser {
 public:
  Parser(Context& ctx, absl::string_view text, absl::string_view filename,
         const ParseOptions& options)
      : ctx_(ctx),
        src_(text),
        filename_(filename),
        ops_(options.ops != nullptr ? *options.ops : BuiltinOps()),
        max_depth_(options.max_depth),
        allow_unregistered_ops_(options.allow_unregistered_ops),
        defines_(options.defines),
        main_(text, filename),
        ts_(&main_) {}

  absl::StatusOr<Program> Run();

 private:
  friend class DepthGuard;

  // --- Tokens ----------------------------------------------------------------
  const Token& Peek(int k = 0) { return ts_->Peek(k); }
  Token Advance() { return ts_->Advance(); }
  bool At(K kind, int k = 0) { return Peek(k).kind == kind; }
  bool AtName(absl::string_view name, int k = 0) {
    const Token& t = Peek(k);
    return t.kind == K::kName && Text(t) == name;
  }
  bool Accept(K kind) {
    if (!At(kind)) return false;
    Advance();
    return true;
  }
  // Tokens lie inside the source: no bounds check.
  absl::string_view Text(const Token& t) const {
    return absl::string_view(src_.data() + t.offset, t.length);
  }
  std::string Describe(const Token& t) const;
  bool Expect(K kind, Token* out = nullptr);
  bool ExpectName(Token* out);
  bool ExpectNewline();
  // `pl.<name>` (or `pld.<name>`) at the cursor.
  bool AtDotted(absl::string_view head, absl::string_view name, int k = 0) {
    return AtName(head, k) && At(K::kDot, k + 1) && AtName(name, k + 2);
  }

  // --- Errors ----------------------------------------------------------------
  bool Fail(const Token& at, absl::string_view message);
  bool FailAt(SourcePos pos, absl::string_view message);
  Value FailValue(const Token& at, absl::string_view message) {
    Fail(at, message);
    return Value{};
  }
  SourceLoc LocOf(SourcePos p) const {
    return SourceLoc{p.line, static_cast<uint16_t>(std::min<uint32_t>(p.col, 0xFFFF)), file_};
  }
  SourceLoc Loc(const Token& t) const { return LocOf(t.pos()); }
  std::string PosText(SourcePos p) const { return absl::StrCat(p.line, ":", p.col); }

  // --- Module level ------------------------------------------------------------
  void Prescan();
  bool ParseImport();
  bool ParseDynamicDecl(const Token& name);
  // `NAME = expr`, `A, B = x, y` or `NAME: T = expr` at module level.
  bool ParseModuleAssign();
  // --define values into module_.consts (parser/module/define.cc).
  bool ApplyDefines();
  // Module-level @pl.function definitions and their bare-name calls
  // (parser/module/module_funcs.cc).
  bool ParseModuleFunction();
  bool IsModuleFunctionCall(const Token& name);
  Value ParseModuleFunctionCall(const Token& name);
  // `alias = f` of a module-level function f: records the alias (true), or
  // leaves the assignment to the constants (false).
  bool ParseModuleFunctionAlias(const Token& alias);
  Value ExpandInlineCall(const Token& name, const Token& def);  // parser/calls/inline.cc
  void SetInlineReturn(const Token& at, const ExprList& values, bool tuple, int depth);
  bool AtInlineCall();
  bool FailInlineTupleStatement(const Token& at);
  bool SkipClassInline();
  bool IsClassInline(absl::string_view name);
  Value FailClassInlineCall(const Token& name);
  bool AddModuleFunctions();
  // A function body that is a bare `...` (after a docstring or a
  // pl.func_attr prologue at most): an abstract HOST SubWorker or an
  // external_source kernel. `ellipsis_tok_` is the `...` read.
  bool CheckEllipsisBody(const Decorator& dec, std::optional<Level> level,
                         std::optional<Role> role, const Stmt* body, bool* abstract);
  std::optional<Token> ellipsis_tok_;
  // The body of a HOST SubWorker, read right after its header's ':'
  // (parser/module/python_body.cc): host Python, kept as text in *python_body; left
  // empty, with nothing read, when the DSL path is to read it (`...`).
  bool ParsePythonBody(absl::string_view name, const std::optional<Token>& self_tok,
                       absl::string_view* python_body);
  bool CanonicalHostBody(uint32_t begin, uint32_t end, uint32_t line, uint32_t line_start,
                         bool one_line, std::string* text);
  bool ParseDefineDynamic(ModuleConst* out);
  bool IsDefined(absl::string_view name) const { return defined_.contains(name); }
  // Skips a module-level statement the parser does not model (a helper
  // `def`, an `if __name__ == ...:` block), nested block included.
  bool SkipModuleStatement();
  // Evaluates a module-level expression; false (with no error) when it is
  // beyond the evaluator, leaving the cursor inside it.
  // `ternary`: `A if C else B` is read (a comprehension's `in` and `if`
  // take none: `if` starts the next clause there).
  bool EvalConst(ModuleConst* out, OpPrecedence min_prec = OpPrecedence::kOr, bool ternary = true);
  bool EvalConstAtom(ModuleConst* out);
  // `{"key": constant, ...}` (parser/forms/loop_attrs.cc).
  bool EvalConstDict(ModuleConst* out);
  // attrs=NAME of @pl.function: the dict constant NAME, read as if written
  // in its place (parser/forms/loop_attrs.cc).
  bool ParseFuncAttrDictConst(std::vector<FuncAttr>* out);
  // In a type, a parameter named like a module pl.dynamic dim stands for it
  // only when it is a Scalar[INDEX]; otherwise the name is the dim, as
  // upstream resolves a dimension's name in the closure first
  // (parser/forms/loop_attrs.cc).
  bool DynamicShadowsParam(absl::string_view name, const Var* param) const;
  // A module constant as an expression of the program.
  Value ConstValue(const ModuleConst& c, const Token& at);
  const Expr* ConstExpr(const ModuleConst& c, const Token& at);
  // A name bound to a module constant as a kwarg value; false with no
  // error when `t` names no constant.
  bool ConstAttr(const Token& t, AttrValue* out, bool* handled);
  const ModuleConst* FindConst(absl::string_view name) {
    auto it = module_.consts.find(name);
    return it == module_.consts.end() ? nullptr : &it->second;
  }
  bool ParseProgramClass();
  // `decorator`: already read (a module-level function's, see
  // parser/module/module_funcs.cc); otherwise read here when present.
  bool ParseFunction(const Decorator* decorator = nullptr);
  bool ParseDecorator(Decorator* out);
  // `(strict_ssa=...)` after @pl.program.
  bool ParseProgramArgs();
  bool ParseBoolLiteral(const Token& key, bool* out);
  // `{"key": value, ...}` of attrs= or pl.func_attr, merged into `out`.
  // `prologue`: in pl.func_attr({...}), where a bare name is a parameter.
  bool ParseFuncAttrDict(std::vector<FuncAttr>* out, bool prologue = false);
  // An expression function attr value (parser/forms/loop_attrs.cc): a parameter named
  // in the prologue, or a `pl.` op call. True with `*out` set when the value
  // is one, false when it is a plain value to read, nullopt on an error.
  std::optional<bool> ParseFuncAttrExpr(absl::string_view key, bool prologue, const Expr** out);
  // `attrs={...}` of pl.range/parallel/unroll/pipeline: string keys, int,
  // float, bool or string values (parser/forms/loop_attrs.cc).
  bool ParseLoopAttrs(std::vector<LoopAttr>* out);
  // `pl.func_attr({...})` statements opening a function body.
  bool AtFuncAttr() { return AtDotted("pl", "func_attr"); }
  bool ParseFuncAttrStatement();
  bool ParseSignature(Signature* sig);
  FunctionInfo* EnsureSignature(const Token& name_tok);
  // Runs `parse` on a token stream over text written elsewhere: `at` in
  // `src` (a define's text) or, when `src` is empty, in the file. Module
  // constants, callee signatures and inline bodies are read this way, where
  // they are used, as Python evaluates them.
  template <typename F>
  auto ParseAt(absl::string_view src, DefSite at, F&& parse) {
    absl::string_view saved_src = src_;
    if (!src.empty()) src_ = src;
    TokenStream sub(src_, filename_, at.offset, at.line);
    TokenStream* saved = ts_;
    ts_ = &sub;
    auto result = parse();
    ts_ = saved;
    src_ = saved_src;
    return result;
  }

  // --- Scopes ------------------------------------------------------------------
  void Bind(absl::string_view name, const Expr* var, const Token& at);
  void EnterBlock() { block_marks_.push_back(scope_log_.size()); }
  // Closes the innermost block. `leak` (pattern B: a for/while without
  // carried values, an if without pl.yield_) keeps its names visible in the
  // enclosing block; otherwise each name gets its outer binding back, or
  // dies (parser/forms/leak.cc).
  void ExitBlock(BlockKind kind, bool leak);
  // Sets *var to the Var an assignment of `name` (value type `type`, at
  // `at`) reassigns instead of binding a new one, or to nullptr; fails when
  // the value's type differs from the Var's (forms/leak.cc).
  bool ReassignedVar(const Token& at, absl::string_view name, const Type* type,
                     const Var** var);
  // strict_ssa: fails when `name` is already bound in the current scope.
  bool CheckStrictRebind(const Token& name_tok, absl::string_view name, bool note);
  Value LookupName(const Token& t);

  // --- Statements --------------------------------------------------------------
  bool ParseBlock(BlockKind kind, Block* out, Value* while_cond = nullptr);
  // `*first`: the statement would be its block's first (a pl.func_attr
  // directive does not count); cleared once one is read.
  bool ParseStatement(BlockKind kind, YieldInfo* yield, bool* first);
  // The statement at the cursor by its first token (ParseStatement's
  // dispatch, with the comments' bookkeeping done).
  bool ParseStatementKind(BlockKind kind, YieldInfo* yield);
  // Leading comments (parser/comment_queue.h): the statement being read
  // makes its IR statement, which takes them. The first call for a
  // statement gives them, later ones nothing; a simple statement's are the
  // comments through its last line, so it is called once the statement's
  // tokens are read. Inside an inline body there are none.
  Comments Lead();
  // The statement being read makes an IR statement ahead of its own, which
  // is pushed next (parser/calls/deps.cc).
  void NoteStmtAhead();
  // The line the statement being read ends on: its NEWLINE's (a few tokens
  // ahead at most when Lead() is called).
  uint32_t StmtEndLine();
  // ExpectNewline() for a statement, remembering its last line.
  void NoteNewline(const Token& t) { last_newline_line_ = t.line; }
  bool AtYieldCall() { return AtDotted("pl", "yield_"); }
  // `parenthesized`: the value was written `(pl.yield_(...))`, the `(` read.
  bool ParseYield(BlockKind kind, YieldInfo* yield, bool parenthesized = false);
  bool ParseAssign(BlockKind kind, YieldInfo* yield);
  bool ParseMultiAssign(BlockKind kind, YieldInfo* yield);
  bool AtParenTargets();
  bool ParseExprStatement();
  bool ParseReturn();
  bool ParseFor();
  bool ParseWhile();
  bool ParseIf();
  bool ParseJump();
  // `with pl.<scope>(...):` (parser/forms/scope.cc).
  // `outer` is the kind of block the scope stands in: as the last statement
  // of a loop or if body, the scope's body may end with that body's
  // pl.yield_, which goes to `yield`.
  bool ParseWith(BlockKind outer, YieldInfo* yield);
  bool ParseScopeArg(ScopeKind kind, int spec, const Token& key, ScopeArg* out,
                     ExprList* operands);
  // The arguments of pl.<name>(...) from after `(` through `)`, sorted into
  // the canonical order with defaults dropped (parser/forms/scope.cc). `loop_form`
  // is `for i in pl.spmd(...)`, which rejects the range-only keywords.
  bool ParseScopeArgs(ScopeKind kind, bool manual, bool loop_form, const Token& name_tok,
                      std::vector<ScopeArg>* sorted, ExprList* operands);
  // A pl.at scope's dumps= gains the tensors pl.dump_tag marked before it.
  void MergeDumpTags(const ExprList& tags, std::vector<ScopeArg>* args, ExprList* operands,
                     SourceLoc at);
  // `for i in pl.spmd(...)` and `for aiv_id in pl.split_aiv(...)`, after
  // `in` (parser/forms/loops.cc).
  bool ParseSpmdFor(const Token& for_tok, const Token& var_tok);
  bool ParseSplitAivFor(const Token& for_tok, const Token& var_tok);
  // pl.aiv_shard(x) / pl.aic_gather(x) and their pl.tile./pl.tensor. forms,
  // at `(`: inside a pl.split_aiv region they take its split mode.
  Value ParseAivShard(const Token& head, absl::Span<const Token> segs);
  // `name = <op>()` for a no-argument op, bound to `name`.
  const AssignStmt* BindNullaryOp(absl::string_view op, const Token& name_tok);
  // Rules on scopes, submits and markers (parser/forms/scope_rules.cc).
  bool CheckScopeNameHint(const Token& str, absl::string_view scope, absl::string_view value);
  bool ParseTensorNameList(absl::string_view scope, absl::string_view key, ScopeArg* out,
                           ExprList* operands);
  bool CheckCoreNum(absl::string_view construct, const Value& v);
  bool CheckRuntimeScope(const Token& name_tok, bool manual);
  bool CheckSpmdInCluster(const Token& name_tok, absl::Span<const ScopeArg> args, bool has_tid);
  static ScopeArg CoreGroupLevel();  // level=pl.Level.CORE_GROUP
  // One name_hint names an spmd scope `<hint>_spmd` and its kernel `<hint>`
  // (either spelling given), as upstream's parser splits it.
  void SplitSpmdNameHint(std::vector<ScopeArg>* spmd_args, std::vector<ScopeArg>* kernel);
  // Sets *needs_carrier when the body must be wrapped in a kernel scope.
  bool CheckSpmdBody(const Token& name_tok, const Stmt* body, bool has_optimizations,
                     bool* needs_carrier);
  bool CheckSubmitPlace(const Token& head, absl::string_view construct, bool trailing = false);
  bool CheckDepsMix(absl::string_view construct, const Token& at, const Expr* dep, int* kinds);
  bool ParseDumpTag();
  bool ParseScopeLoopBody(const AssignStmt* bind, std::vector<const Stmt*>* stmts);
  bool CheckAnnotation(const Token& at, const Type* annotation, const Type* deduced);
  // parser/annotation.cc: upstream's rules for `x: T = value`.
  const Type* AnnotatedType(const Type* annotation, const Type* deduced);
  const Type* FlattenedDeduced(const Type* annotation, const Expr* value);
  bool ApplyAnnotation(const Token& at, const Type* annotation, Value* v, const Type** var_type);
  // Return vars for the targets of a block's final yield.
  // The return vars a yield assigns: a loop's take its iter args' types
  // (`carried`), an if's the annotation of its then-branch target, else the
  // yielded value's type (upstream's rules; see parser/forms/yield.cc).
  bool MakeReturnVars(const YieldInfo& yield, IterArgSpan carried, VarList* vars);
  bool CheckYieldAnnotation(const YieldTarget& target, const Type* yielded);
  void BindAll(const YieldInfo& yield, const VarList& vars);

  // --- Expressions -------------------------------------------------------------
  Value ParseExpr() { return ParseBinary(OpPrecedence::kOr); }
  // Precedence climbing over the binary operators and `not` (precedences
  // from ir/operators.h).
  Value ParseBinary(OpPrecedence min_prec);
  bool BinaryAt(BinaryOp* op);
  Value ParseUnary();
  Value ParsePower();
  Value ParsePrimary();
  Value ParseAtom();
  // Subscript sugar (parser/subscript.cc): `base[...]`, the '[' read.
  Value ParseSubscript(const Value& base, const Token& open);
  bool ParseSubscriptIndices(SubIndices* out, int* depth);
  // `name[...] = value` as a statement.
  bool ParseSubscriptWrite();
  Value SubscriptCall(absl::string_view name, ExprSpan args, int depth, const Token& at);
  const Expr* IndexTuple(absl::Span<const Expr* const> elements, const Token& at);
  const Expr* SliceExtent(const Expr* upper, const Expr* lower, const Token& at);
  const Expr* ScalarMinMax(BinaryOp op, const Expr* a, const Expr* b, const Token& at);
  Value ParseSequence(K close, const Token& open, const Value* first);
  Value ParseNameExpr();
  Value ParseDotted();
  Value ParseBuiltin(const Token& name_tok);
  Value ParsePlSpecial(const Token& head, const Token& name_tok, bool* handled);
  Value ParseOpCall(const Op& op, const Token& at);
  Value ParseOpCallBody(const Op& op, const Token& at);
  Value FoldParamDim(Value v);
  Value ParseDslCallBody(const text::DslOpRow& row, const Token& at, absl::string_view spelled);
  // A unified call whose operands are passed by name: `in` with its leading
  // wrapper parameters moved to the front by position (parser/calls/bind.cc).
  bool NamedOperandsFirst(const text::DslOpRow& row, const CallArgs& in, CallArgs* out);
  // `pl.<name>(...)` through the unified op table (dsl/dsl_ops.h).
  Value ParseDslCall(const text::DslOpRow& row, const Token& at, absl::string_view spelled);
  // Python-style arguments `(a, b, k=v)` up to and including ')'.
  bool ParseCallArgs(CallArgs* out, int* depth);
  bool ParseArgValue(CallArg* out, int* depth);
  // A name bound to a variable or a dynamic dim here.
  bool IsValueName(absl::string_view name);
  // A number or bool constant as an expression (INDEX, FP32, BOOL); else null.
  const Expr* AttrAsConst(const AttrValue& v);
  // `e` (the value of `a`) as the wrapper types an int (DslOpRow::int_literals).
  const Expr* TypeIntLiteral(const text::DslOpRow& rules, absl::string_view param,
                             const CallArg& a, const Expr* e);
  // Binds `in` to `op`'s args and kwargs (positional in the wrapper's order,
  // any by name) under `rules` and builds the call; `unified`: written pl.X.
  const BindPlan& PlanFor(const Op& op, const text::DslOpRow* rules);
  Value BuildBoundCall(const Op& op, const text::DslOpRow* rules, bool unified,
                       bool tile_level_drops, const CallArgs& in, int depth, const Token& at);
  // BuildBoundCall's fast path (parser/calls/bind_fast.cc); nullopt: not taken.
  std::optional<Value> TryBuildPositionalCall(const Op& op, const text::DslOpRow* rules,
                                              bool unified, const CallArgs& in, int depth,
                                              const Token& at);
  // The operand rewrites of a DslFill rule (parser/calls/dsl_rules.cc).
  bool ApplyDslFill(const Op& op, text::DslFill fill, ExprList* args, KwargSlots* kwargs);
  bool ApplyModeNames(const Op& op, KwargSlots* kwargs, const Token& at);
  // The mask or compare form of pl.tensor.gather / pl.tensor.scatter
  // (`index_op`) the kwargs named select ("": the index form).
  absl::string_view GatherScatterForm(absl::string_view index_op, const CallArgs& in);
  // pld.alloc_window_buffer(shape, dtype=D): `out` becomes the byte form
  // (product(shape) * D's bytes), as upstream's wrapper normalizes it; `out`
  // stays empty for the byte form. nullopt on an error.
  std::optional<bool> WindowBufferBytes(const CallArgs& in, CallArgs* out);
  // parser/calls/host_rules.cc: `op` is called where only HOST orchestration code
  // runs; the name of a window buffer (from the assignment, unique).
  bool CheckHostOnly(const Op& op, const Token& at);
  bool NameWindowBuffer(const Op& op, bool unified, const CallArgs& in, KwargSlots* kwargs,
                        const Token& at);
  // pl.mrgsort and its level forms: format1 or format2 by the args given.
  Value MergeSortCall(absl::string_view op2, const CallArgs& in, int depth, const Token& at);
  Value UnregisteredDslCall(absl::string_view name, const CallArgs& in, int depth,
                            const Token& at);
  Value ScalarDslCall(const text::DslOpRow& row, const CallArgs& in, int depth, const Token& at);
  // pl.static_print / pl.static_assert / pl.dump_tag statements: no IR.
  bool AtNoIrCall();
  bool SkipNoIrCall();
  Value ParseUnregisteredCall(absl::string_view name, const Token& at);
  Value ParseFunctionCall(const Token& name_tok);
  // parser/calls/submit.cc: pl.submit / pl.spmd_submit and a call's options.
  Value ParseSubmit(const Token& head, CallForm form);
  Value FinishFunctionCall(const Token& name_tok, const Token& open, CallForm form);
  // The types a call of a function declared without `->` has: FunctionInfo's
  // body_returns, read on first use; empty before the definition is parsed.
  const std::vector<const Type*>& BodyReturnTypes(FunctionInfo& info);
  // parser/calls/deps.cc: deps=[...], element entries and comprehensions.
  bool ParseDeps(absl::string_view construct, ExprList* deps, int* depth);
  bool AtComprehension(int ahead = 0);
  bool UnrollDepsComprehension(absl::string_view construct, K close,
                               absl::FunctionRef<bool(const Token&, const Value&)> add);
  bool DesugarElementDeps(const Token& at, const ExprList& entries, ExprList* deps);
  // attrs={...} on a call (parser/calls/call_attrs.cc): "arg_directions" into
  // opts->dirs, every other key into opts->attrs.
  bool ParseCallAttrs(CallOptions* opts, bool function_call);
  bool ParseCallAttrValue(absl::string_view key, CallOptions* opts, CallAttr* out);
  bool ParseCallAttrItem(absl::string_view key, CallAttrItem* out, int* depth);
  // A call's "dump_vars" (a submit's dumps=) as the arguments it names, in
  // argument order, first among the attrs, as upstream stores them.
  bool NormalizeDumpVars(const ExprList& args, CallOptions* opts);
  // Puts the options ParseCallArgs read (attrs=, deps=) on the op call `v`.
  Value AttachOpCallOptions(Value v, const Token& at);
  Value ParseConst(const Token& at);
  // `pl.dynamic("N")` written inside a type: the dynamic dim N.
  Value ParseInlineDynamic(const Token& at);
  Value Binary(BinaryOp op, const Value& l, const Value& r, const Token& at);
  Value Unary(UnaryOp op, const Value& v, const Token& at);
  bool ParseInt(const Token& t, int64_t* out);
  const ConstInt* IndexConst(int64_t v) { return caches_.Index(ctx_, v); }
  bool ParseFloat(const Token& t, double* out);
  // `float('inf')` and the like: how the printer spells a non-finite float.
  bool AtFloatCall() { return AtName("float") && At(K::kLParen, 1); }
  bool ParseFloatCall(double* out);
  // A kwarg value: literal, string, dtype or enum member.
  bool ParseAttrValue(AttrValue* out);
  bool ParseExprList(K close, ExprList* out, int* depth);

  // --- Types -------------------------------------------------------------------
  const Type* ParseType();
  // ParseType for an assignment annotation, reusing the type of an earlier
  // identical annotation text (most lines of a kernel repeat a few types).
  const Type* ParseAnnotation(Token* at);
  bool ParseDType(DataType* out);
  bool ParseShape(ExprList* dims);
  // The `(key=value, ...)` of pl.TensorView / pl.TileView, the cursor at
  // `pl`: valid_shape and stride here, every other key by `field`, which
  // parses the value and returns false on an error, setting *known = false
  // (and failing nothing) for a key it does not know.
  // pl.MemRef(...)[idx] at the cursor (parser/memref.cc).
  bool AtMemRef() { return AtDotted("pl", "MemRef"); }
  // The tile type of a pl.Tile annotation with a pl.TileView (parser/type.cc);
  // null layouts take the implicit view's.
  const TileType* TileTypeWithView(DataType dtype, const ExprList& shape,
                                   std::optional<MemorySpace> space, const ExprList& valid,
                                   const ExprList& stride, const Expr* start_offset,
                                   const TileLayout* blayout, const TileLayout* slayout,
                                   uint32_t fractal, PadValue pad, CompactMode compact);
  const MemRef* ParseMemRef();
  const Var* MemRefBase(absl::string_view name, const Token& at, bool pinned);
  bool ParseMemRefInt(const char* what, int64_t* out);
  const Expr* ParseMemRefIndexExpr(const char* what);
  // The base Var a pl.MemRef named `name` before this assignment of a
  // `type` value binds it, or nullptr (the assignment makes a new Var).
  const Var* AdoptMemRefBase(absl::string_view name, const Type* type);
  // Module-level `NAME = pl.MemRef(...)` declarations and their uses in an
  // annotation (parser/module/memref_module.cc).
  bool ParseModuleMemRef(const Token& name);
  bool AtModuleMemRef();
  const MemRef* ParseModuleMemRefUse();
  bool ParseViewFields(absl::string_view view,
                       absl::FunctionRef<bool(absl::string_view key, bool* known)> field,
                       ExprList* valid, ExprList* stride);
  const Expr* ParseDim();
  const Type* ParseTensorType(bool distributed, const Token& at);
  bool AtWindowBufferMarker();
  bool ParseLayoutShorthand(bool distributed, TensorLayout* out);
  const Type* ParseTileType(const Token& at);
  // `pl.<cls>.<member>`; returns the class and member tokens.
  bool ParseEnumRef(Token* cls, Token* member);
  template <typename E>
  bool ParseEnumOf(std::initializer_list<absl::string_view> classes, E* out);

  Context& ctx_;
  absl::string_view src_;
  absl::string_view filename_;
  const OpRegistry& ops_;
  int max_depth_;
  bool allow_unregistered_ops_;
  const std::vector<Define>& defines_;
  // Names given by ParseOptions::defines: module-level assignments skip them.
  absl::flat_hash_set<absl::string_view> defined_;
  // The annotation of the assignment whose value starts at `rhs_offset_`: the
  // type of an unregistered op call that is that whole value.
  const Type* rhs_annotation_ = nullptr;
  uint32_t rhs_offset_ = ~uint32_t{0};
  absl::string_view rhs_name_;  // the name that assignment binds
  const Call* unregistered_rhs_ = nullptr;
  uint16_t file_ = 0;
  absl::Status error_;
  int depth_ = 0;

  TokenStream main_;
  TokenStream* ts_;
  // The function's comments not yet placed (parser/comment_queue.h), the
  // statement being read (innermost; null between statements and in inline
  // bodies), and the line of the last statement's NEWLINE.
  CommentQueue comments_{main_.lexer()};
  StmtFrame* stmt_frame_ = nullptr;
  uint32_t last_newline_line_ = 0;

  absl::flat_hash_map<absl::string_view, size_t> function_index_;
  std::deque<FunctionInfo> function_infos_;
  std::vector<const Function*> functions_;
  ModuleState module_;  // names and definitions of the module level
  // Expanding an inline body: `return` gives the call's value.
  bool inline_mode_ = false;
  Value inline_return_;
  int inline_depth_ = 0;
  // A deps= comprehension's loop name and its value now: shadows every name.
  absl::string_view comp_name_;
  const ModuleConst* comp_value_ = nullptr;
  // @pl.program(strict_ssa=True): a name is bound once per function.
  bool strict_ssa_ = false;
  FunctionState fn_;  // what the parser knows of the function being parsed
  // Function scope: one entry per name a function binds, so large for a big
  // function; huge pages keep its first touches cheap.
  absl::flat_hash_map<absl::string_view, Binding, absl::Hash<absl::string_view>,
                      std::equal_to<absl::string_view>,
                      HugePageAllocator<std::pair<const absl::string_view, Binding>>>
      names_;
  // Names bound inside the open blocks, innermost last.
  std::vector<LoggedBinding> scope_log_;
  std::vector<size_t> block_marks_;
  // Signature scope: the params parsed so far.
  bool in_signature_ = false;
  absl::flat_hash_map<absl::string_view, const Var*> sig_scope_;
  // The pl.dynamic names the signature's annotations read so far: an INDEX
  // parameter of such a name comes too late to be that dim
  // (ScalarParamAfterItsDim, parser/forms/loop_attrs.cc).
  absl::flat_hash_set<absl::string_view> sig_dynamic_reads_;
  bool ScalarParamAfterItsDim(const Token& name, const Type* type);
  // The pl.MemRef bases of the function whose signature or body is being
  // parsed (Signature::memref_bases); module_.memref_bases outside any function.
  absl::flat_hash_map<absl::string_view, const Var*>* memref_bases_ = nullptr;
  // Unbound names in type dims become dynamic dims.
  bool in_type_ = false;

  // Lines of `def`s, ascending, and the line count: size the name table of
  // each function from its line span.
  std::vector<uint32_t> def_lines_;
  uint32_t line_count_ = 0;

  // Counts name lookups, so that an annotation naming none is cacheable.
  uint32_t lookups_ = 0;
  ParseCaches caches_;

  // The statements of the open blocks: as long as the largest function, so
  // in huge pages once large (its doublings would touch 4 KiB pages anew).
  std::vector<const Stmt*, HugePageAllocator<const Stmt*>> stmt_stack_;
  // Unescaped string literals of the statement being parsed. A list: views
  // into it stay valid, and an empty one (the usual case) allocates nothing.
  std::forward_list<std::string> string_pool_;
  // The attrs= / deps= of the op call whose arguments were read last
  // (ParseCallArgs), for AttachOpCallOptions.
  CallOptions pending_call_options_;
};

// A SubWorker at level HOST or above: its body is host Python, not DSL.
bool IsHostSubWorker(std::optional<Level> level, std::optional<Role> role);

}  // namespace pto::ir::parser_impl

#endif  // PTO_IR_TEXT_PARSER_PARSER_IMPL_H_
