import pypto.language as pl

@pl.program
class Program:
    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)
    def check(x: pl.Tensor[[8], pl.FP32]):
        import torch, numpy as np
        from ..m import (a as b, c,)
        y = [i ** 2 for i in range(3) if i] + list({k: v for k, v in d.items()})
        z = (w := lambda a, *b, c=1, **d: a if b else c)
        s = f"{x!r:>{w}} {y=}" 'tail'
        b = rb'\x00' b'\t'
        n = 0x1F + 0o17 + 0b1 + 1_000 + 1e3 + 1.5j + .5
        a, *b = c[1:2, ::3], d[*e]
        x += 1; del a[0]
        @dec(1)
        async def g(a, /, b=2, *args: *Ts, k, **kw) -> int:
            '''Doc.'''
            async with a as (b, c):
                await b
            async for i in j:
                yield from i
            return
        class C(B, metaclass=M):
            x: int = 1
            def m(self): return (yield)
        try:
            pass
        except* (E, F) as e:
            raise G from e
        else:
            pass
        finally:
            pass
        while not a < b <= c:
            break
        else:
            continue
        match p:
            case Point(x=0) | [1, *_] | {'k': 1, **r} if r:
                pass
            case (1 | 2) as q:
                pass
            case -1 + 2j | None | a.b:
                pass
        global g; nonlocal h
        assert x is not None, 'msg'
        raise
