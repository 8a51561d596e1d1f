"""The book-spec keys of the second round: front matter, colour, counts, answers, web,
hand-made puzzle sections. Each is read, defaulted and refused with a one-line fault."""

from __future__ import annotations

from pathlib import Path

import pytest

from conundrum.book.spec import SpecError, isbn_valid, load_spec, parse_spec

SECTIONS = "sections: [{name: A, count: 2}]\n"


def _spec(extra: str = "", sections: str = SECTIONS):
    return parse_spec(f"title: T\n{extra}\n{sections}", "book.yaml")


def _fault(extra: str = "", sections: str = SECTIONS) -> str:
    with pytest.raises(SpecError) as err:
        _spec(extra, sections)
    message = str(err.value)
    assert message.startswith("book.yaml: ")
    assert "\n" not in message
    return message


def test_new_keys_default_to_nothing_and_the_old_behaviour() -> None:
    spec = _spec()
    assert (spec.author, spec.publisher, spec.edition, spec.isbn, spec.copyright,
            spec.web) == (None,) * 6
    assert (spec.colour, spec.counts, spec.answers) == ("rgb", "print", "end")
    assert not spec.has_front_matter
    assert spec.sections[0].counts == "print"
    assert spec.sections[0].puzzles is None and not spec.sections[0].hand_made


def test_front_matter_keys_are_read_as_text() -> None:
    spec = _spec("author: Ada Lovelace\npublisher: Analytical Press\nedition: 2\n"
                 "isbn: 978-0-306-40615-7\ncopyright: \"© 2026 Ada Lovelace. All rights "
                 "reserved.\"")
    assert (spec.author, spec.publisher, spec.edition) == \
        ("Ada Lovelace", "Analytical Press", "2")
    assert spec.isbn == "978-0-306-40615-7"  # kept as written, hyphens and all
    assert spec.copyright.startswith("© 2026")
    assert spec.has_front_matter
    assert _spec("isbn: 0-306-40615-2").isbn == "0-306-40615-2"
    assert _spec("isbn: 080442957X").isbn == "080442957X"
    assert _spec("isbn: 9780306406157").isbn == "9780306406157"  # YAML reads a number


@pytest.mark.parametrize("digits, ok", [
    ("9780306406157", True), ("9790306406156", True), ("9790306406157", False),
    ("9780306406158", False),
    ("0306406152", True), ("0306406153", False), ("080442957X", True), ("08044295X7", False),
    ("1234567890123", False), ("97803064061", False), ("", False), ("978030640615X", False),
])
def test_isbn_check_digits(digits: str, ok: bool) -> None:
    assert isbn_valid(digits) is ok


@pytest.mark.parametrize("extra, words", [
    ("isbn: 978-0-306-40615-8", "not a valid ISBN"),
    ("isbn: 12345", "not a valid ISBN"),
    ("isbn: ISBN 978-0-306-40615-7", "without the 'ISBN' prefix"),
    ("author: ''", "`author` is empty"),
    ("author: [a, b]", "`author` must be text"),
    ("publisher: " + "p" * 201, "`publisher` is 201 characters long; the limit is 200"),
    ("edition: {a: 1}", "`edition` must be text"),
    ("copyright: " + "c" * 1001, "`copyright` is 1001 characters long; the limit is 1,000"),
    ("colour: red", "unknown colour 'red' (choose one of: rgb, cmyk, grey)"),
    ("counts: hidden", "unknown counts 'hidden' (choose one of: print, blank)"),
    ("answers: drawn", "unknown answers 'drawn' (choose one of: end, list, end-drawn, none)"),
    ("web: ftp://example.com/", "must be an http:// or https:// address"),
    ("web: example.com", "must be an http:// or https:// address"),
    ("web: https://", "must be an http:// or https:// address"),
    ("web: 'https://exa mple.com/'", "contains spaces"),
    ("web: https://example.com/?a=1", "without ?query"),
    ("web: https://user:pw@example.com/", "user:password@"),
    ("web: 'https://example.com:99999/'", "not a valid address"),
    ("web: 42", "must be an http:// or https:// address"),
    ("per_page: 2.0", "per_page 2.0 must be one of"),
    ("seed: 1.0", "`seed` must be a whole number"),
    ("auther: me", "unknown key `auther`"),
])
def test_bad_new_book_keys_are_one_line_faults(extra: str, words: str) -> None:
    assert words in _fault(extra)


