"""The names the annotations of the upper layers read at run time (``lokale.Step``, ``lokale.Arg``,
``typing.Any``), for :func:`typing.get_type_hints`, made on first use.

``lokale.Step`` in an annotation of ``_bundle`` is evaluated against :data:`lokale` below, not the
package: a module of the package never imports the package itself (its ``__init__`` imports every
layer), and the enums and ``Arg`` are made only when asked for (:mod:`enum` and :mod:`typing` cost
start-up time). The package's own ``__getattr__`` (``lokale.Step``) answers from here too.
"""

from __future__ import annotations

__all__ = ["lokale", "typing", "ENUMS", "PARTS"]

ENUMS = ("Device", "Fallback", "Loading", "Status", "Step", "Strategy")
"""The enums of ``_enums``, each made when first asked for."""

PARTS = ("BidiIsolationPart", "ExpressionPart", "FallbackPart", "MarkupPart", "Part", "TextPart")
"""The part classes of ``_parts`` (MessageFormat.format_to_parts), imported when first asked for."""


class _Public:
    """The public names of the package that are made on first use: the enums, ``Arg`` and the part classes."""

    __slots__ = ()

    def __getattr__(self, name: str) -> object:
        if name in ENUMS:
            from . import _enums as module
        elif name == "Arg":
            from . import _args as module
        elif name in PARTS:
            from . import _parts as module
        else:
            raise AttributeError(f"module 'lokale' has no attribute {name!r}")
        return getattr(module, name)


class _Typing:
    """:mod:`typing`, imported when an annotation (``typing.Any``) is evaluated."""

    __slots__ = ()

    def __getattr__(self, name: str) -> object:
        import typing

        return getattr(typing, name)


lokale = _Public()
typing = _Typing()
