// Private to //ir/text/printer: the printer of the text form, shared by the
// printer*.cc files that implement it one concept each: program analysis
// and naming (printer.cc), functions, statements and expressions
// (printer/stmt.cc), types (printer/type.cc). Only printer.h is public.
//
//   Printer printer(PrintOptions{});
//   printer.PrintProgramText(program);
//   std::string text = printer.Take();

#ifndef PTO_IR_TEXT_PRINTER_PRINTER_IMPL_H_
#define PTO_IR_TEXT_PRINTER_PRINTER_IMPL_H_

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/node_hash_map.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "ir/arena.h"
#include "ir/check.h"
#include "ir/enums.h"
#include "ir/float_literal.h"
#include "ir/memref.h"
#include "ir/op.h"
#include "ir/stmt.h"
#include "ir/text/lexer/lexer.h"
#include "ir/text/name_uniquer.h"
#include "ir/text/output/text_output.h"
#include "ir/text/printer/printer.h"

namespace pto::ir::printer_impl {

using text::IsPythonKeyword;
using text::NameUniquer;

inline void AppendInt(text::TextOutput* out, int64_t v) {
  char buf[24];
  std::to_chars_result r = std::to_chars(buf, buf + sizeof(buf), v);
  out->append(buf, r.ptr - buf);
}

// 17 significant digits re-read as the same double; an integral value gets
// ".0" so it stays a float literal.
inline void AppendFloat(text::TextOutput* out, double v) { out->append(FloatLiteral(v).view()); }

template <typename E>
void AppendEnum(text::TextOutput* out, E value) {
  out->append(EnumTraits<E>::kPrefix.data(), EnumTraits<E>::kPrefix.size());
  out->push_back('.');
  absl::string_view name = EnumName(value);
  out->append(name.data(), name.size());
}

inline void AppendQuoted(text::TextOutput* out, absl::string_view s) {
  out->push_back('\'');
  for (char c : s) {
    switch (c) {
      case '\\':
        out->append("\\\\");
        break;
      case '\'':
        out->append("\\'");
        break;
      case '\n':
        out->append("\\n");
        break;
      case '\t':
        out->append("\\t");
        break;
      case '\r':
        out->append("\\r");
        break;
      default:
        out->push_back(c);
        break;
    }
  }
  out->push_back('\'');
}

// A dim list equal to `shape` in upstream's sense: same objects or equal

class Printer {
 public:
  explicit Printer(const PrintOptions& options, TextSink* sink = nullptr)
      : options_(options), out_(sink) {}

  std::string Take() { return out_.Take(); }
  absl::Status Flush() { return out_.Flush(); }

  void PrintProgramText(const Program& program);
  void PrintTypeText(const Type* type);
  // PrintTypeText for the annotation of an assignment, from a small cache of
  // recently printed types: a chain of statements repeats one type.
  void PrintAssignType(const Type* type);
  void PrintExprText(const Expr* e);

 private:
  // Per-Var printing state, indexed by Var::id(). Stamps are 1-based function
  // numbers, so one table serves every function without clearing.
  enum SlotFlag : uint8_t {
    kDefined = 1,  // defined by some function of the program
    kParam = 2,
    kDynCandidate = 4,     // appears in a type dim
    kReadInParamView = 8,  // appears in a param's tensor valid_shape
    kDyn = 16,             // a pl.dynamic dim; `printed` is its name
  };
  struct VarSlot {
    uint32_t seen_stamp = 0;  // listed for naming in this function
    uint32_t def_stamp = 0;   // a param or definition of this function
    uint8_t flags = 0;
    // The dynamic dim's name, or the name in the function `seen_stamp`.
    absl::string_view printed;
  };

  struct ScanSink {
    Printer* p;
    uint32_t function;
    void Def(const Var* v) {
      p->Slot(v).flags |= kDefined;
      ++p->node_count_;
      p->CollectDynFromType(v->type());
    }
    void Use(const Var* v) {
      ++p->node_count_;
      p->CollectDynFromType(v->type());
    }
    void Callee(const GlobalVar* g) { p->AddCallee(function, g); }
  };

