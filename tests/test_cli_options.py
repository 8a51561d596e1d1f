"""The program's own options and help: --version, -h, completion, choices and ranges, examples,
and plugins that fail to load."""

from __future__ import annotations

from importlib.metadata import version
from pathlib import Path

import pytest

from conundrum import options
from conundrum.cli import _needs_plugins, app, load_plugins
from conundrum.cli.choices import BotChoice, MethodChoice, RulesChoice, ScoringChoice
from conundrum.game.bots import BOTS
from conundrum.game.options import SCORINGS
from conundrum.generate import METHODS
from conundrum.rules import ALIASES, RULE_NAMES
from renderers.cli import render as cli_render
from renderers.page.i18n import LANGUAGES
from renderers.page.layout import PAGE_SIZES
from renderers.page.palettes import ALIASES as PALETTE_ALIASES
from renderers.page.palettes import PALETTES
from renderers.page.printers import printer_rules
from renderers.paint.png import MAX_DPI, MIN_DPI
from renderers.render import PARTS
from tests.support.paths import ROOT

EXAMPLE = ROOT / "puzzles" / "spec-example.yaml"
WIDE = {"COLUMNS": "200", "TERM": "dumb"}  # help on one line per option


def test_version_is_the_installed_distributions(run_cli):
    proc = run_cli("--version")
    assert proc.returncode == 0
    assert proc.stdout == f"conundrum {version('conundrum')}\n"


def test_short_and_long_help_are_the_same(run_cli):
    short, long = run_cli("-h", env=WIDE), run_cli("--help", env=WIDE)
    assert short.returncode == long.returncode == 0
    assert short.stdout == long.stdout and "Commands" in short.stdout
    assert run_cli("solve", "-h", env=WIDE).stdout == run_cli("solve", "--help", env=WIDE).stdout


def test_completion_is_on(run_cli):
    assert "--install-completion" in run_cli("--help", env=WIDE).stdout
    # what bash's completion script asks the program: the words typed so far
    env = {"_CONUNDRUM_COMPLETE": "complete_bash", "COMP_WORDS": "conundrum so",
           "COMP_CWORD": "1"}
    assert run_cli(env=env).stdout.split() == ["solve"]
    env |= {"COMP_WORDS": "conundrum render p.yaml --lang ", "COMP_CWORD": "4"}
    assert run_cli(env=env).stdout.split() == list(LANGUAGES)


@pytest.mark.parametrize(("command", "shown"), [
    ("render", ["|".join(LANGUAGES), "|".join([*PALETTES, *PALETTE_ALIASES]),
                "|".join(PAGE_SIZES), "30<=x<=1200"]),
    ("generate", ["search|sat", "standard|junior|bambino", "1<=x<=5"]),
    ("simulate", ["standard|expert", "cautious|greedy|random", "1<=x<=8"]),
])
def test_help_shows_choices_and_ranges(run_cli, command, shown):
    out = run_cli(command, "--help", env=WIDE).stdout
    for text in shown:
        assert text in out


def test_every_command_has_an_example():
    load_plugins()  # a built-in command's start registers none (conundrum/cli/__init__.py)
    names = [c.name or (c.callback.__name__ if c.callback else "") for c in app.registered_commands]
    assert {"solve", "check", "validate", "generate", "simulate", "render", "book"} <= set(names)
    for cmd in app.registered_commands:
        name = cmd.name or (cmd.callback.__name__ if cmd.callback else "")
        assert cmd.epilog and cmd.epilog.startswith(f"Example: conundrum {name} "), name


def test_an_example_is_shown_in_the_help(run_cli):
    assert "Example: conundrum solve " in run_cli("solve", "--help", env=WIDE).stdout


def test_choices_mirror_the_library():
    """A rule set, method, bot or language added to the library shows up in the CLI."""
    assert [c.value for c in RulesChoice] == [*RULE_NAMES, *ALIASES]
    assert tuple(c.value for c in MethodChoice) == METHODS
    assert tuple(c.value for c in ScoringChoice) == SCORINGS
    assert sorted(c.value for c in BotChoice) == sorted(BOTS)
    assert tuple(c.value for c in cli_render.Lang) == tuple(LANGUAGES)
    assert {c.value for c in cli_render.PaletteName} == {*PALETTES, *PALETTE_ALIASES}
    assert {c.value for c in cli_render.PageName} == set(PAGE_SIZES)
    assert (cli_render.MIN_DPI, cli_render.MAX_DPI) == (MIN_DPI, MAX_DPI)
    assert [c.value for c in cli_render.ColourMode] == [*options.COLOUR_MODES,
                                                        *options.COLOUR_ALIASES]
    assert tuple(c.value for c in cli_render.Part) == PARTS


