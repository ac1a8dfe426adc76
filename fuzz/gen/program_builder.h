// Builder: the state of ProgramGenerator::Generate (program_generator.h)
// while it builds one program - the type palette shared by the function
// signatures, the functions so far, the current GenScope - and the choices it
// makes from the fuzz input. Private to fuzz/gen; its parts are defined by
// concept in program_generator.cc (the program, its functions and
// signatures), program_types.cc (the random tensor, tile and scalar types)
// and program_stmts.cc (statements and control flow).
//
//   Builder builder(ctx, data, options, ops, op_total);
//   ir::Program p = builder.Build();

#ifndef PTO_FUZZ_GEN_PROGRAM_BUILDER_H_
#define PTO_FUZZ_GEN_PROGRAM_BUILDER_H_

#include <initializer_list>
#include <utility>
#include <vector>

#include <fuzzer/FuzzedDataProvider.h>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "fuzz/gen/program_generator.h"
#include "ir/context.h"

namespace pto::fuzz::program_gen {

using ir::DataType;
using ir::Expr;
using ir::Type;
using ir::Var;

// The statement kinds besides op calls and custom statements.
enum class StmtKind { kOp, kScalar, kFor, kIf, kWhile, kTuple, kCall, kCustom };

// Builds one program: the type palette shared by function signatures (so
// calls between functions type-check), then the functions in order; a
// function may call the ones before it.
class Builder {
 public:
  Builder(ir::Context& ctx, FuzzedDataProvider& data, const GeneratorOptions& options,
          absl::Span<const std::pair<int, const GenFn*>> ops, int op_total)
      : ctx_(ctx), data_(data), options_(options), ops_(ops), op_total_(op_total) {
    auto add = [&](StmtKind kind, int weight, const GenFn* fn) {
      if (weight <= 0) return;
      stmt_total_ += weight;
      stmt_kinds_.push_back({stmt_total_, kind, fn});
    };
    add(StmtKind::kOp, op_total_ > 0 ? options.op_stmt_weight : 0, nullptr);
    add(StmtKind::kScalar, options.scalar_weight, nullptr);
    add(StmtKind::kFor, options.for_weight, nullptr);
    add(StmtKind::kIf, options.if_weight, nullptr);
    add(StmtKind::kWhile, options.while_weight, nullptr);
    add(StmtKind::kTuple, options.tuple_weight, nullptr);
    add(StmtKind::kCall, options.call_weight, nullptr);
    for (const CustomStmt& c : options.custom_stmts) add(StmtKind::kCustom, c.weight, &c.generate);
  }

  ir::Program Build();

 private:
  struct KindEntry {
    int cumulative;
    StmtKind kind;
    const GenFn* fn;
  };

  int Int(int lo, int hi) { return data_.ConsumeIntegralInRange<int>(lo, hi); }
  bool OneIn(int n) { return Int(0, n - 1) == 0; }
  template <typename T>
  T Pick(std::initializer_list<T> items) {
    return items.begin()[data_.ConsumeIntegralInRange<size_t>(0, items.size() - 1)];
  }

  // --- Types -------------------------------------------------------------------------
  const Expr* DynOrExtent(GenScope& s);
  const Type* RandomTensorType(GenScope& s);
  const Type* RandomTileType(GenScope& s);
  const Type* RandomScalarType();
  void MakePalette();

  // --- Functions ---------------------------------------------------------------------
  const ir::Function* MakeFunction(int index);
  // Whether every Var in `type`'s dims is one a return type may name: a
  // dynamic dim of the signature or a param (a dependent return type; a
  // call substitutes its arguments). A body value would mean nothing
  // outside the function.
  bool IsClosed(const Type* type) const;

  // --- Blocks and statements ----------------------------------------------------------
  // Emits statements into the current block until the function's budget, the
  // block's cap or the data runs out.
  void GenBlock(int depth, int cap);
  void GenStmt(int depth);
  void GenOp();
  // A scalar operand: a visible numeric/bool scalar or a literal.
  const Expr* ScalarOperand();
  // A literal of the operand's dtype, so that a binary op type-checks.
  const Expr* MatchingLiteral(const Expr* e);
  void GenScalar();
  // A scalar condition for if/while: usually a comparison.
  const Expr* Condition();
  absl::Span<const absl::string_view> MaybeComment();
  // Yield values of the given types: a visible Var of each exact type.
  bool YieldOf(absl::Span<const Type* const> types, std::vector<const Expr*>* values);
  // Initial values of loop-carried vars: visible Vars or literals.
  std::vector<const ir::IterArg*> IterArgs(int n);
  std::vector<const Var*> ReturnVars(absl::Span<const Type* const> types);
  void GenFor(int depth);
  void GenIf(int depth);
  void GenWhile(int depth);
  void GenTuple();
  void GenCall();

  ir::Context& ctx_;
  FuzzedDataProvider& data_;
  const GeneratorOptions& options_;
  absl::Span<const std::pair<int, const GenFn*>> ops_;
  int op_total_;
  std::vector<KindEntry> stmt_kinds_;
  int stmt_total_ = 0;

  std::vector<const Var*> dyn_;
  // Param types shared by the functions' signatures.
  std::vector<const Type*> palette_;
  std::vector<const Type*> comm_types_;
  int window_buffers_ = 0;  // GenScope::NextWindowBufferName's counter
  std::vector<const ir::Function*> functions_;
  GenScope* scope_ = nullptr;
  std::vector<const Var*> dyn_in_scope_;
  std::vector<const Var*> params_;
};

}  // namespace pto::fuzz::program_gen

#endif  // PTO_FUZZ_GEN_PROGRAM_BUILDER_H_
