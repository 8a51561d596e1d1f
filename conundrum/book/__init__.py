"""Puzzle books: the data side (spec, slots and seeds, catalogue, manifest, builds).

Drawing the book is the renderers' job (`renderers/book/layout.py`); this package
never imports them: `make_book` takes the renderer as a function.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .spec import BookSpec, Section, SpecError, load_spec, parse_spec

__all__ = ["BookSpec", "Section", "SpecError", "load_spec", "parse_spec"]


def __getattr__(name: str) -> Any:
    # The spec is loaded on first use, so commands that only reach the catalogue (and
    # every start of the program, which registers them) do not pay for it.
    if name in __all__:
        from . import spec

        return getattr(spec, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
