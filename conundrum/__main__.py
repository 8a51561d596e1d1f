"""`python -m conundrum`: the same program as the `conundrum` console script.

Both start in `start`, which imports the program itself: under a tight memory limit
(`ulimit -v`) that import can fail, and must still end in one line and exit 2.
"""

import sys


def start() -> None:
    """Import the program and run it; a limit reached while importing is exit 2."""
    try:
        from conundrum.cli import run
    except KeyboardInterrupt:  # Ctrl-C while starting
        print("conundrum: interrupted", file=sys.stderr)
        sys.exit(130)
    except (MemoryError, ImportError) as exc:
        if isinstance(exc, ImportError) and "failed to map segment" not in str(exc):
            raise
        print("conundrum: ran out of memory while starting (is a memory limit such as "
              "`ulimit -v` set?); raise the limit", file=sys.stderr)
        sys.exit(2)
    run()


if __name__ == "__main__":
    start()
