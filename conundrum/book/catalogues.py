"""Opening a catalogue: the backend its location names.

Apart from catalogue.py (the interface both backends implement) so that the
backends import the interface and nothing imports back: no cycle.
"""

from __future__ import annotations

import os

from .catalogue import Catalogue, is_url


def backend(location: str | os.PathLike) -> type[Catalogue]:
    """The class for a location: PostgreSQL for a postgresql:// URL, else SQLite."""
    if is_url(location):
        from .catalogue_postgres import PostgresCatalogue
        return PostgresCatalogue
    from .catalogue_sqlite import SqliteCatalogue
    return SqliteCatalogue


def open_catalogue(location: str | os.PathLike) -> Catalogue:
    """The catalogue at `location` (an SQLite path or a postgresql:// URL), opened lazily.

    >>> type(open_catalogue("postgresql://user@host/books")).__name__
    'PostgresCatalogue'
    """
    return backend(location)(location)
