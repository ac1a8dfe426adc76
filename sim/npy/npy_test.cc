#include "sim/npy/npy.h"

#include <cstring>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "sim/interp/test_util.h"
#include "sim/npy/npy_buffer.h"

namespace pto::sim {
namespace {

using ir::DataType;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::string Header(absl::string_view dict, int version = 1) {
  std::string out("\x93NUMPY", 6);
  out.push_back(static_cast<char>(version));
  out.push_back(0);
  size_t len = dict.size();
  for (int i = 0; i < (version == 1 ? 2 : 4); ++i) out.push_back(static_cast<char>((len >> (8 * i)) & 0xFF));
  out.append(dict.data(), dict.size());
  return out;
}

TEST(NpyTest, RoundTripsEveryDescriptor) {
  for (const char* descr : {"<f4", "<f2", "|i1", "<i2", "<i4", "<i8", "|u1", "<u2", "<u4", "<u8",
                            "|b1"}) {
    int item = descr[2] - '0';
    std::string data(static_cast<size_t>(6 * item), '\x05');
    std::string bytes = SerializeNpy(descr, {2, 3}, data);
    EXPECT_EQ((bytes.size() - data.size()) % 64, 0u) << descr;  // header padded to 64
    absl::StatusOr<NpyArray> a = ParseNpy(bytes);
    ASSERT_TRUE(a.ok()) << descr << ": " << a.status().message();
    EXPECT_EQ(a->descr, descr);
    EXPECT_THAT(a->shape, ElementsAre(2, 3));
    EXPECT_EQ(a->data, data);
  }
  // 0-d and 1-d shapes.
  absl::StatusOr<NpyArray> scalar = ParseNpy(SerializeNpy("<i8", {}, std::string(8, '\0')));
  ASSERT_TRUE(scalar.ok());
  EXPECT_TRUE(scalar->shape.empty());
  absl::StatusOr<NpyArray> vec = ParseNpy(SerializeNpy("<f4", {3}, std::string(12, '\0')));
  ASSERT_TRUE(vec.ok());
  EXPECT_THAT(vec->shape, ElementsAre(3));
}

TEST(NpyTest, AcceptsNumpySpellingsAndVersions) {
  // Double quotes, '=' and '<' for one-byte types, a trailing comma, v2.0.
  std::string h = Header("{\"descr\": \"<i1\", \"shape\": (2,), \"fortran_order\": False}  \n", 2);
  absl::StatusOr<NpyArray> a = ParseNpy(h + std::string("\x01\x02", 2));
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(a->descr, "|i1");
  absl::StatusOr<NpyArray> b = ParseNpy(Header("{'descr': '=u1', 'fortran_order': False, 'shape': (1, ), }\n") + "x");
  ASSERT_TRUE(b.ok()) << b.status().message();
  EXPECT_EQ(b->descr, "|u1");
}

TEST(NpyTest, FortranOrderIsTransposedToCOrder) {
  // [[1, 2, 3], [4, 5, 6]] in Fortran order is 1 4 2 5 3 6.
  std::string data = {1, 4, 2, 5, 3, 6};
  absl::StatusOr<NpyArray> a =
      ParseNpy(Header("{'descr': '|u1', 'fortran_order': True, 'shape': (2, 3), }\n") + data);
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(a->data, std::string({1, 2, 3, 4, 5, 6}));
}

TEST(NpyTest, MalformedFilesAreErrors) {
  struct Case {
    std::string bytes;
    const char* message;
  };
  const Case cases[] = {
      {"not an npy file", "missing the \\x93NUMPY magic"},
      {std::string("\x93NUMPY\x04\x00\x00\x00", 10), "unsupported format version 4"},
      {std::string("\x93NUMPY\x01\x00\xff\x00", 10) + "{}", "truncated header"},
      {Header("['descr']\n"), "the header is not a dict"},
      {Header("{'descr': '<f4', 'shape': (2,), }\n") + std::string(8, '\0'),
       "needs 'descr', 'fortran_order' and 'shape'"},
      {Header("{'descr': '>f4', 'fortran_order': False, 'shape': (1,), }\n") + std::string(4, '\0'),
       "big-endian dtype '>f4' is not supported"},
      {Header("{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }\n") + std::string(8, '\0'),
       "unsupported dtype '<c8'"},
      {Header("{'descr': '|O', 'fortran_order': False, 'shape': (1,), }\n"), "unsupported dtype"},
      {Header("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }\n") + std::string(7, '\0'),
       "expected 8 data bytes for shape (2) of <f4, got 7"},
      {Header("{'descr': '<f4', 'fortran_order': False, 'shape': (-2,), }\n"),
       "shape entries must be non-negative integers"},
      {Header("{'descr': '<f4', 'fortran_order': Maybe, 'shape': (2,), }\n"),
       "fortran_order must be True or False"},
      {Header("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), 'x': 1}\n"),
       "unknown header key 'x'"},
      {Header("{'descr': '<f4, 'fortran_order': False}"), "expected ',' or '}' in the header dict"},
      {Header("{'descr' '<f4'}"), "expected ':' after 'descr'"},
      {Header("{'descr': '<f4', 'fortran_order': False, 'shape': (1099511627776, 2), }\n"),
       "the shape is too large"},
      {Header("{'descr': '<f4', 'fortran_order': False, 'shape': (2 3), }\n"),
       "expected ',' or ')' in the shape"},
  };
  for (const Case& c : cases) {
    absl::StatusOr<NpyArray> a = ParseNpy(c.bytes);
    ASSERT_FALSE(a.ok()) << c.message;
    EXPECT_THAT(a.status().message(), HasSubstr(c.message));
  }
}

TEST(NpyTest, IrDtypeMapping) {
  EXPECT_EQ(NpyDescrFor(DataType::kBF16), "<u2");
  EXPECT_EQ(NpyDescrFor(DataType::kFP8E4M3FN), "|u1");
  EXPECT_EQ(NpyDescrFor(DataType::kHF8), "|u1");
  EXPECT_EQ(NpyDescrFor(DataType::kFP8E8M0), "|u1");
  EXPECT_EQ(NpyDescrFor(DataType::kIndex), "<i8");
  EXPECT_EQ(NpyDescrFor(DataType::kBool), "|b1");
  EXPECT_THAT(NpyShapeFor(DataType::kFP4, {4, 6}), ElementsAre(4, 3));
  EXPECT_THAT(NpyShapeFor(DataType::kInt4, {5}), ElementsAre(3));
}

TEST(NpyBufferTest, PackedFourBitAndChecks) {
  // FP4 codes 1 2 3 4 5 6 7 8 packed low nibble first: 0x21 0x43 0x65 0x87.
  NpyArray a;
  a.descr = "|u1";
  a.shape = {2, 2};
  a.data = std::string({0x21, 0x43, 0x65, static_cast<char>(0x87)});
  absl::StatusOr<BufferView> v = BufferFromNpy(a, DataType::kFP4, {2, 4}, false, "input 'x'");
  ASSERT_TRUE(v.ok()) << v.status().message();
  EXPECT_THAT(testing::Codes(*v), ElementsAre(1, 2, 3, 4, 5, 6, 7, 8));
  EXPECT_EQ(NpyFromBuffer(*v).data, a.data);
  absl::StatusOr<BufferView> bad_shape = BufferFromNpy(a, DataType::kFP4, {2, 6}, false, "input 'x'");
  ASSERT_FALSE(bad_shape.ok());
  EXPECT_THAT(bad_shape.status().message(),
              HasSubstr("input 'x': expected shape (2, 3) for FP4 [2, 6], got (2, 2)"));
  absl::StatusOr<BufferView> bad_dtype = BufferFromNpy(a, DataType::kFP16, {2, 2}, false, "input 'x'");
  ASSERT_FALSE(bad_dtype.ok());
  EXPECT_THAT(bad_dtype.status().message(), HasSubstr("input 'x': expected dtype <f2 (FP16), got |u1"));
}

TEST(NpyBufferTest, ColumnMajorBuffersReadInLogicalOrder) {
  NpyArray a;
  a.descr = "<i2";
  a.shape = {2, 3};
  for (int16_t x : {1, 2, 3, 4, 5, 6}) a.data.append(reinterpret_cast<const char*>(&x), 2);
  absl::StatusOr<BufferView> v = BufferFromNpy(a, DataType::kInt16, {2, 3}, /*col_major=*/true, "x");
  ASSERT_TRUE(v.ok());
  EXPECT_THAT(v->strides, ElementsAre(16, 32));
  EXPECT_THAT(testing::Values(*v), ElementsAre(1, 2, 3, 4, 5, 6));
  EXPECT_EQ(NpyFromBuffer(*v).data, a.data);
}

}  // namespace
}  // namespace pto::sim
