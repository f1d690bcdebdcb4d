"""Message: a deferred message (Apple's ``LocalizedStringResource``), resolved at display time; also
a lazy string (Babel's ``LazyProxy``, Django's ``gettext_lazy``) that renders with ``str()``."""

from __future__ import annotations

from . import _bundle, _runtime
from ._args import check_arg
from ._bundle import Bundle
from ._runtime import Runtime, main_bundle, open_bundle

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    import typing
    from typing import Any

    import lokale
else:
    from ._args import lokale, typing  # lokale.Arg, typing.Any in annotations, made when read

__all__ = ["Message"]


class Message:
    """A deferred message (Apple's ``LocalizedStringResource``): what to look up, what to show
    when the lookup fails, and the typed arguments, resolved only at display time by
    :meth:`Bundle.resolve` or :meth:`Runtime.resolve`.

    ``bundle``: the :class:`Bundle` or bundle identifier the message belongs to; None means the
    main bundle.

    A message is also a lazy string, as Babel's ``LazyProxy`` and Django's ``gettext_lazy``:
    ``str(message)`` renders it in the language current at that moment — in its ``bundle``, or
    (None) in the main bundle most recently opened in the process that is still open (and whose
    runtime is); a bundle given by identifier is looked for among the open bundles of that main
    bundle's runtime, then of the other open runtimes. When there is no such bundle, ``str()`` is the default value, else the key,
    unformatted (as gettext without a catalog gives the msgid). So a message made at import time
    (a module constant, a form label) shows the language of the moment it is displayed. f-strings
    and :func:`format` (``f"{message:>20}"``), ``%`` (``message % args``: rendered, then Python's
    ``%``), ``+``, ``len``, ``in`` and comparisons with ``str`` (``message == "Arbeitsbereich"``,
    ``<`` for sorting) all use the rendered text.

    ``named``: the arguments by name of a MessageFormat message (an ``.mf2.json`` resource, an ARB
    or Android message), resolved as :meth:`Bundle.format_named` formats them; ``{}`` for such a
    message without arguments (its MF2 syntax is still read). A message has ``args`` or ``named``,
    not both.

    Two messages are equal when they are the same message (key, default, table, comment and
    arguments: the bundle is not compared), whatever the language, and hash as such: messages
    stay usable as dict keys and set members across language changes. A message therefore hashes
    unlike the str it equals; look a rendered text up in a dict of texts with ``str(message)``.
    """

    # A plain class with __slots__ rather than a frozen dataclass: importing dataclasses costs
    # start-up time of every program (it imports inspect, ast, dis).
    __slots__ = ("key", "default", "table", "bundle", "comment", "args", "named")

    key: str
    default: str | None
    table: str | None
    bundle: Bundle | str | None
    comment: str | None
    args: tuple[lokale.Arg, ...]
    named: tuple[tuple[str, typing.Any], ...] | None
    """The named arguments as (name, value) pairs, in the order given; None for a message of
    positional arguments (a tuple, not a dict: a message is immutable and hashable)."""

    def __init__(
        self,
        key: str,
        default: str | None = None,
        table: str | None = None,
        bundle: Bundle | str | None = None,
        comment: str | None = None,
        args: tuple[lokale.Arg, ...] = (),
        named: typing.Mapping[str, typing.Any] | None = None,
    ) -> None:
        for name, value in (("key", key), ("default", default), ("table", table), ("bundle", bundle),
                            ("comment", comment), ("args", args), ("named", None)):
            object.__setattr__(self, name, value)
        if not isinstance(self.key, str):
            raise TypeError(f"key must be str, not {type(self.key).__name__}")
        for name in ("default", "table", "comment"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, str):
                raise TypeError(f"{name} must be str or None, not {type(value).__name__}")
        if self.bundle is not None and not isinstance(self.bundle, (Bundle, str)):
            raise TypeError(
                f"bundle must be a Bundle, a bundle identifier or None, not {type(self.bundle).__name__}"
            )
        args = tuple(self.args)
        for index, arg in enumerate(args):
            check_arg(index, arg)
        object.__setattr__(self, "args", args)
        if named is not None:
            if args:
                raise TypeError("a Message takes args (by position) or named (by name), not both")
            from ._message_format import check_named

            pairs = tuple(dict(named).items())
            for argument, value in pairs:
                check_named(argument, value)
            object.__setattr__(self, "named", pairs)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: a Message is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: a Message is immutable")

    def __repr__(self) -> str:
        return (f"Message(key={self.key!r}, default={self.default!r}, table={self.table!r}, "
                f"bundle={self.bundle!r}, comment={self.comment!r}, args={self.args!r}"
                + ("" if self.named is None else f", named={dict(self.named)!r}") + ")")

    def __reduce__(self) -> tuple[Any, ...]:
        named = None if self.named is None else dict(self.named)
        return (Message, (self.key, self.default, self.table, self.bundle, self.comment, self.args, named))

    def with_args(self, *args: lokale.Arg) -> Message:
        """A copy of this message with these arguments (by position)."""
        return Message(self.key, self.default, self.table, self.bundle, self.comment, args)

    def resolve(self, where: Bundle | Runtime) -> str:
        """``where.resolve(self)``."""
        return where.resolve(self)

    # -- a value --------------------------------------------------------------------------------

    def _identity(self) -> tuple[Any, ...]:
        return (self.key, self.default, self.table, self.comment, self.args, self.named)

    def __hash__(self) -> int:
        return hash(self._identity())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Message):
            return self._identity() == other._identity()
        if isinstance(other, str):
            return str(self) == other
        return NotImplemented

    # -- a lazy string ----------------------------------------------------------------------------

    def __str__(self) -> str:
        """The message rendered now: in its bundle (or the main bundle), with its arguments."""
        target = self.bundle
        bundle: Bundle | None
        if isinstance(target, Bundle):
            bundle = target
        elif isinstance(target, str):
            bundle = open_bundle(target)
        else:
            bundle = main_bundle()
        if bundle is None:
            # Apple's last two rows (the default value, else the key): the one statement of them in
            # the binding. With a bundle, lokale_bundle_lookup answers them (Bundle.resolve); with
            # none there is nothing to call it on (a NULL bundle is LOKALE_EINVAL, with no text).
            return self.default or self.key
        return bundle.resolve(self)

    def __format__(self, format_spec: str) -> str:
        return format(str(self), format_spec)

    def __mod__(self, values: Any) -> str:
        """The rendered text formatted with Python's ``%`` (as gettext's texts are)."""
        text: str = str(self) % values
        return text

    def __add__(self, other: str | Message) -> str:
        if isinstance(other, (str, Message)):
            return str(self) + str(other)
        return NotImplemented

    def __radd__(self, other: str) -> str:
        if isinstance(other, str):
            return other + str(self)
        return NotImplemented

    def __len__(self) -> int:
        return len(str(self))

    def __contains__(self, part: str) -> bool:
        return part in str(self)

    def __lt__(self, other: str | Message) -> bool:
        if isinstance(other, (str, Message)):
            return str(self) < str(other)
        return NotImplemented

    def __le__(self, other: str | Message) -> bool:
        if isinstance(other, (str, Message)):
            return str(self) <= str(other)
        return NotImplemented

    def __gt__(self, other: str | Message) -> bool:
        if isinstance(other, (str, Message)):
            return str(self) > str(other)
        return NotImplemented

    def __ge__(self, other: str | Message) -> bool:
        if isinstance(other, (str, Message)):
            return str(self) >= str(other)
        return NotImplemented


# Bundle.resolve and the annotations of the layers below, which do not import this one.
_bundle.Message = _runtime.Message = Message
