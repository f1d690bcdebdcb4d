"""The package's version: the one place it is written (pyproject.toml reads it from here).

It follows the C library's ``LOKALE_VERSION_STRING`` (``include/lokale.h``); a test checks that
the two agree with ``lokale.library_version()``.
"""

__version__ = "0.1.0"
