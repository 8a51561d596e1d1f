"""`python -m conundrum`: the same program as the `conundrum` console script.

Both start in `start`, which imports the program itself: under a tight memory limit
(`ulimit -v`) that import can fail, and must still end in one line and exit 2.
"""

import os
import sys

# made before any memory could run out: telling it must allocate nothing new
_OUT_OF_MEMORY = (b"conundrum: ran out of memory (is a memory limit such as `ulimit -v` set?); "
                  b"free memory, raise the limit, or ask for less (fewer --jobs, a smaller "
                  b"book)\n")


def start() -> None:
    """Import the program and run it; a limit reached while importing is exit 2."""
    try:
        from conundrum.cli import run  # lazy: inside the try (a limit met here is exit 2)
    except KeyboardInterrupt:  # Ctrl-C while starting
        print("conundrum: interrupted", file=sys.stderr)
        sys.exit(130)
    except (MemoryError, ImportError) as exc:
        if isinstance(exc, ImportError) and "failed to map segment" not in str(exc):
            raise
        print("conundrum: ran out of memory while starting (is a memory limit such as "
              "`ulimit -v` set?); raise the limit", file=sys.stderr)
        sys.exit(2)
    try:
        run()
    except MemoryError:  # memory ran out again while the first fault was being told
        _last_words()


def _last_words() -> None:
    """Say the one line and end now: the interpreter's own shutdown (its threads, its
    worker pools) would need memory too and print tracebacks when it finds none."""
    try:
        os.write(2, _OUT_OF_MEMORY)
    finally:
        os._exit(2)


if __name__ == "__main__":
    start()
