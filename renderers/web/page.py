"""One puzzle as one self-contained HTML page: no request of any kind leaves it.

Everything is inlined: the CSS, the JavaScript (the rules' modules in `rules/`, the
player's in `player/`, joined by `player_script`), the squares as SVG symbols drawn by
`renderers/sheet/draw.py` (so the page shows the sheet's colours, symbols and chameleon
pinwheel), the language's messages and the puzzle itself. The answers are not in the page:
it finds them with the rules. A page carries its own language and palette only; on a book
site (`site=True`) it may load the others from the site's own shared files (site.py).
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import os
import re
from collections.abc import Callable
from functools import lru_cache
from importlib import resources
from pathlib import Path

from jsmin import jsmin

from conundrum.board import Board
from conundrum.errors import ConundrumError, in_file
from conundrum.files import atomic_write, check_target
from conundrum.lay_all import MAX_STATES, drawn_grid
from conundrum.notation import MAX_DRAWN, Grid
from conundrum.placement import MAX_COORD, Placement
from conundrum.puzzle import MAX_TILES, MAX_TITLE, Puzzle, load_puzzle, placement_yaml
from conundrum.tiles import COLOURS, JOKER
from renderers.page.i18n import (
    LANGUAGES,
    PLURAL_KEY,
    catalogue,
    check_language,
    message,
    own_catalogue,
    plural_table,
)
from renderers.page.layout import Circle, Item, Line, Page, Polygon, Rect
from renderers.page.palettes import PALETTES, Palette, get_palette
from renderers.paint.svg import num
from renderers.sheet.draw import draw_square
from renderers.sheet.puzzle import (
    NOTATION_EXAMPLE,
    Style,
    puzzle_id,
    puzzle_number,
    puzzle_title,
    solve,
)

# Sheet messages the page shows besides its own (web_*, reason_*, unreadable_*).
SHEET_KEYS = ("title_default", "puzzle_number", "instruction", "instruction_junior",
              "instruction_all",
              "chameleon_note", "tiles_heading", "positions", "no_positions", "puzzle_id",
              *(f"colour_{c}" for c in COLOURS), "colour_joker")
WEB_PREFIXES = ("web_", "reason_", "unreadable_")
SQUARE = 10.0  # the squares' drawing size: a sheet's cell in mm, so strokes keep the sheet's weight


@lru_cache(maxsize=8)
def asset(name: str) -> str:
    """The text of a file shipped beside the web player (its script, style sheet or page)."""
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


# The rules in JavaScript (renderers/web/rules/): the second implementation of
# conundrum/rules.py, notation.py and check.py, for the player. It must agree with Python on
# every position and every reason (tests/test_web_rules.py checks it against the solver and
# `conundrum check`); a reason is {key, params}, worded by the page from its catalogue.
# Plain ES2017, no dependencies; its modules are joined inside the one function that makes
# the global ConundrumRules (game.js ends with its public face).
RULES_MODULES = ("board", "game")
# The player's modules (renderers/web/player/), one per concern, in the order a page runs
# them. They are joined inside one function and share its scope (a module uses what an
# earlier one defined; functions are hoisted across them), so the page is one strict-mode
# script with no global but ConundrumRules and window.conundrum (and on a book site the
# shared files' window.conundrumShared). The first, load.js, reads what the page is
# opened with and starts the others, joined inside the function `play`, once a book
# site's shared files it asks for are loaded.
PLAYER_MODULES = ("load", "choice", "address", "words", "merge", "state", "board", "controls",
                  "input", "moves", "judge", "progress", "settings", "start")


@lru_cache(maxsize=1)
def player_script() -> str:
    """The player's script as a page carries it: the rules' modules, then the player's joined
    inside one function, minified by jsmin (their comments are for the reader of the
    source; a page stays within its weight)."""
    return jsmin(joined_script())


def rules_script() -> str:
    """The rules' modules joined as a page runs them, before minifying: a script that
    defines ConundrumRules (tests run it in Node)."""
    rules = "\n".join(asset(f"rules/{name}.js") for name in RULES_MODULES)
    return '"use strict";\n\nvar ConundrumRules = (function () {\n' + rules + "})();\n"


def joined_script() -> str:
    """The rules' and the player's modules joined as a page runs them, before minifying."""
    return rules_script() + joined_modules([f"player/{name}.js" for name in PLAYER_MODULES],
                                           "play")


def joined_modules(files: list[str], start: str) -> str:
    """Script files joined in one strict-mode function, as a page runs them: the first
    (player/load.js) at once, the others (the player's modules; a book site's index,
    renderers/web/index.py, joins some of the same) inside the function `start`, which the
    first's withShared runs once the shared files the reader asked for are loaded, or 5 s
    on without them (a palette that comes later is applied then). So the others see what
    the first declares, and the first none of theirs."""
    first, *rest = files
    return ("(function () {\n\"use strict\";\n" + asset(first) + f"\nfunction {start}() {{\n"
            + "\n".join(asset(name) for name in rest) + f"}}\nwithShared({start});\n}})();\n")


ALL_KEYS = ("instruction_all", "web_all_", "reason_all_")  # only a Lay-them-all page's


def page_messages(lang: str, lay_all: bool = True) -> dict[str, object]:
    """The messages the player needs, in one language; without `lay_all`, none that only a
    Lay-them-all page shows (a count page stays within its size budget)."""
    cat = catalogue(lang)
    words: dict[str, object] = {k: v for k, v in sorted(cat.items())
                                if (k in SHEET_KEYS or k.startswith(WEB_PREFIXES))
                                and (lay_all or not k.startswith(ALL_KEYS))}
    words[PLURAL_KEY] = plural_table(lang)  # the language's plural rule, as data
    return words


def svg_item(item: Item) -> str:
    """One layout shape as SVG (text is never part of a square).
    TypeError for an item it cannot draw."""
    def paint(fill: str | None, stroke: str | None, width: float) -> str:
        out = f' fill="{fill or "none"}"'
        if stroke:
            out += f' stroke="{stroke}" stroke-width="{num(width)}"'
        return out
    if isinstance(item, Rect):
        return (f'<rect x="{num(item.x)}" y="{num(item.y)}" width="{num(item.w)}" '
                f'height="{num(item.h)}"{paint(item.fill, item.stroke, item.width)}/>')
    if isinstance(item, Polygon):
        pts = " ".join(f"{num(x)},{num(y)}" for x, y in item.points)
        return f'<polygon points="{pts}"{paint(item.fill, item.stroke, item.width)}/>'
    if isinstance(item, Circle):
        return (f'<circle cx="{num(item.cx)}" cy="{num(item.cy)}" r="{num(item.r)}"'
                f'{paint(item.fill, item.stroke, item.width)}/>')
    if isinstance(item, Line):
        return (f'<line x1="{num(item.x1)}" y1="{num(item.y1)}" x2="{num(item.x2)}" '
                f'y2="{num(item.y2)}" stroke="{item.stroke}" stroke-width="{num(item.width)}"/>')
    raise TypeError(f"no SVG for {type(item).__name__}")


def square_symbols(pal: Palette) -> str:
    """One SVG <symbol> per square colour and the joker, drawn exactly as on a sheet."""
    return _square_symbols(pal.name) if pal is get_palette(pal.name) else _symbols_of(pal)


@lru_cache(maxsize=8)
def _square_symbols(name: str) -> str:
    # once per palette: a book's site has a page per puzzle
    return _symbols_of(get_palette(name))


def _symbols_of(pal: Palette) -> str:
    out = []
    for colour in (*COLOURS, JOKER):
        page = Page(SQUARE, SQUARE)
        draw_square(page, (0.0, 0.0, SQUARE, SQUARE), colour, pal)
        name = "J" if colour == JOKER else colour
        body = "".join(svg_item(i) for i in page.drawn().items)
        out.append(f'<symbol id="sq-{name}" viewBox="0 0 {num(SQUARE)} {num(SQUARE)}" '
                   f'preserveAspectRatio="none">{body}</symbol>')
    return "".join(out)


def palette_vars(pal: Palette) -> dict[str, str]:
    """The palette's page colours, as CSS variable names (without `--`) and values."""
    return {"ink": pal.ink, "paper": pal.paper, "grid-fill": pal.grid_fill,
            "grid-line": pal.grid_line, "label": pal.label, "muted": pal.muted,
            "accent": pal.accent, "highlight": pal.highlight}


