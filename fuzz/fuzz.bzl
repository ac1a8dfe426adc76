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

Both are linked statically. The libFuzzer build also links UBSan's C++
runtime, //fuzz:sanitizer_options (ASan defaults tuned for fuzzing) and
//fuzz:libfuzzer_flags (libFuzzer flag defaults: -entropic=0, and -max_len
from the harness's PtoFuzzMaxInput(), fuzz/max_input.h).
See docs/fuzzing.md.
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
        data = [":" + name + "_corpus"],
        args = ["$(locations :%s_corpus)" % name] if corpus else [],
        **kwargs
    )
