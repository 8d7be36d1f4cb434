"""The vocabulary of PBN 2.1 text: its tag sets, the tokens of calls and cards, string escapes, and PBNError.

Shared by the reader, the writer and the game model (games.formats.pbn.game); nothing here reads a file.
"""

from __future__ import annotations

import functools
import re

from games.engine.cards import SEATS, Card, Rank, Seat, Side, Suit, Vulnerability

MANDATORY_TAGS = (
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
)
"""The Mandatory Tag Set in export order (PBN 2.1 §3.4)."""

SCORE_TABLE_COLUMNS = (
    "Rank", "PairId_NS", "PairId_EW", "Names_NS", "Names_EW", "Contract", "Declarer", "Result", "Score_NS",
    "Score_EW", "IMP_NS", "IMP_EW", "MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW", "Multiplicity",
)  # fmt: skip
"""ScoreTable's predefined columns (PBN 2.1 §5.9); a table may use any subset and add its own."""

TOTAL_SCORE_TABLE_COLUMNS = (
    "Rank", "PairId", "Names", "TotalScore", "TotalIMP", "TotalMP", "TotalPercentage", "MeanScore", "MeanIMP",
    "MeanMP", "MeanPercentage", "NrBoards", "Multiplicity",
)  # fmt: skip
"""TotalScoreTable's predefined columns (PBN 2.1 §5.10)."""

TABLES = frozenset(
    {
        "ActionTable",
        "AuctionTimeTable",
        "InstantScoreTable",
        "OptimumPlayTable",
        "OptimumResultTable",
        "PlayTimeTable",
        "ScoreTable",
        "TotalScoreTable",
    }
)
"""The tables PBN 2.1 §5 defines. Any other tag whose name ends in "Table" and that has section data is
read as a table too (the Table tag itself, §4.4.7, is a table number)."""


def heads_table(name: str) -> bool:
    """Whether rows after a tag of this name make a table, not another section: the tables of PBN 2.1 §5 and any
    other name ending in "Table", but not the Table tag itself, a table number (§4.4.7)."""
    return name.endswith("Table") and name != "Table"


NO_INHERITANCE = frozenset(
    {"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"}
)
"""Tags for which PBN 2.1 §4.8 forbids "#" and "##". We still resolve them (files do it), with a warning."""


class PBNError(ValueError):
    """A problem in a PBN file, with the line it is on (1-based) and the file it came from."""

    def __init__(self, message: str, line: int | None = None, source: str | None = None) -> None:
        self.message = message
        self.line = line
        self.source = source
        where = ", ".join(p for p in (source, f"line {line}" if line else None) if p)
        super().__init__(f"{where}: {message}" if where else message)


VULNERABLE = {
    "none": Vulnerability.NONE,
    "love": Vulnerability.NONE,
    "-": Vulnerability.NONE,
    "ns": Vulnerability.NS,
}
VULNERABLE |= {"ew": Vulnerability.EW, "all": Vulnerability.BOTH, "both": Vulnerability.BOTH}

_CONTRACT = re.compile(r"([1-7])(NT|N|S|H|D|C)(XX|X)?", re.IGNORECASE)
_DENOMINATION = re.compile(r"(NT|N|S|H|D|C)", re.IGNORECASE)


@functools.lru_cache(maxsize=256)  # an archive spells a few dozen contracts, each game reads its own
def normal_contract(value: str) -> str | None:
    if value.lower() == "pass":
        return "Pass"
    m = _CONTRACT.fullmatch(value)
    if m:
        denom = m.group(2).upper()
        return f"{m.group(1)}{'NT' if denom in ('N', 'NT') else denom}{(m.group(3) or '').upper()}"
    if _DENOMINATION.fullmatch(value):  # an end position gives the trump only (PBN §3.10)
        return "NT" if value.upper() in ("N", "NT") else value.upper()
    return None


def read_result(value: str, declarer: Seat | None) -> int:
    """Declarer's tricks from a Result value: "9", "^9", "NS 9", "EW 4 NS 9" (PBN §3.4.15)."""
    parts = value.lstrip("^").split()
    if len(parts) == 1:
        tricks = int(parts[0])
    elif len(parts) in (2, 4) and declarer is not None:
        sides = dict(zip(parts[0::2], (int(p) for p in parts[1::2]), strict=True))
        side = declarer.side.value
        other = declarer.side.other.value
        if side in sides:
            tricks = sides[side]
        elif other in sides:
            tricks = 13 - sides[other]
        else:
            raise ValueError(value)
    else:
        raise ValueError(value)
    if not 0 <= tricks <= 13:
        raise ValueError(value)
    return tricks


