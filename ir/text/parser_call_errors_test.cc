// Rejections of op calls and call-like forms, each with the position and
// message the user sees: the scalar forms of pl.cast and pl.add, merge sort,
// window buffers, pl.MemRef, function calls and pl.submit with their
// options, with-scopes, pl.split_aiv and pl.aiv_shard. One row per
// diagnostic; a row fails if its check is removed. The other rejections are
// in parser_errors_test.cc.

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/text/parser.h"

namespace pto::ir {
namespace {

struct ErrorCase {
  const char* name;
  std::string text;
  // The first line of the message: file:line:col: error: ...
  const char* error;
};

// A method whose body starts on line 6, column 9, with a tensor `a`, a tile
// `t`, an INDEX scalar `n` and an FP32 scalar `s` in scope.
std::string Body(std::vector<std::string> lines) {
  std::string out =
      "import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function\n"
      "    def f(self, a: pl.Tensor[[16, 16], pl.FP32], t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec], "
      "n: pl.Scalar[pl.INDEX], s: pl.Scalar[pl.FP32]):\n";
  for (const std::string& l : lines) absl::StrAppend(&out, "        ", l, "\n");
  return out;
}

// An orchestration function `main(x, n)` whose body starts on line 9, column
// 9, beside an InCore kernel `k(x)` to call and submit.
std::string Orch(std::vector<std::string> lines) {
  std::string out =
      "import pypto.language as pl\n@pl.program\nclass P:\n"
      "    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def k(self, x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:\n"
      "        return x\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, x: pl.Tensor[[16, 16], pl.FP32], n: pl.Scalar[pl.INDEX]):\n";
  for (const std::string& l : lines) absl::StrAppend(&out, "        ", l, "\n");
  return out;
}

std::string FirstLine(absl::string_view s) { return std::string(s.substr(0, s.find('\n'))); }

std::vector<ErrorCase> CallCases() {
  return {
    // pl.cast / pl.add of scalars, dispatch on the first operand, deps= twice.
    {"cast3", Body({"x = pl.cast(n, pl.INDEX, 'round', 1)"}),
     "t.py:6:43: error: pl.cast takes at most 3 positional arguments"},
    {"castunk", Body({"x = pl.cast(n, pl.INDEX, foo=1)"}),
     "t.py:6:13: error: pl.cast: unknown argument 'foo'"},
    {"castnotarget", Body({"x = pl.cast(n)"}),
     "t.py:6:13: error: pl.cast needs a target dtype: pl.cast(x, pl.INDEX)"},
    {"casttargetexpr", Body({"x = pl.cast(n, n)"}),
     "t.py:6:24: error: pl.cast needs a target dtype: pl.cast(x, pl.INDEX)"},
    {"scalarbin2", Body({"x = pl.add(n)"}),
     "t.py:6:13: error: pl.add of scalars takes 2 values"},
    {"scalarbinkw", Body({"x = pl.add(n, n, foo=1)"}),
     "t.py:6:26: error: pl.add: 'foo' is not supported for scalar operands"},
    {"dispatchnofirst", Body({"x = pl.add()"}),
     "t.py:6:13: error: pl.add takes a Tensor or Tile as its first argument"},
    {"special2", Body({"x = pl.min(n)"}),
     "t.py:6:13: error: pl.min() takes 2 arguments, got 1"},
    {"castmode", Body({"x = pl.tile.cast(t, target_type=pl.FP16, mode=\"bogus\")"}),
     "t.py:6:13: error: tile.cast: kwarg 'mode' must be one of none, rint, round, floor, ceil, trunc, odd; got 'bogus'"},
    {"atomic", Body({"x = pl.tile.adds(t, 1.0, foo=pld.AtomicType.BOGUS)"}),
     "t.py:6:53: error: unknown member 'BOGUS' of pld.AtomicType"},
    {"attrs_nocall", Body({"x = pl.cast(n, pl.INDEX, attrs={})"}),
     "t.py:6:40: error: attrs= and deps= go on an op call, and this call builds none (it folds to an expression)"},
    {"deps2", Body({"x = pl.tile.adds(t, 1.0, deps=[], deps=[])"}),
     "t.py:6:43: error: 'deps' is given twice"},
    // pl.tile.mrgsort / pl.tensor.mrgsort: format1 (block_len=) and format2 (src0..src3).
    {"mrg_unexp", Body({"x = pl.tile.mrgsort(t, foo=t)"}),
     "t.py:6:32: error: tile.mrgsort: unexpected argument 'foo'"},
    {"mrg_tmp_tensor", Body({"x = pl.tensor.mrgsort(a, tmp=a)"}),
     "t.py:6:34: error: tensor.mrgsort: unexpected argument 'tmp' (a tensor merge sort makes its own scratch)"},
    {"mrg_many", Body({"x = pl.tensor.mrgsort(a, a, a, a, a)"}),
     "t.py:6:43: error: tensor.mrgsort: takes at most 4 positional arguments"},
    {"mrg_twice", Body({"x = pl.tile.mrgsort(t, src0=t)"}),
     "t.py:6:32: error: tile.mrgsort: argument 'src0' given twice"},
    {"mrg_nosrc0", Body({"x = pl.tile.mrgsort(src1=t)"}),
     "t.py:6:13: error: tile.mrgsort: argument 'src0' is missing"},
    {"mrg_exh", Body({"x = pl.tile.mrgsort(t, t, tmp=t, exhausted=1)"}),
     "t.py:6:52: error: tile.mrgsort: exhausted must be True or False"},
    {"mrg_bl_src1", Body({"x = pl.tile.mrgsort(t, t, block_len=64)"}),
     "t.py:6:13: error: tile.mrgsort: block_len= (format1) takes no 'src1' (format2)"},
    {"mrg_bl_exh", Body({"x = pl.tensor.mrgsort(a, block_len=64, exhausted=True)"}),
     "t.py:6:13: error: tensor.mrgsort: block_len= (format1) takes no exhausted=True (format2)"},
    {"mrg_need", Body({"x = pl.tile.mrgsort(t)"}),
     "t.py:6:13: error: tile.mrgsort: needs block_len= (format1) or at least src0 and src1 (format2)"},
    {"mrg_src3", Body({"x = pl.tile.mrgsort(t, t, src3=t, tmp=t)"}),
     "t.py:6:13: error: tile.mrgsort: src3 needs src2"},
    {"mrg_tmp", Body({"x = pl.tile.mrgsort(t, t)"}),
     "t.py:6:13: error: tile.mrgsort: format2 needs the scratch tile tmp="},
    // pld.alloc_window_buffer's shape form.
    {"awb_dtype", Body({"b = pld.alloc_window_buffer(64, dtype=pl.FP32)"}),
     "t.py:6:41: error: pld.alloc_window_buffer: dtype= goes with a shape list, pld.alloc_window_buffer([rows, cols], dtype=pl.FP32)"},
    {"awb_empty", Body({"b = pld.alloc_window_buffer([], dtype=pl.FP32)"}),
     "t.py:6:37: error: pld.alloc_window_buffer: the shape must be non-empty"},
    {"awb_dims", Body({"b = pld.alloc_window_buffer([n, 4], dtype=pl.FP32)"}),
     "t.py:6:37: error: pld.alloc_window_buffer: the shape form takes positive constant dims (give a byte size otherwise)"},
    // pl.MemRef(...) in a type annotation.
    {"mr_kw", Body({"x: pl.Tile[[16, 16], pl.FP32, pl.MemRef(\"m\", foo=1), pl.Mem.Vec] = pl.tile.add(t, t)"}),
     "t.py:6:54: error: pl.MemRef has no keyword 'foo' (only slots=)"},
    {"mr_slots", Body({"x: pl.Tile[[16, 16], pl.FP32, pl.MemRef(\"m\", slots=0), pl.Mem.Vec] = pl.tile.add(t, t)"}),
     "t.py:6:60: error: slots must be a positive integer literal"},
    {"mr_empty", Body({"x: pl.Tile[[16, 16], pl.FP32, pl.MemRef(\"\"), pl.Mem.Vec] = pl.tile.add(t, t)"}),
     "t.py:6:49: error: a pl.MemRef base name must not be empty"},
    {"mr_neg", Body({"x: pl.Tile[[16, 16], pl.FP32, pl.MemRef(mm, 0, -1), pl.Mem.Vec] = pl.tile.add(t, t)"}),
     "t.py:6:56: error: the size of a pl.MemRef must be >= 0"},
    {"mr_four", Body({"x: pl.Tile[[16, 16], pl.FP32, pl.MemRef(mm, 0, 1, 2), pl.Mem.Vec] = pl.tile.add(t, t)"}),
     "t.py:6:59: error: pl.MemRef takes (base, byte_offset, size) or (\"name\")"},
    {"mr_one", Body({"x: pl.Tile[[16, 16], pl.FP32, pl.MemRef(mm), pl.Mem.Vec] = pl.tile.add(t, t)"}),
     "t.py:6:49: error: a declared allocation pl.MemRef(\"name\") takes its name as a string literal"},
    {"mr_two", Body({"x: pl.Tile[[16, 16], pl.FP32, pl.MemRef(mm, 0), pl.Mem.Vec] = pl.tile.add(t, t)"}),
     "t.py:6:39: error: pl.MemRef takes (base, byte_offset, size) or (\"name\")"},
    {"mr_single", Body({"x: pl.Tile[[16, 16], pl.FP32, pl.MemRef(\"m\")[0], pl.Mem.Vec] = pl.tile.add(t, t)"}),
     "t.py:6:53: error: 'm' holds a single slot, so it cannot be subscripted (declare slots=N)"},
    {"mr_slotidx", Body({"x: pl.Tile[[16, 16], pl.FP32, pl.MemRef(\"m\", slots=2)[s], pl.Mem.Vec] = pl.tile.add(t, t)"}),
     "t.py:6:63: error: the slot index of a pl.MemRef must be an integer scalar, got pl.Scalar[pl.FP32]"},
    {"mr_offconst", Body({"x: pl.Tile[[16, 16], pl.FP32, pl.MemRef(mm, 0, n), pl.Mem.Vec] = pl.tile.add(t, t)"}),
     "t.py:6:56: error: the size of a pl.MemRef must be an integer constant"},
    // Function calls and pl.submit: their options.
    {"sub_first", Orch({"r = pl.submit(x)"}),
     "t.py:9:23: error: pl.submit(...) takes the kernel as its first argument, as self.<function> (not a call of it)"},
    {"sub_call", Orch({"r = pl.submit(self.k(x))"}),
     "t.py:9:29: error: pl.submit(...) takes the kernel itself: write pl.submit(self.k, x, y)"},
    {"sub_pos", Orch({"r = pl.submit(self.k, deps=[], x)"}),
     "t.py:9:40: error: a positional argument cannot follow a keyword argument"},
    {"sub_bool", Orch({"r = pl.submit(self.k, x, allow_early_resolve=1)"}),
     "t.py:9:54: error: allow_early_resolve takes True or False"},
    {"sub_dumps2", Orch({"r = pl.submit(self.k, x, attrs={\"dump_vars\": [x]}, dumps=[x])"}),
     "t.py:9:60: error: dumps= and attrs[\"dump_vars\"] say the same thing: give one"},
    {"sub_dumps", Orch({"r = pl.submit(self.k, x, dumps=x)"}),
     "t.py:9:40: error: dumps= takes a list of tensor names"},
    {"sub_deps", Orch({"r = pl.submit(self.k, x, deps=x)"}),
     "t.py:9:39: error: pl.submit: deps= takes a list of task ids, e.g. deps=[tid]"},
    {"sub_dirs", Orch({"r = self.k(x, attrs={\"arg_directions\": [pl.adir.input, pl.adir.input]})"}),
     "t.py:9:18: error: attrs: arg_directions has 2 entries for 1 arguments"},
    {"sub_adir", Orch({"r = self.k(x, attrs={\"arg_directions\": [pl.adir.bogus]})"}),
     "t.py:9:57: error: unknown argument direction pl.adir.bogus"},
    {"sub_unk", Orch({"r = pl.submit(self.k, x, foo=1)"}),
     "t.py:9:34: error: pl.submit does not take 'foo' (it takes deps, dumps, allow_early_resolve, predicate and attrs)"},
    {"sub_twice", Orch({"r = pl.submit(self.k, x, predicate=n > 0, predicate=n > 0)"}),
     "t.py:9:51: error: 'predicate' is given twice"},
    {"call_dev2", Orch({"r = self.k(x, device=n, device=n)"}),
     "t.py:9:33: error: 'device' is given twice"},
    // attrs={...} of a call.
    {"attr_dumpvars", Orch({"r = self.k(x, attrs={\"dump_vars\": x})"}),
     "t.py:9:29: error: dump_vars takes a list of the call's tensor arguments"},
    {"attr_notwritable", Orch({"r = self.k(x, attrs={\"core_num\": 1, \"manual_dep_edges\": []})"}),
     "t.py:9:45: error: attrs key 'manual_dep_edges' is not writable: manual dependency edges are written as deps=[...] on pl.system.task_dummy or pl.submit"},
    {"attr_mixed", Orch({"r = self.k(x, attrs={\"l\": [1, 2.0]})"}),
     "t.py:9:35: error: attrs['l']: list elements are mixed or of an unsupported kind (expected all ints, all pl.adir.<name>, or all names)"},
    {"attr_ondeps", Body({"x = pl.tile.adds(t, 1.0, deps=[])"}),
     "t.py:6:34: error: tile.adds does not take deps= (pl.system.task_dummy and pl.submit do)"},
    {"adir_int", Orch({"r = self.k(x, attrs={\"arg_directions\": [1]})"}),
     "t.py:9:49: error: expected pl.adir.<direction> (input, output, output_existing, inout, no_dep or scalar)"},
    // with-scopes: pl.spmd, pl.cluster, pl.at and optimizations=[...].
    {"spmdcore", Body({"with pl.spmd(s):", "    pass"}),
     "t.py:6:22: error: pl.spmd(): the core count must be an integer scalar, got pl.Scalar[pl.FP32]"},
    {"spmdneed", Body({"with pl.spmd():", "    pass"}),
     "t.py:6:17: error: pl.spmd() needs the core count: pl.spmd(n)"},
    {"scopepos", Body({"with pl.cluster(1):", "    pass"}),
     "t.py:6:25: error: pl.cluster() takes no further positional arguments"},
    {"scopeenum", Body({"with pl.at(level=pl.Level.BOGUS):", "    pass"}),
     "t.py:6:35: error: pl.at(): level cannot be pl.Level.BOGUS"},
    {"slotnum", Body({"with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.cross_core_slot(n=4)]):", "    pass"}),
     "t.py:6:81: error: expected slot_num=N"},
    {"slottwice", Body({"with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.cross_core_slot(slot_num=4), pl.cross_core_slot(slot_num=2)]):", "    pass"}),
     "t.py:6:94: error: optimizations=[...] sets the cross-core slot count twice"},
    {"optsbad", Body({"with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.foo()]):", "    pass"}),
     "t.py:6:62: error: optimizations takes [pl.split(pl.SplitMode.<mode>)] and pl.cross_core_slot(slot_num=N)"},
    {"splittwice", Body({"with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.NONE), pl.split(pl.SplitMode.NONE)]):", "    pass"}),
     "t.py:6:91: error: pl.split(...) appears twice in optimizations=[...]"},
    {"splitmode", Body({"with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.BOGUS)]):", "    pass"}),
     "t.py:6:84: error: unknown split mode pl.SplitMode.BOGUS"},
    {"namehint", Body({"with pl.at(level=pl.Level.CORE_GROUP, name_hint=\"a\\nb\"):", "    pass"}),
     "t.py:6:57: error: a name_hint must be one line"},
    {"at_unk", Body({"with pl.at(level=pl.Level.CORE_GROUP, foo=1):", "    pass"}),
     "t.py:6:47: error: unknown keyword 'foo' in pl.at()"},
    {"at_twice", Body({"with pl.at(level=pl.Level.CORE_GROUP, level=pl.Level.CORE_GROUP):", "    pass"}),
     "t.py:6:47: error: pl.at() gets 'level' twice"},
    {"at_nolevel", Body({"with pl.at():", "    pass"}),
     "t.py:6:17: error: pl.at() needs level=pl.Level.<level>"},
    {"manual_unk", Body({"with pl.manual_scope(foo=1):", "    pass"}),
     "t.py:6:30: error: unknown keyword 'foo' in pl.manual_scope()"},
    {"cluster_pos", Body({"with pl.scope(1):", "    pass"}),
     "t.py:6:23: error: pl.scope() takes no further positional arguments"},
    // for ... in pl.split_aiv(...) and pl.aiv_shard.
    {"saivscope", Body({"with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):", "    for v in pl.split_aiv(2, mode=pl.SplitMode.NONE):", "        pass"}),
     "t.py:7:25: error: pl.split_aiv cannot be used inside a scope declaring optimizations=[pl.split(...)]: the two are conflicting split specs"},
    {"saivmode2", Body({"for v in pl.split_aiv(2, mode=pl.SplitMode.NONE, mode=pl.SplitMode.NONE):", "    pass"}),
     "t.py:6:58: error: pl.split_aiv() gets 'mode' twice"},
    {"saivmodebad", Body({"for v in pl.split_aiv(2, mode=pl.Foo.NONE):", "    pass"}),
     "t.py:6:46: error: pl.split_aiv(): mode cannot be pl.Foo.NONE"},
    {"saivopt", Body({"for v in pl.split_aiv(2, optimizations=[]):", "    pass"}),
     "t.py:6:34: error: pl.split_aiv() does not accept 'optimizations=': pl.split_aiv() is the split declaration"},
    {"saivchunk", Body({"for v in pl.split_aiv(2, chunk=4):", "    pass"}),
     "t.py:6:34: error: the pl.split_aiv() loop form does not accept 'chunk='"},
    {"saivunk", Body({"for v in pl.split_aiv(2, foo=4):", "    pass"}),
     "t.py:6:34: error: unknown keyword 'foo' in pl.split_aiv()"},
    {"saivpos2", Body({"for v in pl.split_aiv(2, 3):", "    pass"}),
     "t.py:6:34: error: pl.split_aiv() takes exactly one positional argument (n, the AIV sub-core count)"},
    {"saivn3", Body({"for v in pl.split_aiv(3, mode=pl.SplitMode.NONE):", "    pass"}),
     "t.py:6:31: error: pl.split_aiv(n) requires n == 2 (the AIV sub-core count is fixed at 2)"},
    {"saivnon", Body({"for v in pl.split_aiv(mode=pl.SplitMode.NONE):", "    pass"}),
     "t.py:6:21: error: pl.split_aiv() needs n, the AIV sub-core count: pl.split_aiv(2, ...)"},
    {"shardkw", Body({"x = pl.aiv_shard(t, foo=1)"}),
     "t.py:6:29: error: unknown keyword 'foo' in pl.aiv_shard()"},
    {"shardint", Body({"x = pl.aiv_shard(t, split=n)"}),
     "t.py:6:35: error: expected integer but found 'n'"},
    {"shardtwice", Body({"x = pl.aiv_shard(t, split=1, split=1)"}),
     "t.py:6:38: error: pl.aiv_shard() gets 'split' twice"},
  };
}

class ParserCallErrorsTest : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(ParserCallErrorsTest, RejectsWithALocatedMessage) {
  Context ctx;
  absl::StatusOr<Program> p = ParseProgram(ctx, GetParam().text, "t.py");
  ASSERT_FALSE(p.ok()) << GetParam().text;
  EXPECT_EQ(p.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(FirstLine(p.status().message()), GetParam().error) << GetParam().text;
}

INSTANTIATE_TEST_SUITE_P(Cases, ParserCallErrorsTest, ::testing::ValuesIn(CallCases()),
                         [](const ::testing::TestParamInfo<ErrorCase>& info) {
                           return std::string(info.param.name);
                         });

}  // namespace
}  // namespace pto::ir
