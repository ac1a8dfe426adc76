#include "tools/pto_file_run.h"

#include <filesystem>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace pto::sim {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// @k copies %arg0 (a 2x4 view of a pointer) to %arg1 (a view with a row
// stride of 8: its memory is 12 elements); @n's pointer has a dynamic
// extent.
constexpr char kModule[] = R"(module attributes {pto.target_arch = "a5"} {
  func.func @k(%arg0: !pto.ptr<f32>, %arg1: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %x = pto.make_tensor_view %arg0, shape = [%c2, %c4], strides = [%c4, %c1] : !pto.tensor_view<?x?xf32>
    %y = pto.make_tensor_view %arg1, shape = [%c2, %c4], strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>
    %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=4, v_row=2, v_col=4, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    %xp = pto.partition_view %x, offsets = [%c0, %c0], sizes = [%c2, %c4] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<2x4xf32>
    %yp = pto.partition_view %y, offsets = [%c0, %c0], sizes = [%c2, %c4] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<2x4xf32>
    pto.tload ins(%xp : !pto.partition_tensor_view<2x4xf32>) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=4, v_row=2, v_col=4, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
    pto.tstore ins(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=4, v_row=2, v_col=4, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%yp : !pto.partition_tensor_view<2x4xf32>)
    return
  }
  func.func @n(%arg0: !pto.ptr<f32>, %arg1: index, %arg2: !pto.ptr<f32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %x = pto.make_tensor_view %arg0, shape = [%arg1], strides = [%c1] : !pto.tensor_view<?xf32>
    %z = pto.make_tensor_view %arg2, shape = [%c4], strides = [%c1] : !pto.tensor_view<?xf32>
    return
  }
}
)";

std::string OutDir(absl::string_view name) {
  return (std::filesystem::path(::testing::TempDir()) / std::string(name)).string();
}

TEST(PtoFileRunTest, StridedOutputsGetTheirWholeExtent) {
  RunOptions options;
  options.function = "k";
  options.seed = 1;
  options.out_dir = OutDir("strided");
  absl::StatusOr<RunResult> r = RunPtoFile(kModule, "m.pto", options);
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_EQ(r->files.size(), 2u);
  EXPECT_THAT(r->files[0], HasSubstr("x.npy"));
  EXPECT_THAT(r->files[1], HasSubstr("y.npy"));
  // y is 12 elements (1 + 1 * 8 + 3 * 1), seeded, so nothing is undefined.
  EXPECT_TRUE(r->warnings.empty());
  EXPECT_EQ(std::filesystem::file_size(r->files[1]), 128u + 12 * 4);
}

TEST(PtoFileRunTest, Errors) {
  RunOptions options;
  options.out_dir = OutDir("errors");
  EXPECT_THAT(RunPtoFile(kModule, "m.pto", options).status().message(),
              HasSubstr("the module has 2 functions: pass --func (k, n)"));
  options.function = "n";
  options.seed = 1;
  EXPECT_THAT(RunPtoFile(kModule, "m.pto", options).status().message(),
              HasSubstr("missing input 'x' (a pointer to FP32 whose extent is not a constant): "
                        "pass --in=x=PATH.npy"));
  // A pointer after one of dynamic extent still binds by its view's name:
  // `z` is accepted, and binding fails at `x` first.
  options.inputs = {{"z", "/nonexistent.npy"}};
  absl::Status s = RunPtoFile(kModule, "m.pto", options).status();
  EXPECT_THAT(s.message(), HasSubstr("missing input 'x'"));
  EXPECT_THAT(s.message(), Not(HasSubstr("has no parameter")));
  options.inputs.clear();
  options.ranks = 2;
  EXPECT_EQ(RunPtoFile(kModule, "m.pto", options).status().code(),
            absl::StatusCode::kUnimplemented);
  EXPECT_FALSE(std::filesystem::exists(options.out_dir));
}

}  // namespace
}  // namespace pto::sim
