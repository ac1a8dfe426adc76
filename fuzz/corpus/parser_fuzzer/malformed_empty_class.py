# pypto.program: P
import pypto.language as pl

@pl.program
class P:
