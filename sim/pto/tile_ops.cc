// Tile ops of PTO, each run by the kernel of the IR op codegen emits it from
// (sim/interp/kernel.h), on the op's destination buffer:
//
//   pto.tadd .. tmin, tadds .. tmins, tneg, tabs   tile.add .. tile.abs
//   pto.texpands                                   tile.full
//   pto.tcvt (rmode, satmode)                      tile.cast (mode, saturation_mode)
//   pto.tcmp / tcmps (cmpMode)                     tile.cmp / tile.cmps (cmp_type)
//   pto.tsel / tsels                               tile.sel / tile.sels
//   pto.ttrans                                     tile.transpose (axes 0, 1)
//   pto.tload                                      tile.load of the whole partition
//   pto.tstore (atomicType)                        tile.store into the partition (atomic)
//   pto.tquant.mx (grpAxis)                        tile.tquant_mx_raw (group_axis), its
//                                                  (dst, exp) tuple written in place
//   pto.tmov ins(%exp, %tmp) (grpAxis)             tile.tmov_x2zz
//
// The ins keep the IR's operand order (codegen writes them so), so each
// kernel argument is a PTO operand, except where the plan below inserts a
// constant. pto.tmov without a second operand is tile.move (a copy of the
// destination's valid region).

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/attr.h"
#include "ir/check.h"
#include "ir/pto_names.h"
#include "ir/status_macros.h"
#include "sim/pto/frame.h"

namespace pto::sim::pto_text {
namespace {

// The kernel's view of a PTO op: its ins as arguments, its attributes as
// the IR op's kwargs, and its destination as the result buffer.
class PtoKernelContext final : public KernelContext {
 public:
  PtoKernelContext(Frame& frame, const Operation& op, absl::Span<const Value> args,
                   std::vector<absl::string_view> arg_names,
                   std::vector<std::pair<absl::string_view, ir::AttrValue>> kwargs,
                   std::optional<BufferView> dst, std::vector<BufferView> elements = {})
      : KernelContext(args, frame.options()),
        frame_(frame),
        op_(op),
        arg_names_(std::move(arg_names)),
        kwargs_(std::move(kwargs)),
        dst_(std::move(dst)),
        elements_(std::move(elements)) {}

  absl::string_view op_name() const override { return op_.name; }
  const ir::AttrValue* Kwarg(absl::string_view name) const override {
    for (const auto& [key, value] : kwargs_) {
      if (key == name) return &value;
    }
    return nullptr;
  }
  absl::string_view ArgName(size_t i) const override {
    return i < arg_names_.size() ? arg_names_[i] : "operand";
  }
  const ir::Call& call() const override {
    PTO_CHECK(false) << op_.name << " ran a kernel that needs an IR call";
    __builtin_unreachable();
  }
  absl::StatusOr<Dims> EvalDims(ir::ExprSpan) const override {
    return Error("the kernel needs IR dims, which a PTO op has not");
  }
  absl::StatusOr<BufferSpec> SpecOf(const ir::Type*) const override {
    return Error("the kernel needs an IR type, which a PTO op has not");
  }
  absl::StatusOr<BufferSpec> ResultSpec() const override {
    if (!dst_) return Error("the op has no destination");
    BufferSpec spec;
    spec.dtype = dst_->dtype;
    spec.shape = dst_->shape;
    spec.valid = dst_->valid;
    spec.is_tile = dst_->is_tile;
    spec.memory_space = dst_->memory_space;
    return spec;
  }
  absl::StatusOr<BufferView> AllocateResult() const override {
    if (!dst_) return Error("the op has no destination");
    return *dst_;
  }
  absl::StatusOr<BufferView> AllocateResultElement(size_t i) const override {
    if (i >= elements_.size()) return Error("the op has fewer destinations than its kernel writes");
    return elements_[i];
  }
  std::string Location() const override {
    return absl::StrCat(frame_.filename(), ":", op_.pos.line, ":", op_.pos.col);
  }
  absl::Status Error(absl::string_view message) const override {
    return frame_.Error(op_, message);
  }

