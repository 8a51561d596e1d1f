"""The `conundrum` program: each command parses, calls the library, prints.

Every user-facing fault (ConundrumError, or a bad option) becomes one line on
stderr and exit status 2.
"""

from __future__ import annotations

import errno
import os
import shlex
import sys
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from ..errors import ConundrumError
from ..overwrite_guard import Written, command_inputs
from .app import app as app
from .app import console as console  # for plugins: renderers/cli/preflight.py
from .limits import LimitReached, end_workers, is_limit, limit_text, thread_fault, watch_threads
from .streams import Stream, guarded

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

# Typer bundles its own click; reach its exception classes through a public one.
UsageError: type[Any] = typer.BadParameter.__mro__[1]
ClickException: type[Any] = typer.BadParameter.__mro__[2]

# Each module registers its commands on `app` (cli/app.py, which imports none of them).
from . import catalogue, core, extract, generate, grade, simulate  # noqa: E402,F401

# The commands above: one of them named first on the command line needs no plugin, so
# the installed packages' entry points are not even looked for (importlib.metadata and
# its scan of every installed distribution: about 30 ms of each start).
BUILT_IN = frozenset(
    [c.name or c.callback.__name__.replace("_", "-") for c in app.registered_commands
     if c.callback] + [g.name for g in app.registered_groups if g.name])
_PLUGINS_LOADED: list[bool] = []


def load_plugins() -> None:
    """Commands from other installed packages (the renderers), in name order; once.

    A plugin that fails to load (broken, missing, or shadowed by a stray file
    of the same name in the working directory) costs its own commands only:
    one line on stderr names it, and every other command still works.
    """
    if _PLUGINS_LOADED:
        return
    _PLUGINS_LOADED.append(True)
    from importlib.metadata import entry_points  # lazy: a built-in command needs no plugin

    for ep in sorted(entry_points(group="conundrum.commands"), key=lambda e: e.name):
        try:
            ep.load()(app)
        except Exception as exc:  # any fault in someone else's code: report, go on
            print(f"conundrum: plugin {ep.name!r} ({ep.value}) not loaded: "
                  f"{type(exc).__name__}: {exc}{_shadow_hint(ep)}", file=sys.stderr)


def _shadow_hint(ep: EntryPoint) -> str:
    """A hint when a file in the working directory hides the plugin's package."""
    top = ep.module.split(".")[0]
    for name in (f"{top}.py", f"{top}/__init__.py"):
        if (Path.cwd() / name).exists() and sys.path[:1] in ([""], [str(Path.cwd())]):
            return f" (is ./{name} hiding the installed package?)"
    return ""


def _needs_plugins(args: list[str]) -> bool:
    """Whether the command line may name or list a plugin's command: anything but a
    built-in command first (`--help`, no command, a plugin's command, a misspelt one)."""
    return not args or args[0] not in BUILT_IN


# errno values that mean "the output cannot be written" (a full disk, a closed pipe)
_WRITE_FAULTS = {errno.EPIPE, errno.ENOSPC, errno.EDQUOT, errno.EIO, errno.EFBIG}
INTERNAL_ERROR = 3  # exit status of a fault in the program itself (docs/formats.md: exit codes)
INTERRUPTED = 130  # exit status after Ctrl-C (SIGINT), with one line saying so
WRITTEN_NOT_SAID = 4  # the output files were written; a message about them could not be
                      # printed (stdout or stderr closed or full)


def main(argv: list[str] | None = None) -> int:
    """Run the program; return its exit status instead of raising.

    0 success, 1 a negative answer (rule faults, wrong answers), 2 a fault in
    the input or the request (one line on stderr), 3 a fault in the program
    itself: any exception nothing else handled becomes one line naming the
    command and how to report it, never a traceback (CONUNDRUM_DEBUG=1 shows it).
    """
    args = sys.argv[1:] if argv is None else list(argv)
    # NumPy's OpenBLAS starts a thread per core when imported (calibrate uses it): under a
    # memory limit (ulimit -v) those threads fail and take the program down with them.
    # The program does no large linear algebra, so one thread is all it needs.
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(name, "1")
    # no output may replace or delete a file the command reads (overwrite_guard.py); a closed or
    # full stdout or stderr is reported by the exit status, never by a traceback
    with guarded() as (out, err), command_inputs() as written, watch_threads():
        code = _run(args)
        return _said(code, out, err, written)


def _said(code: int, out: Stream, err: Stream, written: Written) -> int:
    """The exit status once the output streams are known to have taken what was written
    to them: a command whose stdout was closed or full did not do its job (2), unless it
    wrote its files and only the message about them was lost (WRITTEN_NOT_SAID)."""
    out.flush()
    lost = next((s for s in (out, err) if s.used and s.fault), None)
    if lost is None or code not in (0, 1):
        return code
    files = ", ".join(str(p) for p in written.paths[:3]) + (
        "..." if len(written.paths) > 3 else "")
    if written.paths:
        _say(f"conundrum: wrote {files}, but a message to {lost.name} was lost: {lost.fault}")
        return WRITTEN_NOT_SAID
    if lost is out:
        _say(f"conundrum: cannot write the output: {out.fault}")
        return 2
    return code  # only a warning on stderr was lost; the answer (stdout) was given


