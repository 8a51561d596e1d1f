"""The setter's editor: a hand-set board and its given tiles counted as the CLI counts
them (`conundrum solve`, `validate`, `grade`), for `POST /api/editor/count`."""

from __future__ import annotations

import json
import re
from typing import Any

from conundrum.errors import ConundrumError
from conundrum.files import atomic_write
from conundrum.generate.difficulty import grade_of_score
from conundrum.generate.difficulty import score as measure
from conundrum.generate.effort import measure_all
from conundrum.lay_all import puzzle_arrangements
from conundrum.puzzle import KINDS, Given, Puzzle, dump_puzzle, parse_puzzle
from conundrum.rules import RULESETS
from conundrum.solver import positions

from .puzzles import KEPT, is_free


class EditorError(ConundrumError):
    """A request the editor cannot read (the response says which field)."""


def _read(doc: Any) -> tuple[Puzzle, dict[str, Any] | None]:
    if not isinstance(doc, dict):
        raise EditorError("send a JSON object {rules, kind, board, given}")
    kind = doc.get("kind", "count")
    if kind not in KINDS:
        raise EditorError(f"kind {kind!r}: choose one of {', '.join(KINDS)}")
    rules = doc.get("rules", "standard")
    if rules not in RULESETS:
        raise EditorError(f"rules {rules!r}: choose one of {', '.join(RULESETS)}")
    given = doc.get("given") or []
    if not isinstance(given, list):
        raise EditorError("`given` must be a list of tile codes")
    codes = [g.get("code") if isinstance(g, dict) else g for g in given]
    text = json.dumps({"rules": rules, "kind": kind, "board": doc.get("board"),
                       "given": [{"code": c} for c in codes]})
    lay = doc.get("lay")
    return parse_puzzle(text, "the editor's board"), lay if isinstance(lay, dict) else None


def count(doc: Any) -> dict[str, Any]:
    """Legality (with each fault's reason), each given tile's position count (count kind)
    or the number of arrangements (kind all), and the effort score and grade.
    With `lay` (a placement), whether laying it next is legal, and why not.
    EditorError for a request that is not a board at all (bad shape, overlapping cells)."""
    puzzle, lay = _read(doc)
    faults = [str(f) for f in puzzle.faults()]
    result: dict[str, Any] = {"legal": not faults, "faults": faults, "given": []}
    if lay is not None:
        result["lay"] = _lay(puzzle, lay)
    if not puzzle.board or any(f.startswith("rule 1") for f in faults):
        return result  # nothing to count on: no start, or a tile twice
    result["given"] = [{"code": g.code,
                        "positions": len(positions(puzzle.board, g.code, puzzle.ruleset))}
                       for g in puzzle.given]
    if not puzzle.given or faults:
        return result
    if puzzle.kind == "all":
        arranged = puzzle_arrangements(puzzle)
        result["arrangements"] = arranged.count
        score = measure_all(puzzle, arranged).score
    else:
        score = measure(puzzle)
    result["score"] = round(score, 2)
    result["grade"] = grade_of_score(score)
    return result


def _lay(puzzle: Puzzle, doc: dict[str, Any]) -> dict[str, Any]:
    """Whether the placement `doc` may be laid on the puzzle's board next, and why not."""
    try:
        p = next(iter(parse_puzzle(json.dumps({"board": [doc]}), "the lay").board))
    except (ConundrumError, StopIteration) as exc:
        return {"legal": False, "reason": str(exc)}
    if not puzzle.board:
        return {"legal": True, "reason": ""}
    reason = puzzle.ruleset.explain(puzzle.board, p)
    return {"legal": reason is None, "reason": reason or ""}


def save(doc: Any, project: Any) -> str:
    """Write the editor's puzzle as `puzzles/NAME.yaml` in the project (each given tile's
    count, or the arrangements' claim for kind all, as the solver finds them) and, with
    `section`, list it in that section of book.yaml (a section of puzzle files, or a new
    one). The file's name relative to the folder. EditorError for a bad name, an illegal
    board or a generated section."""
    name = str(doc.get("name", "")).strip() if isinstance(doc, dict) else ""
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]{0,60}", name):
        raise EditorError(f"name {name!r}: letters, digits, - and _ only (no folders)")
    puzzle = finished(doc)
    relative = f"puzzles/{name}.yaml"
    if is_free(relative) or KEPT.fullmatch(relative):  # the Puzzles table's files
        raise EditorError(f"name {name!r} is the studio's name for a puzzle of the book "
                          "(Puzzles table); choose another")
    path = project.inside(relative)
    path.parent.mkdir(exist_ok=True)
    section = str(doc.get("section") or "").strip()
    data = project.read() if section else None
    if data is not None:
        sections = data.setdefault("sections", [])
        named = [s for s in sections if isinstance(s, dict)
                 and str(s.get("name", "")).strip() == section]
        if len(named) > 1:  # which of them the author means, only they know
            raise EditorError(f"section {section!r}: {len(named)} sections have that name; "
                              "rename one, or name another section")
        found = named[0] if named else None
        if found is None:  # a new section asks its first puzzle's question
            sections.append({"name": section, "puzzles": [relative]}
                            | ({"kind": puzzle.kind} if puzzle.kind != "count" else {}))
        elif "puzzles" not in found:
            raise EditorError(f"section {section!r} is generated: keep its puzzles first "
                              "(Puzzles, Keep), or name another section")
        elif found.get("kind", "count") != puzzle.kind:  # a book prints one kind a section
            raise EditorError(f"section {section!r} holds "
                              f"{'Lay-them-all' if puzzle.kind == 'count' else 'count'} "
                              "puzzles, this one is "
                              f"{'a count' if puzzle.kind == 'count' else 'a Lay-them-all'} "
                              "puzzle: name another section")
        elif relative not in found["puzzles"]:
            found["puzzles"].append(relative)
    old = path.read_bytes() if path.exists() else None
    atomic_write(path, dump_puzzle(puzzle))
    if data is not None:
        try:
            project.save(data, project.revision)
        except ConundrumError:  # the section refused it: the folder as it was
            if old is None:
                path.unlink()
            else:
                atomic_write(path, old)
            raise
    return relative


def finished(doc: Any) -> Puzzle:
    """The editor's puzzle with what the solver found printed in it: each given tile's
    count, or for kind all the number of arrangements. EditorError unless the board is
    legal and has given tiles."""

    puzzle, _lay = _read(doc)
    result = count(doc)
    if not result["legal"] or not puzzle.given:
        raise EditorError("only a legal board with given tiles can be saved: "
                          + "; ".join(result["faults"] or ["no given tiles"]))
    if puzzle.kind == "all":
        puzzle.solutions = result["arrangements"]
    else:
        puzzle.given = [Given(g["code"], g["positions"]) for g in result["given"]]
    return puzzle
