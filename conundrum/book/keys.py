"""Every key of a book spec, with the one line of help a user reads about it: the one place
the keys are defined. `spec.py` refuses any key not named here; the studio's form shows
each one as a field with this help. A line that lists the names a key accepts is written
from their registry (conundrum/options.py), so a new name needs no edit here."""

from __future__ import annotations

from ..options import (
    ANSWERS,
    COLOUR_MODES,
    COVER_THEMES,
    PALETTES,
    PAPERS,
    PRINTERS,
    choices,
)

BOOK_HELP: dict[str, str] = {
    "title": "The book's title, on the title page, the cover and every page's running head.",
    "subtitle": "A line under the title.",
    "volume": "A volume number or text, such as 2 or Volume 2.",
    "author": "The author, on the title page, copyright page and cover.",
    "publisher": "The publisher, on the copyright page.",
    "edition": "The edition, such as First edition, on the copyright page.",
    "isbn": "ISBN-10 or ISBN-13 (hyphens allowed; its check digit is verified).",
    "copyright": "The copyright notice, printed on a copyright page.",
    "language": "The language of every word the book prints.",
    "page": "The trim size of the page.",
    "bleed": "Print-on-demand bleed and gutter margins.",
    "palette": f"Tile colours: {choices(PALETTES)}.",
    "colour": f"The PDF's colour space: {choices(COLOUR_MODES)}.",
    "per_page": "Puzzles on one page (fewer where they would not be legible).",
    "seed": "The number every puzzle is drawn from: the same seed makes the same book.",
    "answers": f"Where and how the answers are printed: {choices(ANSWERS)}.",
    "counts": "Print each given tile's count of positions, or leave it blank to find.",
    "web": "The address of the book's web pages (a QR code on every puzzle).",
    "cover": "Also write the full-wrap cover (back, spine, front) as a PDF.",
    "paper": f"The paper the pages are printed on ({choices(PAPERS)}): it sets the spine's "
             "width.",
    "paper_thickness": "Inches a page, when the printer states its own.",
    "printer": f"The print-on-demand service the book is made for ({choices(PRINTERS)}): "
               "its spine rule for the cover, its rules for preflight.",
    "blurb": "The back cover's text.",
    "intro": "A page of your own after the copyright page.",
    "time_box": "A box on every puzzle for the reader's solving time.",
    "large_print": "Every type size and board cell 12/7 larger: body 16 pt, nothing under "
                   "12 pt (pages of 8x10 in and larger).",
    "sections": "The book's sections, in order, each with its puzzles.",
    "section_start": "right: each section and the answers begin on a right-hand page "
                     "(default with bleed); any: on the next page.",
    "see_page": "\"see page N\" from each puzzle to its answer and back "
                "(default: on for answers: end).",
    # the cover's barcode and design (issue 31)
    "barcode": "true: the ISBN's EAN-13 in the back cover's barcode area (needs isbn).",
    "barcode_price": "The barcode's 5-digit price add-on (EAN-5), e.g. 51299; needs barcode.",
    "cover_theme": f"The cover's design: {choices(COVER_THEMES)}.",
}

SECTION_HELP: dict[str, str] = {
    "name": "The section's heading.",
    "count": "How many puzzles the section has.",
    "difficulty": "The grade of its puzzles, 1 (easy) to 5 (hard).",
    "tiles": "Tiles on each board (default: what the grade picks).",
    "given": "Given tiles per puzzle (default: what the grade picks).",
    "positions": "Positions of each given tile, such as 4 or 3,5.",
    "counts": "Print the counts in this section, or leave them blank.",
    "puzzles": "Puzzle files to print instead of generating (relative to book.yaml).",
    "kind": "count: find every position of each tile; all: lay them all.",
    "order": "score: easiest first (the default); listed: a section of puzzle files "
             "prints them in the order listed.",
}
