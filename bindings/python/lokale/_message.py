"""Message: a deferred message (Apple's ``LocalizedStringResource``), resolved at display time."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Tuple, Union

from ._args import Arg, check_arg

__all__ = ["Message"]


@dataclass(frozen=True)
class Message:
    """A deferred message (Apple's ``LocalizedStringResource``): what to look up, what to show
    when the lookup fails, and the typed arguments, resolved only at display time by
    :meth:`Bundle.resolve` or :meth:`Runtime.resolve`.

    ``bundle``: the :class:`Bundle` or bundle identifier the message belongs to; None means the
    main bundle when resolved through a runtime.
    """

    key: str
    default: Optional[str] = None
    table: Optional[str] = None
    bundle: Union[Bundle, str, None] = field(default=None, compare=False)
    comment: Optional[str] = None
    args: Tuple[Arg, ...] = ()

    def __post_init__(self) -> None:
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
        for index, value in enumerate(args):
            check_arg(index, value)
        object.__setattr__(self, "args", args)

    def with_args(self, *args: Arg) -> "Message":
        """A copy of this message with these arguments."""
        return Message(self.key, self.default, self.table, self.bundle, self.comment, args)

    def resolve(self, where: Union[Bundle, Runtime]) -> str:
        """``where.resolve(self)``."""
        return where.resolve(self)


# Last, as _bundle and _runtime import Message (lokale/__init__ imports this module before them):
# for the isinstance check above and for typing.get_type_hints(Message).
from ._bundle import Bundle  # noqa: E402
from ._runtime import Runtime  # noqa: E402