def read_score_ns(value: str, declarer: Seat | None) -> int:
    """NS's score from a Score value (PBN §4.2.1's five forms)."""
    parts = value.split()
    if len(parts) == 1:
        points = int(parts[0])
        if declarer is None and points:
            raise ValueError(value)
        return points if declarer is None or declarer.side is Side.NS else -points
    if len(parts) == 2 and parts[0] in ("NS", "EW"):  # the common form, without the dict below
        points = int(parts[1])
        return points if parts[0] == "NS" else -points
    if len(parts) not in (2, 4):
        raise ValueError(value)
    sides = dict(zip(parts[0::2], (int(p) for p in parts[1::2]), strict=True))
    if "NS" in sides:
        return sides["NS"]
    if "EW" in sides:
        return -sides["EW"]
    raise ValueError(value)


# --- token tables -------------------------------------------------------------------------------------

SEAT = {s.value: s for s in SEATS} | {s.value.lower(): s for s in SEATS}
_PBN_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_RANK_LETTERS = "AKQJT98765432"


def _call_table() -> dict[str, str]:
    calls = {"Pass": "Pass", "X": "X", "XX": "XX", "AP": "AP", "-": "-", "+": "+"}
    for level in "1234567":
        for denom in ("C", "D", "H", "S", "NT"):
            calls[level + denom] = level + denom
        calls[level + "N"] = level + "NT"
    table = dict(calls)
    for token, norm in calls.items():
        table[token.lower()] = norm
        table[token.upper()] = norm
    return table


def _card_table() -> tuple[dict[str, str], dict[str, Card]]:
    tokens: dict[str, str] = {"-": "-", "+": "+"}
    cards: dict[str, Card] = {}
    for suit in Suit:
        for rank in Rank:
            if rank is Rank.JOKER:
                continue
            norm = f"{suit.value}{rank.letter}"
            cards[norm] = Card(suit, rank)
            variants = {
                norm,
                norm.lower(),
                suit.value + rank.letter.lower(),
                suit.value.lower() + rank.letter,
            }
            if rank is Rank.TEN:
                variants |= {suit.value + "10", suit.value.lower() + "10"}
            for v in variants:
                tokens[v] = norm
    return tokens, cards


CALLS = _call_table()
CARDS, CARD_OF = _card_table()
HAND_CARDS = {
    (k, letter): Card(suit, Rank.parse(letter))
    for k, suit in enumerate(_PBN_SUITS)
    for letter in _RANK_LETTERS
}
HAND_CARDS |= {(k, letter.lower()): card for (k, letter), card in list(HAND_CARDS.items())}

_ESCAPE = re.compile(r"\\([\\\"])")


def unescape(value: str) -> str:
    """PBN string escapes (§3.2): \\" is a quote, \\\\ a backslash; any other backslash stays (column specs)."""
    return _ESCAPE.sub(r"\1", value) if '\\"' in value or "\\\\" in value else value


def escape(value: str) -> str:
    r"""The inverse of ``unescape``: a backslash is doubled only where it would otherwise be read as an
    escape, so column specs keep their single backslash (``Rank\2R``) as other programs write them."""
    if "\\" not in value and '"' not in value:
        return value
    out = []
    for i, ch in enumerate(value):
        if ch == "\\":
            nxt = value[i + 1 : i + 2]
            out.append("\\\\" if nxt in ("\\", '"', "") else "\\")
        elif ch == '"':
            out.append('\\"')
        else:
            out.append(ch)
    return "".join(out)


_UNQUOTED = re.compile(r'[^\s\[\]{};"%]+')


def one_line(text: str) -> str:
    """Free text (an event's or a player's name) as a PBN string holds it: line breaks and tabs as single spaces,
    and a leading '#' kept from being read as inheritance (§4.8) by a space before it."""
    line = " ".join(text.split())
    return f" {line}" if line.startswith("#") else line


_TAG_NAME = re.compile(r"[A-Za-z0-9_]+")


def check_writable(name: str, value: str) -> None:
    """A tag name and value that PBN text can hold as written (raises PBNError naming the problem)."""
    if not _TAG_NAME.fullmatch(name):
        raise PBNError(f"tag name {name!r} must be letters, digits and underscores")
    if "\n" in value or "\r" in value or "\t" in value:
        raise PBNError(f"[{name}] value {value!r} has a line break or tab, which PBN strings cannot hold")
    if value[:1] == "#":
        raise PBNError(f"[{name}] value {value!r} starts with '#', which PBN reads as inheritance (§4.8)")


def field_text(value: str) -> str:
    """A table or section field as written: bare when it can be, quoted and escaped otherwise."""
    if value and _UNQUOTED.fullmatch(value) and value[0] != '"':
        return value
    if "\n" in value or "\r" in value or "\t" in value:
        raise PBNError(f"table field {value!r} has a line break or tab")
    return f'"{escape(value)}"'
