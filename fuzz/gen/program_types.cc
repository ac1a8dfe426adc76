// The random types of Builder (program_builder.h): tensor types with views
// (valid shapes, layouts, strides, pads, distributed tensors), tile types
// with memory spaces and views, scalar types, and the palette of them that
// function signatures share, with the `pl.dynamic` dims and the cross-rank
// window pairs.

#include <optional>
#include <vector>

#include "fuzz/gen/program_builder.h"

namespace pto::fuzz::program_gen {
namespace {

constexpr absl::string_view kDynNames[] = {"N", "M", "K"};

}  // namespace

const Expr* Builder::DynOrExtent(GenScope& s) {
  if (!dyn_.empty() && OneIn(4)) return dyn_[Int(0, static_cast<int>(dyn_.size()) - 1)];
  return ctx_.Index(s.Extent());
}

const Type* Builder::RandomTensorType(GenScope& s) {
  DataType dtype = s.AnyDType();
  int rank = Int(1, std::max(1, options_.max_rank));
  std::vector<const Expr*> shape;
  for (int i = 0; i < rank; ++i) shape.push_back(DynOrExtent(s));
  if (dtype == DataType::kFP4) shape.back() = ctx_.Index(16);
  ir::TensorView view;
  std::vector<const Expr*> valid, stride;
  if (OneIn(3)) {
    if (s.Coin()) {
      for (const Expr* d : shape) {
        std::optional<int64_t> c = ir::AsConstInt(d);
        if (!dyn_.empty() && OneIn(5)) {
          valid.push_back(dyn_[Int(0, static_cast<int>(dyn_.size()) - 1)]);
        } else {
          valid.push_back(ctx_.Index(c ? s.Int64(1, *c) : s.Int64(1, 16)));
        }
      }
      if (dtype == DataType::kFP4) valid.back() = shape.back();
      view.valid_shape = valid;
    }
    if (rank >= 2 && OneIn(4)) view.layout = ir::TensorLayout::kDN;
    if (rank == 2 && (dtype == DataType::kFP8E8M0 || dtype == DataType::kUInt8) && OneIn(3)) {
      view.layout = s.Coin() ? ir::TensorLayout::kMxAZZ : ir::TensorLayout::kMxBNN;
    }
    if (OneIn(4)) {
      for (int i = 0; i < rank; ++i) stride.push_back(ctx_.Index(s.Int64(1, 256)));
      view.stride = stride;
    }
    if (OneIn(4)) view.pad = static_cast<ir::PadValue>(Int(0, ir::EnumSize<ir::PadValue>() - 1));
  }
  if (OneIn(10)) return ctx_.GetDistributedTensorType(dtype, shape, view);
  return ctx_.GetTensorType(dtype, shape, view);
}

const Type* Builder::RandomTileType(GenScope& s) {
  DataType dtype = s.AnyDType();
  std::vector<int64_t> dims = s.Shape(1, 3);
  if (dtype == DataType::kFP4 && dims.back() % 2 != 0) ++dims.back();
  ir::ExprSpan shape = ctx_.IndexList(dims);
  std::optional<ir::MemorySpace> space = ir::MemorySpace::kVec;
  if (OneIn(8)) {
    space = std::nullopt;
  } else if (OneIn(3)) {
    space = static_cast<ir::MemorySpace>(Int(0, ir::EnumSize<ir::MemorySpace>() - 1));
  }
  if (!OneIn(3)) return ctx_.GetTileType(dtype, shape, space);
  ir::TileLayout shape_blayout =
      dims.size() == 2 && dims[1] == 1 && dims[0] > 1 ? ir::TileLayout::kColMajor
                                                     : ir::TileLayout::kRowMajor;
  ir::TileView view = ir::ImplicitTileView(space, shape_blayout);
  std::vector<const Expr*> valid, stride;
  if (s.Coin()) {
    for (int64_t d : dims) {
      if (!dyn_.empty() && OneIn(5)) {
        valid.push_back(dyn_[Int(0, static_cast<int>(dyn_.size()) - 1)]);
      } else {
        valid.push_back(ctx_.Index(s.Int64(1, d)));
      }
    }
    view.valid_shape = valid;
  }
  if (OneIn(3)) view.blayout = static_cast<ir::TileLayout>(Int(0, 2));
  if (OneIn(3)) view.slayout = static_cast<ir::TileLayout>(Int(0, 2));
  if (OneIn(4)) view.fractal = Pick<uint32_t>({512, 1024, 32, 16});
  if (OneIn(4)) view.pad = static_cast<ir::PadValue>(Int(0, ir::EnumSize<ir::PadValue>() - 1));
  if (OneIn(6)) view.compact = ir::CompactMode::kNormal;
  if (OneIn(6)) view.start_offset = ctx_.Index(s.Int64(0, 64));
  if (OneIn(6)) {
    for (size_t i = 0; i < dims.size(); ++i) stride.push_back(ctx_.Index(s.Int64(1, 256)));
    view.stride = stride;
  }
  return ctx_.GetTileType(dtype, shape, space, &view);
}

const Type* Builder::RandomScalarType() {
  DataType dtype = Pick<DataType>({DataType::kIndex, DataType::kIndex, DataType::kInt64,
                                   DataType::kInt32, DataType::kFP32, DataType::kFP16,
                                   DataType::kBool, DataType::kUInt64, DataType::kInt8});
  return ctx_.GetScalarType(dtype);
}

void Builder::MakePalette() {
  GenScope s(ctx_, data_, options_);
  int ndyn = Int(0, 2);
  for (int i = 0; i < ndyn; ++i) {
    dyn_.push_back(ctx_.NewVar(kDynNames[i], ctx_.GetScalarType(DataType::kIndex)));
  }
  // Cross-rank ops need window pairs of matching geometry: an INT32
  // signal window [NR, 1] and a data window [NR, SIZE].
  if (OneIn(3)) {
    int64_t nr = Pick<int64_t>({2, 4});
    int64_t size = Pick<int64_t>({32, 64});
    DataType data = Pick<DataType>({DataType::kFP32, DataType::kFP16, DataType::kInt32});
    int64_t signal_shape[] = {nr, 1};
    int64_t data_shape[] = {nr, size};
    comm_types_.push_back(
        ctx_.GetDistributedTensorType(DataType::kInt32, ctx_.IndexList(signal_shape)));
    comm_types_.push_back(ctx_.GetDistributedTensorType(data, ctx_.IndexList(data_shape)));
  }
  int n = Int(3, 7);
  for (int i = 0; i < n; ++i) {
    switch (Int(0, 5)) {
      case 0:
      case 1: palette_.push_back(RandomTensorType(s)); break;
      case 2:
      case 3: palette_.push_back(RandomTileType(s)); break;
      case 4: palette_.push_back(RandomScalarType()); break;
      default: {
        const Type* elements[] = {RandomScalarType(), RandomTileType(s)};
        palette_.push_back(OneIn(3) ? static_cast<const Type*>(ctx_.GetTupleType(elements))
                                    : RandomScalarType());
        break;
      }
    }
  }
}

}  // namespace pto::fuzz::program_gen
