"""Calls, contracts, the auction and the board conditions of Law 2.

The auction check follows the 2017 Laws (and the 1926 Auction Laws §§28–43, which agree): the dealer calls
first; a bid must outrank the last bid (Law 18); a double only of the opponents' last bid, a redouble only
of the opponents' double (Law 19); three passes after a call end the auction, four opening passes pass the
deal out (Law 22). Irregular calls are reported, never raised: a record is evidence, not a command.
"""

from __future__ import annotations

import enum
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field

from games.engine.cards import SEATS, Seat, Suit, Vulnerability
from games.engine.report import Irregularity, IrregularityKind


class Denomination(enum.Enum):
    """A bid's strain, lowest first: the order of Law 18 (and Auction §31)."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NOTRUMP = "NT"

    @property
    def order(self) -> int:
        return _DENOMINATION_ORDER[self._value_]  # keyed by the value: a str hashes in C, an Enum in Python

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or None at no-trumps."""
        return _TRUMP[self._value_]  # keyed by the value: calling Suit() and hashing an Enum run Python code

    @property
    def is_minor(self) -> bool:
        return self._value_ in ("C", "D")  # by the value: reading Denomination.CLUBS runs Python code

    @classmethod
    def parse(cls, text: str) -> Denomination:
        found = _DENOMINATIONS.get(text.strip().upper())
        if found is None:
            raise ValueError(f"{text!r} is not a denomination (C, D, H, S or NT)")
        return found

    def __str__(self) -> str:
        return self.value


_DENOMINATION_ORDER = {d.value: i for i, d in enumerate(Denomination)}
# Each spelling of a denomination (a dict, not Denomination(value): calling an Enum runs Python code).
_DENOMINATIONS = {d.value: d for d in Denomination} | {
    "N": Denomination.NOTRUMP,
    "♣": Denomination.CLUBS,
    "♦": Denomination.DIAMONDS,
    "♥": Denomination.HEARTS,
    "♠": Denomination.SPADES,
}
_TRUMP: dict[str, Suit | None] = {d.value: None if d.value == "NT" else Suit(d.value) for d in Denomination}


class Penalty(enum.IntEnum):
    """Undoubled, doubled or redoubled; the value is the trick-score multiplier's exponent of two."""

    UNDOUBLED = 0
    DOUBLED = 1
    REDOUBLED = 2

    @property
    def suffix(self) -> str:
        return ("", "X", "XX")[self]

    @property
    def multiplier(self) -> int:
        return 1 << self


class CallKind(enum.Enum):
    BID = "bid"
    PASS = "pass"
    DOUBLE = "double"
    REDOUBLE = "redouble"


@dataclass(frozen=True, slots=True)
class Call:
    """One call of the auction. Bids carry a level (1–7) and a denomination."""

    kind: CallKind
    level: int = 0
    denomination: Denomination | None = None
    rank: int = field(init=False, compare=False, repr=False)  # bids in Law 18 order: 1C = 0 … 7NT = 34

    def __post_init__(self) -> None:
        rank = (self.level - 1) * 5 + self.denomination.order if self.denomination is not None else -1
        object.__setattr__(self, "rank", rank)

    @classmethod
    def bid(cls, level: int, denomination: Denomination) -> Call:
        return cls(CallKind.BID, level, denomination)

    @classmethod
    def parse(cls, text: str) -> Call:
        """Parse "Pass", "P", "X", "XX", "1NT", "7C" (PBN spellings, with "D"/"R" and "Dbl"/"Rdbl" too)."""
        key = text.strip().upper()
        try:
            return _SIMPLE_CALLS[key]
        except KeyError:
            pass
        if len(key) >= 2 and key[0] in "1234567":
            try:
                return cls.bid(int(key[0]), Denomination.parse(key[1:]))
            except ValueError:
                pass
        raise ValueError(f"{text!r} is not a call (Pass, X, XX or a bid from 1C to 7NT)")

    def __str__(self) -> str:
        if self.kind is CallKind.BID:
            return f"{self.level}{self.denomination}"
        return {CallKind.PASS: "Pass", CallKind.DOUBLE: "X", CallKind.REDOUBLE: "XX"}[self.kind]


PASS = Call(CallKind.PASS)
DOUBLE = Call(CallKind.DOUBLE)
REDOUBLE = Call(CallKind.REDOUBLE)
_SIMPLE_CALLS = {
    "PASS": PASS,
    "P": PASS,
    "X": DOUBLE,
    "D": DOUBLE,
    "DBL": DOUBLE,
    "XX": REDOUBLE,
    "R": REDOUBLE,
    "RDBL": REDOUBLE,
}


