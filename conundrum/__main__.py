"""`python -m conundrum`: the same program as the `conundrum` console script."""

from conundrum.cli import run

if __name__ == "__main__":
    run()
