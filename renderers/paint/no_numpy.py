"""fpdf2, loaded without NumPy.

fpdf2 imports NumPy when it can, only to speed up raster images, which these PDFs never
hold (boards, tiles and QR codes are vector shapes; fonts are TrueType). Importing
NumPy costs 40 ms of every start and, under a memory limit (`ulimit -v`), its OpenBLAS
can abort the whole process while loading (exit 1, whatever we would say). So fpdf2 is
imported here with NumPy hidden from it; NumPy stays importable afterwards for the
commands that need it (calibrate).
"""

from __future__ import annotations

import sys

_HIDDEN = "numpy" not in sys.modules
if _HIDDEN:
    sys.modules["numpy"] = None  # type: ignore[assignment]  # `import numpy` now fails
try:
    import fpdf.image_parsing  # noqa: F401  (reads numpy once, at its import)
finally:
    if _HIDDEN:
        del sys.modules["numpy"]
