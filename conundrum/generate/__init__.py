"""The generator: new conundrums to order, by local search or by SAT, graded 1-5.

    from conundrum.generate import GenerateRequest, generate
    puzzle = generate(GenerateRequest(tiles=14, given=2, positions=(3, 5), seed=7))

Every puzzle is re-solved by the solver before it is returned, and carries in
`extra` the arguments and seed that reproduce it, and its grade.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .driver import (
        METHODS,
        GenerateRequest,
        GenerationError,
        Sizes,
        TimeLimitError,
        explicit_sizes,
        generate,
        generate_sized,
        generate_solved,
        laying_order,
        most_answers,
        most_tiles,
        reproducing_args,
        roomy,
        verify,
    )

# The driver (and the search, the effort model, the solver behind it) loads when one of
# these names is first used, not when any generate module is imported: importing
# `conundrum.generate.effort` to grade a puzzle costs only the effort model.
__all__ = [
    "GenerateRequest", "generate", "generate_solved", "generate_sized", "METHODS",
    "GenerationError", "TimeLimitError", "explicit_sizes", "most_answers", "most_tiles",
    "roomy", "Sizes", "reproducing_args", "laying_order", "verify",
]
_DRIVER = frozenset(__all__)


def __getattr__(name: str) -> Any:
    if name in _DRIVER:
        # kept as the package's own name once loaded: a book plans each try with a few of
        # them, and every use came here (import_module and all) again
        value = globals()[name] = getattr(import_module(".driver", __name__), name)
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
