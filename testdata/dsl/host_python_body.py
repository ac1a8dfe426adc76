# The body of a SubWorker at HOST level or above is host Python, kept as
# source text (upstream's InlineStmt), not read as DSL: imports, asserts and
# torch calls are fine there. The text kept is upstream's: each statement as
# CPython's ast.unparse prints it (comments, blank lines and the user's
# spacing and quotes go; host_python_canonical.py has more). Its signature
# is DSL, so calls type-check against it.
# Codegen and the interpreter cannot run host Python: they reject it, naming
# the function, with no output.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/hostpy_once.py
# RUN: pto-opt $TEST_TMPDIR/hostpy_once.py --passes=none | diff $TEST_TMPDIR/hostpy_once.py -
# RUN: pto-opt %s | diff $TEST_TMPDIR/hostpy_once.py -
# RUN: not pto-opt %s --passes=none --emit=pto -o $TEST_TMPDIR/hostpy.pto 2>&1 | FileCheck %s --check-prefix=CODEGEN
# RUN: test ! -e $TEST_TMPDIR/hostpy.pto
# RUN: rm -rf $TEST_TMPDIR/hostpy_run && mkdir -p $TEST_TMPDIR/hostpy_run
# RUN: not pto-run %s --func=verify --seed=1 --out-dir=$TEST_TMPDIR/hostpy_run 2>&1 | FileCheck %s --check-prefix=INTERP
# RUN: printf 'import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)\n    def f(self):\n        import os\n' > $TEST_TMPDIR/hostpy_self.py
# RUN: not pto-opt $TEST_TMPDIR/hostpy_self.py 2>&1 | FileCheck %s --check-prefix=SELF
# RUN: printf 'import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)\n    def f(x: pl.Scalar[pl.INDEX]):\n        pass\n    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)\n    def g(self, t: pl.Tensor[[4], pl.FP32]):\n        self.f(t)\n' > $TEST_TMPDIR/hostpy_call.py
# RUN: not pto-opt $TEST_TMPDIR/hostpy_call.py 2>&1 | FileCheck %s --check-prefix=CALL
#
# CHECK:      @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)
# CHECK-NEXT: {{^    def noop\(x: pl.Tensor\[\[64\], pl.FP32\]\):$}}
# CHECK-NEXT: {{^        pass$}}
# CHECK-NEXT: @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)
# CHECK-NEXT: {{^    def scale\(x: pl.Tensor\[\[64\], pl.FP32\]\) -> pl.Tensor\[\[64\], pl.FP32\]:$}}
# CHECK-NEXT: {{^        return x \* 2$}}
# CHECK-NEXT: @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)
# CHECK-NEXT: {{^    def verify\(f: pl.Tensor\[\[64\], pl.FP32\]\):$}}
# CHECK-NEXT: {{^        import torch$}}
# CHECK-NEXT: {{^        expected = torch.full\(\(64,\), 2.0, dtype=torch.float32\)$}}
# CHECK-NEXT: {{^        if not torch.allclose\(f, expected\):$}}
# CHECK-NEXT: {{^            raise AssertionError\(f'mismatch # \{f.max\(\).item\(\)\}'\)$}}
# CHECK-NEXT: {{^        note = 'kept\\n  as written  # in the string\\n'$}}
# CHECK-NEXT: {{^        assert f is not None$}}
# CHECK-NEXT: @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
# CHECK-NEXT: def host_orch(self, x: pl.Tensor{{\[\[}}64], pl.FP32]) -> pl.Tensor{{\[\[}}64], pl.FP32]:
# CHECK-NEXT: y: pl.Tensor{{\[\[}}64], pl.FP32] = self.scale(x)
# CHECK-NEXT: self.verify(y)
# CHECK-NEXT: self.noop(y)
# CHECK-NEXT: return y
# CODEGEN: host_python_body.py:53:5: error: codegen: function 'verify' is a HOST SubWorker whose body is host Python (kept as source text): nothing to emit
# INTERP: host_python_body.py:53:5: error: function 'verify' is a HOST SubWorker whose body is host Python (kept as source text): the interpreter cannot run it
# SELF: hostpy_self.py:5:11: error: SubWorker function 'f' must not declare 'self'
# CALL: hostpy_call.py:9:14: error: call of 'f': argument 0 has type pl.Tensor{{\[\[}}4], pl.FP32] but parameter 'x' has type pl.Scalar[pl.INDEX]
import pypto.language as pl


@pl.program
class HostPython:
    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)
    def verify(f: pl.Tensor[[64], pl.FP32]):
        import torch  # noqa: PLC0415

        # Comments and blank lines are not kept.
        expected = torch.full((64,), 2.0, dtype=torch.float32)
        if not torch.allclose(f, expected):
            raise AssertionError(
                f"mismatch # {f.max().item()}"
            )
        note = """kept
  as written  # in the string
"""
        assert f is not None

    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)
    def scale(x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]: return x * 2

    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)
    def noop(x: pl.Tensor[[64], pl.FP32]):
        pass

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y = self.scale(x)
        self.verify(y)
        self.noop(y)
        return y