 private:
  Frame& frame_;
  const Operation& op_;
  std::vector<absl::string_view> arg_names_;
  std::vector<std::pair<absl::string_view, ir::AttrValue>> kwargs_;
  std::optional<BufferView> dst_;
  std::vector<BufferView> elements_;
};

// How a PTO op's ins become its kernel's arguments.
enum class Plan : uint8_t {
  kIns,        // the ins, in order
  kFull,       // (nothing, value): tile.full's shape is the destination's
  kTranspose,  // (src, 0, 1, tmp)
  kLoad,       // (partition, zero offsets)
  kStore,      // (tile, zero offsets, partition)
  kQuant,      // (src, max, scaling) -> the tuple (dst, exp)
};

struct TileOp {
  absl::string_view pto;
  absl::string_view kernel;
  Plan plan;
};

constexpr TileOp kTileOps[] = {
    {"pto.tadd", "tile.add", Plan::kIns},         {"pto.tsub", "tile.sub", Plan::kIns},
    {"pto.tmul", "tile.mul", Plan::kIns},         {"pto.tdiv", "tile.div", Plan::kIns},
    {"pto.tmax", "tile.maximum", Plan::kIns},     {"pto.tmin", "tile.minimum", Plan::kIns},
    {"pto.tadds", "tile.adds", Plan::kIns},       {"pto.tsubs", "tile.subs", Plan::kIns},
    {"pto.tmuls", "tile.muls", Plan::kIns},       {"pto.tdivs", "tile.divs", Plan::kIns},
    {"pto.tmaxs", "tile.maximums", Plan::kIns},   {"pto.tmins", "tile.minimums", Plan::kIns},
    {"pto.tneg", "tile.neg", Plan::kIns},         {"pto.tabs", "tile.abs", Plan::kIns},
    {"pto.texpands", "tile.full", Plan::kFull},   {"pto.tcvt", "tile.cast", Plan::kIns},
    {"pto.tcmp", "tile.cmp", Plan::kIns},         {"pto.tcmps", "tile.cmps", Plan::kIns},
    {"pto.tsel", "tile.sel", Plan::kIns},         {"pto.tsels", "tile.sels", Plan::kIns},
    {"pto.ttrans", "tile.transpose", Plan::kTranspose},
    {"pto.tload", "tile.load", Plan::kLoad},      {"pto.tstore", "tile.store", Plan::kStore},
    {"pto.tquant.mx", "tile.tquant_mx_raw", Plan::kQuant},
    // The transfers' data movement (comm_ops.cc adds the rest).
    {"pto.comm.tput", "tile.store", Plan::kStore},
    {"pto.comm.tget", "tile.store", Plan::kStore},
};

// pto.tmov with a second operand is the X-to-ZZ move of MX exponents.
constexpr TileOp kTMovX2Zz = {"pto.tmov", "tile.tmov_x2zz", Plan::kIns};
constexpr TileOp kTMovPlain = {"pto.tmov", "tile.move", Plan::kIns};

const TileOp* FindTileOp(absl::string_view name) {
  for (const TileOp& t : kTileOps) {
    if (t.pto == name) return &t;
  }
  return nullptr;
}

// The IR kwargs the kernels read, from the PTO attributes.
absl::StatusOr<std::vector<std::pair<absl::string_view, ir::AttrValue>>> Kwargs(
    Frame& f, const Operation& op) {
  std::vector<std::pair<absl::string_view, ir::AttrValue>> kw;
  for (const Attribute& a : op.attrs) {
    absl::string_view name = op.EnumAttr(a.name);
    if (a.name == "rmode") {
      std::optional<ir::RoundMode> m = ir::RoundModeFromPto(name);
      if (!m) return f.Error(op, absl::StrCat("unknown rmode ", a.value));
      kw.push_back({"mode", ir::AttrValue::Enum(*m)});
    } else if (a.name == "satmode") {
      std::optional<ir::SaturationMode> m = ir::SaturationModeFromPto(name);
      if (!m) return f.Error(op, absl::StrCat("unknown satmode ", a.value));
      kw.push_back({"saturation_mode", ir::AttrValue::Enum(*m)});
    } else if (a.name == "cmpMode") {
      std::optional<int64_t> m = ir::CmpModeFromPto(name);
      if (!m) return f.Error(op, absl::StrCat("unknown cmpMode ", a.value));
      kw.push_back({"cmp_type", ir::AttrValue::Int(*m)});
    } else if (a.name == "grpAxis") {
      int64_t axis = name == "axis0" ? 0 : name == "axis1" ? 1 : -1;
      if (axis < 0) return f.Error(op, absl::StrCat("unknown grpAxis ", a.value));
      kw.push_back({"group_axis", ir::AttrValue::Int(axis)});
    } else if (a.name == "atomicType") {
      if (name == "atomic_add") {
        kw.push_back({"atomic", ir::AttrValue::Enum(ir::AtomicType::kAdd)});
      } else if (name != "atomic_none") {
        return f.Error(op, absl::StrCat("unknown atomicType ", a.value));
      }
    }
  }
  return kw;
}

// `v` with unit dims in front up to `rank`: a 1-D partition loads into and
// stores from the [1, N] tile codegen makes of a 1-D tile.
BufferView WithLeadingUnitDims(BufferView v, size_t rank) {
  while (v.rank() < rank) {
    v.shape.insert(v.shape.begin(), 1);
    v.valid.insert(v.valid.begin(), 1);
    v.strides.insert(v.strides.begin(), 0);
  }
  return v;
}

Value IndexList(absl::Span<const int64_t> values) {
  std::vector<Value> list;
  for (int64_t v : values) list.push_back(Value::Of(Scalar::Int(ir::DataType::kIndex, v)));
  return Value::Tuple(std::move(list));
}

Value ZeroOffsets(size_t rank) {
  std::vector<Value> zeros(rank, Value::Of(Scalar::Int(ir::DataType::kIndex, 0)));
  return Value::Tuple(std::move(zeros));
}

absl::Status RunKernel(Frame& f, const Operation& op, const TileOp& t) {
  std::vector<Value> args;
  std::vector<absl::string_view> names;
  auto add = [&](const Operand& o) -> absl::Status {
    PTO_ASSIGN_OR_RETURN(Value v, f.Get(o));
    args.push_back(std::move(v));
    names.push_back(o.value);
    return absl::OkStatus();
  };
  std::vector<const Operand*> ins;
  std::optional<BufferView> dst;
  std::vector<BufferView> elements;
  for (const Operand& o : op.operands) {
    if (o.role == "dst") {
      PTO_ASSIGN_OR_RETURN(dst, f.GetBuffer(op, o));
    } else {
      ins.push_back(&o);
    }
  }
  switch (t.plan) {
    case Plan::kIns:
      for (const Operand* o : ins) PTO_RETURN_IF_ERROR(add(*o));
      break;
    case Plan::kFull:
      args.push_back(Value());
      names.push_back("shape");
      PTO_RETURN_IF_ERROR(add(*ins[0]));
      break;
    case Plan::kTranspose:
      PTO_RETURN_IF_ERROR(add(*ins[0]));
      args.push_back(Value::Of(Scalar::Int(ir::DataType::kIndex, 0)));
      args.push_back(Value::Of(Scalar::Int(ir::DataType::kIndex, 1)));
      names.insert(names.end(), {"axis1", "axis2"});
      PTO_RETURN_IF_ERROR(add(*ins[1]));
      break;
    case Plan::kLoad: {
      // A partition of higher rank is read with its leading dims collapsed
      // (the kernel's rule), one of lower rank as [1, ..., N].
      PTO_ASSIGN_OR_RETURN(BufferView partition, f.GetBuffer(op, *ins[0]));
      args.push_back(Value::Of(WithLeadingUnitDims(partition, dst->rank())));
      names.push_back(ins[0]->value);
      args.push_back(ZeroOffsets(dst->rank()));
      names.push_back("offsets");
      break;
    }
    case Plan::kStore: {
      PTO_RETURN_IF_ERROR(add(*op.Find("src")));
      const size_t tile_rank = args[0].buffer()->rank();  // args grows below
      BufferView partition = WithLeadingUnitDims(*dst, tile_rank);
      args.push_back(ZeroOffsets(partition.rank()));
      names.push_back("offsets");
      args.push_back(Value::Of(partition));
      names.push_back(op.Find("dst")->value);
      if (partition.rank() > tile_rank) {
        // The N-D partition form: the tile's rows unravel over the leading dims.
        args.push_back(IndexList(partition.shape));
        names.push_back("shapes");
      }
      dst = partition;
      break;
    }
    case Plan::kQuant: {
      for (absl::string_view role : {"src", "max", "scaling"}) PTO_RETURN_IF_ERROR(add(*op.Find(role)));
      elements.push_back(*dst);
      PTO_ASSIGN_OR_RETURN(BufferView exp, f.GetBuffer(op, *op.Find("exp")));
      elements.push_back(exp);
      break;
    }
  }
  PTO_ASSIGN_OR_RETURN(auto kwargs, Kwargs(f, op));
  KernelFn kernel = BuiltinKernels().Find(t.kernel);
  PTO_CHECK(kernel != nullptr) << t.kernel;
  PtoKernelContext ctx(f, op, args, std::move(names), std::move(kwargs), std::move(dst),
                       std::move(elements));
  return kernel(ctx);
}

}  // namespace

absl::Status RunTileOp(Frame& f, const Operation& op) {
  const TileOp* t = FindTileOp(op.name);
  PTO_CHECK(t != nullptr) << op.name << " is no tile op";
  return RunKernel(f, op, *t);
}

namespace {

// pto.tmov: the plain form is tile.move's kernel (the destination's valid
// region, copied bit for bit), the X-to-ZZ form tile.tmov_x2zz's.
absl::Status TMov(Frame& f, const Operation& op) {
  return RunKernel(f, op, op.Find("fp") != nullptr ? kTMovX2Zz : kTMovPlain);
}

}  // namespace

void AddTileOps(OpTable& table) {
  for (const TileOp& t : kTileOps) table[t.pto] = RunTileOp;
  table["pto.tmov"] = TMov;
}

}  // namespace pto::sim::pto_text
