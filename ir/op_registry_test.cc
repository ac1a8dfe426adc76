#include "ir/op_registry.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

absl::StatusOr<const Type*> ReturnFirstArgType(const DeduceContext& dc) {
  if (const AttrValue* fail = dc.FindKwarg("fail"); fail && fail->bool_value()) {
    return dc.Error("asked to fail");
  }
  return dc.arg(0)->type();
}

class OpRegistryTest : public ::testing::Test {
 protected:
  OpRegistryTest() {
    registry_.Register("test.op")
        .Arg("x")
        .OptionalArg("y")
        .Kwarg("target_type", AttrKind::kDataType)
        .Kwarg("mode", AttrKind::kRoundMode, AttrValue::Enum(RoundMode::kRound))
        .OptionalKwarg("saturation_mode", AttrKind::kSaturationMode)
        .KeywordOnly()
        .OptionalKwarg("fail", AttrKind::kBool)
        .Deduce(ReturnFirstArgType);
    op_ = registry_.Find("test.op");
    x_ = ctx_.NewVar("x", ctx_.GetScalarType(DataType::kFP32));
  }
  OpRegistry registry_;
  const Op* op_;
  Context ctx_;
  const Var* x_;
};

TEST_F(OpRegistryTest, CallsKeepTheirTargetArgumentsAndKwargs) {
  // A call's arguments are stored right after it: an op call and a function
  // call made back to back must each keep their own.
  const Var* y = ctx_.NewVar("y", x_->type());
  NamedAttr kwargs[] = {{"target_type", AttrValue::Int(DataType::kFP16)}};
  absl::StatusOr<const Call*> op_call = CreateCall(ctx_, *op_, {x_, y}, kwargs);
  ASSERT_TRUE(op_call.ok()) << op_call.status();
  const GlobalVar* g = ctx_.GetGlobalVar("helper");
  const Expr* fn_args[] = {y, x_, y};
  const Call* fn_call = ctx_.NewFunctionCall(g, fn_args, x_->type());

  EXPECT_EQ((*op_call)->op(), op_);
  EXPECT_EQ((*op_call)->callee(), nullptr);
  EXPECT_EQ((*op_call)->callee_name(), "test.op");
  ASSERT_EQ((*op_call)->args().size(), 2u);
  EXPECT_EQ((*op_call)->arg(0), x_);
  EXPECT_EQ((*op_call)->arg(1), y);
  EXPECT_EQ((*op_call)->kwargs().size(), 2u);  // target_type and mode's default
  // The kwargs follow the arguments: read back through the node.
  const AttrValue* target = (*op_call)->FindKwarg("target_type");
  ASSERT_NE(target, nullptr);
  EXPECT_EQ(target->dtype(), DataType::kFP16);

  EXPECT_EQ(fn_call->op(), nullptr);
  EXPECT_EQ(fn_call->callee(), g);
  EXPECT_EQ(fn_call->callee_name(), "helper");
  ASSERT_EQ(fn_call->args().size(), 3u);
  EXPECT_EQ(fn_call->arg(0), y);
  EXPECT_EQ(fn_call->arg(1), x_);
  EXPECT_EQ(fn_call->arg(2), y);
  EXPECT_TRUE(fn_call->kwargs().empty());
  EXPECT_EQ(fn_call->FindKwarg("target_type"), nullptr);
  EXPECT_EQ(ctx_.NewFunctionCall(g, {}, x_->type())->args().size(), 0u);
}

TEST_F(OpRegistryTest, FillsDefaultsAndSortsKwargs) {
  NamedAttr kwargs[] = {{"saturation_mode", AttrValue::String("off")},
                        {"target_type", AttrValue::Int(DataType::kFP16)}};
  absl::StatusOr<const Call*> call = CreateCall(ctx_, *op_, {x_}, kwargs);
  ASSERT_TRUE(call.ok()) << call.status();
  ASSERT_EQ((*call)->kwargs().size(), 3u);
  EXPECT_EQ((*call)->kwargs()[0].key, 0);
  EXPECT_EQ((*call)->FindKwarg("target_type")->dtype(), DataType::kFP16);
  EXPECT_EQ((*call)->FindKwarg("mode")->As<RoundMode>(), RoundMode::kRound);
  EXPECT_EQ((*call)->FindKwarg("saturation_mode")->As<SaturationMode>(), SaturationMode::kOff);
  EXPECT_EQ((*call)->FindKwarg("fail"), nullptr);
  EXPECT_EQ((*call)->type(), x_->type());
}

TEST_F(OpRegistryTest, RejectsBadArity) {
  const Expr* args[] = {x_, x_, x_};
  NamedAttr kwargs[] = {{"target_type", AttrValue::DType(DataType::kFP16)}};
  EXPECT_THAT(CreateCall(ctx_, *op_, args, kwargs).status().message(),
              HasSubstr("test.op: expects 1 to 2 arguments, got 3"));
}

