"""A book's contents: a line for each part with its first page, dotted to the number."""

from __future__ import annotations

from dataclasses import dataclass

from renderers.book.pages import HEADING_PT, BookPages
from renderers.page.fonts import text_width
from renderers.page.layout import Page, Text
from renderers.page.text import (
    draw_fitted,
    first_baseline,
    line_height,
)

ENTRY_PT = 11.0
DETAIL_PT = 8.5


@dataclass(frozen=True)
class Entry:
    """A line of the contents: what, a detail line, and its first page."""

    title: str
    detail: str | None
    page: int


class Contents(BookPages):
    """The contents pages."""

    def _entry_height(self) -> float:
        return line_height(ENTRY_PT) + line_height(DETAIL_PT) + 3.0

    def _contents_pages_needed(self, entries: int) -> int:
        _, _, _, h = self.geo.box(self.contents_page)
        heading = line_height(HEADING_PT) + 6.0
        per_page = max(1, int((h - heading) // self._entry_height()))
        return max(1, -(-entries // per_page))

    def _contents(self, entries: list[Entry], n_pages: int) -> list[Page]:
        pages = []
        per_page = -(-len(entries) // n_pages)
        for k in range(n_pages):
            number = self.contents_page + k
            page = self._new("contents")
            top = self._heading(page, self.t("book_contents"), number)
            x, _, w, _ = self.geo.box(number)
            for entry in entries[k * per_page:(k + 1) * per_page]:
                self._contents_entry(page, entry, x, top, w)
                top += self._entry_height()
            pages.append(page)
        return pages

    def _contents_entry(self, page: Page, entry: Entry, x: float, top: float, w: float
                        ) -> None:
        pal = self.pal
        base = first_baseline(top, ENTRY_PT)
        number = str(entry.page)
        number_w = text_width(number, ENTRY_PT, True)
        title_w = min(text_width(entry.title, ENTRY_PT, True), w - number_w - 12.0)
        draw_fitted(page, entry.title, x, top, w - number_w - 12.0, ENTRY_PT, pal.ink, bold=True,
                    tag="contents title")
        dots_from, dots_to = x + title_w + 3.0, x + w - number_w - 3.0
        dot = text_width(". ", ENTRY_PT)
        if dots_to > dots_from + dot:
            count = int((dots_to - dots_from) // dot)
            page.add(Text(dots_to, base, ". " * count, ENTRY_PT, align="right",
                          colour=pal.grid_line, tag="contents dots"))
        page.add(Text(x + w, base, number, ENTRY_PT, True, "right", pal.ink,
                      tag="contents page"))
        if entry.detail:
            draw_fitted(page, entry.detail, x, top + line_height(ENTRY_PT), w - number_w - 12.0,
                        DETAIL_PT, pal.muted, tag="contents detail")
