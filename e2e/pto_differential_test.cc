// The PTO codegen writes computes what the IR means: for every kernel of the
// golden programs, lowered by the default pipeline and emitted for a5 and
// a2a3, the IR interpreter (//sim/interp) runs the lowered function and the
// PTO interpreter (//sim/pto) runs its PTO on the same inputs, and every
// tensor element the IR run defines must be bit-identical in the PTO run.
//
// A kernel is run when its inputs can be made here: static tensor shapes,
// scalar parameters, and no communication context (the multi-rank
// programs). What is skipped, and why, is counted in the log.

#include <algorithm>
#include <iostream>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "backends/registry.h"
#include "codegen/pto_emitter.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/expr.h"
#include "ir/function.h"
#include "ir/text/parser/parser.h"
#include "ir/ops/type_inference.h"
#include "ir/type.h"
#include "passes/pass_manager.h"
#include "passes/all_passes.h"
#include "sim/interp/buffer.h"
#include "sim/interp/interpreter.h"
#include "sim/pto/interpreter.h"
#include "sim/pto/reader.h"

namespace pto {
namespace {

using sim::BufferView;
using sim::Scalar;
using sim::Value;

std::vector<std::string> GoldenPrograms() {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator("testdata")) {
    if (entry.path().extension() == ".py") files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Deterministic, defined inputs: small values every dtype holds exactly.
BufferView Input(ir::DataType dtype, const sim::Dims& shape, int seed) {
  BufferView b = sim::AllocateBuffer(dtype, shape, /*col_major=*/false);
  int64_t k = seed;
  sim::ForEachIndex(shape, [&](absl::Span<const int64_t> index) {
    ++k;
    int64_t v = (k * 37 + 11) % 17 - 8;
    Scalar s = dtype.IsFloat() ? Scalar::Float(dtype, static_cast<double>(v) / 4)
                               : Scalar::Int(dtype, dtype.IsBool() ? (v & 1) : v);
    sim::StoreBits(b, sim::BitOffset(b, index), s.ToElementBits());
  });
  return b;
}

// Why a kernel cannot be run here, or "" when it can; fills the inputs.
std::string MakeArgs(const ir::Function& fn, std::vector<Value>& args) {
  int seed = 0;
  for (const ir::Var* p : fn.params()) {
    if (const auto* t = p->type()->As<ir::TensorType>()) {
      sim::Dims shape;
      for (const ir::Expr* d : t->shape()) {
        std::optional<int64_t> n = ir::AsConstInt(d);
        if (!n) return "a dynamic tensor shape";
        shape.push_back(*n);
      }
      args.push_back(Value::Of(Input(t->dtype(), shape, seed += 7)));
    } else if (const auto* s = p->type()->As<ir::ScalarType>()) {
      args.push_back(Value::Of(s->dtype().IsFloat() ? Scalar::Float(s->dtype(), 0.5)
                                                    : Scalar::Int(s->dtype(), 2)));
    } else {
      return absl::StrCat("a ", ir::TypeKindName(p->type()), " parameter");
    }
  }
  return "";
}

std::vector<Value> Copies(const std::vector<Value>& args) {
  std::vector<Value> out;
  for (const Value& v : args) {
    out.push_back(v.buffer() != nullptr ? Value::Of(sim::DeepCopy(*v.buffer())) : v);
  }
  return out;
}

// "" when every element `ir` defines is defined and equal in `pto`.
std::string Compare(const BufferView& ir, const BufferView& pto) {
  std::string diff;
  sim::ForEachIndex(ir.shape, [&](absl::Span<const int64_t> index) {
    if (!diff.empty()) return;
    int64_t a = sim::BitOffset(ir, index), b = sim::BitOffset(pto, index);
    if (!sim::IsDefinedAt(ir, a)) return;
    if (!sim::IsDefinedAt(pto, b) || sim::LoadBits(ir, a) != sim::LoadBits(pto, b)) {
      diff = absl::StrCat("element [", absl::StrJoin(index, ", "), "]: IR ",
                          Scalar::FromElementBits(ir.dtype, sim::LoadBits(ir, a)).ToString(),
                          ", PTO ",
                          sim::IsDefinedAt(pto, b)
                              ? Scalar::FromElementBits(pto.dtype, sim::LoadBits(pto, b)).ToString()
                              : std::string("undefined"));
    }
  });
  return diff;
}

TEST(PtoDifferentialTest, EveryGoldenKernelComputesTheSameAsItsIr) {
  std::map<std::string, int> skipped;
  int ran = 0;
  for (const std::string& file : GoldenPrograms()) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    for (const char* arch : {"a5", "a2a3"}) {
      ir::Context ctx;
      absl::StatusOr<ir::Program> parsed = ir::ParseProgram(ctx, text.str(), file);
      if (!parsed.ok()) continue;
      const backends::Backend* backend = *backends::FindBackend(arch);
      auto passes = passes::BuiltinPasses().Build("default");
      ASSERT_TRUE(passes.ok());
      passes::PassManager pm(*std::move(passes));
      passes::PassContext pass_context(backend);
      absl::StatusOr<ir::Program> lowered = pm.Run(*parsed, pass_context);
      if (!lowered.ok()) continue;
      absl::StatusOr<std::string> pto = codegen::EmitPto(*lowered, backend);
      if (!pto.ok()) continue;
      absl::StatusOr<sim::pto_text::Module> module = sim::pto_text::ReadPto("out.pto", *pto);
      ASSERT_TRUE(module.ok()) << module.status();
      for (const ir::Function* fn : lowered->functions()) {
        std::vector<Value> args;
        std::string why = MakeArgs(*fn, args);
        if (why.empty() && absl::StrContains(*pto, "!pto.ptr<i64>")) why = "a communication context";
        if (!why.empty()) {
          ++skipped[why];
          continue;
        }
        std::vector<Value> ir_args = Copies(args);
        sim::Interpreter ir_interp(*lowered);
        absl::StatusOr<std::vector<Value>> ir_run = ir_interp.Run(*fn, ir_args);
        if (!ir_run.ok()) {
          ++skipped["the IR run fails"];
          continue;
        }
        std::vector<Value> pto_args = Copies(args);
        sim::pto_text::PtoInterpreter pto_interp(*module);
        absl::Status pto_run = pto_interp.Run(fn->name(), pto_args);
        std::string where = absl::StrCat(file, " @", fn->name(), " (", arch, ")");
        if (!pto_run.ok() && absl::StrContains(pto_run.message(), "does not run")) {
          ++skipped["an op the PTO interpreter does not run yet"];
          continue;
        }
        ASSERT_TRUE(pto_run.ok()) << where << ": " << pto_run.message() << "\n" << *pto;
        ++ran;
        for (size_t i = 0; i < args.size(); ++i) {
          if (ir_args[i].buffer() == nullptr) continue;
          std::string diff = Compare(*ir_args[i].buffer(), *pto_args[i].buffer());
          EXPECT_EQ(diff, "") << where << ", parameter " << fn->params()[i]->name() << "\n"
                              << *pto;
        }
      }
    }
  }
  std::cout << "ran " << ran << " kernels; skipped:";
  for (const auto& [why, n] : skipped) std::cout << " " << why << " " << n << ";";
  std::cout << "\n";
  EXPECT_GE(ran, 50);
}

}  // namespace
}  // namespace pto
