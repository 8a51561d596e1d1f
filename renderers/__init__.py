"""Drawing Conundrum puzzles, answer keys and books to PNG and PDF.

This package reads the `conundrum` core and never the other way round.
"""
