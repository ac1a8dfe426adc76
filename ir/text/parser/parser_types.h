// Private to //ir/text/parser: the plain records the parser builds while it reads
// (parsed values, name bindings, call arguments, module constants, decorator
// options). The Parser class that fills them is in parser_impl.h.
//
//   CallArg arg;  // one argument of `pl.tile.muls(v, 0.5)` as written
//   arg.expr = value.expr;

#ifndef PTO_IR_TEXT_PARSER_PARSER_TYPES_H_
#define PTO_IR_TEXT_PARSER_PARSER_TYPES_H_

#include <cstdint>
#include <list>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/container/inlined_vector.h"
#include "absl/container/node_hash_map.h"
#include "absl/strings/string_view.h"
#include "ir/text/lexer/lexer.h"
#include "ir/text/parser/parser.h"

namespace pto::ir {
class Op;
namespace text {
struct DslOpRow;
}  // namespace text
}  // namespace pto::ir

namespace pto::ir::parser_impl {

using text::Lexer;
using text::SourcePos;
using text::Token;
using K = text::TokenKind;


// A parsed expression and the height of its tree (capped by max_depth).
struct Value {
  const Expr* expr = nullptr;
  int depth = 0;
  SourcePos pos;  // where the expression starts
  // Built from literals and module constants only: folds with another such
  // value at parse time, as upstream evaluates such a tree in Python.
  bool literal = false;
  explicit operator bool() const { return expr != nullptr; }
};

enum class BlockKind : uint8_t { kFunction, kFor, kWhile, kThen, kElse, kScope };

// A block kind as a message names it: "for body", "if branch", ...
absl::string_view BlockName(BlockKind kind);

// The current binding of a name in a function. A name bound inside a block
// turns dead when the block closes: it then refers to nothing until it is
// bound again. Rebinding replaces the entry outright: bindings are never
// popped (a dead one stays in place), so a shadowed one is never seen again.
struct Binding {
  // A Var, or the argument expression an @pl.inline parameter names
  // (parser/calls/inline.cc): upstream binds the parameter to the value itself.
  const Expr* var = nullptr;
  SourcePos def_pos;
  bool dead = false;
  BlockKind dead_in = BlockKind::kFunction;
  // The expression depth of an inline parameter's argument (0: a Var).
  uint16_t value_depth = 0;
  // Block nesting depth of the scope that holds the binding (the block that
  // bound it, or the outer one it leaked to): strict_ssa rejects a second
  // binding of a name only within one scope, as upstream's ScopeManager.
  uint32_t depth = 0;
};

// A binding made inside an open block, with the one it replaced (var ==
// nullptr: none) so that a block that does not leak can restore it.
struct LoggedBinding {
  absl::string_view name;
  Binding previous;
};

struct YieldTarget {
  absl::string_view name;
  Token tok;
  const Type* annotation = nullptr;
  Token annotation_tok;
};

// The final `pl.yield_` of a block and the names it binds.
struct YieldInfo {
  const YieldStmt* stmt = nullptr;
  Token tok;
  absl::InlinedVector<YieldTarget, 2> targets;
};

// Operand, dim and parameter lists are short: inline, they cost no heap
// allocation (which dominates parsing small programs under a sanitizer).
using ExprList = absl::InlinedVector<const Expr*, 8>;
using VarList = absl::InlinedVector<const Var*, 8>;

// One argument of an op call as written: an expression, a constant that is
// only a kwarg value (a string, dtype or enum), or None (left out).
// Where a parameter of an op call binds: one of the op's args or kwargs, or
// (index -1) a wrapper parameter the op lacks, such as a tile-level flag.
struct ParamSlot {
  absl::string_view name;
  bool is_arg = true;
  int index = -1;
};
using ParamSlots = absl::InlinedVector<ParamSlot, 12>;

// How the positional arguments of one op, called under one row of wrapper
// rules, bind: computed on the op's first call, so that binding compares no
// names.
struct BindPlan {
  ParamSlots canonical;  // the op's plain args, then its kwargs that are not keyword-only
  ParamSlots wrapper;    // the wrapper's order (DslOpRow::params); empty: none
  size_t plain_args = 0;
};

// The lookups of the op call parsed last, kept for the next one: a chain of
// the same op (`t = pl.tile.muls(t, 0.5)` line after line) skips three
// hash lookups per call. `span` is the dotted name as written, a view into
// the source; `rules` and `plan` are valid when `op` is set.
struct LastOpCall {
  // ParseDotted: the op `span` names.
  absl::string_view span;
  const Op* op = nullptr;
  // ParseOpCallBody: that op's wrapper rules, once looked up.
  bool rules_known = false;
  const text::DslOpRow* rules = nullptr;
  // PlanFor: the plan of (plan_op, plan_rules), looked up last.
  const BindPlan* plan = nullptr;
  const Op* plan_op = nullptr;
  const text::DslOpRow* plan_rules = nullptr;
};

// An annotation's text and the type it read (the parser's cache of recent
// annotations that name no variable).
struct CachedAnnotation {
  absl::string_view text;
  const Type* type = nullptr;
};

// What the parser keeps to skip work it did before: the INDEX constants
// 0..kSmallInts-1, the recent annotations that name no variable, and the
// op-call lookups (wrapper rules by op, bind plans by (op, rules), and the
// op called last).
struct ParseCaches {
  static constexpr int kSmallInts = 1024;
  const ConstInt* small_ints[kSmallInts] = {};
  const ConstInt* Index(Context& ctx, int64_t v) {
    if (v < 0 || v >= kSmallInts) return ctx.Index(v);
    const ConstInt*& c = small_ints[v];
    if (c == nullptr) c = ctx.Index(v);
    return c;
  }
  static constexpr int kAnnotations = 4;
  CachedAnnotation annotations[kAnnotations];
  int annotation_next = 0;
  absl::flat_hash_map<const Op*, const text::DslOpRow*> dsl_rules;
  // Node-based: a plan's address stays valid while more are added.
  absl::node_hash_map<std::pair<const Op*, const text::DslOpRow*>, BindPlan> bind_plans;
  LastOpCall last_call;
};

struct CallArg {
  Token tok;  // the value's first token
  Token key;  // for `name=value`
  bool named = false;
  bool none = false;
  // A keyword's value written as a bare int (`value=1`, `value=-1`, or a
  // module constant's name): upstream's wrapper gets a Python int for it
  // (text::DslOpRow::int_literals).
  bool raw_int = false;
  // Written pl.const(v, dtype): a typed constant the DSL never restamps.
  bool typed_const = false;
  const Expr* expr = nullptr;  // else `attr`
  AttrValue attr = AttrValue::Bool(false);
};
using CallArgs = absl::InlinedVector<CallArg, 8>;

// A call's options as written: attrs={...} (and deps= / dumps=) before they
// become its CallSite. `items` owns the item lists `attrs` points into (a
// list: stable addresses, and no allocation for the many calls without
// options, which a deque would make).
struct CallOptions {
  Token tok;          // the first option's key
  bool given = false;
  std::vector<CallAttr> attrs;
  std::list<std::vector<CallAttrItem>> items;
  std::vector<ArgDirection> dirs;
  bool has_dirs = false;
  std::vector<const Expr*> deps;
  bool deps_given = false;
  Token deps_tok;
  Token dumps_tok;
  int depth = 0;
  bool empty() const { return !given; }
  const CallAttr* FindAttr(absl::string_view key) const {
    for (const CallAttr& a : attrs) {
      if (a.key == key) return &a;
    }
    return nullptr;
  }
};

// One component of a subscript: an index `i` (in `lower`) or a slice
// `lower:upper` (either may be absent).
struct SubIndex {
  Token tok;
  bool is_slice = false;
  const Expr* lower = nullptr;
  const Expr* upper = nullptr;
};
using SubIndices = absl::InlinedVector<SubIndex, 4>;
using KwargVec = absl::InlinedVector<NamedAttr, 4>;
// An op's kwargs by schema position while a call is bound.
using KwargSlots = absl::InlinedVector<std::optional<AttrValue>, 8>;

struct Block {
  const Stmt* body = nullptr;
  YieldInfo yield;
};

// The statement being read, for placing its leading comments (Parser::Lead).
struct StmtFrame {
  uint32_t line = 0;  // its first token's position
  uint32_t col = 0;
  // A compound statement: its header's comments are taken (into `lead`) when
  // its body's first statement is reached.
  bool compound = false;
  bool given = false;  // an IR statement took `lead`
  // Where in the parser's statement stack the first statement it made ahead
  // of its own went (a deps= buffer): that one takes `lead` instead.
  size_t ahead = SIZE_MAX;
  absl::InlinedVector<absl::string_view, 2> lead;
};

struct Signature {
  Token name_tok;
  std::optional<Token> self_tok;  // a leading `self` parameter, when written
  VarList params;
  absl::InlinedVector<Token, 8> param_toks;
  absl::InlinedVector<ParamDirection, 8> directions;
  absl::InlinedVector<const Type*, 4> returns;
  // pl.MemRef bases named in the function but bound by no statement yet,
  // by name (parser/memref.cc): the signature's, then the body's.
  absl::flat_hash_map<absl::string_view, const Var*> memref_bases;
};

struct FunctionInfo {
  Signature sig;
  bool sig_ready = false;
  bool defined = false;
  SourcePos def_pos;
  SourcePos first_call;  // the call that read `sig` ahead of the definition
  // The parsed function, once its body is read (null before).
  const Function* function = nullptr;
  // For a function with no `->` annotation, the types of the first `return`
  // with values in its body, which type a call of it (upstream's parser
  // does the same); read once, on the first call after the definition.
  std::vector<const Type*> body_returns;
  bool body_returns_read = false;
};

// Where `def NAME` starts a line: lets a call parse its callee's signature
// before the callee's definition is reached.
struct DefSite {
  uint32_t offset;
  uint32_t line;
  uint32_t indent = 0;  // the `def`'s column - 1 (Prescan only)
};

// Every `def NAME` line for one name, in file order: a module-level helper,
// the program's method, a def nested in a host body or a plain class may
// share it, and only the one at the right indentation is the callee.
struct DefSites {
  absl::InlinedVector<DefSite, 1> sites;
  // The first at `indent` starting after `after`, or null.
  const DefSite* At(uint32_t indent, uint32_t after = 0) const {
    for (const DefSite& s : sites) {
      if (s.indent == indent && s.offset >= after) return &s;
    }
    return nullptr;
  }
};

// A module-level constant, `NAME = <expr>` before the program class:
// evaluated at parse time, as upstream evaluates its decorator's closure.
// A value the parser cannot evaluate (an object of the user's Python) is
// kOpaque: harmless unless the program uses the name.
struct ModuleConst {
  // kDict: `{"key": value, ...}` of constants, replayed from `at` where a
  // function's attrs= names it (parser/forms/loop_attrs.cc).
  enum class Kind : uint8_t {
    kInt, kFloat, kBool, kString, kDType, kEnum, kVar, kList, kOpaque, kDict,
    kMemRef,  // `NAME = pl.MemRef(["name"][, slots=N])`: str = the name given, i = slots,
              // at = the declaration's site (its identity), slot = `[k]` or -1
  };
  Kind kind = Kind::kOpaque;
  int64_t i = 0;
  double f = 0;
  DataType dtype;
  const Var* var = nullptr;      // kVar: a pl.dynamic dim
  absl::string_view str;         // kString: the unquoted text
  DefSite at{0, 0};              // kEnum, kDict: where its text starts (a use replays it)
  absl::string_view src;         // kEnum, kDict: the text `at` points into (a define's or the file)
  SourcePos def_pos;             // the assigned name
  std::vector<ModuleConst> elems;  // kList: a list or tuple
  int64_t slot = -1;               // kMemRef: a constant slot index, or -1
};

// Folds `a op b` of two int/float constants with Python's semantics (floor
// division and modulo, `/` giving a float). False when Python would not
// give an int or float (division by zero, overflow, a bool operand).
bool FoldConst(BinaryOp op, const ModuleConst& a, const ModuleConst& b, ModuleConst* out);

// A scalar-typed expression (not null).
bool IsScalar(const Expr* e);
// A constant expression (bool, int, float) as a kwarg value.
std::optional<AttrValue> ConstAsAttr(const Expr* e);

// A member name of upstream's SplitMode (NONE, UP_DOWN, LEFT_RIGHT).
bool IsSplitMode(absl::string_view member);
// A pl.Level member name or one of upstream's aliases (POD is CLUSTER_0, ...).
std::optional<Level> LevelFromName(absl::string_view m);

// What `@pl.function(...)` says.
struct Decorator {
  FunctionType type = FunctionType::kOpaque;
  std::optional<Level> level;
  std::optional<Role> role;
  bool auto_scope = true;
  absl::string_view external_source;
  Token external_source_tok;
  std::vector<FuncAttr> attrs;
  uint32_t comments_before = 0;  // the lexer's comments before its '@'
};

// What the parser knows of the function being parsed, and of the blocks
// open in it where the DSL's rules depend on them.
struct FunctionState {
  FunctionType type = FunctionType::kOpaque;
  bool auto_scope = true;
  std::optional<Level> level;  // pld.world_size & co. are HOST-only (calls/host_rules.cc)
  bool incore = false;         // an InCore function
  // The attrs of the function (decorator, then prologue).
  std::vector<FuncAttr> attrs;
  // No statement but docstrings and pl.func_attr yet in the body.
  bool prologue_open = false;
  ExprList dump_tagged;  // the tensors pl.dump_tag marked, in tag order
  absl::flat_hash_set<const Var*> param_dim_symbols;  // the params' dynamic dims
  // Per enclosing loop: may break/continue leave it (a pl.range or while
  // loop, upstream's rule)?
  std::vector<bool> jump_ok;
  // Open scopes: pl.at(CORE_GROUP), manual, pl.cluster, with pl.spmd(...),
  // and those declaring optimizations=[pl.split(...)]; the split modes of
  // the open pl.split_aiv regions, innermost last ("UP_DOWN", ...).
  int incore_scopes = 0;
  int manual_scopes = 0;
  int cluster_scopes = 0;
  int spmd_scopes = 0;
  int split_scopes = 0;
  std::vector<absl::string_view> split_aiv_modes;
  // The scope args just parsed wrote pl.split(...) in optimizations=[...],
  // NONE included: a literal split excludes pl.split_aiv regions (upstream).
  bool split_written = false;
  // The with body being parsed may end with a pl.yield_ of the loop or if
  // body it ends.
  bool scope_yield_ok = false;
  // Where the value of the assignment being parsed starts (a submit must
  // be that whole value).
  uint32_t submit_offset = ~uint32_t{0};
};

// What the module level declares, as the parser reads it: every name is
// looked up here once no function scope has it.
struct ModuleState {
  // Every `def NAME` line, and the program class's methods' body and indent.
  absl::flat_hash_map<absl::string_view, DefSites> def_sites;
  uint32_t class_body = 0, member_indent = 0;
  // Module-level functions: parsed ones by name, @pl.inline names, and the
  // ones called, in first-call order (parser/module/module_funcs.cc).
  absl::flat_hash_map<absl::string_view, const Function*> functions;
  // @pl.inline functions above the class: name -> their `def` token.
  absl::flat_hash_map<absl::string_view, Token> inline_defs;
  // @pl.inline functions in the class body, which upstream cannot call:
  // name -> their `def` line.
  absl::flat_hash_map<absl::string_view, uint32_t> class_inline;
  absl::flat_hash_map<absl::string_view, Token> calls;
  std::vector<absl::string_view> call_order;
  // `alias = f` at module level: the alias -> f's name token there (a call
  // of the alias calls f, and upstream prints f).
  absl::flat_hash_map<absl::string_view, Token> function_aliases;
  absl::string_view program_name;
  bool saw_program = false;
  // pl.dynamic dims and the other constants, by name.
  absl::flat_hash_map<absl::string_view, const Var*> dynamic;
  absl::flat_hash_map<absl::string_view, ModuleConst> consts;
  // The window buffer names the program declared so far (one program-wide
  // namespace, parser/calls/host_rules.cc).
  absl::flat_hash_set<std::string> window_buffer_names;
  // Module-level pl.MemRef bases; a declaration (by its site) -> the
  // allocation name it goes by, and back: one declaration, one name.
  absl::flat_hash_map<absl::string_view, const Var*> memref_bases;
  absl::flat_hash_map<const char*, std::string> decl_memref_names;
  absl::flat_hash_map<std::string, const char*> decl_memref_owners;
};

}  // namespace pto::ir::parser_impl

#endif  // PTO_IR_TEXT_PARSER_PARSER_TYPES_H_
