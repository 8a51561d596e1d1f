"""A book's sections: their puzzles laid out in slots, a page at a time, and the largest
board grid a section's slots print legibly (what the generator grows boards within)."""

from __future__ import annotations

from dataclasses import replace

from conundrum.book.manifest import BookPuzzle
from conundrum.errors import ConundrumError
from conundrum.generate import GenerateRequest, most_answers, most_tiles, roomy
from renderers.book.geometry import Geometry, large_print_pages
from renderers.book.grid_fit import Drawn, draws_legibly, everywhere, largest_grid
from renderers.book.pages import FEWER, GAP, GRID, BookPages, Illegible, SeeLater
from renderers.page.layout import Line, Page, page_size
from renderers.page.style import MIN_CELL, Style
from renderers.page.text import (
    draw_fitted,
)
from renderers.sheet.legend import STRIP, draw_legend, legend_height
from renderers.sheet.puzzle import draw_puzzle, givens_places
from renderers.sheet.qr import COMPACT_SIZE, FULL_SIZE, MIN_MODULE, page_address, qr_fits
from renderers.sheet.solved import Solved, retitled


class Sections(BookPages):
    """The puzzle pages of each section."""

    def _puzzle_style(self, per_page: int, slot_h: float, blank: bool,
                      answer_room: int | None = None, lined: bool = True) -> Style:
        # compact type on small slots: several a page, or a page narrower than 110 mm
        # a QR code's room beside the answer lines only in a book that prints QR codes
        # (`web:`): without one the boards and answer lines have it (a grade-1 A4 book at
        # 6 a page kept room for codes it never drew and fell to 4 a page)
        compact = per_page >= 4 or slot_h < 120 or self.geo.box(1)[2] < 110
        return replace(self.style, header=True, instructions=False, footer=False,
                       write_space=True, answer_room_kept=lined, compact=compact, blank=blank,
                       qr_room=bool(self.spec.web), answer_room=answer_room,
                       time_box=self.spec.time_box,
                       qr_shrink=self.geo.scale)

    def _grade(self, bp: BookPuzzle) -> int:
        """The grade a puzzle prints: the level it measures at, else its section's."""
        grade = bp.puzzle.extra.get("grade")
        return grade if isinstance(grade, int) and 1 <= grade <= 5 else \
            self.spec.sections[bp.section].difficulty

    def _most_answers(self, section: int) -> int:
        """The most positions any puzzle of the section has, over all its given tiles."""
        return max((sum(len(found) for _code, found in self._solved(bp).solutions)
                    for bp in self.puzzles if bp.section == section), default=1)

    def _blank(self, section: int, solved: Solved) -> bool:
        """Boxes to fill in instead of counts: when the section asks, and for a trick
        puzzle (a tile with no position), whose "0 positions" would give the answer away."""
        return self.spec.sections[section].counts == "blank" or \
            any(not found for _code, found in solved.solutions)

    def _section(self, index: int, items: list[BookPuzzle], number: int) -> list[Page]:
        """The section's pages at the spec's puzzles a page, or fewer where they would be
        illegible (decided per section, so one big board does not thin out the book)."""
        per_page = self.per_page
        if not self._lined(index):
            section = self.spec.sections[index]
            self.notes.append(
                f"section {section.name!r} (grade {section.difficulty}): large print on "
                f"{self.spec.page} has no room for a ruled line for each answer beside its "
                "largest boards; its puzzles have answer lines only where the board leaves "
                "room")
        too_big: list[int] = []
        see_later = len(self.see_later)
        while True:
            try:
                pages = self._section_at(index, items, number, per_page)
                break
            except Illegible as exc:
                too_big.append(exc.number)
                per_page = FEWER[per_page]
                del self.see_later[see_later:]  # those of the pages given up
        if self._no_qr:
            listed = ", ".join(str(n) for n in self._no_qr)
            self.notes.append(f"web: {self.spec.web}: puzzle{'s' * (len(self._no_qr) > 1)} "
                              f"{listed}: no room for the QR code under the given tiles; "
                              "printed without it")
        if too_big:
            self.notes.append(
                f"section {self.spec.sections[index].name!r}: puzzle {too_big[0]} does not fit "
                f"{self.per_page} a page on {self.spec.page} with cells of at least "
                f"{MIN_CELL * self.geo.scale:g} mm; printing {per_page} a page in this section")
        return pages

    def _section_at(self, index: int, items: list[BookPuzzle], number: int, per_page: int
                    ) -> list[Page]:
        section = self.spec.sections[index]
        givens = self._section_givens(index, items, number, per_page)
        self._no_qr = []  # this attempt's, for the note
        pages = []
        for start in range(0, len(items), per_page):
            for bp in items[start:start + per_page]:
                self.placed["puzzle"][bp.number] = number
            page = self._new("puzzles")
            detail = self._section_detail(index, items) if start == 0 else None
            top = self._section_top(page, section.name, detail, number)
            bottom = self._legend_strip(page, number)
            self._slots(page, items[start:start + per_page], number, top, bottom, per_page,
                        givens)
            pages.append(page)
            number += 1
        return pages

    def _section_givens(self, index: int, items: list[BookPuzzle], number: int,
                        per_page: int) -> str:
        """Where the section's given tiles go, the same for all its puzzles: the one place
        legible for all of them, else where most would go on their own (a puzzle illegible
        there is drawn as it draws best: `draw_puzzle`)."""
        page = self._new("puzzles")
        top = self._section_top(page, self.spec.sections[index].name, None, number + 1)
        w, h = self._slot_size(number + 1, top, self._legend_strip(page, number + 1),
                               per_page)
        # each puzzle in its own style (a blank one rules lines for the section's most answers)
        found = [self._givens_places(bp, solved, w, h, style) for bp, (solved, style) in
                 ((bp, self._slot_puzzle(bp, per_page, h, None)) for bp in items)]
        everywhere = [place for place in ("beside", "below") if all(f[place] for f in found)]
        if len(everywhere) == 1:
            return everywhere[0]  # the one place legible for every puzzle
        most = "beside" if 2 * sum(f["auto"] for f in found) > len(found) else "below"
        return most  # where most would go; one illegible there is drawn as it draws best

    def _section_top(self, page: Page, name: str, detail: str | None, number: int) -> float:
        """A section's heading and `detail` line (its first page) or its running header
        (the others); returns the y below, where the puzzles start."""
        if detail is None:
            return self._running(page, name, number)
        top = self._heading(page, name, number)
        x, _, w, _ = self.geo.box(number)
        return draw_fitted(page, detail, x, top - 3.0, w, 10.0, self.pal.muted,
                           tag="section detail") + 3.0

    def _request(self, index: int) -> GenerateRequest:
        section = self.spec.sections[index]
        return GenerateRequest(tiles=section.tiles, given=section.given,
                               positions=section.positions, difficulty=section.difficulty,
                               kind=section.kind)

    def section_limit(self, index: int) -> tuple[int, int]:
        """The grid limit of section `index` at the spec's puzzles a page, or at fewer
        where its boards could not grow within that (see `grid_limits`). ConundrumError
        for a large-print section whose boards cannot grow on one page of its trim."""
        limit, request = self.section_fit(index)[1], self._request(index)
        if self.geo.scale > 1 and not roomy(replace(request, max_grid=limit)):
            section = self.spec.sections[index]
            raise ConundrumError(
                f"large_print: true: section {section.name!r} (grade {section.difficulty}) on "
                f"{self.spec.page}: boards of up to {most_tiles(request)} tiles "
                f"do not fit one a page with cells of {MIN_CELL * self.geo.scale:.1f} mm and "
                f"type of 12 pt or more (the page holds {limit[0]} x {limit[1]} cells); "
                f"use {self._roomier_trims(index)}a lower grade, or no large print")
        return limit

    def _roomier_trims(self, index: int) -> str:
        """"a trim of A, B or C, " naming the large-print trims section `index`'s boards
        grow on (one name a size), or "" when there is none."""
        names: dict[tuple[float, float], str] = {}
        request = self._request(index)
        for name in large_print_pages():
            geo = Geometry.of(name, self.spec.bleed, 10**6, True)  # the widest gutter
            book = type(self)(replace(self.spec, page=name), [], None, geo, {})
            limit = book.section_fit(index)[1]
            if roomy(replace(request, max_grid=limit)):
                names.setdefault(page_size(name), name)
        found = list(names.values())
        if not found:
            return ""
        listed = found[0] if len(found) == 1 else f"{', '.join(found[:-1])} or {found[-1]}"
        return f"a trim of {listed}, "

    def section_fit(self, index: int) -> tuple[int, tuple[int, int]]:
        """(puzzles a page, grid limit) of section `index`: the spec's puzzles a page, or
        fewer where its boards could not grow within that page's limit."""
        per_page, request = self.per_page, self._request(index)
        while True:
            limit = self.grid_limit(index, per_page, most_answers(request))
            if per_page == 1 or roomy(replace(request, max_grid=limit)):
                return per_page, limit
            per_page = FEWER[per_page]

    def _lined(self, index: int) -> bool:
        """Whether section `index`'s puzzles keep a ruled line for each answer: always,
        but in large print, where a board of its grade grows on one page only without
        them (grade 4 or 5 on 8.5x11: 23 x 5 cells with the lines, 17 x 23 without)."""
        if self.geo.scale == 1 or self.spec.sections[index].hand_made:
            return True
        found = self._lines.get(index)
        if found is None:
            request = self._request(index)
            limit = self.grid_limit(index, 1, most_answers(request), lined=True)
            found = self._lines[index] = roomy(replace(request, max_grid=limit))
        return found

    def grid_limit(self, index: int, per_page: int, counts: tuple[int, ...],
                   lined: bool | None = None) -> tuple[int, int]:
        """The largest drawn grid (columns, rows) a puzzle of section `index` with given
        tiles of these `counts` prints with cells of MIN_CELL mm at `per_page` puzzles a
        page, wherever the section puts it: the slots of its first page (under its
        heading) and of the pages after (whose type may be larger), drawn by
        `draw_puzzle` itself (grid_fit.py)."""
        section = self.spec.sections[index]
        lined = self._lined(index) if lined is None else lined
        last = sum(s.count for s in self.spec.sections)  # the longest puzzle number
        slots: list[Drawn] = []
        most_w = most_h = 0.0
        for detail in (self._detail_text(index, last, last), None):
            page = self._new("puzzles")
            top = self._section_top(page, section.name, detail, 1)
            bottom = self._legend_strip(page, 1)
            slot_w, slot_h = self._slot_size(1, top, bottom, per_page)

            def style_for(solved: Solved, slot_h: float = slot_h) -> Style:
                return self._puzzle_style(per_page, slot_h, self._blank(index, solved),
                                          lined=lined)

            slots.append(draws_legibly(counts, slot_w, slot_h, style_for))
            most_w, most_h = max(most_w, slot_w), max(most_h, slot_h)
        return largest_grid(everywhere(slots), most_w, most_h)

    def _slot_size(self, number: int, top: float, bottom: float, per_page: int
                   ) -> tuple[float, float]:
        """Each puzzle's rectangle (width, height) between `top` and `bottom` of a page."""
        cols, rows = GRID[per_page]
        _, _, w, _ = self.geo.box(number)
        return (w - (cols - 1) * GAP) / cols, (bottom - top - (rows - 1) * GAP) / rows

    def _legend_strip(self, page: Page, number: int) -> float:
        """The colour legend in one small strip at the foot of a puzzle page; returns the
        y above it, where the puzzles end."""
        x, _, w, _ = self.geo.box(number)
        height = legend_height(self.style, w, STRIP)
        top = self.content_bottom(number) - height
        draw_legend(page, x, top, w, self.style, STRIP)
        return top - 3.0

    def _givens_places(self, bp: BookPuzzle, titled: Solved, w: float, h: float,
                       style: Style) -> dict[str, bool]:
        """`givens_places`, once for a puzzle in a slot of a size and style: a section
        asks it of each puzzle to choose where its given tiles go (`_section_givens`),
        then again of each as its page is laid out, in the same slot on most pages (a
        1,600-puzzle book: 3,200 asks, 0.6 ms each). Its answer never depends on the
        style's `givens`; the palette is one object for the whole book (`self.style`)."""
        key = (bp.number, w, h, replace(style, givens=None, palette=""), id(style.palette))
        found = self._places.get(key)
        if found is None:
            found = self._places[key] = givens_places(titled, w, h, style)
        return found

    def _slot_puzzle(self, bp: BookPuzzle, per_page: int, slot_h: float,
                     givens: str | None) -> tuple[Solved, Style]:
        """A puzzle of a page, titled, and the style it is drawn in."""
        solved = self._solved(bp)
        blank = self._blank(bp.section, solved)
        # blank counts: lines for the section's most answers, so they tell no count
        style = replace(self._puzzle_style(per_page, slot_h, blank,
                                           self._most_answers(bp.section) if blank
                                           else None, self._lined(bp.section)),
                        grade=self._grade(bp), givens=givens,
                        see=self.t("book_see_page", n="?") if self.spec.sees_page
                        else None)  # a stand-in until the answers are laid out
        titled = retitled(solved, self.t("book_puzzle", n=bp.number))
        url = page_address(self.spec.web, bp.number) if self.spec.web else None
        if url and not qr_fits(url, COMPACT_SIZE if style.compact else FULL_SIZE):  # as printed
            note = (f"web: {self.spec.web}: its pages' addresses make QR codes too dense for "
                    f"modules of {MIN_MODULE} mm in their room; the QR codes are left out "
                    "(a shorter `web:` address keeps them)")
            if note not in self.notes:
                self.notes.append(note)
            url = None
        linked = replace(style, web_url=url) if url else style
        return titled, linked

    def _slots(self, page: Page, items: list[BookPuzzle], number: int, top: float,
               bottom: float, per_page: int, givens: str | None = None) -> None:
        cols, _rows = GRID[per_page]
        x, _, w, _ = self.geo.box(number)
        slot_w, slot_h = self._slot_size(number, top, bottom, per_page)
        styled = [self._slot_puzzle(bp, per_page, slot_h, givens) for bp in items]
        for bp, (titled, style) in zip(items, styled, strict=True):
            # several a page: each where its section puts the given tiles, legibly, or fewer
            if per_page > 1 and givens and not self._givens_places(bp, titled, slot_w,
                                                                    slot_h, style)[givens]:
                raise Illegible(bp.number)
        if len(items) > 1:  # every board of the page at the cell of the one drawn smallest
            scratch = Page(page.width, page.height, lazy=True)  # its boards never drawn
            alone = [draw_puzzle(scratch, titled, 0, 0, slot_w, slot_h, style)
                     for titled, style in styled]
            for bp, drawn in zip(items, alone, strict=True):
                if not drawn.legible:  # judged at its own size, before the page's cell
                    raise Illegible(bp.number)
            cell = min(drawn.view.cell for drawn in alone)
            styled = [(titled, replace(style, max_cell=min(style.max_cell, cell)))
                      for titled, style in styled]
        for k, (bp, (titled, linked)) in enumerate(zip(items, styled, strict=True)):
            r, c = divmod(k, cols)
            sx, sy = x + c * (slot_w + GAP), top + r * (slot_h + GAP)
            if linked.see:  # its header is drawn again when its answer's page is known
                self.see_later.append(SeeLater(bp.number, page, len(page.items), titled,
                                               sx, sy, slot_w, linked))
            drawn = draw_puzzle(page, titled, sx, sy, slot_w, slot_h, linked)
            if drawn.qr_left_out:
                self._no_qr.append(bp.number)
            if not drawn.legible and per_page > 1:
                raise Illegible(bp.number)
            if r and c == 0:
                ly = sy - GAP / 2
                page.add(Line(x, ly, x + w, ly, stroke=self.pal.grid_line, width=0.25))
        if cols > 1 and len(items) > 1:
            lx = x + slot_w + GAP / 2
            page.add(Line(lx, top, lx, bottom, stroke=self.pal.grid_line, width=0.25))
