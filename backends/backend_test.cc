#include <limits>
#include <set>
#include <string>
#include <utility>

#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "backends/registry.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace pto::backends {
namespace {

using ::testing::HasSubstr;
using ir::DataType;

// The spec's "native" columns, transcribed independently of the backends as
// "src: dst dst ...", with the spec's lower-case names.
constexpr absl::string_view kA5Native =
    "bf16: fp16 fp32 fp4 int32\n"
    "fp16: fp32 hf8 int16 int32 int8 uint8\n"
    "fp32: bf16 fp16 fp8e4m3 fp8e5m2 hf8 int16 int32 int64\n"
    "fp4: bf16\n"
    "fp8e4m3: fp32\n"
    "fp8e5m2: fp32\n"
    "hf8: fp32\n"
    "int16: fp16 fp32 int32 uint32 uint8\n"
    "int32: fp32 int16 int64 uint16 uint8\n"
    "int64: fp32 int32\n"
    "int8: fp16 int16 int32\n"
    "uint32: int16 uint16 uint8\n"
    "uint8: fp16 uint16";
constexpr absl::string_view kA2A3Native =
    "bf16: fp32 int32\n"
    "fp16: fp32 int16 int32 int4 int8 uint8\n"
    "fp32: bf16 fp16 int16 int32 int64\n"
    "int16: fp16 fp32\n"
    "int32: fp16 fp32 int16 int64\n"
    "int4: fp16\n"
    "int64: fp32 int32\n"
    "int8: fp16\n"
    "uint8: fp16";

DataType SpecName(absl::string_view name) {
  if (name == "bf16") return DataType::kBF16;
  if (name == "fp8e4m3") return DataType::kFP8E4M3FN;
  for (DataType t : DataType::All()) {
    if (t.lower_name() == name) return t;
  }
  ADD_FAILURE() << "unknown spec dtype " << name;
  return DataType::kBool;
}

std::set<std::pair<int, int>> Parse(absl::string_view table) {
  std::set<std::pair<int, int>> out;
  for (absl::string_view line : absl::StrSplit(table, '\n')) {
    std::pair<absl::string_view, absl::string_view> kv = absl::StrSplit(line, ": ");
    for (absl::string_view dst : absl::StrSplit(kv.second, ' ')) {
      out.insert({SpecName(kv.first).code(), SpecName(dst).code()});
    }
  }
  return out;
}

std::set<std::pair<int, int>> Edges(const Backend& b) {
  std::set<std::pair<int, int>> out;
  for (const TcvtEdge& e : b.GetTcvtAdjacency()) {
    EXPECT_TRUE(out.insert({e.from.code(), e.to.code()}).second) << "duplicate edge";
  }
  return out;
}

TEST(BackendTest, TcvtTablesMatchTheSpecExactly) {
  EXPECT_EQ(Edges(**FindBackend("a5")), Parse(kA5Native));
  EXPECT_EQ(Edges(**FindBackend("a2a3")), Parse(kA2A3Native));
}

TEST(BackendTest, NativeQueries) {
  const Backend& a5 = **FindBackend("a5");
  const Backend& a2a3 = **FindBackend("a2a3");
  EXPECT_FALSE(a5.IsNativeTcvt(DataType::kInt32, DataType::kFP16));
  EXPECT_TRUE(a2a3.IsNativeTcvt(DataType::kInt32, DataType::kFP16));
  EXPECT_TRUE(a5.IsNativeTcvt(DataType::kHF8, DataType::kFP32));
  EXPECT_FALSE(a2a3.IsNativeTcvt(DataType::kHF8, DataType::kFP32));
  EXPECT_TRUE(a2a3.IsNativeTcvt(DataType::kFP16, DataType::kInt4));
  EXPECT_FALSE(a5.IsNativeTcvt(DataType::kFP16, DataType::kInt4));
  EXPECT_EQ(a5.ChipName(), "Ascend950");
  EXPECT_EQ(a2a3.ChipName(), "Ascend910");
}

TEST(BackendTest, RegistryResolvesNames) {
  EXPECT_EQ((*FindBackend("a5"))->Name(), "a5");
  EXPECT_EQ((*FindBackend("a2a3"))->Name(), "a2a3");
  EXPECT_EQ(*FindBackend("none"), nullptr);
  absl::Status unknown = FindBackend("a9").status();
  EXPECT_EQ(unknown.code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(unknown.message(), "unknown backend 'a9'; known: a2a3, a5, none");
}

TEST(BackendTest, SelectDtypePredicates) {
  const Backend& a5 = **FindBackend("a5");
  const Backend& a2a3 = **FindBackend("a2a3");
  for (const Backend* b : {&a5, &a2a3}) {
    EXPECT_FALSE(b->SupportsTselsDataType(DataType::kBF16)) << b->Name();
    EXPECT_TRUE(b->SupportsTselDataType(DataType::kBF16)) << b->Name();
    EXPECT_TRUE(b->SupportsTselsDataType(DataType::kFP32)) << b->Name();
    EXPECT_FALSE(b->SupportsTselDataType(DataType::kFP8E4M3FN)) << b->Name();
  }
  for (DataType t : {DataType::kInt8, DataType::kUInt8}) {
    EXPECT_TRUE(a5.SupportsTselDataType(t));
    EXPECT_TRUE(a5.SupportsTselsDataType(t));
    EXPECT_FALSE(a2a3.SupportsTselDataType(t));
    EXPECT_FALSE(a2a3.SupportsTselsDataType(t));
  }
}

TEST(BackendTest, TselsScratchMayOverlapItsInputsOnlyOnA5) {
  EXPECT_TRUE((*FindBackend("a5"))->TselsTmpMayOverlapInputs());
  EXPECT_FALSE((*FindBackend("a2a3"))->TselsTmpMayOverlapInputs());
}

// The atomic-add destination sets, transcribed from pto-isa's store pipes:
// BF16 only on A2/A3.
TEST(BackendTest, AtomicAddDtypes) {
  const Backend& a5 = **FindBackend("a5");
  const Backend& a2a3 = **FindBackend("a2a3");
  std::set<int> a5_set, a2a3_set;
  for (DataType t : DataType::All()) {
    if (a5.SupportsAtomicAddDataType(t)) a5_set.insert(t.code());
    if (a2a3.SupportsAtomicAddDataType(t)) a2a3_set.insert(t.code());
  }
  std::set<int> common = {DataType::kFP32, DataType::kFP16, DataType::kInt32,
                          DataType::kInt16, DataType::kInt8};
  EXPECT_EQ(a5_set, common);
  common.insert(DataType::kBF16);
  EXPECT_EQ(a2a3_set, common);
}

// 4-bit dtypes: none end to end on A2/A3, FP4 alone on A5. 8-bit floats:
// A5 only.
TEST(BackendTest, IncoreDtypes) {
  const Backend& a5 = **FindBackend("a5");
  const Backend& a2a3 = **FindBackend("a2a3");
  for (DataType t : DataType::All()) {
    bool four_bit = t.bits() == 4;
    bool float8 = t.IsFloat() && t.bits() == 8;
    EXPECT_EQ(a2a3.SupportsIncoreDataType(t), !four_bit && !float8) << t.name();
    EXPECT_EQ(a5.SupportsIncoreDataType(t), !four_bit || t == DataType::kFP4) << t.name();
  }
  EXPECT_FALSE(a2a3.SupportsIncoreDataType(DataType::kFP4));
  EXPECT_FALSE(a2a3.SupportsIncoreDataType(DataType::kInt4));
  EXPECT_FALSE(a5.SupportsIncoreDataType(DataType::kInt4));
  EXPECT_TRUE(a5.SupportsIncoreDataType(DataType::kFP4));
  for (DataType t : {DataType::kFP8E4M3FN, DataType::kFP8E5M2, DataType::kFP8E8M0,
                     DataType::kHF8}) {
    EXPECT_FALSE(a2a3.SupportsIncoreDataType(t)) << t.name();
    EXPECT_TRUE(a5.SupportsIncoreDataType(t)) << t.name();
  }
}

TEST(BackendTest, MxQuantizationIsA5Only) {
  EXPECT_TRUE((*FindBackend("a5"))->SupportsMxQuantization());
  EXPECT_FALSE((*FindBackend("a2a3"))->SupportsMxQuantization());
}

TEST(BackendTest, SelectScratchPlans) {
  const Backend& a5 = **FindBackend("a5");
  const Backend& a2a3 = **FindBackend("a2a3");
  ScratchPlan p = a2a3.PlanOpScratch("tile.sel", {DataType::kFP16, 64, std::nullopt});
  EXPECT_EQ(p.kind, ScratchPlan::kRequired);
  EXPECT_EQ(p.dtype, DataType::kUInt32);
  EXPECT_EQ(p.shape, (std::vector<int64_t>{1, 16}));
  p = a2a3.PlanOpScratch("tile.sels", {DataType::kFP16, 64, DataType::kFP16});
  EXPECT_EQ(p.kind, ScratchPlan::kRequired);
  EXPECT_EQ(p.dtype, DataType::kFP16);
  EXPECT_EQ(p.shape, (std::vector<int64_t>{1, 64}));
  for (absl::string_view op : {"tile.sel", "tile.sels"}) {
    p = a5.PlanOpScratch(op, {DataType::kInt8, 64, std::nullopt});
    EXPECT_EQ(p.kind, ScratchPlan::kRequired) << op;
    EXPECT_EQ(p.dtype, DataType::kUInt8);
    EXPECT_EQ(p.shape, (std::vector<int64_t>{1, 32}));
  }
  p = a2a3.PlanOpScratch("tile.sel", {DataType::kInt8, 64, std::nullopt});
  EXPECT_EQ(p.kind, ScratchPlan::kUnsupported);
  EXPECT_THAT(p.reason, HasSubstr("TSEL does not support int8 on a2a3"));
  p = a5.PlanOpScratch("tile.sels", {DataType::kBF16, 64, DataType::kBF16});
  EXPECT_EQ(p.kind, ScratchPlan::kUnsupported);
  EXPECT_THAT(p.reason, HasSubstr("TSELS does not support bfloat16 on a5"));
  p = a5.PlanOpScratch("tile.sels", {DataType::kUInt16, 64, DataType::kInt16});
  EXPECT_EQ(p.kind, ScratchPlan::kRequired);
  p = a2a3.PlanOpScratch("tile.sels", {DataType::kFP32, 0, std::nullopt});
  EXPECT_EQ(p.kind, ScratchPlan::kUnsupported);
  EXPECT_EQ(a5.PlanOpScratch("tile.add", {DataType::kFP32, 16, std::nullopt}).kind,
            ScratchPlan::kNotRequired);
  EXPECT_EQ(a2a3.PlanOpScratch("tile.cast", {DataType::kFP32, 16, std::nullopt}).kind,
            ScratchPlan::kNotRequired);
}

TEST(BackendTest, TcvtScratchPlans) {
  const Backend& a5 = **FindBackend("a5");
  const Backend& a2a3 = **FindBackend("a2a3");
  TcvtScratchRequest off{DataType::kFP16, DataType::kInt8, /*saturating=*/false, 16, 16, 16};
  ScratchPlan p = a2a3.PlanTcvtScratch(off);
  EXPECT_EQ(p.kind, ScratchPlan::kRequired);
  EXPECT_EQ(p.dtype, DataType::kInt8);
  EXPECT_EQ(p.shape, (std::vector<int64_t>{1, 160}));
  p = a2a3.PlanTcvtScratch({DataType::kFP32, DataType::kInt16, false, 16, 16, 16});
  EXPECT_EQ(p.shape, (std::vector<int64_t>{1, 1024}));
  EXPECT_EQ(a5.PlanTcvtScratch(off).kind, ScratchPlan::kNotRequired);

  TcvtScratchRequest on = off;
  on.saturating = true;
  EXPECT_EQ(a2a3.PlanTcvtScratch(on).kind, ScratchPlan::kNotRequired);
  EXPECT_EQ(a2a3.PlanTcvtScratch({DataType::kFP32, DataType::kFP16, false, 16, 16, 16}).kind,
            ScratchPlan::kNotRequired);

  // Dynamic extents cannot size a scratch that is needed; one not needed is fine.
  TcvtScratchRequest dynamic = off;
  dynamic.valid_cols = std::nullopt;
  p = a2a3.PlanTcvtScratch(dynamic);
  EXPECT_EQ(p.kind, ScratchPlan::kUnsupported);
  EXPECT_THAT(p.reason, HasSubstr("compile-time constants"));
  dynamic.saturating = true;
  EXPECT_EQ(a2a3.PlanTcvtScratch(dynamic).kind, ScratchPlan::kNotRequired);
  EXPECT_EQ(a2a3.PlanTcvtScratch({DataType::kFP32, DataType::kInt16, false,
                                  std::numeric_limits<int64_t>::max(), 2, 1})
                .kind,
            ScratchPlan::kUnsupported);
}

}  // namespace
}  // namespace pto::backends
