"""Whole numbers from requests and files, parsed in one place.

Two traps this module closes: `"²".isdigit()` is true but `int("²")` fails (only ASCII digits are numbers here),
and a number too big for its column fails only on PostgreSQL ("smallint out of range"), long after it was read.
Each number is checked against the range of the column it goes to; a NumberError names the value and the range,
and the API turns it into a 400, the commands and the readers into their own named errors.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


class NumberError(ValueError):
    """A value that is not a whole number in ASCII digits, or does not fit where it goes; the message says which."""


@dataclass(frozen=True, slots=True)
class Column:
    """The range of a database column a number goes to."""

    low: int
    high: int


SMALL = Column(0, 32767)  # PositiveSmallIntegerField: boards, rounds, tables, pair numbers, tricks
POSITIVE = Column(1, 32767)  # a board, round or pair number: counted from 1
COUNT = Column(0, 99)  # a tally's hands, points and lone hands in one round of a progressive party
INTEGER = Column(-(2**31), 2**31 - 1)  # IntegerField: scores
ID = Column(1, 2**63 - 1)  # BigAutoField: the ids in ?section=, ?session=

_DIGITS = re.compile(r"[+-]?[0-9]{1,20}")


def quoted(value: object, limit: int = 40) -> str:
    """`value` as a message quotes it, cut to `limit` characters: a 30 MB line is not echoed back."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[: limit - 5]}...{text[-1]} ({len(str(value))} characters)"


def whole_number(value: object, name: str, column: Column = SMALL) -> int:
    """`value` (text of ASCII digits, with a sign where the column allows one, or an int) as an int within `column`.

    Raises NumberError naming `name` (left out when empty: the caller names the field), the value and the range."""
    prefix = f"{name} " if name else ""
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str) and _DIGITS.fullmatch(value.strip()):
        number = int(value.strip())
    else:
        raise NumberError(f"{prefix}{quoted(value)} is not a whole number")
    if not column.low <= number <= column.high:
        raise NumberError(f"{prefix}{number} is not a number from {column.low} to {column.high}")
    return number