def palette_css(pal: Palette) -> str:
    """The palette's page colours as CSS variables on `:root`."""
    return ":root{" + "".join(f"--{k}:{v};" for k, v in palette_vars(pal).items()) + "}"


def share_fragment(puzzle: Puzzle, grid: Grid | None = None) -> str:
    """The `#` part of an address that makes a player page without a puzzle of its own
    (`player_html`, a book site's `play.html`) play this one: `p=` and the puzzle as
    base64url (no padding) of compact UTF-8 JSON (docs/guide/web-player.md, "Share links").
    A `kind: all` puzzle carries its kind and its drawn grid (`grid`, found when not given:
    its arrangement may reach past the board's margin, and cells are named on that grid)."""
    content: dict[str, object] = {
        "v": 1,
        "id": puzzle_id(puzzle),
        "rules": puzzle.rules,
        "chameleons": list(puzzle.chameleons) if puzzle.chameleons else None,
        "set": list(puzzle.ruleset.chameleons),
        "board": [[p.code, p.at[0], p.at[1], p.dir] for p in puzzle.board],
        "given": [g.code for g in puzzle.given],
    }
    if puzzle.kind == "all":
        g = grid or drawn_grid(puzzle)
        content["kind"] = "all"
        content["grid"] = [g.left, g.top, g.width, g.height]
    if puzzle.title is not None:
        content["title"] = puzzle.title
    blob = json.dumps(content, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return "p=" + base64.urlsafe_b64encode(blob).decode("ascii").rstrip("=")


def puzzle_mapping(puzzle: Puzzle) -> dict[str, object]:
    """The puzzle as a puzzle-file mapping (docs/formats.md), for the page and the record."""
    out: dict[str, object] = {
        "rules": puzzle.rules,
        "chameleons": list(puzzle.chameleons) if puzzle.chameleons else None,
        "board": [dict(placement_yaml(p), at=list(p.at)) for p in puzzle.board],
        "given": [{"code": g.code} if g.positions is None
                  else {"code": g.code, "positions": g.positions} for g in puzzle.given],
    }
    if puzzle.kind != "count":
        out["kind"] = puzzle.kind
    if puzzle.title is not None:
        out["title"] = puzzle.title
    return out


def script_json(data: object) -> str:
    """`data` as compact JSON to put inside a <script>: with every "<" escaped, no text can
    ever close the element early."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


# A page draws its own images (data: URLs); a book site's pages may also load the site's
# shared language and palette files, start its service worker, read its manifest and show
# the manifest's icon (same origin only).
PAGE_IMG = "; img-src data:"
SITE_CSP = " 'self'; worker-src 'self'; manifest-src 'self'; img-src data: 'self'"


# What a share link may carry (player/address.js readShared): a puzzle file's limits, and an
# address far longer than any puzzle of MAX_TILES tiles needs.
LINK_LIMITS = {"coord": MAX_COORD, "side": MAX_DRAWN, "tiles": MAX_TILES,
               "title": MAX_TITLE, "chameleons": 20, "link": 200_000}


def script_hash(script: str) -> str:
    """The CSP source that lets exactly this inline script run (`'sha256-...'`): the page
    allows no other script, so text that ever escaped its slot could not run."""
    digest = hashlib.sha256(script.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def page_html(puzzle: Puzzle, lang: str = "en", palette: str | Palette = "classic",
              number: int | str | None = None, title: str | None = None,
              index_href: str | None = None, blank: bool = False,
              grid: Grid | None = None, empty: bool = False,
              pager: tuple[tuple[str, int] | None, tuple[str, int] | None] = (None, None),
              site: bool = False, book: list[tuple[str, int, str]] | None = None) -> str:
    """The whole player page for one puzzle, as text.

    `number` and `title` override the puzzle's own (a book's pages show the book's title
    and the puzzle's number in the book); `index_href` links back to a book site's index;
    `blank` hides the counts of positions, as a book section with `counts: blank` does
    (a trick puzzle, with a tile that has no position, always hides them).
    `grid` is the puzzle's drawn area when the caller has solved the puzzle already (a
    book's puzzles were, when the book was made): the page itself needs no solution.
    Without it, the puzzle is solved here to refuse a wrong printed count and a board too
    far apart to draw. `empty` makes the page with no puzzle of its own (`player_html`).
    `pager` is the previous and next puzzles' (address, number) on a book site, and `site`
    lets the page load the site's shared language and palette files (`shared_files`) and,
    served over http(s), register the site's service worker and manifest.
    `book` is a book site's pages in order, (address, number, puzzle id) each: the finish
    card links the next one the reader has not finished.
    """
    lang = check_language(lang)
    pal = get_palette(palette)
    if grid is None:
        grid = solve(puzzle).grid
    style = Style(lang=lang, palette=pal, number=number)
    title = title if title is not None else puzzle_title(puzzle, style)
    num = puzzle_number(puzzle, style)
    pid = puzzle_id(puzzle)
    rule_key = "instruction_all" if puzzle.kind == "all" else puzzle.ruleset.instruction_key
    data = _page_data(puzzle, grid, lang=lang, title=title, number=num, pid=pid,
                      rule_key=rule_key, blank=blank, empty=empty, site=site, book=book)
    t = lambda key, **kw: html.escape(message(lang, key, **kw))  # noqa: E731
    script = player_script()
    heading = t("puzzle_number", n=num) if num is not None else ""
    back = _pager(t, pager, index_href)
    csp = script_hash(script) + (SITE_CSP if site else PAGE_IMG)
    replacements = {
        "LANG": lang,
        "TITLE": html.escape(title),
        "NUMBER": heading,
        "BACK": back,
        "RULE": t(rule_key) + " " + t("chameleon_note"),
        "HINT": t("web_all_hint_text" if puzzle.kind == "all" else "web_hint"),
        "STYLE": palette_css(pal) + asset("player.css"),
        "SYMBOLS": square_symbols(pal),
        "DATA": script_json(data),
        "SCRIPT": script,
        "CSP": csp,
        "NOSCRIPT": t("web_noscript"),
        "FOOTER": t("puzzle_id", id=pid),
        "PALETTE": pal.name,
    }
    # One pass, so text from the puzzle (a title) can never fill in another slot.
    return re.sub(r"\{\{([A-Z]+)\}\}", lambda m: replacements[m.group(1)], asset("template.html"))


def _page_data(puzzle: Puzzle, grid: Grid, *, lang: str, title: str,
               number: int | str | None, pid: str, rule_key: str, blank: bool,
               empty: bool, site: bool,
               book: list[tuple[str, int, str]] | None) -> dict[str, object]:
    """What the page's script reads (its JSON data block): the puzzle and its texts."""
    lay_all = puzzle.kind == "all" or empty  # the page with no puzzle may be sent either kind
    data: dict[str, object] = {
        "id": pid,
        "lang": lang,
        "title": title,
        "number": number,
        "rules": puzzle.rules,
        "chameleons": list(puzzle.ruleset.chameleons),
        "board": [{"code": p.code, "at": list(p.at), "dir": p.dir} for p in puzzle.board],
        "given": [{"code": g.code} for g in puzzle.given],
        "grid": {"left": grid.left, "top": grid.top, "width": grid.width,
                 "height": grid.height},
        "puzzle": puzzle_mapping(puzzle),
        "example": NOTATION_EXAMPLE,
        "blank": blank,
        "messages": page_messages(lang, lay_all),
        "ruleKey": rule_key,
        "kind": puzzle.kind,
        "titleDefault": title == message(lang, "title_default") and not puzzle.title,
        "empty": empty,
        "site": site,
        "maxStates": MAX_STATES,  # a Lay-them-all search's limit, the Python one's
    }
    if book:
        data["book"] = [list(entry) for entry in book]
    if empty:  # a share link is read as a puzzle file is: within the same limits
        data["limits"] = LINK_LIMITS
    if site:  # the other languages and palettes, as the site's shared files
        data["shared"] = {"languages": list(LANGUAGES), "palettes": list(PALETTES)}
    # the languages the Settings menu offers, each by its own name (its code without one)
    data["languageNames"] = {code: str(own_catalogue(code).get("web_language_name", code))
                             for code in (LANGUAGES if site else [lang])}
    return data


def _pager(t: Callable[..., str],
           pager: tuple[tuple[str, int] | None, tuple[str, int] | None],
           index_href: str | None) -> str:
    """The link back to a book site's index, with the previous and next puzzles' around it."""
    back = (f'<a class="back" href="{html.escape(index_href)}">{t("web_index_link")}</a>'
            if index_href else "")
    prev, nxt = pager
    if not (prev or nxt):
        return back
    links = [f'<a rel="prev" href="{html.escape(prev[0])}" data-number="{prev[1]}">\u2190 '
             f'{t("puzzle_number", n=prev[1])}</a>' if prev else "", back,
             f'<a rel="next" href="{html.escape(nxt[0])}" data-number="{nxt[1]}">'
             f'{t("puzzle_number", n=nxt[1])} \u2192</a>' if nxt else ""]
    return f'<nav class="pager" aria-label="{t("web_pager")}">{"".join(links)}</nav>'


def player_html(lang: str = "en", palette: str = "classic",
                index_href: str | None = None, site: bool = False) -> str:
    """The player page with no puzzle of its own: it plays the puzzle its address carries
    after `#` (`share_fragment`), so one page serves any puzzle (`site`: as page_html)."""
    stand_in = Puzzle(Board([Placement("Y*B", (0, 0), "h")]), [])
    return page_html(stand_in, lang=lang, palette=palette, index_href=index_href,
                     grid=Grid.of(stand_in.board), empty=True, site=site)


def render_html(puzzle: Puzzle | str | os.PathLike, path: str | os.PathLike, lang: str = "en",
                palette: str = "classic", allow_illegal: bool = False) -> list[Path]:
    """Write the player page of a puzzle to `path` (one self-contained .html file).
    ConundrumError (naming `source`, when given) for anything that cannot be drawn or written."""
    target = check_target(path)
    source = None
    if not isinstance(puzzle, Puzzle):
        source = puzzle
        puzzle = load_puzzle(puzzle, allow_illegal=allow_illegal)
    try:
        text = page_html(puzzle, lang=lang, palette=palette)
    except ConundrumError as exc:
        raise (in_file(source, exc) if source is not None else exc) from None
    return [atomic_write(target, text)]