def test_colour_counts_answers_values() -> None:
    assert _spec("colour: cmyk").colour == "cmyk"
    assert _spec("colour: Grey").colour == "grey"
    assert _spec("colour: gray").colour == "grey"  # the other spelling
    assert _spec("answers: end-drawn").answers == "end-drawn"
    assert _spec("answers: none").answers == "none"
    assert _spec("counts: blank").counts == "blank"


def test_counts_per_section_default_to_the_books() -> None:
    spec = _spec("counts: blank", "sections: [{name: A, count: 1}, "
                 "{name: B, count: 1, counts: print}]")
    assert [s.counts for s in spec.sections] == ["blank", "print"]
    spec = _spec("", "sections: [{name: A, count: 1, counts: blank}, {name: B, count: 1}]")
    assert [s.counts for s in spec.sections] == ["blank", "print"]
    assert "section 2: unknown counts 'some'" in _fault(
        "", "sections: [{name: A, count: 1}, {name: B, count: 1, counts: some}]")


@pytest.mark.parametrize("url, stored", [
    ("https://example.com", "https://example.com/"),
    ("https://example.com/puzzles", "https://example.com/puzzles/"),
    ("HTTP://Example.COM:8080/a/b/", "http://example.com:8080/a/b/"),
    (" https://example.com/x/ ", "https://example.com/x/"),
])
def test_web_address_is_normalised_with_a_trailing_slash(url: str, stored: str) -> None:
    assert _spec(f"web: '{url}'").web == stored


def test_a_section_of_puzzle_files() -> None:
    spec = _spec("", "sections: [{name: Mine, puzzles: [a.yaml, sub/b.yaml]}, "
                 "{name: Made, count: 3}]")
    mine, made = spec.sections
    assert (mine.count, mine.puzzles, mine.hand_made) == (2, ("a.yaml", "sub/b.yaml"), True)
    assert (made.count, made.puzzles) == (3, None)
    assert spec.total == 5
    agreed = _spec("", "sections: [{name: M, count: 2, puzzles: [a.yaml, b.yaml]}]")
    assert agreed.sections[0].count == 2
    assert _spec("", "sections: [{name: M, difficulty: 1, puzzles: [a.yaml]}]"
                 ).sections[0].difficulty == 1


@pytest.mark.parametrize("section, words", [
    ("{name: M, count: 3, puzzles: [a.yaml, b.yaml]}",
     "section 1: `count` is 3 but `puzzles:` lists 2 files"),
    ("{name: M, puzzles: []}", "section 1: `puzzles:` must be a non-empty list"),
    ("{name: M, puzzles: a.yaml}", "section 1: `puzzles:` must be a non-empty list"),
    ("{name: M, puzzles: [a.yaml, 3]}", "section 1: `puzzles:` entry 3 must be a file name"),
    ("{name: M, puzzles: [a.yaml, '']}", "must be a file name"),
    ("{name: M, tiles: 20, puzzles: [a.yaml]}", "section 1: `tiles` is for generated sections"),
    ("{name: M, positions: 3, puzzles: [a.yaml]}", "`positions` is for generated sections"),
    ("{name: M}", "section 1: no `count:` (or `puzzles:`"),
    ("{name: M, count: 2.0}", "section 1: `count` must be a whole number, not 2.0"),
    ("{name: M, count: 1, difficulty: 2.5}", "`difficulty` must be a whole number"),
    ("{name: M, count: 1, given: 1.0}", "`given` must be a whole number"),
])
def test_bad_puzzle_sections(section: str, words: str) -> None:
    assert words in _fault("", f"sections: [{section}]")


def test_puzzle_files_are_relative_to_the_spec_file(tmp_path: Path) -> None:
    folder = tmp_path / "specs"
    folder.mkdir()
    path = folder / "book.yaml"
    path.write_text("title: T\nsections: [{name: M, puzzles: [a.yaml]}]\n")
    spec = load_spec(path)
    assert Path(spec.base) == folder
    assert spec.sections[0].puzzles == ("a.yaml",)