def test_each_registry_is_the_one_in_options():
    """conundrum/options.py holds each registry; the renderers read that very object, so a
    name registered there (even for one test: tests/support/registries.py) is found."""
    assert LANGUAGES is options.LANGUAGES
    assert PAGE_SIZES is options.PAGE_SIZES
    assert list(PALETTES) == list(options.PALETTES)
    assert PALETTE_ALIASES == options.PALETTE_ALIASES
    assert PARTS == options.SHEET_PARTS


def test_choices_ignore_case(run_cli, tmp_path):
    proc = run_cli("simulate", "-p", "2", "--rules", "BAMBINO", "--bot", "Greedy", "--json")
    assert proc.returncode == 0, proc.stderr
    assert '"rules": "junior"' in proc.stdout


# ---- plugins -------------------------------------------------------------------------------
def _plugin(tmp_path: Path, name: str, target: str) -> dict[str, str]:
    """An installed distribution whose `conundrum.commands` entry point is `target`."""
    dist = tmp_path / "site" / "broken_plugin-1.0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-plugin\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(f"[conundrum.commands]\n{name} = {target}\n")
    return {"PYTHONPATH": str(tmp_path / "site")}


@pytest.mark.parametrize("target", ["no_such_module:register", "conundrum.tiles:no_such_name",
                                    "conundrum.tiles:normalise_code"])
def test_a_broken_plugin_costs_only_itself(run_cli, tmp_path, target):
    env = _plugin(tmp_path, "zzbroken", target)
    proc = run_cli("solve", EXAMPLE, env=env)  # a built-in command: no plugin is looked for
    assert proc.returncode == 0 and "positions" in proc.stdout and proc.stderr == ""
    listed = run_cli("--help", env=env | WIDE)  # the commands listed: every plugin loads
    lines = listed.stderr.splitlines()
    assert len(lines) == 1 and "plugin 'zzbroken'" in lines[0] and target in lines[0]
    assert "render" in listed.stdout and "book" in listed.stdout  # the good plugins still load
    proc = run_cli("render", "--help", env=env | WIDE)
    assert proc.returncode == 0 and "plugin 'zzbroken'" in proc.stderr


def test_a_stray_file_shadowing_the_renderers_is_named(run_cli, tmp_path):
    (tmp_path / "renderers.py").write_text("RAISE = 1\n")
    proc = run_cli("solve", EXAMPLE, cwd=tmp_path)
    assert proc.returncode == 0 and "positions" in proc.stdout and proc.stderr == ""
    proc = run_cli("render", EXAMPLE, cwd=tmp_path)
    assert proc.returncode == 2 and "No such command 'render'" in proc.stderr
    assert "plugin 'render'" in proc.stderr and "./renderers.py" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_only_a_command_line_that_may_need_a_plugin_looks_for_them():
    assert not _needs_plugins(["solve", "p.yaml"]) and not _needs_plugins(["catalogue", "list"])
    assert not _needs_plugins(["calibrate", "--help"])
    assert all(_needs_plugins(a) for a in ([], ["--help"], ["-h"], ["--version"], ["render"],
                                           ["sovle"], ["--show-completion"]))


def test_printers_and_inks_are_their_registries_in_preflights_help(run_cli) -> None:
    """A printer is its data file: the registry lists the files, each loads, and the
    command's help names each printer and ink from the registries (no list of its own)."""
    files = sorted(p.stem for p in (Path(__file__).parent.parent / "renderers" / "page"
                                    / "printers").glob("*.yaml"))
    assert list(options.PRINTERS) == files and {"kdp", "ingram"} <= set(options.PRINTERS)
    for name in options.PRINTERS:
        assert printer_rules(name)["trim_sizes"]
    shown = run_cli("preflight", "--help", env=WIDE).stdout
    assert all(name in shown for name in (*options.PRINTERS, *options.INKS))
