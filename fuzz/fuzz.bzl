"""cc_fuzz_test: one libFuzzer harness, two ways to run it.

    cc_fuzz_test(
        name = "parser_fuzzer",
        srcs = ["parser_fuzzer.cc"],      # defines LLVMFuzzerTestOneInput
        deps = [...],
        corpus = glob(["corpus/parser_fuzzer/**"]),
    )

* `bazel test //fuzz:parser_fuzzer` replays every corpus file through the
  harness (a regression test; no libFuzzer needed).
* `bazel build --config=fuzz //fuzz:parser_fuzzer` links the same target as a
  libFuzzer binary under ASan+UBSan (clang):
      bazel-bin/fuzz/parser_fuzzer -max_total_time=60 CORPUS_DIR
"""

def cc_fuzz_test(name, srcs, deps = [], corpus = [], **kwargs):
    native.filegroup(
        name = name + "_corpus",
        srcs = corpus,
    )
    native.cc_test(
        name = name,
        srcs = srcs,
        deps = deps + select({
            "//fuzz:libfuzzer": [],
            "//conditions:default": ["//fuzz:replay_main"],
        }),
        linkopts = select({
            "//fuzz:libfuzzer": ["-fsanitize=fuzzer"],
            "//conditions:default": [],
        }),
        data = [":" + name + "_corpus"],
        args = ["$(locations :%s_corpus)" % name] if corpus else [],
        **kwargs
    )
