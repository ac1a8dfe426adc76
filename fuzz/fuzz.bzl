"""cc_fuzz_test: one libFuzzer harness, two ways to run it.

    cc_fuzz_test(
        name = "parser_fuzzer",
        srcs = ["parser_fuzzer.cc"],      # defines LLVMFuzzerTestOneInput
        deps = [...],
        corpus = glob(["corpus/parser_fuzzer/**"]),
        corpus_testdata = {"//testdata:examples/relu_sin.py": "seed_relu_sin.py"},
        dict = ":parser_fuzzer.dict",     # optional libFuzzer dictionary
    )

* `:parser_fuzzer_corpus` assembles the corpus directory,
  bazel-bin/fuzz/parser_fuzzer_corpus/: the hand-written seeds (`corpus`)
  plus files of testdata/ copied under the given names (`corpus_testdata`),
  so a seed taken from a golden test cannot drift from it.
* `dict`, when given, is built with the harness (a runfile beside it), for
  `-dict=bazel-bin/fuzz/parser_fuzzer.dict`.
* `bazel test //fuzz:parser_fuzzer` replays every file of that directory
  through the harness (a regression test; no libFuzzer needed).
* `bazel build --config=fuzz //fuzz:parser_fuzzer //fuzz:parser_fuzzer_corpus`
  links the same target as a libFuzzer binary under ASan+UBSan (clang):
      bazel-bin/fuzz/parser_fuzzer -max_total_time=60 NEW_DIR \\
          bazel-bin/fuzz/parser_fuzzer_corpus

Both are linked statically. The libFuzzer build also links UBSan's C++
runtime, //fuzz:sanitizer_options (ASan defaults tuned for fuzzing) and
//fuzz:libfuzzer_flags (libFuzzer flag defaults: -entropic=0, and -max_len
from the harness's PtoFuzzMaxInput(), fuzz/max_input.h).
See docs/fuzzing.md.
"""

def _fuzz_corpus_impl(ctx):
    out = ctx.actions.declare_directory(ctx.label.name)
    copies = [(f, f.basename) for f in ctx.files.seeds]
    for target, name in ctx.attr.testdata.items():
        files = target.files.to_list()
        if len(files) != 1:
            fail("%s must be one file" % target.label)
        copies.append((files[0], name))
    seen = {}
    for _, name in copies:
        if name in seen:
            fail("two corpus files named %s" % name)
        seen[name] = True
    args = ctx.actions.args()
    args.add(out.path)
    for f, name in copies:
        args.add(f)
        args.add(name)
    ctx.actions.run_shell(
        inputs = [f for f, _ in copies],
        outputs = [out],
        arguments = [args],
        command = 'out="$1"; shift; mkdir -p "$out"; ' +
                  'while [ $# -gt 0 ]; do cp "$1" "$out/$2"; shift 2; done',
        progress_message = "Assembling fuzz corpus %s" % ctx.label.name,
    )
    return [DefaultInfo(files = depset([out]), runfiles = ctx.runfiles(files = [out]))]

fuzz_corpus = rule(
    implementation = _fuzz_corpus_impl,
    doc = "A corpus directory: `seeds` by their names, `testdata` files renamed.",
    attrs = {
        "seeds": attr.label_list(allow_files = True),
        "testdata": attr.label_keyed_string_dict(allow_files = True),
    },
)

def cc_fuzz_test(name, srcs, deps = [], corpus = [], corpus_testdata = {}, dict = None, **kwargs):
    fuzz_corpus(
        name = name + "_corpus",
        seeds = corpus,
        testdata = corpus_testdata,
    )
    native.cc_test(
        name = name,
        srcs = srcs,
        deps = deps + select({
            "//fuzz:libfuzzer": ["//fuzz:libfuzzer_flags", "//fuzz:sanitizer_options"],
            "//conditions:default": ["//fuzz:replay_main"],
        }),
        linkopts = select({
            # Bazel links with the C driver (`clang`), which leaves out
            # UBSan's C++ runtime (vptr and function-type checks) unless
            # asked for it.
            "//fuzz:libfuzzer": ["-fsanitize=fuzzer", "-fsanitize-link-c++-runtime"],
            "//conditions:default": [],
        }),
        # One statically linked binary: calls between the libraries are then
        # direct, not indirect calls into a dozen instrumented shared objects.
        linkstatic = kwargs.pop("linkstatic", True),
        data = [":" + name + "_corpus"] + ([dict] if dict else []),
        args = ["$(location :%s_corpus)" % name],
        **kwargs
    )
