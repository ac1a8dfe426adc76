# Which statement each `#` comment leads: upstream PyPTO's parser places
# them so (docs/dsl.md, "Comments"), and the printer writes them as `# ...`
# lines above that statement. A comment a rule drops is marked "dropped" and
# must not appear. Printing is a fixed point.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none | FileCheck %s --check-prefix=GONE
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# An empty comment prints as "# ", with its space.
# RUN: grep -c '^        # $' $TEST_TMPDIR/once.py | grep -qx 2
#
# GONE-NOT: dropped
#
# CHECK: def helper(
# CHECK-NEXT: # between a module-level function's decorator and def
# CHECK-NEXT: # helper's
# CHECK-NEXT: y: pl.Tensor{{.*}} = pl.tensor.adds(x, 1.0)
#
# CHECK: def k(
# CHECK-NEXT: # in the parameter list: leads the first statement
# CHECK-NEXT: # Docstring lines lead the first statement.
# CHECK-NEXT: {{^        # $}}
# CHECK-NEXT: #         Blank docstring lines stay, as empty comments.
# CHECK-NEXT: #
# CHECK-NEXT: # above a statement
# CHECK-NEXT: # end of its line
# CHECK-NEXT: a: pl.Tensor{{.*}} = pl.tensor.adds(x, 1.0)
# CHECK-NEXT: # inside the call
# CHECK-NEXT: # own line inside the call
# CHECK-NEXT: b: pl.Tensor{{.*}} = pl.tensor.adds(a, 2.0)
# CHECK-NEXT: # pass makes no IR: this leads the next statement
# CHECK-NEXT: # nor does static_assert
# CHECK-NEXT: {{^        # $}}
# CHECK-NEXT: # the for header
# CHECK-NEXT: for i in pl.range(4):
# CHECK-NEXT: # leads the body's first statement
# CHECK-NEXT: b: pl.Tensor{{.*}} = pl.tensor.adds(b, 1.0)
# CHECK-NEXT: # at the for's column after its body: leads the if
# CHECK-NEXT: # the if header
# CHECK-NEXT: if n > 0:
# CHECK-NEXT: c: pl.Tensor{{.*}} = pl.tensor.adds(b, 2.0)
# CHECK-NEXT: else:
# CHECK-NEXT: # before else, at the if's column: leads the else branch's first statement
# CHECK-NEXT: # on the else line
# CHECK-NEXT: c: pl.Tensor{{.*}} = pl.tensor.adds(b, 3.0)
# CHECK-NEXT: if n > 1:
# CHECK-NEXT: d: pl.Tensor{{.*}} = pl.tensor.adds(c, 1.0)
# CHECK-NEXT: else:
# CHECK-NEXT: # before elif: leads the nested if
# CHECK-NEXT: # the elif header
# CHECK-NEXT: if n > 2:
# CHECK-NEXT: d: pl.Tensor{{.*}} = pl.tensor.adds(c, 2.0)
# CHECK-NEXT: else:
# CHECK-NEXT: d: pl.Tensor{{.*}} = pl.tensor.adds(c, 3.0)
# CHECK-NEXT: # the with header
# CHECK-NEXT: with pl.at(level=pl.Level.CORE_GROUP):
# CHECK-NEXT: e: pl.Tensor{{.*}} = pl.tensor.adds(d, 1.0)
# CHECK-NEXT: # inside a wrapped header: the for's
# CHECK-NEXT: for j in pl.range(2):
# CHECK-NEXT: e: pl.Tensor{{.*}} = pl.tensor.adds(e, 1.0)
# CHECK-NEXT: # A docstring in the body leads the next statement.
# CHECK-NEXT: return e
#
# CHECK: def main(
# CHECK-NEXT: pl.func_attr({"k": 1})
# CHECK-NEXT: # on the prologue: leads the first statement
# CHECK-NEXT: a: pl.Tensor{{.*}} = self.k(x, n)
# CHECK-NEXT: for i in pl.range(4):
# CHECK-NEXT: b: pl.Tensor{{.*}} = pl.tensor.adds(a, 1.0)
# CHECK-NEXT: c: pl.Tensor{{.*}} = pl.tensor.adds(b, 1.0)
# CHECK-NEXT: # dedented, mid-block: leads the next statement
# CHECK-NEXT: d: pl.Tensor{{.*}} = pl.tensor.adds(c, 1.0)
# CHECK-NEXT: e: pl.Tensor{{.*}} = pl.tensor.adds(a, 2.0)
# CHECK-NEXT: for i_1 in pl.range(4):
# CHECK-NEXT: f: pl.Tensor{{.*}} = pl.tensor.adds(e, 1.0)
# CHECK-NEXT: # a docstring ending a body, right before the next statement
# CHECK-NEXT: g: pl.Tensor{{.*}} = pl.tensor.adds(e, 2.0)
# CHECK-NEXT: if n > 0:
# CHECK-NEXT: h: pl.Tensor{{.*}} = pl.tensor.adds(g, 1.0)
# CHECK-NEXT: else:
# CHECK-NEXT: # pass ending a then branch: leads the else branch's first statement
# CHECK-NEXT: h: pl.Tensor{{.*}} = pl.tensor.adds(g, 2.0)
# CHECK-NEXT: for i_2, (acc,) in pl.range(3, init_values=(h,)):
# CHECK-NEXT: # before the yield
# CHECK-NEXT: acc2: pl.Tensor{{.*}} = pl.tensor.adds(acc, 1.0)
# CHECK-NEXT: # the yield's
# CHECK-NEXT: acc_out: pl.Tensor{{.*}} = pl.yield_(acc2)
# CHECK-NEXT: for (w,) in pl.while_(init_values=(n,)):
# CHECK-NEXT: pl.cond(w > 0)
# CHECK-NEXT: # the cond's: leads the next statement
# CHECK-NEXT: w2: pl.Scalar[pl.INDEX] = w - 1
# CHECK-NEXT: w_out: pl.Scalar[pl.INDEX] = pl.yield_(w2)
# CHECK-NEXT: for i_3 in pl.range(4):
# CHECK-NEXT: if i_3 > 1:
# CHECK-NEXT: # the break's
# CHECK-NEXT: break
# CHECK-NEXT: # the continue's
# CHECK-NEXT: continue
# CHECK-NEXT: # the with header, with a task id
# CHECK-NEXT: with pl.at(level=pl.Level.CORE_GROUP) as tid:
# CHECK-NEXT: z: pl.Tensor{{.*}} = pl.tensor.adds(acc_out, 1.0)
# CHECK-NEXT: # the spmd header
# CHECK-NEXT: for s in pl.spmd(4):
# CHECK-NEXT: # the spmd body's
# CHECK-NEXT: u: pl.Tensor{{.*}} = self.helper(z)
# CHECK-NEXT: # only comments and pass before it
# CHECK-NEXT: return u
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
# between a module-level function's decorator and def: leads its first statement
def helper(x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
    y = pl.add(x, 1.0)  # helper's
    return y


@pl.program
class Commented:
    @pl.function(type=pl.FunctionType.InCore)
    # between a method's decorator and def: dropped
    def k(
        self,
        x: pl.Tensor[[16], pl.FP32],  # in the parameter list: leads the first statement
        n: pl.Scalar[pl.INDEX],
    ) -> pl.Tensor[[16], pl.FP32]:
        """Docstring lines lead the first statement.

        Blank docstring lines stay, as empty comments.
        """
        # above a statement
        a = pl.add(x, 1.0)  # end of its line
        b = pl.add(
            a,  # inside the call
            # own line inside the call
            2.0,
        )
        pass  # pass makes no IR: this leads the next statement
        pl.static_assert(True, "no IR")  # nor does static_assert
        #
        for i in pl.range(4):  # the for header
            # leads the body's first statement
            b = pl.add(b, 1.0)
            # tail of the for body: dropped
        # at the for's column after its body: leads the if
        if n > 0:  # the if header
            c = pl.add(b, 2.0)
            # tail of the then branch: dropped
        # before else, at the if's column: leads the else branch's first statement
        else:  # on the else line
            c = pl.add(b, 3.0)
        if n > 1:
            d = pl.add(c, 1.0)
        # before elif: leads the nested if
        elif n > 2:  # the elif header
            d = pl.add(c, 2.0)
        else:
            d = pl.add(c, 3.0)
        with pl.at(level=pl.Level.CORE_GROUP):  # the with header
            e = pl.add(d, 1.0)
        for j in pl.range(
            2,  # inside a wrapped header: the for's
        ):
            e = pl.add(e, 1.0)
        """A docstring in the body leads the next statement."""
        return e
        # tail of the function: dropped

    # between methods: dropped
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16], pl.FP32]:
        pl.func_attr({"k": 1})  # on the prologue: leads the first statement
        a = self.k(x, n)
        for i in pl.range(4):
            b = pl.add(a, 1.0)
                # deeper than the next statement, on an earlier line: dropped
            c = pl.add(b, 1.0)
        # dedented, mid-block: leads the next statement
            d = pl.add(c, 1.0)
            # tail, then a blank line: dropped

        e = pl.add(a, 2.0)
        for i in pl.range(4):
            f = pl.add(e, 1.0)
            """a docstring ending a body, right before the next statement"""
        g = pl.add(e, 2.0)
        if n > 0:
            h = pl.add(g, 1.0)
            pass  # pass ending a then branch: leads the else branch's first statement
        else:
            h = pl.add(g, 2.0)
            # after the else branch, deeper than the next statement: dropped
        for i, (acc,) in pl.range(3, init_values=(h,)):
            # before the yield
            acc2 = pl.add(acc, 1.0)
            acc_out = pl.yield_(acc2)  # the yield's
        for (w,) in pl.while_(init_values=(n,)):
            pl.cond(w > 0)  # the cond's: leads the next statement
            w2 = w - 1
            w_out = pl.yield_(w2)
        for i in pl.range(4):
            if i > 1:
                break  # the break's
            continue  # the continue's
        with pl.at(level=pl.Level.CORE_GROUP) as tid:  # the with header, with a task id
            z = pl.add(acc_out, 1.0)
        for s in pl.spmd(4):  # the spmd header
            # the spmd body's
            u = helper(z)
        pass  # only comments and pass before it
        return u