TEST_F(OpRegistryTest, RejectsUnknownMissingAndRepeatedKwargs) {
  NamedAttr unknown[] = {{"target_type", AttrValue::DType(DataType::kFP16)},
                         {"bogus", AttrValue::Int(1)}};
  EXPECT_THAT(CreateCall(ctx_, *op_, {x_}, unknown).status().message(),
              HasSubstr("unknown kwarg 'bogus'; known: target_type, mode"));
  EXPECT_THAT(CreateCall(ctx_, *op_, {x_}, {}).status().message(),
              HasSubstr("test.op: requires a 'target_type' kwarg"));
  NamedAttr twice[] = {{"target_type", AttrValue::DType(DataType::kFP16)},
                       {"target_type", AttrValue::DType(DataType::kFP32)}};
  EXPECT_THAT(CreateCall(ctx_, *op_, {x_}, twice).status().message(), HasSubstr("given twice"));
}

TEST_F(OpRegistryTest, CoercesAndRejectsSpellings) {
  NamedAttr mode_name[] = {{"target_type", AttrValue::DType(DataType::kFP16)},
                           {"mode", AttrValue::String("rint")}};
  EXPECT_EQ((*CreateCall(ctx_, *op_, {x_}, mode_name))->FindKwarg("mode")->As<RoundMode>(),
            RoundMode::kRint);
  NamedAttr bad_mode[] = {{"target_type", AttrValue::DType(DataType::kFP16)},
                          {"mode", AttrValue::String("nearest")}};
  EXPECT_THAT(CreateCall(ctx_, *op_, {x_}, bad_mode).status().message(),
              HasSubstr("must be one of none, rint, round"));
  for (AttrValue bad : {AttrValue::Bool(true), AttrValue::Int(2), AttrValue::String("ON"),
                        AttrValue::Float(0.5)}) {
    NamedAttr kwargs[] = {{"target_type", AttrValue::DType(DataType::kFP16)},
                          {"saturation_mode", bad}};
    EXPECT_THAT(CreateCall(ctx_, *op_, {x_}, kwargs).status().message(),
                HasSubstr("saturation_mode must be \"on\", \"off\", 1 or 0"));
  }
  NamedAttr bad_dtype[] = {{"target_type", AttrValue::Int(0x35)}};
  EXPECT_THAT(CreateCall(ctx_, *op_, {x_}, bad_dtype).status().message(),
              HasSubstr("is no dtype code"));
}

TEST_F(OpRegistryTest, DeducerErrorsNameTheOp) {
  NamedAttr kwargs[] = {{"target_type", AttrValue::DType(DataType::kFP16)},
                        {"fail", AttrValue::Bool(true)}};
  absl::Status s = CreateCall(ctx_, *op_, {x_}, kwargs).status();
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(s.message(), "test.op: asked to fail");
}

// Drops saturation_mode=on, so only a deviation is recorded.
void DropSaturationOn(const Op& op, ExprSpan, KwargList& kwargs) {
  int key = op.FindKwarg("saturation_mode");
  for (auto it = kwargs.begin(); it != kwargs.end(); ++it) {
    if (it->key == key && it->value.As<SaturationMode>() == SaturationMode::kOn) {
      kwargs.erase(it);
      return;
    }
  }
}

TEST_F(OpRegistryTest, CanonicaliserRunsBeforeDeduction) {
  registry_.Register("test.canon")
      .Arg("x")
      .OptionalKwarg("saturation_mode", AttrKind::kSaturationMode)
      .Canonicalize(DropSaturationOn)
      .Deduce(ReturnFirstArgType);
  const Op& op = *registry_.Find("test.canon");
  NamedAttr on[] = {{"saturation_mode", AttrValue::String("on")}};
  EXPECT_TRUE((*CreateCall(ctx_, op, {x_}, on))->kwargs().empty());
  NamedAttr off[] = {{"saturation_mode", AttrValue::Int(0)}};
  EXPECT_EQ((*CreateCall(ctx_, op, {x_}, off))->kwargs().size(), 1u);
}

TEST_F(OpRegistryTest, KeywordOnlyMarksTheKwargsDeclaredAfterIt) {
  for (absl::string_view name : {"target_type", "mode", "saturation_mode"}) {
    EXPECT_FALSE(op_->kwargs()[op_->FindKwarg(name)].keyword_only) << name;
  }
  EXPECT_TRUE(op_->kwargs()[op_->FindKwarg("fail")].keyword_only);
}

TEST_F(OpRegistryTest, SortedOpsListsEveryOp) {
  registry_.Register("a.op").Deduce(ReturnFirstArgType);
  std::vector<const Op*> ops = registry_.SortedOps();
  ASSERT_EQ(ops.size(), 2u);  // a.op, test.op
  EXPECT_EQ(ops[0]->name(), "a.op");
  EXPECT_EQ(registry_.Find("missing"), nullptr);
}

}  // namespace
}  // namespace pto::ir
