"""A deliberately simple solver, written straight from docs/rules.md, to check the fast one.

It scans every cell of the bounding box grown by 3, both directions, both
readings, and checks each placement from scratch against a plain dict of
cells. It shares nothing with the package but the Placement type.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from conundrum.placement import Placement

Cells = dict[tuple[int, int], tuple[str, int]]  # cell -> (colour, tile index)


def cells_of(placements: list[Placement]) -> Cells:
    out: Cells = {}
    for i, p in enumerate(placements):
        x, y = p.at
        for k, colour in enumerate(p.code):
            cell = (x + k, y) if p.dir == "h" else (x, y + k)
            out[cell] = (colour, i)
    return out


def _cells(code: str, x: int, y: int, d: str) -> list[tuple[int, int]]:
    return [(x + k, y) if d == "h" else (x, y + k) for k in range(3)]


def _match(a: str, b: str) -> bool:
    return a == b or "*" in (a, b)


def _touching(cells: Cells, own: list[tuple[int, int]], code: str):
    for k, (x, y) in enumerate(own):
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in own or n not in cells:
                continue
            yield (x, y), code[k], n, cells[n][0]


def legal_standard(cells: Cells, code: str, x: int, y: int, d: str) -> bool:
    own = _cells(code, x, y, d)
    if any(c in cells for c in own):
        return False
    found = list(_touching(cells, own, code))
    return all(_match(a, b) for _, a, _, b in found) and len(found) >= 2


def _is_open_end(cells: Cells, placements: list[Placement], cell) -> bool:
    colour, idx = cells[cell]
    p = placements[idx]
    tile_cells = _cells(p.code, p.at[0], p.at[1], p.dir)
    if cell not in (tile_cells[0], tile_cells[2]):
        return False
    x, y = cell
    for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
        if n in cells and cells[n][1] != idx:
            return False
    return True


def legal_junior(cells: Cells, placements: list[Placement], code: str, x, y, d) -> bool:
    own = _cells(code, x, y, d)
    if any(c in cells for c in own):
        return False
    found = list(_touching(cells, own, code))
    if len(found) != 1:
        return False
    mine, colour, other, other_colour = found[0]
    if not _match(colour, other_colour) or not _is_open_end(cells, placements, other):
        return False
    index = own.index(mine)
    return index == 1 if code[1] == "*" else index in (0, 2)


def reference_positions(placements: list[Placement], code: str,
                        rules: str = "standard") -> set[Placement]:
    cells = cells_of(placements)
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    found = set()
    for x in range(min(xs) - 3, max(xs) + 4):
        for y in range(min(ys) - 3, max(ys) + 4):
            for d in ("h", "v"):
                for reading in (code, code[::-1]):
                    if rules == "junior":
                        ok = legal_junior(cells, placements, reading, x, y, d)
                    else:
                        ok = legal_standard(cells, reading, x, y, d)
                    if ok:
                        found.add(Placement(reading, (x, y), d))
    return found


def reference_reachable(placements: list[Placement]) -> bool:
    """docs/rules.md rule 4 by its own words: greedy closure from the start tile."""
    cells = cells_of(placements)
    added = {0}
    changed = True
    while changed:
        changed = False
        for i in range(len(placements)):
            if i in added:
                continue
            matches = 0
            for (x, y), (colour, idx) in cells.items():
                if idx != i:
                    continue
                for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    if n in cells and cells[n][1] in added and _match(colour, cells[n][0]):
                        matches += 1
            if matches >= 2:
                added.add(i)
                changed = True
    return len(added) == len(placements)


def reference_arrangements(placements: list[Placement], codes: list[str],
                           rules: str = "standard") -> set[tuple[Placement, ...]]:
    """Lay them all by the rule's own words: every order of the tiles, every legal position
    of each when laid (`reference_positions` on the board plus the tiles laid before it);
    the set of final arrangements, each tile's position in the order `codes` gives."""
    from itertools import permutations

    found: set[tuple[Placement, ...]] = set()
    # the same tiles laid in another order make the same board: its positions are looked
    # up, not scanned again (the scan itself is unchanged)
    seen: dict[tuple[frozenset[Placement], str], set[Placement]] = {}

    def lay(order: tuple[int, ...], laid: dict[int, Placement]) -> None:
        if len(laid) == len(order):
            found.add(tuple(laid[i] for i in range(len(codes))))
            return
        i = order[len(laid)]
        key = (frozenset(laid.values()), codes[i])
        if key not in seen:
            seen[key] = reference_positions(placements + list(laid.values()), codes[i], rules)
        for p in seen[key]:
            lay(order, {**laid, i: p})

    for order in permutations(range(len(codes))):
        lay(order, {})
    return found


def single_tile_moves(answer: Sequence[Placement], grid) -> Iterator[list[Placement]]:
    """Every arrangement that moves one tile of `answer` to another position inside `grid`
    (a notation.Grid), either way round: what a reader's one slip can give."""
    for i, p in enumerate(answer):
        for x in range(grid.left, grid.left + grid.width):
            for y in range(grid.top, grid.top + grid.height):
                for d in "hv":
                    for code in sorted({p.code, p.code[::-1]}):
                        moved = Placement(code, (x, y), d)
                        if moved != p:
                            yield [moved if j == i else q for j, q in enumerate(answer)]
