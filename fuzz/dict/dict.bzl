"""text_dictionaries: runs //fuzz/dict:dict_gen to write the harnesses' dictionaries.

    text_dictionaries(
        name = "text_dictionaries",
        outs = ["parser_fuzzer.dict", "roundtrip_fuzzer.dict"],
    )

A genrule's `tools` are built in the exec configuration, which would compile
the op registry, the dtype table and the lexer (about 80 files) a second
time, and a third under --config=fuzz. The generator here is built in the
target configuration instead, sharing its objects with the tests and the
fuzzers; this build runs on the machine it targets, so the binary runs here.
"""

def _text_dictionaries_impl(ctx):
    ctx.actions.run(
        executable = ctx.executable.generator,
        arguments = [f.path for f in ctx.outputs.outs],
        outputs = ctx.outputs.outs,
        progress_message = "Generating fuzz dictionaries %{label}",
    )
    return [DefaultInfo(files = depset(ctx.outputs.outs))]

text_dictionaries = rule(
    implementation = _text_dictionaries_impl,
    attrs = {
        "outs": attr.output_list(mandatory = True),
        "generator": attr.label(
            default = "//fuzz/dict:dict_gen",
            executable = True,
            cfg = "target",
        ),
    },
)
