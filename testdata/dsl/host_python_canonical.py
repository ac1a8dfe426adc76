# A HOST SubWorker's body is kept as upstream keeps it: each statement as
# CPython's ast.unparse prints it (docs/dsl.md, "Host Python bodies"). The
# user's spacing, comments, quotes, number spellings, implicit string
# concatenation and line breaks inside brackets all go; parentheses follow
# precedence; `elif` chains, docstrings and the blank line before a nested
# def come out as ast.unparse writes them. The print is a fixed point. A
# Python syntax error in the body is the user's error, at its place.
#
# RUN: pto-opt %s --passes=none | FileCheck --strict-whitespace %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/hostcanon_once.py
# RUN: pto-opt $TEST_TMPDIR/hostcanon_once.py --passes=none | diff $TEST_TMPDIR/hostcanon_once.py -
# RUN: printf 'import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)\n    def f(x: pl.Scalar[pl.INDEX]):\n        y = [1,\n             2 +]\n' > $TEST_TMPDIR/hostcanon_bad.py
# RUN: not pto-opt $TEST_TMPDIR/hostcanon_bad.py 2>&1 | FileCheck %s --check-prefix=SYNTAX
#
# CHECK:      @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)
# CHECK-NEXT: def check(
# CHECK-NEXT: {{^}}        import numpy as np, torch{{$}}
# CHECK-NEXT: {{^}}        from ..helpers import close, report{{$}}
# CHECK-NEXT: {{^}}        tol = 1e-05{{$}}
# CHECK-NEXT: {{^}}        big = 16 + 1000{{$}}
# CHECK-NEXT: {{^}}        ref = torch.full((64,), 2.0, dtype=torch.float32){{$}}
# CHECK-NEXT: {{^}}        msg = "it's joined"{{$}}
# CHECK-NEXT: {{^}}        pairs = {k: v for k, v in zip(range(4), 'abcd') if k % 2 == 0}{{$}}
# CHECK-NEXT: {{^}}        vals = [x ** 2 ** (-1) for x in (1, 2)]{{$}}
# CHECK-NEXT: {{^}}        lo, *rest = sorted(vals, key=lambda v: -v){{$}}
# CHECK-NEXT: {{^}}        if not close(f, ref, tol) and (big > 3 or not rest):{{$}}
# CHECK-NEXT: {{^}}            report(f'bad {f.max():>8.3f} vs {ref!r}', *rest, **pairs){{$}}
# CHECK-NEXT: {{^}}        elif (n := len(rest)) > 1:{{$}}
# CHECK-NEXT: {{^}}            pass{{$}}
# CHECK-NEXT: {{^}}        else:{{$}}
# CHECK-EMPTY:
# CHECK-NEXT: {{^}}            def inner(a, b=(1, 2), *, c) -> int:{{$}}
# CHECK-NEXT: {{^}}                """One line."""{{$}}
# CHECK-NEXT: {{^}}                return a[1:, ::2]{{$}}
# CHECK-NEXT: {{^}}        try:{{$}}
# CHECK-NEXT: {{^}}            assert f is not None, 'missing'{{$}}
# CHECK-NEXT: {{^}}        except (ValueError, TypeError) as e:{{$}}
# CHECK-NEXT: {{^}}            raise RuntimeError(e) from None{{$}}
# CHECK-NEXT: {{^}}        finally:{{$}}
# CHECK-NEXT: {{^}}            del lo{{$}}
# CHECK-NEXT: {{^}}        with open('log') as fh, torch.no_grad():{{$}}
# CHECK-NEXT: {{^}}            fh.write(str((1,))){{$}}
# CHECK-NEXT: {{^}}        match f.shape:{{$}}
# CHECK-NEXT: {{^}}            case [64] | [64]:{{$}}
# CHECK-NEXT: {{^}}                pass{{$}}
# CHECK-NEXT: {{^}}            case {'n': n, **more} if n > 0:{{$}}
# CHECK-NEXT: {{^}}                pass{{$}}
# CHECK-NEXT: {{^}}            case _:{{$}}
# CHECK-NEXT: {{^}}                raise ValueError{{$}}
# SYNTAX: hostcanon_bad.py:7:17: error: invalid host Python: invalid syntax
import pypto.language as pl


@pl.program
class HostCanonical:
    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)
    def check(f: pl.Tensor[[64], pl.FP32]):
        import numpy as np, torch  # two modules
        from .. helpers import ( close , report, )
        tol  =  1E-5 ; big = 0x10 + 1_000
        ref = torch.full( ( 64, ), 2., dtype = torch.float32 )
        msg = "it's " 'joined'
        pairs = { k : v for k , v in zip( range( 4 ), "abcd" ) if k % 2 == 0 }
        vals = [ x ** 2 ** -1 for x in ( 1, 2 ) ]
        lo, *rest = sorted( vals , key = lambda v : -v )
        if not close( f , ref , tol ) and ( big > 3 or not rest ):
            report( f"bad {f.max( ):>8.3f} vs {ref!r}" , * rest , ** pairs )
        elif ( n := len( rest ) ) > 1 :
            pass
        else :
            def inner( a , b = ( 1 , 2 ) , * , c ) -> int :
                'One line.'
                return a [ 1 : , :: 2 ]
        try :
            assert f is not None , "missing"
        except ( ValueError , TypeError ) as e :
            raise RuntimeError( e ) from None
        finally :
            del lo
        with open( "log" ) as fh , torch.no_grad( ) :
            fh.write( str( ( 1 , ) ) )
        match f.shape :
            case ( 64 , ) | [ 64 ] :
                pass
            case { "n" : n , ** more } if n > 0 :
                pass
            case _ :
                raise ValueError
