"""The web player: one puzzle as one self-contained HTML page that judges answers itself.

`page.py` fills `template.html` with the puzzle (board, given tiles, rules;
never the answers), the language's messages, the palette's colours and
squares, the rules in JavaScript (`rules/`) and the player (`player/`: the UI
and the `window.conundrum` testing hook), each a folder of modules joined into
one script. `site.py` writes a book as a static site.
"""