  struct NameSink {
    Printer* p;
    void Def(const Var* v) { p->defs_.push_back(v); }
    void Use(const Var* v) { p->uses_.push_back(v); }
    void Callee(const GlobalVar*) {}
  };

  VarSlot& Slot(const Var* v) {
    if (v->id() >= slots_.size()) slots_.resize(static_cast<size_t>(v->id()) + 1);
    return slots_[v->id()];
  }
  absl::string_view NameOf(const Var* v) const;

  // Program-level analysis.
  void ScanProgram(const Program& program);
  void CollectDynFromType(const Type* t);
  void CollectDynFromDims(ExprSpan dims) {
    for (const Expr* d : dims) CollectDynFromDim(d);
  }
  void CollectDynFromDim(const Expr* e);
  void MarkParamViewReads(const Expr* e);
  void AddCallee(uint32_t function, const GlobalVar* g);
  void AssignDynNames();
  std::vector<const Function*> TopologicalOrder(const Program& program);
  void AssignFunctionNames(const Function* f, uint32_t stamp);

  // Text.
  void Indent() { out_.append(static_cast<size_t>(indent_) * 4, ' '); }
  void Append(absl::string_view s) { out_.append(s.data(), s.size()); }
  void PrintFunction(const Function* f);
  void PrintComments(const Stmt* s);
  void PrintStmtBlock(const Stmt* s);
  void PrintStmt(const Stmt* s);
  void PrintBody(const Stmt* body, VarSpan return_vars);
  void PrintYieldAssign(VarSpan return_vars, ExprSpan values);
  void PrintReturnValues(absl::string_view keyword, ExprSpan values);
  void PrintFor(const ForStmt* f);
  void PrintWhile(const WhileStmt* w);
  // Scopes, with the loop forms of pl.spmd and pl.split_aiv (printer/scope.cc).
  // `return_vars`: those of the loop or if body whose yield ends the scope.
  void PrintScope(const ScopeStmt* s, VarSpan return_vars = {});
  void PrintScopeArgs(const ScopeStmt* s, const ScopeArg* optimizations);
  void PrintSplitAiv(const ScopeStmt* s);
  // The statements of `seq` from `start` on, one per line ("pass" if none),
  // leaving out `tid = system.task_invalid()` placeholders of `as tid`.
  void PrintStmtsFrom(const SeqStmts* seq, size_t start);
  // Whether `s` is the placeholder defining the `as` variable of scope `next`.
  static bool IsTaskIdPlaceholder(const Stmt* s, const Stmt* next);
  // Whether `k` is the split= of an aiv_shard / aic_gather call, which a
  // pl.split_aiv region supplies.
  static bool IsRegionSplit(const Call* c, const Kwarg& k);
  // pld.tensor.alloc_window_buffer's `name` when it is the printed name of
  // the variable the call is assigned to (`lhs_call_`): the parser takes it
  // from there, so upstream's printer leaves it out.
  bool IsNameFromTarget(const Call* c, const Kwarg& k) const;
  void PrintIf(const IfStmt* i);
  void PrintExprList(ExprSpan values);
  void PrintCall(const Call* c);  // call.cc
  bool PrintSoftSyncall(const Call* c);
  bool PrintIntKwargAsEnum(absl::string_view op, absl::string_view key, int64_t v);
  // self.f(...) with its dispatch options, pl.submit / pl.spmd_submit
  // (printer/call_site.cc).
  void PrintFunctionCall(const Call* c);
  void PrintCallAttrsDict(const CallSite& site, bool* first);
  void PrintCallAttrValue(const CallAttr& a);
  void PrintOpCallSite(const Call* c, bool* first);
  void PrintBinary(const BinaryExpr* b);
  void PrintUnary(const UnaryExpr* u);
  void PrintChild(const OperatorInfo& parent, const Expr* child, bool is_left);
  OpPrecedence PrecOf(const Expr* e) const;
  void PrintAttr(const AttrValue& v);
  // `, attrs={...}` of a for loop; nothing when it has none (printer/attrs.cc).
  void PrintLoopAttrs(absl::Span<const LoopAttr> attrs);
  // "text" with '"' and '\\' escaped (upstream's std::quoted).
  void AppendDoubleQuoted(absl::string_view s);
  void PrintDim(const Expr* e);
  void PrintDims(ExprSpan dims);
  void PrintTensorView(const TensorView& v, ExprSpan shape);
  void PrintTileView(const TileType* t);
  // pl.MemRef(...)[idx] (ir/memref.h).
  void PrintMemRef(const MemRef* m);

