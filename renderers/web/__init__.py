"""The web player: one puzzle as one self-contained HTML page that judges answers itself.

`page.py` fills `template.html` with the puzzle (board, given tiles, rules;
never the answers), the language's messages, the palette's colours and
squares, `rules.js` (the rules in JavaScript) and `player.js` (the UI and the
`window.conundrum` testing hook). `site.py` writes a book as a static site.
"""
