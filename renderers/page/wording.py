"""What a sheet says about a puzzle: its title, number, id, footer and counts."""

from __future__ import annotations

import hashlib
import json

from conundrum.puzzle import Puzzle
from renderers.page.style import Style


def puzzle_title(puzzle: Puzzle, style: Style) -> str:
    """The puzzle's title, or the default title in the style's language."""
    return puzzle.title if puzzle.title else style.t("title_default")


def puzzle_number(puzzle: Puzzle, style: Style) -> int | str | None:
    """The number the sheet prints: the style's, else the puzzle's own `number:`, else None."""
    if style.number is not None:
        return style.number
    number = puzzle.extra.get("number")
    return number if isinstance(number, (int, str)) and not isinstance(number, bool) else None


def puzzle_id(puzzle: Puzzle) -> str:
    """A short fingerprint of what the reader solves: rules, chameleons, board, given tiles."""
    content = {
        "rules": puzzle.rules,
        "chameleons": list(puzzle.chameleons) if puzzle.chameleons else None,
        "board": [[p.code, list(p.at), p.dir] for p in puzzle.board],
        "given": [g.code for g in puzzle.given],
    }
    if puzzle.kind != "count":  # another question on the same board is another puzzle
        content["kind"] = puzzle.kind  # (a count puzzle's id is what it always was)
    blob = json.dumps(content, sort_keys=True, separators=(",", ":")).encode()
    return hashlib.sha256(blob).hexdigest()[:10]


# The generate command's own order of options, so the footer reads like its usage line.
_OPTION_ORDER = ("tiles", "given", "positions", "difficulty", "rules", "method", "seed")


def _option(key: str, value: object) -> str:
    flag = "--" + str(key).replace("_", "-")
    if value is True:
        return flag
    if isinstance(value, (list, tuple)):
        value = ",".join(str(v) for v in value)
    return f"{flag} {value}"


def reproduce_command(puzzle: Puzzle) -> str | None:
    """`conundrum generate ...` rebuilding this puzzle, when the file records how it was made."""
    gen = puzzle.extra.get("generator")
    if not isinstance(gen, dict) or not gen:
        seed = puzzle.extra.get("seed")
        return None if seed is None else f"conundrum generate --seed {seed}"
    keys = sorted(gen, key=lambda k: (_OPTION_ORDER.index(k) if k in _OPTION_ORDER
                                      else len(_OPTION_ORDER), str(k)))
    parts = [_option(k, gen[k]) for k in keys
             if gen[k] is not None and gen[k] is not False and k != "version"]
    if "seed" not in gen and puzzle.extra.get("seed") is not None:
        parts.append(_option("seed", puzzle.extra["seed"]))
    return "conundrum generate " + " ".join(parts)


def footer_text(puzzle: Puzzle, style: Style) -> str:
    """The puzzle id, and the command that makes the puzzle again.

    As Simon Tatham's collection words it: the id identifies the puzzle in
    every version; the seed makes it again only with the version that made it
    (recorded in the file as `generator.version`, when it is).
    """
    pid = puzzle_id(puzzle)
    command = reproduce_command(puzzle)
    if not command:
        return style.t("puzzle_id", id=pid)
    gen = puzzle.extra.get("generator")
    made_by = gen.get("version") if isinstance(gen, dict) else None
    if made_by is None:
        return f"{style.t('puzzle_id', id=pid)} · {style.t('generated', command=command)}"
    return (f"{style.t('puzzle_id_forever', id=pid)} · "
            f"{style.t('generated_version', version=made_by, command=command)}")


def count_text(style: Style, n: int) -> str:
    """"n positions" in the style's language and plural form."""
    return style.t("positions", n=n)


