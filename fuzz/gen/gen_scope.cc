// GenScope: choices, the values in scope and statement emission for the
// program generator (see program_generator.h).

#include <algorithm>
#include <limits>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "fuzz/gen/program_generator.h"
#include "ir/check.h"
#include "ir/ops/builtin.h"

namespace pto::fuzz {

using ir::DataType;

namespace {

constexpr DataType kCommonDTypes[] = {DataType::kFP32,  DataType::kFP16, DataType::kBF16,
                                      DataType::kInt32, DataType::kInt16, DataType::kInt8,
                                      DataType::kUInt8, DataType::kFP32};

// Short name hint of an op's result: the part after the last dot.
absl::string_view HintOf(absl::string_view op) {
  size_t dot = op.rfind('.');
  return dot == absl::string_view::npos ? op : op.substr(dot + 1);
}

bool IsFP4LastDimOk(DataType dtype, absl::Span<const int64_t> shape) {
  return dtype != DataType::kFP4 || (!shape.empty() && shape.back() % 2 == 0);
}

}  // namespace

GenScope::GenScope(ir::Context& ctx, FuzzedDataProvider& data, const GeneratorOptions& options)
    : ctx_(ctx), data_(data), options_(options) {
  blocks_.emplace_back();
}

DataType GenScope::AnyDType() {
  if (OneIn(4)) return Pick(DataType::All());
  return Pick(absl::Span<const DataType>(kCommonDTypes));
}

int64_t GenScope::Extent() {
  static constexpr int64_t kExtents[] = {16, 16, 32, 8, 1, 2, 4, 64, 128, 3, 6, 48};
  return Pick(absl::Span<const int64_t>(kExtents));
}

std::vector<int64_t> GenScope::Shape(int min_rank, int max_rank) {
  max_rank = std::max(min_rank, std::min(max_rank, options_.max_rank));
  int rank = Int(min_rank, max_rank);
  std::vector<int64_t> shape;
  shape.reserve(rank);
  for (int i = 0; i < rank; ++i) shape.push_back(Extent());
  return shape;
}

const ir::Expr* GenScope::Literal(DataType dtype) {
  if (dtype.IsBool()) return ctx_.Bool(Coin());
  if (dtype.IsFloat()) {
    static constexpr double kValues[] = {0.0, 1.0, 0.5, -2.25, 3.140625, 1e-3, 65504.0, -0.0,
                                         0.10000000000000001, 1e+17, 448.0, 6.0};
    double v;
    switch (Int(0, 9)) {
      case 0: v = data_.ConsumeFloatingPointInRange<double>(-1e6, 1e6); break;
      case 1:
        v = Pick<double>({5e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
                          -1.7976931348623157e308, 9007199254740993.0, 1e-7, 123456789.125});
        break;
      default: v = Pick(absl::Span<const double>(kValues)); break;
    }
    return ctx_.Float(v, dtype);
  }
  int64_t v;
  switch (Int(0, 6)) {
    case 6:
      v = Pick<int64_t>({std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max(),
                         int64_t{1} << 31, -(int64_t{1} << 31) - 1});
      break;
    case 0: v = 0; break;
    case 1: v = 1; break;
    case 2: v = Int64(-8, 8); break;
    case 3: v = Int64(0, 255); break;
    case 4: v = Int64(-100000, 100000); break;
    default: v = Int64(2, 16); break;
  }
  if (dtype.IsUnsignedInt() && v < 0) v = v == std::numeric_limits<int64_t>::min() ? 0 : -v;
  if (dtype == DataType::kIndex) return ctx_.Index(v);
  return ctx_.Int(v, dtype);
}

const ir::Expr* GenScope::IndexList(absl::Span<const int64_t> values) {
  return ctx_.NewMakeTuple(ctx_.IndexList(values));
}

// --- Values in scope -----------------------------------------------------------

const ir::Var* GenScope::Find(absl::FunctionRef<bool(const ir::Type*)> pred) {
  if (visible_.empty()) return nullptr;
  // A random starting point and one linear pass: cheap and every match can
  // be drawn.
  size_t n = visible_.size();
  size_t start = data_.ConsumeIntegralInRange<size_t>(0, n - 1);
  for (size_t k = 0; k < n; ++k) {
    const ir::Var* v = visible_[(start + k) % n];
    if (pred(v->type())) return v;
  }
  return nullptr;
}

const ir::Var* GenScope::FindTile(absl::FunctionRef<bool(const ir::TileType*)> pred) {
  return Find([&](const ir::Type* t) {
    const auto* tile = t->As<ir::TileType>();
    return tile != nullptr && pred(tile);
  });
}

const ir::Var* GenScope::FindTensor(absl::FunctionRef<bool(const ir::TensorType*)> pred) {
  return Find([&](const ir::Type* t) {
    const auto* tensor = t->As<ir::TensorType>();
    return tensor != nullptr && pred(tensor);
  });
}

const ir::Var* GenScope::FindScalar(absl::FunctionRef<bool(DataType)> pred) {
  return Find([&](const ir::Type* t) {
    const auto* s = t->As<ir::ScalarType>();
    return s != nullptr && pred(s->dtype());
  });
}

const ir::Var* GenScope::FindOfType(const ir::Type* type) {
  return Find([&](const ir::Type* t) { return t == type; });
}

const ir::Var* GenScope::AnyTile() {
  if (const ir::Var* v = FindTile([](const ir::TileType*) { return true; })) return v;
  DataType dtype = AnyDType();
  return FreshTile(dtype, Shape(1, 2));
}

const ir::Var* GenScope::AnyTensor() {
  if (const ir::Var* v = FindTensor([](const ir::TensorType*) { return true; })) return v;
  DataType dtype = AnyDType();
  return FreshTensor(dtype, Shape(1, 2));
}

// --- Emission ------------------------------------------------------------------

bool GenScope::Allowed(absl::string_view op) const {
  return options_.allowed_ops.empty() || options_.allowed_ops.contains(op);
}

const ir::Call* GenScope::TryCall(absl::string_view op, absl::Span<const ir::Expr* const> args,
                                  absl::Span<const ir::NamedAttr> kwargs) {
  if (!Allowed(op)) return nullptr;
  for (const ir::Expr* a : args) {
    if (a == nullptr) return nullptr;
  }
  absl::StatusOr<const ir::Call*> call = ir::MakeCall(ctx_, op, args, kwargs);
  return call.ok() ? *call : nullptr;
}

const ir::Var* GenScope::TryOp(absl::string_view op, std::initializer_list<const ir::Expr*> args,
                               std::initializer_list<ir::NamedAttr> kwargs) {
  return TryOp(op, absl::Span<const ir::Expr* const>(args.begin(), args.size()),
               absl::Span<const ir::NamedAttr>(kwargs.begin(), kwargs.size()));
}

const ir::Var* GenScope::TryOp(absl::string_view op, absl::Span<const ir::Expr* const> args,
                               absl::Span<const ir::NamedAttr> kwargs) {
  const ir::Call* call = TryCall(op, args, kwargs);
  if (call == nullptr) return nullptr;
  if (call->type()->Is<ir::UnknownType>()) {
    Emit(ctx_.NewEval(call));
    return nullptr;
  }
  return Bind(call, HintOf(op));
}

const ir::Var* GenScope::Bind(const ir::Expr* value, absl::string_view hint) {
  const ir::Var* var = ctx_.NewVar(hint, value->type());
  Emit(ctx_.NewAssign(var, value));
  visible_.push_back(var);
  return var;
}

std::string GenScope::NextWindowBufferName() {
  return absl::StrCat("win", (*window_buffers_)++);
}

void GenScope::Emit(const ir::Stmt* stmt) {
  blocks_.back().push_back(stmt);
  ++emitted_;
}

const ir::Var* GenScope::FreshTile(DataType dtype, absl::Span<const int64_t> shape) {
  if (shape.empty() || !IsFP4LastDimOk(dtype, shape)) return nullptr;
  ir::NamedAttr dtype_kw[] = {{"dtype", ir::AttrValue::DType(dtype)}};
  bool full = Allowed("tile.full") && (!Allowed("tile.create") || !OneIn(4));
  if (full) {
    const ir::Expr* value = Coin() ? ctx_.Float(Pick({0.0, 1.0, 2.5, -1.0}))
                                   : static_cast<const ir::Expr*>(ctx_.Index(Int(0, 3)));
    const ir::Expr* args[] = {IndexList(shape), value};
    return TryOp("tile.full", args, dtype_kw);
  }
  ir::NamedAttr kw[] = {{"dtype", ir::AttrValue::DType(dtype)},
                        {"target_memory", ir::AttrValue::Enum(ir::MemorySpace::kVec)}};
  const ir::Expr* args[] = {IndexList(shape)};
  return TryOp("tile.create", args, kw);
}

const ir::Var* GenScope::FreshTensor(DataType dtype, absl::Span<const int64_t> shape) {
  if (shape.empty() || !IsFP4LastDimOk(dtype, shape)) return nullptr;
  ir::NamedAttr dtype_kw[] = {{"dtype", ir::AttrValue::DType(dtype)}};
  bool full = Allowed("tensor.full") && (!Allowed("tensor.create") || Coin());
  if (full) {
    const ir::Expr* args[] = {IndexList(shape), ctx_.Float(0.0)};
    return TryOp("tensor.full", args, dtype_kw);
  }
  const ir::Expr* args[] = {IndexList(shape)};
  return TryOp("tensor.create", args, dtype_kw);
}

const ir::Var* GenScope::TileOr(absl::FunctionRef<bool(const ir::TileType*)> pred, DataType dtype,
                                absl::Span<const int64_t> shape) {
  if (!OneIn(3)) {
    if (const ir::Var* v = FindTile(pred)) return v;
  }
  return FreshTile(dtype, shape);
}

// --- Blocks ----------------------------------------------------------------------

void GenScope::EnterBlock() {
  visible_marks_.push_back(visible_.size());
  blocks_.emplace_back();
}

std::vector<const ir::Stmt*> GenScope::ExitBlock() {
  PTO_CHECK(!visible_marks_.empty() && blocks_.size() > 1);
  visible_.resize(visible_marks_.back());
  visible_marks_.pop_back();
  std::vector<const ir::Stmt*> stmts = std::move(blocks_.back());
  blocks_.pop_back();
  return stmts;
}

}  // namespace pto::fuzz
