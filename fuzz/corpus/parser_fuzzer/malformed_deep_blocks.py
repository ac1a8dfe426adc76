# pypto.program: P
import pypto.language as pl

@pl.program
class P:
    @pl.function
    def f(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        if a < 0:
            if a < 1:
                if a < 2:
                    if a < 3:
                        if a < 4:
                            if a < 5:
                                if a < 6:
                                    if a < 7:
                                        if a < 8:
                                            if a < 9:
                                                if a < 10:
                                                    if a < 11:
                                                        if a < 12:
                                                            if a < 13:
                                                                if a < 14:
                                                                    if a < 15:
                                                                        if a < 16:
                                                                            if a < 17:
                                                                                if a < 18:
                                                                                    if a < 19:
                                                                                        if a < 20:
                                                                                            if a < 21:
                                                                                                if a < 22:
                                                                                                    if a < 23:
                                                                                                        if a < 24:
                                                                                                            if a < 25:
                                                                                                                if a < 26:
                                                                                                                    if a < 27:
                                                                                                                        if a < 28:
                                                                                                                            if a < 29:
                                                                                                                                if a < 30:
                                                                                                                                    if a < 31:
                                                                                                                                        if a < 32:
                                                                                                                                            if a < 33:
                                                                                                                                                if a < 34:
                                                                                                                                                    if a < 35:
                                                                                                                                                        if a < 36:
                                                                                                                                                            if a < 37:
                                                                                                                                                                if a < 38:
                                                                                                                                                                    if a < 39:
                                                                                                                                                                        if a < 40:
                                                                                                                                                                            if a < 41:
                                                                                                                                                                                if a < 42:
                                                                                                                                                                                    if a < 43:
                                                                                                                                                                                        if a < 44:
                                                                                                                                                                                            if a < 45:
                                                                                                                                                                                                if a < 46:
                                                                                                                                                                                                    if a < 47:
                                                                                                                                                                                                        if a < 48:
                                                                                                                                                                                                            if a < 49:
                                                                                                                                                                                                                if a < 50:
                                                                                                                                                                                                                    if a < 51:
                                                                                                                                                                                                                        if a < 52:
                                                                                                                                                                                                                            if a < 53:
                                                                                                                                                                                                                                if a < 54:
                                                                                                                                                                                                                                    if a < 55:
                                                                                                                                                                                                                                        if a < 56:
                                                                                                                                                                                                                                            if a < 57:
                                                                                                                                                                                                                                                if a < 58:
                                                                                                                                                                                                                                                    if a < 59:
                                                                                                                                                                                                                                                        pass
        return a