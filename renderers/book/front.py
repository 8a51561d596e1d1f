"""A book's front matter: the title page, the copyright page, how to play."""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property

from renderers.book.pages import BookPages
from renderers.page.layout import BLEEDS, Page, Rect, extent
from renderers.page.style import NOTATION_EXAMPLE
from renderers.page.text import (
    draw_fitted,
    draw_paragraph,
    paragraph_height,
)
from renderers.sheet.answer_key import answer_blocks, flow_answers
from renderers.sheet.draw import draw_tile
from renderers.sheet.legend import LegendLook, draw_legend, legend_height
from renderers.sheet.puzzle import draw_puzzle
from renderers.sheet.qr import short_address

RULES = 7  # book_rule_1 .. book_rule_7
COPYRIGHT_PT = 9.0


class FrontMatter(BookPages):
    """The pages before the contents."""

    def _title_page(self) -> Page:
        page = self._new("title")
        x, y, w, h = self.geo.box(1)
        codes = ["RYG", "B*Y", "GBP", "YPR", "P*R"]
        pitch = len(codes) * 3 + len(codes) - 1  # cells across: three a tile, one between
        cell = min(9.0, w / pitch)
        row_w = pitch * cell
        tx = x + (w - row_w) / 2
        for code in codes:
            draw_tile(page, code, "h", tx, y + h * 0.22, cell, self.pal)
            tx += 4 * cell
        top = y + h * 0.22 + cell + 14.0
        top = draw_paragraph(page, self.spec.title, x, top, w, 30.0, self.pal.ink, bold=True,
                             align="center", tag="book title") + 4.0
        if self.spec.subtitle:
            top = draw_paragraph(page, self.spec.subtitle, x, top, w, 17.0, self.pal.ink,
                                 align="center", tag="book subtitle") + 4.0
        if self.spec.volume:
            top = draw_fitted(page, self.spec.volume, x, top, w, 14.0, self.pal.muted,
                              bold=True, align="center", tag="book volume") + 2.0
        top = draw_fitted(page, self.t("book_count", n=len(self.puzzles)), x, top + 6.0, w,
                          12.0, self.pal.muted, align="center", tag="book count")
        if self.spec.author:
            draw_fitted(page, self.spec.author, x, top + 14.0, w, 16.0, self.pal.ink,
                        align="center", tag="book author")
        if self.geo.bleed:
            self._bleed_band(page)
        return page

    def _bleed_band(self, page: Page) -> None:
        """The five tile colours as stripes across the foot of the cover page, printed past
        the trim so the cut never leaves a white sliver (bleed books only)."""
        geo, colours = self.geo, "RYGBP"
        x0, _, x1, y1 = geo.trim(1)
        right = x1 + geo.bleed  # page 1 bleeds on the right, away from the spine
        band = 6.0
        stripe = (right - x0) / len(colours)
        for k, colour in enumerate(colours):
            page.add(Rect(x0 + k * stripe, y1 - band, stripe, band + geo.bleed,
                          fill=self.pal.fill(colour), tag=f"{BLEEDS} band {colour}"))

    def _intro_page(self, number: int) -> Page:
        """The author's introduction (`intro:`): a heading, then its paragraphs."""
        x, y, w, h = self.geo.box(number)
        for body in ((11.0, 10.0, 9.0, 8.0) if w > 140 else (10.0, 9.0, 8.0, 7.0)):
            page = self._new("intro")  # the largest type at which it all fits the page
            top = self._heading(page, self.t("book_intro"), number)
            for paragraph in (self.spec.intro or "").split("\n\n"):
                top = draw_paragraph(page, " ".join(paragraph.split()), x, top, w, body,
                                     self.pal.ink, tag="intro") + 3.0
            if top - 3.0 <= y + h:
                break
        return page

    def _copyright_page(self) -> Page:
        """What trade paperbacks print on the back of the title page, set at its foot."""
        page = self._new("copyright")
        spec = self.spec
        x, y, w, h = self.geo.box(2)
        parts: list[tuple[str, bool]] = [(spec.title, True)]
        if spec.subtitle:
            parts.append((spec.subtitle, False))
        if spec.author:
            parts.append((self.t("book_by", author=spec.author), False))
        if spec.edition:
            parts.append((spec.edition, False))
        if spec.publisher:
            parts.append((self.t("book_published_by", publisher=spec.publisher), False))
        if spec.isbn:
            parts.append((self.t("book_isbn", isbn=spec.isbn), False))
        if spec.copyright:
            parts.append((spec.copyright, False))
        gap = 2.0
        height = sum(paragraph_height(text, w, COPYRIGHT_PT, bold) + gap for text, bold in parts)
        top = max(y, y + h - height)
        for text, bold in parts:
            top = draw_paragraph(page, text, x, top, w, COPYRIGHT_PT, self.pal.ink, bold=bold,
                                 tag="copyright") + gap
        return page

    @cached_property
    def how_to_play(self) -> list[Page]:
        """The rules, the colours and a worked example with every position drawn: in the
        largest type (10 pt on a large page, 8.5 on 6x9, down to 8) at which the whole
        example fits on the page; where it fits at none (large print, or a trim too short
        for it under the rules), the example on a second page of its own."""
        w = self.geo.box(self.how_to_play_page)[2]
        sizes = (10.0, 9.0, 8.0) if w > 140 else (8.5, 8.0)
        if self.geo.scale > 1:  # large print: the rules at 16 pt once enlarged
            sizes = (10.0, 9.5)
        # then narrower (so shorter) rows of the example's small boards, as a last resort
        tries = [*((b, 1.0) for b in sizes), (sizes[-1], 0.75), (sizes[-1], 0.6)]
        for split in (False, True) if self.geo.scale == 1 else (True,):
            for body, share in tries:
                pages = self._how_to_play_at(body, share, split)
                if self._example_fits(pages):
                    return pages
        return pages

    @property
    def how_to_play_pages(self) -> int:
        """Pages of how to play: one, or two when its worked example has a page of its
        own (`how_to_play`)."""
        return len(self.how_to_play)

    def _example_fits(self, pages: list[Page]) -> bool:
        """Whether every position of the example is drawn and nothing inks below the
        page's content (into the page number's clearance or off the page)."""
        positions = sum(len(found) for _code, found in self.example_solved.solutions)
        first = self.how_to_play_page
        return sum(item.tag == "caption" for item in pages[-1].items) >= positions and \
            all(extent(item)[3] <= self.content_bottom(number) + 0.01
                for number, page in enumerate(pages, first) for item in page.items)

    def _how_to_play_at(self, body: float, share: float, split: bool) -> list[Page]:
        page = self._new("how to play")
        pages = [page]
        number = self.how_to_play_page
        x, _, w, h = self.geo.box(number)
        top = self._heading(page, self.t("book_how_to_play"), number)
        example = self._example_notation()
        code = self.example.given[0].code
        code = code if code != code[::-1] else "BRP"  # a palindrome shows no turning
        texts = [(self.t(f"book_rule_{i}", example=example, code=code, reversed=code[::-1]),
                  "rule") for i in range(1, RULES + 1)]
        if any(s.kind == "all" for s in self.spec.sections):  # the second kind, explained
            texts.append((self.t("book_rule_all"), "rule"))
        if self.spec.web:  # the QR codes beside the puzzles lead to pages that check answers
            texts.append((self.t("web_howto", address=short_address(self.spec.web)),
                          "web howto"))

        def second_page() -> float:
            nonlocal page, number, split, x
            number, split = number + 1, False
            x = self.geo.box(number)[0]  # a left-hand page: its margins mirrored
            page = self._new("how to play")
            pages.append(page)
            return self._running(page, self.t("book_how_to_play"), number)

        for text, tag in texts:
            # large print: what the first page cannot hold goes on the second
            if split and top + paragraph_height(text, w, body) > self.content_bottom(number):
                top = second_page()
            top = draw_paragraph(page, text, x, top, w, body, self.pal.ink, tag=tag) + 2.0
        look = LegendLook(body, 3.6)
        legend_h = paragraph_height(self.t("book_colours"), w, body, True) + 2.0 + \
            legend_height(self.style, w, look, note=True) + 3.0
        if split and top + legend_h > self.content_bottom(number):
            top = second_page()
        top = draw_paragraph(page, self.t("book_colours"), x, top + 1.0, w, body, self.pal.ink,
                             bold=True, tag="colours heading") + 1.0
        top = draw_legend(page, x, top, w, self.style, look, note=True) + 3.0
        if split:  # the worked example on a page of its own
            top = second_page()
        bottom = self.content_bottom(number)
        given = self.example.given[0]
        top = draw_paragraph(page, self.t("book_example", code=given.code, n=given.positions),
                             x, top + 2.0, w, body, self.pal.ink, bold=True,
                             tag="example") + 2.0
        plain = replace(self.style, header=False, instructions=False, footer=False,
                        write_space=False, max_cell=7.0)
        key = replace(plain, compact=w < 140)  # full-size small multiples where they fit
        # the board takes what the whole key (every position drawn) leaves
        blocks = answer_blocks(self.example_solved, w * share, (bottom - top) * 0.5, key)
        key_h = sum(block.height for block in blocks) + 6.0  # and the gap above it
        board_h = max(20.0, min(80.0, bottom - top - key_h))
        drawn = draw_puzzle(page, self.example_solved, x, top, w, board_h, plain)
        flow_answers(page, blocks, self.example_solved, x, drawn.bottom + 4.0,
                     bottom - drawn.bottom - 4.0, key, 0)
        return pages

    def _example_notation(self) -> str:
        """The first position of the example's tile, as the reader would write it."""
        _code, found = self.example_solved.solutions[0]
        return self.example_solved.grid.text(found[0]) if found else NOTATION_EXAMPLE
