"""CSV as a spreadsheet opens it: every CSV the program writes (results, standings, hand records) goes through
Writer, so that a name cannot be run as a formula.

A cell starting with = + - @, a tab or a CR is read by spreadsheets as a formula (OWASP, "CSV Injection"): an entry
named ``=HYPERLINK(...)`` would be a link in the club's standings. Such a cell is written as text, behind an
apostrophe, as OWASP advises; a number (-420, -12.50) stays a number."""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from typing import Any

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")


def cell(value: Any) -> Any:
    """The value as a spreadsheet should read it: text that would start a formula behind an apostrophe."""
    if isinstance(value, str) and value.startswith(FORMULA_START) and not _NUMBER.fullmatch(value):
        return "'" + value
    return value


class Writer:
    """A csv.writer (same dialect arguments) whose every cell goes through cell()."""

    def __init__(self, out, **dialect: Any) -> None:
        self._writer = csv.writer(out, **dialect)

    def writerow(self, row: Iterable[Any]) -> None:
        self._writer.writerow([cell(value) for value in row])
