"""Puzzle books: the data side (spec, slots and seeds, catalogue, manifest, builds).

Drawing the book is the renderers' job (`renderers/book.py`); this package
never imports them: `make_book` takes the renderer as a function.
"""

from .spec import BookSpec, Section, SpecError, load_spec, parse_spec

__all__ = ["BookSpec", "Section", "SpecError", "load_spec", "parse_spec"]
