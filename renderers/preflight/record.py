"""Our own book's record of its printing, kept in its PDF's document information
(`/ConundrumPrint`, e.g. `paper=cream; ink=black; colour=grey; trim=6x9; printer=kdp`),
so that `conundrum preflight book.pdf --cover book-cover.pdf` checks the page limits and
the spine for the paper and the printer the book was made for without being told."""

from __future__ import annotations

import io

from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject, TextStringObject

from renderers.preflight.pdf_facts import PRINT_KEY


def print_record(paper: str, colour: str, trim: str, printer: str = "kdp") -> str:
    """The record's text, with the ink `ink_for` gives and the printer (`--printer`) the
    book was made for.

    >>> print_record("cream", "grey", "6x9", "ingram")
    'paper=cream; ink=black; colour=grey; trim=6x9; printer=ingram'
    """
    return (f"paper={paper}; ink={ink_for(paper, colour)}; colour={colour}; trim={trim}; "
            f"printer={printer}")


def ink_for(paper: str, colour: str) -> str:
    """The ink a book is taken to be printed in: a coloured book on white paper in premium
    colour (the colour printing KDP takes from 24 pages; `--ink` names another), a grey
    one, or any on cream paper (where no colour is printed), in black.

    >>> ink_for("white", "rgb"), ink_for("cream", "rgb"), ink_for("white", "grey")
    ('premium-colour', 'black', 'black')
    """
    return "premium-colour" if colour != "grey" and paper in ("white", "colour") \
        else "black"


def with_print_record(data: bytes, record: str) -> bytes:
    """The PDF `data` with `record` added to its document information, as an incremental
    update (the pages are not written again: a long book's bytes stay as drawn)."""
    info = dict(PdfReader(io.BytesIO(data)).metadata or {})
    writer = PdfWriter(io.BytesIO(data), incremental=True)
    writer.add_metadata({**info, NameObject(PRINT_KEY): TextStringObject(record)})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
