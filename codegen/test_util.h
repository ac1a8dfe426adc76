// Test fixture for PTO emitter tests: builds one kernel function op by op
// and emits it.
//
//   TEST_F(PtoTest, Adds) {
//     const Var* x = TensorParam("x", DataType::kFP32, {16, 16});
//     const Var* t = Let("t", "tile.load", {x, List({0, 0}), List({16, 16}), List({16, 16})});
//     Let("u", "tile.adds", {t, ctx_.Float(1.0)});
//     std::string text = EmitOk();
//     EXPECT_THAT(text, HasSubstr("pto.tadds ins(%t, %cst : "));
//   }

#ifndef PTO_CODEGEN_TEST_UTIL_H_
#define PTO_CODEGEN_TEST_UTIL_H_

#include <initializer_list>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "backends/registry.h"
#include "codegen/pto_emitter.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/check.h"
#include "ir/context.h"
#include "ir/ops/builtin.h"

namespace pto::codegen {

// The targets, found as any client of codegen finds them.
inline const backends::Backend& A5() { return **backends::FindBackend("a5"); }
inline const backends::Backend& A2A3() { return **backends::FindBackend("a2a3"); }

using ir::AttrValue;
using ir::DataType;
using ir::MemorySpace;
using ir::NamedAttr;

class PtoTest : public ::testing::Test {
 protected:
  ir::ExprSpan Dims(std::initializer_list<int64_t> dims) {
    return ctx_.IndexList(std::vector<int64_t>(dims));
  }
  const ir::TileType* Tile(DataType dtype, std::initializer_list<int64_t> shape,
                           MemorySpace space = MemorySpace::kVec) {
    return ctx_.GetTileType(dtype, Dims(shape), space);
  }
  const ir::MakeTuple* List(std::initializer_list<int64_t> values) {
    return ctx_.NewMakeTuple(Dims(values));
  }
  const ir::MakeTuple* ListOf(std::vector<const ir::Expr*> elements) {
    return ctx_.NewMakeTuple(elements);
  }
  ir::SourceLoc Loc(uint32_t line, uint16_t col) {
    return ir::SourceLoc{line, col, ctx_.AddFile("k.py")};
  }

  const ir::Var* TensorParam(absl::string_view name, DataType dtype,
                             std::initializer_list<int64_t> shape) {
    return Param(ctx_.NewVar(name, ctx_.GetTensorType(dtype, Dims(shape))));
  }
  const ir::Var* ScalarParam(absl::string_view name, DataType dtype) {
    return Param(ctx_.NewVar(name, ctx_.GetScalarType(dtype)));
  }
  const ir::Var* Param(const ir::Var* v) {
    params_.push_back(v);
    return v;
  }

  // The call, which must deduce.
  const ir::Call* Call(absl::string_view op, std::vector<const ir::Expr*> args,
                       std::vector<NamedAttr> kwargs = {}, ir::SourceLoc loc = {}) {
    absl::StatusOr<const ir::Call*> c = ir::MakeCall(ctx_, op, args, kwargs, loc);
    PTO_CHECK(c.ok()) << c.status();
    return *c;
  }
  // Appends `name = op(args, kwargs)` and returns the new var.
  const ir::Var* Let(absl::string_view name, absl::string_view op,
                     std::vector<const ir::Expr*> args, std::vector<NamedAttr> kwargs = {},
                     ir::SourceLoc loc = {}) {
    return Bind(name, Call(op, std::move(args), std::move(kwargs), loc), loc);
  }
  const ir::Var* Bind(absl::string_view name, const ir::Expr* value, ir::SourceLoc loc = {}) {
    const ir::Var* v = ctx_.NewVar(name, value->type(), loc);
    body_.push_back(ctx_.NewAssign(v, value, loc));
    return v;
  }
  void Do(absl::string_view op, std::vector<const ir::Expr*> args,
          std::vector<NamedAttr> kwargs = {}, ir::SourceLoc loc = {}) {
    body_.push_back(ctx_.NewEval(Call(op, std::move(args), std::move(kwargs), loc), loc));
  }
  // A [rows, cols] Vec tile loaded from a fresh tensor param.
  const ir::Var* Load(absl::string_view name, DataType dtype, int64_t rows, int64_t cols) {
    const ir::Var* x = TensorParam(absl::StrCat(name, "_in"), dtype, {rows, cols});
    return Let(name, "tile.load", {x, List({0, 0}), List({rows, cols}), List({rows, cols})});
  }

  absl::StatusOr<std::string> Emit(const backends::Backend* backend, PtoOptions options = {},
                                   ir::FunctionType type = ir::FunctionType::kInCore) {
    std::vector<ir::ParamDirection> dirs(params_.size(), ir::ParamDirection::kIn);
    std::vector<const ir::Stmt*> body = body_;
    body.push_back(ctx_.NewReturn({}));
    const ir::Function* f =
        ctx_.NewFunction("k", params_, dirs, {}, ctx_.NewSeq(body), type);
    ir::Program p = ctx_.NewProgram("P", {f});
    return EmitPto(p, backend, options);
  }
  std::string EmitOk(const backends::Backend* backend = &A5(),
                     PtoOptions options = {}) {
    absl::StatusOr<std::string> text = Emit(backend, options);
    EXPECT_TRUE(text.ok()) << text.status();
    return text.ok() ? *text : "";
  }
  std::string EmitError(const backends::Backend* backend = &A5()) {
    absl::StatusOr<std::string> text = Emit(backend);
    EXPECT_FALSE(text.ok()) << *text;
    return text.ok() ? "" : std::string(text.status().message());
  }

  // The lines of `text` containing `needle`, without leading spaces.
  static std::vector<std::string> LinesWith(absl::string_view text, absl::string_view needle) {
    std::vector<std::string> out;
    for (absl::string_view line : absl::StrSplit(text, '\n')) {
      if (line.find(needle) == absl::string_view::npos) continue;
      size_t start = line.find_first_not_of(' ');
      out.emplace_back(line.substr(start == absl::string_view::npos ? line.size() : start));
    }
    return out;
  }
  // The single line containing `needle` (a test failure otherwise).
  static std::string Line(absl::string_view text, absl::string_view needle) {
    std::vector<std::string> lines = LinesWith(text, needle);
    EXPECT_EQ(lines.size(), 1u) << "lines with '" << needle << "' in:\n" << text;
    return lines.empty() ? "" : lines.front();
  }

  ir::Context ctx_;
  std::vector<const ir::Var*> params_;
  std::vector<const ir::Stmt*> body_;
};

// The tile_buf type of a fully valid static Vec tile.
inline std::string VecTile(absl::string_view dtype, int64_t rows, int64_t cols) {
  return absl::StrCat("!pto.tile_buf<loc=vec, dtype=", dtype, ", rows=", rows, ", cols=", cols,
                      ", v_row=", rows, ", v_col=", cols,
                      ", blayout=row_major, slayout=none_box, fractal=512, pad=0>");
}

}  // namespace pto::codegen

#endif  // PTO_CODEGEN_TEST_UTIL_H_