  PrintOptions options_;
  text::TextOutput out_;
  // Printed annotation types by type (PrintAssignType). A type's text
  // depends only on the names of the function being printed, so an entry
  // holds for its `stamp` (current_stamp_) only.
  struct TypeText {
    const Type* type = nullptr;
    uint32_t stamp = 0;
    std::string text;
  };
  static constexpr size_t kTypeTextCache = 8;
  TypeText type_texts_[kTypeTextCache];
  static constexpr size_t kCollectedTypes = 16;
  const Type* collected_types_[kCollectedTypes] = {};
  int indent_ = 0;
  // Open pl.split_aiv regions.
  int split_aiv_depth_ = 0;
  // The call that is the whole value of the assignment being printed, and
  // that assignment's printed name.
  const Call* lhs_call_ = nullptr;
  absl::string_view lhs_name_;
  // Prints INDEX constants as pl.const(v, pl.INDEX): inside composite type
  // dims and pure-constant arithmetic.
  bool typed_consts_ = false;
  // PrintExprText(e) with typed_consts_ set (expr.cc).
  void PrintTypedConsts(const Expr* e);
  // What PrintCall needs of an op besides the call: long programs repeat a
  // few ops, so it is worked out once per op and printer.
  struct OpFacts {
    std::string callee;  // "pl.tile.muls", "pl.tile.and_"
    int restamp_arg = -1;  // the DSL's scalar operand (text::RestampedScalarArg)
    bool keywords = false;  // some operand prints as `name=value`
    bool mgather = false, alloc = false, syncall = false;
  };
  const OpFacts& FactsOf(const Op* op);
  // Node-based: the last op's entry is held by pointer across inserts.
  absl::node_hash_map<const Op*, OpFacts> op_facts_;
  const std::pair<const Op* const, OpFacts>* last_facts_ = nullptr;
  uint32_t current_stamp_ = 0;
  // Printing a function's signature: a MemRef base prints as a string there
  // (the body that binds it comes later).
  bool in_signature_ = false;
  size_t node_count_ = 0;  // Var definitions and uses seen by ScanProgram
  // The most any one function has, counting its params: what the
  // per-function tables below hold at most.
  size_t max_function_nodes_ = 0;

  // Indexed by Var id: as large as the Context's var count.
  std::vector<VarSlot, HugePageAllocator<VarSlot>> slots_;
  std::vector<const Var*> dyn_candidates_;
  NameUniquer dyn_uniquer_;
  std::vector<absl::string_view> sorted_dyn_names_;
  NameUniquer function_uniquer_;
  Arena free_names_;  // "<name>__FREE_VAR" spellings; unallocated until one is needed

  absl::flat_hash_map<absl::string_view, uint32_t> function_index_;
  std::vector<std::vector<uint32_t>> callees_;
  std::vector<uint32_t> callee_stamp_;

  std::vector<const Var*, HugePageAllocator<const Var*>> defs_;
  std::vector<const Var*, HugePageAllocator<const Var*>> uses_;
  std::vector<const Var*, HugePageAllocator<const Var*>> ordered_;
  std::vector<absl::string_view, HugePageAllocator<absl::string_view>> names_;
};

}  // namespace pto::ir::printer_impl

#endif  // PTO_IR_TEXT_PRINTER_PRINTER_IMPL_H_
