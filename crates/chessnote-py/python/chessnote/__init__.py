"""chessnote: fast chess notation for Python.

The same Rust reader, replay, conversions and export as the ``chessnote``
command, called from Python:

- ``read_pgn(path)``: the games of a PGN file (plain, .zst, .gz, .bz2) as
  ``Game`` objects, their problems located, never raised mid-stream.
- ``read_table(path)``: the same games as Arrow record batches in the
  export schema, for ``pyarrow.table``, ``polars.DataFrame`` and DuckDB
  (the Arrow PyCapsule interface: no pyarrow needed by chessnote).
- ``parse_movetext(batch)``: a column of movetext strings (the Hugging Face
  Lichess Parquet) into move columns, inside Spark's ``mapInArrow``, Ray's
  ``map_batches`` or Dask's ``map_partitions``.
- ``Board`` and ``Move``: python-chess's names for positions and moves, plus
  ERAN, PIN and named leniencies.
- ``chessnote.polyglot``: python-chess's ``chess.polyglot`` (Polyglot keys
  and opening books); ``chessnote.pgn``, ``chessnote.svg`` and
  ``chessnote.engine``'s scores: its ``chess.pgn`` (game trees, visitors,
  exporters), ``chess.svg`` and ``chess.engine`` scores. With
  ``SquareSet`` and the rest of ``Board``, ``import chessnote as chess``
  runs code written for python-chess 1.11 (``docs/python.md``).
"""

from . import _chessnote as _native
from ._chessnote import *  # noqa: F403
from ._chessnote import __version__  # noqa: F401

# The native module's own helpers (``_Book``: ``chessnote.polyglot``'s) are
# not the package's.
__all__ = [name for name in _native.__all__ if not name.startswith("_")]