# options that name a file or folder: an empty value would become "." (the current folder)
_PATH_OPTIONS = ("-o", "--output", "--web", "--export", "--weights", "--weights-out")


def _empty_path(args: list[str]) -> str | None:
    """The first path option given an empty name (`-o ''`, `--web=`), if any."""
    for i, arg in enumerate(args):
        name, eq, value = arg.partition("=")
        if name in _PATH_OPTIONS and (
                (eq and not value) or (not eq and i + 1 < len(args) and args[i + 1] == "")):
            return name
    return None


def _run(args: list[str]) -> int:
    if (option := _empty_path(args)) is not None:
        _say(f"conundrum: {option} '': an empty name names no file; give a path")
        return 2
    try:
        if _needs_plugins(args):
            load_plugins()
        code = app(args=args, prog_name="conundrum", standalone_mode=False)
        if code == INTERRUPTED:  # typer turns Ctrl-C into a quiet Exit(130)
            _say("conundrum: interrupted")
            return INTERRUPTED
        sys.stdout.flush()  # a full disk or closed pipe shows here, not at exit
    except ConundrumError as exc:
        print(f"conundrum: {exc}", file=sys.stderr)
        return 2
    except UsageError as exc:
        cmd = exc.ctx.command_path if exc.ctx else "conundrum"
        message = exc.format_message().strip()
        if type(exc).__name__ == "NoArgsIsHelpError":  # click's message is the help itself
            print(message)
            message = ""
        message = message or "no command given; the commands are listed above"
        print(f"{cmd}: {message}", file=sys.stderr)
        return 2
    except LimitReached:  # a helper thread hit a limit and woke us (limits.py)
        return _limit(thread_fault() or RuntimeError("can't start new thread"))
    except (typer.Abort, KeyboardInterrupt):
        print("conundrum: interrupted", file=sys.stderr)
        return INTERRUPTED
    except ClickException as exc:
        print(f"conundrum: {exc.format_message()}", file=sys.stderr)
        return 2
    except OSError as exc:
        if exc.errno in _WRITE_FAULTS and exc.filename is None:
            _say(f"conundrum: cannot write the output: {exc.strerror or exc}")
            return 2
        return _limit(exc) if is_limit(exc) else _internal_error(args, exc)
    except (MemoryError, RuntimeError, ImportError, SystemError) as exc:
        return _limit(exc) if is_limit(exc) else _internal_error(args, exc)
    except SystemExit:
        # click turns a closed pipe on stdout into exit 1, which here means "faults found"
        if type(sys.stdout).__name__ == "PacifyFlushWrapper":
            _say("conundrum: cannot write the output: the pipe was closed")
            return 2
        raise
    except Exception as exc:  # the guard: a bug must still end in one line
        return _internal_error(args, exc)
    return code if isinstance(code, int) else 0


# set once a limit was told: the interpreter's own shutdown then needs memory it may not
# find, and prints "Exception ignored ..." lines for each thing it cannot tidy
_AT_LIMIT: list[bool] = []


def _limit(exc: BaseException) -> int:
    end_workers()
    _AT_LIMIT.append(True)
    _say(f"conundrum: {limit_text(exc)}")
    return 2


def _internal_error(args: list[str], exc: BaseException) -> int:
    if os.environ.get("CONUNDRUM_DEBUG"):
        traceback.print_exc()
    command = shlex.join(["conundrum", *args])
    if len(command) > 160:
        command = command[:157] + "..."
    what = f"{type(exc).__name__}: {str(exc)[:200]}".rstrip(": ").replace("\n", " ")
    _say(f"conundrum: internal error in `{command}` ({what}); this is a bug in conundrum, "
         "not in your input: please report it with this line and the input files "
         "(see docs/guide/solving.md, \"Exit codes and reporting a bug\"; CONUNDRUM_DEBUG=1 "
         "shows the traceback)")
    return INTERNAL_ERROR


def _say(line: str) -> None:
    try:
        print(line, file=sys.stderr)
    except OSError:
        pass  # stderr is gone too: the exit status still tells


def run() -> None:
    """The `conundrum` command's entry point: run `main` and exit with its status (130 on
    Ctrl-C, 2 when stdout could not be flushed). Never returns."""
    try:
        code = main()
    except KeyboardInterrupt:  # Ctrl-C before or after main's own handler
        _say("conundrum: interrupted")
        code = INTERRUPTED
    if sys.stdout is None:  # started with stdout closed (`>&-`): nothing left to flush
        sys.exit(code)
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        # the output could not be written (reported by main); send what is left to
        # /dev/null so the interpreter's own flush at exit does not fail again
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        code = code or 2
    if _AT_LIMIT:
        _end_now(code)
    sys.exit(code)


def _end_now(code: int) -> None:
    """Exit without the interpreter's shutdown, once a limit was told (see `_AT_LIMIT`);
    every output file was already written whole or removed on the way here."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError, AttributeError):
            pass
    os._exit(code)