@dataclass(frozen=True, slots=True)
class Contract:
    """The final contract. A passed-out deal has no Contract (None), not a special value."""

    level: int
    denomination: Denomination
    penalty: Penalty = Penalty.UNDOUBLED
    declarer: Seat | None = None

    def __post_init__(self) -> None:
        if not 1 <= self.level <= 7:
            raise ValueError(f"contract level {self.level} is not 1 to 7")

    @property
    def trump(self) -> Suit | None:
        return self.denomination.suit

    @property
    def target(self) -> int:
        """The tricks declarer needs: book (6) plus the level."""
        return 6 + self.level

    @classmethod
    def parse(cls, text: str, declarer: Seat | None = None) -> Contract | None:
        """Parse PBN's [Contract] value: "4SX", "3NT", "1NXX", or "Pass" (None)."""
        # Nearly every contract is spelled as PBN writes it, and is in _SPELLINGS; others are read once and kept.
        found = _SPELLINGS.get(text, _UNSEEN)
        if found is _UNSEEN:
            found = _CONTRACTS.get(text, _UNSEEN)
            if found is _UNSEEN:
                key = text.strip().upper()
                found = _SPELLINGS.get(key, _UNSEEN)
                if found is _UNSEEN:
                    found = cls._parse(key, text)
                if len(_CONTRACTS) < 1024:
                    _CONTRACTS[text] = found
        if found is None or declarer is None:
            return found
        return cls(found.level, found.denomination, found.penalty, declarer)

    @classmethod
    def _parse(cls, key: str, text: str) -> Contract | None:
        if key in ("PASS", "P", "AP"):
            return None
        penalty = Penalty.UNDOUBLED
        if key.endswith("XX") or key.endswith("R"):
            penalty, key = Penalty.REDOUBLED, key.removesuffix("XX").removesuffix("R")
        elif key.endswith("X") or (key.endswith("D") and len(key) > 2):
            penalty, key = Penalty.DOUBLED, key[:-1]
        if len(key) < 2 or key[0] not in "1234567":
            raise ValueError(f"{text!r} is not a contract (as in 4SX, 3NT or Pass)")
        try:
            denomination = Denomination.parse(key[1:])
        except ValueError:
            raise ValueError(f"{text!r} is not a contract (as in 4SX, 3NT or Pass)") from None
        return cls(int(key[0]), denomination, penalty)

    def __str__(self) -> str:
        return f"{self.level}{self.denomination}{self.penalty.suffix}"


def _spellings() -> dict[str, Contract | None]:
    """Every contract as PBN and the scoring programs write it ("3NT", "3N", "4SX", "6HXX", "Pass"), read at import:
    Contract.parse then finds them with one lookup, in the first file a process reads as in the hundredth."""
    table: dict[str, Contract | None] = {"Pass": None, "PASS": None}
    for level in "1234567":
        for denomination in ("C", "D", "H", "S", "N", "NT"):
            for penalty in ("", "X", "XX"):
                text = level + denomination + penalty
                table[text] = Contract._parse(text, text)
    return table


_SPELLINGS = _spellings()
_CONTRACTS: dict[str, Contract | None] = {}  # other spellings by the text as written, once read
_UNSEEN = Contract(1, Denomination.CLUBS)  # a contract text not read before (None is a passed deal)


def contract_name(contract: Contract | None) -> str:
    """The JSON spelling: "4SX", or "Pass" for a passed-out deal."""
    return "Pass" if contract is None else str(contract)


_LAW2_VULNERABILITY = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH)


def board_dealer(board: int) -> Seat:
    """Law 2: boards 1, 5, 9, 13 North deals, then East, South, West; the cycle repeats every 16 boards."""
    if board < 1:
        raise ValueError(f"board number {board} is not 1 or more")
    return SEATS[(board - 1) % 4]


