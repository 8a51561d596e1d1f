"""Conundrum Studio: a local web app to make a book by looking and set a puzzle by hand.

A thin client of the library, above everything it shows: the spec is checked by
`conundrum.book.spec`, books are built by `renderers.publish`, checked by
`renderers.preflight`, and the editor counts with the solver. It keeps no format of its
own: the folder's `book.yaml` (and the puzzle files it lists) is what `conundrum book`
builds, and it builds the same book from them.
"""
