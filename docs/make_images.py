"""Make the example puzzle and the sheet images the README shows (`make docs`).

    python docs/make_images.py [FOLDER]      # default: the docs/ folder itself

Everything comes from the program's own commands, run as a user would run
them, so the footer printed on the sheet ("made with: conundrum generate …
--seed 7") is the command that made it. Generation and rendering are
deterministic, so running this again on an unchanged program rewrites the
same files; tests/test_docs_images.py checks that the committed ones are
current.
"""

from __future__ import annotations

import contextlib
import io
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
PUZZLE = "example-puzzle.yaml"
GENERATE = ("generate", "--tiles", "14", "--given", "2", "--positions", "3,5", "--seed", "7")
DPI = "100"  # small enough for a README, large enough to read
# (output file, extra `render` options); `--answers` on a PNG adds `<stem>-answers.png`
SHEETS = (
    ("sheet-classic-en.png", ("--answers",)),
    ("sheet-colourblind-uk.png", ("--lang", "uk", "--palette", "colourblind")),
    ("sheet-mono-cs.png", ("--lang", "cs", "--palette", "mono")),
)
IMAGES = ("sheet-classic-en.png", "sheet-classic-en-answers.png",
          "sheet-colourblind-uk.png", "sheet-mono-cs.png")


def conundrum(*args: str) -> None:
    """Run `conundrum ARGS` (the program's own entry point, in this process)."""
    from conundrum.cli import main

    with contextlib.redirect_stdout(io.StringIO()):
        status = main(list(args))
    if status != 0:
        raise SystemExit(f"conundrum {' '.join(args)} failed (exit {status})")


def make(folder: Path) -> list[Path]:
    """Write the example puzzle and every image into `folder`; return their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    puzzle = folder / PUZZLE
    conundrum(*GENERATE, "-o", str(puzzle))
    for name, options in SHEETS:
        conundrum("render", str(puzzle), "-o", str(folder / name), "--dpi", DPI, *options)
    return [puzzle] + [folder / name for name in IMAGES]


def main() -> None:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else DOCS
    for path in make(folder):
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
