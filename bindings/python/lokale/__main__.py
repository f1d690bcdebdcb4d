"""``python -m lokale`` and the ``lokale`` console script: the ``lokale`` command line, run with the
same arguments (``lokale compile App/ -o App.lokale``, ``lokale --help``).

The process becomes the command line's (``os.execv``): its exit status, output and signals are the
command line's own, with nothing of Python's in between. Which command line: see
:func:`lokale.cli_path` (``LOKALE_CLI``, then the one inside the package...).
"""

from __future__ import annotations

import os
import sys

from ._errors import NotFound
from ._tools import cli_path

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from typing import List, NoReturn, Optional


def main(argv: Optional[List[str]] = None) -> NoReturn:
    """Replaces this process with ``lokale ARGV...`` (default: this process's arguments)."""
    arguments = sys.argv[1:] if argv is None else argv
    try:
        path = cli_path()
    except NotFound as exc:
        sys.stderr.write(f"lokale: {exc}\n")
        raise SystemExit(127)  # a shell's "command not found"
    sys.stdout.flush()
    sys.stderr.flush()
    # argv[0] "lokale": the command line's messages name it as the user typed it.
    os.execv(path, ["lokale", *arguments])


if __name__ == "__main__":
    main()