def board_vulnerability(board: int) -> Vulnerability:
    """Law 2: None 1, 8, 11, 14; NS 2, 5, 12, 15; EW 3, 6, 9, 16; All 4, 7, 10, 13 (each block of 4 rotates by one)."""
    if board < 1:
        raise ValueError(f"board number {board} is not 1 or more")
    i = (board - 1) % 16
    return _LAW2_VULNERABILITY[(i + i // 4) % 4]


@dataclass(frozen=True, slots=True)
class AuctionResult:
    """What an auction produced: the contract (None if passed out or no bid), whether it ended, what was wrong."""

    contract: Contract | None
    complete: bool
    irregularities: tuple[Irregularity, ...]
    calls: tuple[Call, ...]


# Tokens PBN puts in an auction that are not calls: "AP" (all pass) is expanded; "*" ends the record;
# notes ("=1="), NAGs ("$1") and alert marks ("!") are annotations.
_ANNOTATION_PREFIXES = ("=", "$", "{")


def check_auction(
    dealer: Seat, calls: str | Iterable[str | Call], *, declarer_rule: str = "first-named"
) -> AuctionResult:
    """Check every call and find the contract and declarer.

    `declarer_rule` is "first-named" (Law 53 definition of declarer; Auction Laws §43, 1940 L5984–5988; Hoffmann
    Auction Law 49, 002 L1582) or "last-bidder" (the older Hoyle c.1910, 000 L51578–51580: "the player who made
    such bid shall play the Dummy").

    Seats are followed as indices (0 = North … 3 = West; side = index & 1): archives hold thousands of auctions.
    """
    problems: list[Irregularity] = []
    parsed: list[Call] = []
    seat = dealer.index
    last_bid: Call | None = None
    last_bidder = -1
    penalty = Penalty.UNDOUBLED
    doubler = -1
    passes = 0
    ended = False
    first_named: dict[int, int] = {}  # side × 5 + the denomination's order: the seat that named it first

    def report(kind: IrregularityKind, message: str, law: str, call_text: str | None = None) -> None:
        problems.append(
            Irregularity(kind, f"{_NAMES[seat]} {message}", seat=SEATS[seat].value, card=call_text, law=law)
        )

    if isinstance(calls, tuple) and _KNOWN_CALLS.keys() >= set(
        calls
    ):  # a record's calls, every one a plain call
        tokens: deque[str | Call] = deque(map(_KNOWN_CALLS.__getitem__, calls))
    else:
        tokens = deque(_split([calls] if isinstance(calls, str) else calls))
    pass_kind, bid_kind, double_kind = CallKind.PASS, CallKind.BID, CallKind.DOUBLE  # looked up once
    while tokens:
        token = tokens.popleft()
        if isinstance(token, Call):
            call = token
        else:
            known = _KNOWN_CALLS.get(token)
            if known is not None:
                call = known
            else:
                text = token.strip().rstrip("!?")
                if text.upper() == "AP":
                    tokens.extendleft([PASS] * max((3 if last_bid is not None else 4) - passes, 0))
                    continue
                if not text or text.startswith(_ANNOTATION_PREFIXES):
                    continue
                if text == "*":
                    break
                try:
                    call = Call.parse(text)
                except ValueError as exc:
                    report(IrregularityKind.MALFORMED_RECORD, f"called {text!r}: {exc}", "", text)
                    seat = (seat + 1) & 3
                    continue
        if ended:
            report(IrregularityKind.CALL_AFTER_AUCTION, f"called {call} after the auction ended", "39")
            seat = (seat + 1) & 3
            continue
        parsed.append(call)
        kind = call.kind
        if kind is pass_kind:
            passes += 1
            ended = passes == 3 if last_bid is not None else passes == 4
        elif kind is bid_kind:
            rank = call.rank
            if last_bid is not None and rank <= last_bid.rank:
                report(IrregularityKind.INSUFFICIENT_BID, f"bid {call} over {last_bid}", "27", str(call))
            first_named.setdefault((seat & 1) * 5 + rank % 5, seat)
            last_bid, last_bidder, penalty, doubler, passes = call, seat, Penalty.UNDOUBLED, -1, 0
        elif kind is double_kind:
            if last_bidder < 0 or (last_bidder ^ seat) & 1 == 0 or penalty:
                why = (
                    "with no bid to double"
                    if last_bidder < 0
                    else "his own side's bid"
                    if (last_bidder ^ seat) & 1 == 0
                    else "a bid already doubled"
                )
                report(IrregularityKind.ILLEGAL_CALL, f"doubled {why}", "19A1", "X")
            else:
                penalty, doubler, passes = Penalty.DOUBLED, seat, 0
        elif penalty is not Penalty.DOUBLED or (doubler ^ seat) & 1 == 0:
            why = (
                "with no double to redouble"
                if penalty is Penalty.UNDOUBLED
                else "a redoubled contract"
                if penalty is Penalty.REDOUBLED
                else "his own side's double"
            )
            report(IrregularityKind.ILLEGAL_CALL, f"redoubled {why}", "19B1", "XX")
        else:
            penalty, passes = Penalty.REDOUBLED, 0
        seat = (seat + 1) & 3

    contract = None
    if last_bid is not None:
        assert last_bid.denomination is not None
        if declarer_rule == "last-bidder":
            declarer = last_bidder
        else:
            declarer = first_named[(last_bidder & 1) * 5 + last_bid.rank % 5]
        contract = Contract(last_bid.level, last_bid.denomination, penalty, SEATS[declarer])
    if parsed and not ended:
        problems.append(
            Irregularity(
                IrregularityKind.INCOMPLETE_AUCTION,
                f"the auction stops after {len(parsed)} calls without three passes",
                law="22",
            )
        )
    return AuctionResult(contract, ended, tuple(problems), tuple(parsed))


_NAMES = tuple(seat.name.title() for seat in SEATS)
_KNOWN_CALLS: dict[str, Call] = {
    text: Call.parse(text)
    for text in [*_SIMPLE_CALLS, "Pass", "Dbl", "Rdbl"]
    + [f"{level}{d}" for level in range(1, 8) for d in ("C", "D", "H", "S", "NT", "N")]
}


def _split(calls: Iterable[str | Call]) -> Iterable[str | Call]:
    """Whitespace-separated text into tokens, so "1S Pass 2S AP" and ["1S", "Pass", "2S", "AP"] read the same."""
    for call in calls:
        if isinstance(call, Call):
            yield call
        else:
            yield from call.split() or ("",)
