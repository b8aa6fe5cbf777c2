"""Where the toolkit keeps what it builds: one folder for tables, compiled kernels and models.

``$EQUITY_CACHE_DIR`` when set; otherwise the platform's folder for a user's caches
(``platformdirs``: ``~/.cache/equity`` on Linux, ``~/Library/Caches/equity`` on macOS,
``%LOCALAPPDATA%\\equity\\Cache`` on Windows).  Nothing here creates the folder: the tables,
the Numba kernels and the models each make it when they first write to it, so listing the
cache (``equity cache``) or importing the toolkit never does.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["cache_dir"]


def cache_dir() -> Path:
    """The toolkit's cache folder (``$EQUITY_CACHE_DIR``, else the platform's user cache folder)."""
    configured = os.environ.get("EQUITY_CACHE_DIR")
    if configured:
        return Path(configured)
    import platformdirs

    return platformdirs.user_cache_path("equity", appauthor=False)
