"""Traveller deal records: a small JSON format for played deals of Whist, Hearts and Five Hundred, and its replay.

EGN records euchre and PBN bridge; nothing records the other trick-taking games of the books, so this does, in
EGN's manner: the game, its rule set, and per deal the dealer, the hands (when known), the bidding (Five Hundred),
and the tricks card by card in the order played. A file ends in `.deal.json` (README, "Deal records"):

    {"format": "traveller-deal-record", "version": 1,
     "game": "five-hundred",                  # "whist", "hearts" or "five-hundred"
     "rules": "hoyle-1940",                   # a named rule set of the game (RULES below)
     "options": {"hearts_below_diamonds": true},   # fields of the rule set changed (optional)
     "title": "...", "players": ["Ann", "Bob", "Cy"],  # optional
     "scores": [360, 480, 0],                 # before the first deal: per side (whist), player (hearts), party (500)
     "settlement": "basic",                   # hearts: "basic" or "howell" chips
     "deals": [{
        "deal": "1",                          # a label (optional)
        "dealer": 2,                          # player 0.. clockwise; whist also takes "N" "E" "S" "W"
        "hands": [["HJ", "DJ", ...], ...],    # per player, as dealt (optional: else seen from the play)
        "trump": "HA",                        # whist: the trump card turned, the dealer's last card
        "honours": [2, 1],                    # whist: honours held per side when the hands are unknown
        "revoke_penalty": "add_three",        # whist: the claimants' choice for a revoke (002 Law 75; default
                                              #   take_three_tricks; also deduct_three)
        "widow": [...], "discard": [...],     # five hundred (optional)
        "bidding": ["7H", "pass", "pass"],    # five hundred, from the eldest hand: "7H", "8NT", "nullo", "pass"
        "called": [null, "S"],                # five hundred: the suit named for a joker led at no trumps
        "tricks": [["HA", "H7", "HQ"], ...],  # the cards of each trick from its leader (a card: "SA", "HT", "JO")
        "points": [160, 0, 30]                # the score of the deal as recorded (optional: checked)
     }]}

Each deal gives a `GameReport`: `declarer` the bidder (500), `contract` the bid (500) or trump suit (whist),
`tricks_computed` the tricks of the bidder's party (500) or North-South (whist), `score` the running scores after
the deal, and `extra` the deal's points, the game's winner when it is won, and hearts' counts and settlement.
"""

from __future__ import annotations

import dataclasses
import enum
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from games.engine import five_hundred, hearts, whist
from games.engine.cards import SEATS, Card, Deal, Seat, Side, Suit
from games.engine.report import GameReport, Irregularity, IrregularityKind

FORMAT = "traveller-deal-record"
SUFFIX = ".deal.json"

RULES: Mapping[str, Mapping[str, Any]] = {
    "whist": {
        "american-seven": whist.AMERICAN_SEVEN,
        "american-rubber": whist.AMERICAN_RUBBER,
        "english": whist.ENGLISH,
        "long": whist.LONG,
    },
    "hearts": {
        "hearts": hearts.HeartsRules(),
        "three-hand": hearts.THREE_HAND,
        "black-lady": hearts.BLACK_LADY,
        "black-jack": hearts.BLACK_JACK,
        "joker": hearts.JOKER_HEARTS,
    },
    "five-hundred": {
        "hoyle-1940": five_hundred.HOYLE_1940,
        "hoyle-1940-four": five_hundred.HOYLE_1940_FOUR,
        "avondale": five_hundred.AVONDALE,
    },
}
SETTLEMENTS = (
    "basic",
    "howell",
)  # whole chips; spot and sweepstake divide pools into fractions and carry jacks


class RecordError(ValueError):
    """A record that cannot be read; the message says where."""


def is_deal_record(path: str | Path) -> bool:
    return str(path).lower().endswith(SUFFIX)


def _rules(game: str, name: Any, options: Any) -> Any:
    known = RULES[game]
    if name not in known:
        raise RecordError(f"rules {name!r} is not a {game} rule set ({', '.join(known)})")
    base = known[name]
    if not isinstance(options, dict):
        raise RecordError(f"options {options!r} is not an object")
    fields = {field.name: field for field in dataclasses.fields(base)}
    changed: dict[str, Any] = {}
    for option, value in options.items():
        if option not in fields:
            raise RecordError(f"{option!r} is not an option of {game} ({', '.join(fields)})")
        current = getattr(base, option)
        if isinstance(current, enum.Enum):
            try:
                value = type(current)(value)
            except ValueError:
                allowed = ", ".join(str(member.value) for member in type(current))
                raise RecordError(f"option {option} {value!r} is not one of {allowed}") from None
        elif current is not None and type(value) is not type(current):
            raise RecordError(f"option {option} {value!r} is not a {type(current).__name__}")
        changed[option] = value
    try:
        return dataclasses.replace(base, **changed)
    except ValueError as error:
        raise RecordError(str(error)) from None


def _card(text: Any, where: str) -> Card:
    if not isinstance(text, str):
        raise RecordError(f"{where}: {text!r} is not a card")
    try:
        return Card.parse(text)
    except ValueError as error:
        raise RecordError(f"{where}: {error}") from None


def _cards(value: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise RecordError(f"{where}: {value!r} is not a list of cards")
    return tuple(_card(text, where) for text in value)


def _player(value: Any, players: int, where: str) -> int:
    if isinstance(value, str) and players == 4 and value.upper() in "NESW" and len(value) == 1:
        return Seat.parse(value).index
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise RecordError(f"{where}: dealer {value!r} is not a player 0 to {players - 1}")
    return value


def _bid(text: Any, where: str) -> five_hundred.Bid | None:
    if not isinstance(text, str):
        raise RecordError(f"{where}: {text!r} is not a bid")
    key = text.strip().upper()
    if key == "PASS":
        return None
    if key == "NULLO":
        return five_hundred.NULLO
    number = key[:2] if key.startswith("10") else key[:1]
    suit = key[len(number) :]
    if not number.isdigit() or suit not in ("S", "C", "D", "H", "NT"):
        raise RecordError(f"{where}: {text!r} is not a bid (as 7H, 8NT, nullo or pass)")
    return five_hundred.Bid(int(number), None if suit == "NT" else Suit(suit))


def _ints(value: Any, count: int, where: str) -> tuple[int, ...]:
    if (
        not isinstance(value, list)
        or len(value) != count
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise RecordError(f"{where}: {value!r} is not {count} whole numbers")
    return tuple(value)


def read(text: str) -> tuple[str, Any, list[Callable[[tuple[int, ...]], GameReport]], tuple[int, ...]]:
    """Parse a record: (game, rules, one replay per deal taking the scores before it, the scores at the start)."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"not JSON: {error}") from None
    except RecursionError:
        raise RecordError("not JSON that can be read: nested too deeply") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise RecordError(f'not a deal record: "format" must be "{FORMAT}"')
    if document.get("version", 1) != 1:
        raise RecordError(f"version {document.get('version')!r}: only version 1 is read")
    game = str(document.get("game"))
    if game not in RULES:
        raise RecordError(f"game {game!r} is not one of {', '.join(RULES)}")
    rules = _rules(game, document.get("rules", next(iter(RULES[game]))), document.get("options", {}))
    players = 4 if game == "whist" else rules.players
    sides = {"whist": 2, "hearts": players, "five-hundred": getattr(rules, "parties", 0)}[game]
    start = _ints(document.get("scores", [0] * sides), sides, "scores")
    settlement = document.get("settlement", "basic")
    if game == "hearts" and settlement not in SETTLEMENTS:
        raise RecordError(f"settlement {settlement!r} is not one of {', '.join(SETTLEMENTS)}")
    deals = document.get("deals")
    if not isinstance(deals, list) or not deals:
        raise RecordError('"deals" must be a list of at least one deal')
    replays = []
    for index, raw in enumerate(deals):
        label = str(raw.get("deal", index + 1)) if isinstance(raw, dict) else str(index + 1)
        where = f"deal {label}"
        if not isinstance(raw, dict):
            raise RecordError(f"{where} is not an object")
        dealer = _player(raw.get("dealer"), players, where)
        hands = None
        if raw.get("hands") is not None:
            listed = raw["hands"]
            if not isinstance(listed, list) or len(listed) != players:
                raise RecordError(f"{where}: hands must be a list of {players} hands")
            hands = {p: frozenset(_cards(hand, f"{where}, hand {p}")) for p, hand in enumerate(listed)}
        tricks = raw.get("tricks", [])
        if not isinstance(tricks, list):
            raise RecordError(f"{where}: tricks must be a list of tricks")
        played = tuple(_cards(trick, f"{where}, trick {t}") for t, trick in enumerate(tricks, start=1))
        recorded = None if raw.get("points") is None else _ints(raw["points"], sides, f"{where}: points")
        common = (index, label, dealer, hands, played, recorded)
        if game == "whist":
            replays.append(_whist(rules, raw, where, *common))
        elif game == "hearts":
            replays.append(_hearts(rules, settlement, *common))
        else:
            replays.append(_five_hundred(rules, raw, where, *common))
    return game, rules, replays, start


Replay = Callable[[tuple[int, ...]], GameReport]


def _mismatch(recorded: tuple[int, ...] | None, points: tuple[int, ...], rule: str) -> list[Irregularity]:
    if recorded is None or tuple(recorded) == tuple(points):
        return []
    return [
        Irregularity(
            IrregularityKind.SCORE_MISMATCH,
            f"the record scores the deal {list(recorded)}; the play scores {list(points)}",
            law=rule,
        )
    ]


def _whist(rules: whist.WhistRules, raw: dict[str, Any], where: str, index: int, label: str, dealer: int,
           hands: dict[int, frozenset[Card]] | None, played: tuple[tuple[Card, ...], ...],
           recorded: tuple[int, ...] | None) -> Replay:  # fmt: skip
    trump = _card(raw.get("trump"), f"{where}: trump")
    if trump.suit is None:
        raise RecordError(f"{where}: the trump card {trump} has no suit")
    deal = None if hands is None else Deal({SEATS[p]: cards for p, cards in hands.items()})
    claimed = raw.get("honours")
    honours = None if claimed is None else _ints(claimed, 2, f"{where}: honours")
    try:
        penalty = whist.RevokePenalty(raw.get("revoke_penalty", whist.RevokePenalty.TAKE_THREE_TRICKS.value))
    except ValueError:
        choices = ", ".join(p.value for p in whist.RevokePenalty)
        raise RecordError(
            f"{where}: revoke_penalty {raw.get('revoke_penalty')!r} is not one of {choices}"
        ) from None

    def replay(before: tuple[int, ...]) -> GameReport:
        audit = whist.audit_play(SEATS[dealer], trump, played, deal)
        ns = sum(n for p, n in audit.won.items() if p % 2 == 0)
        complete = len(played) == whist.TRICKS and all(len(t) == 4 for t in played)
        held = honours if honours is not None else (0, 0)
        if deal is not None and trump.suit is not None:
            held = whist.holds_honours(trump.suit, deal)
        found = list(audit.irregularities)
        extra: dict[str, object] = {}
        score = before
        if complete:
            revokes = [
                (Side.NS if Seat.parse(i.seat or "N").index % 2 == 0 else Side.EW, penalty)
                for i in audit.irregularities
                if i.kind is IrregularityKind.REVOKE
            ]
            scored = whist.score_deal(rules, (before[0], before[1]), ns, (held[0], held[1]), revokes)
            score = scored.score
            points = (score[0] - before[0], score[1] - before[1])
            found += _mismatch(recorded, points, "1940 L18288-18296")
            extra["points"] = list(points)
            if scored.game_won_by is not None:
                extra["game_won_by"] = scored.game_won_by.value
        return GameReport(index, label, contract=trump.suit.value if trump.suit else None, tricks_computed=ns,
                          complete=complete, has_play=bool(played), irregularities=tuple(found),
                          score=tuple(score), extra=extra)  # fmt: skip

    return replay


def _hearts(rules: hearts.HeartsRules, settlement: str, index: int, label: str, dealer: int,
            hands: dict[int, frozenset[Card]] | None, played: tuple[tuple[Card, ...], ...],
            recorded: tuple[int, ...] | None) -> Replay:  # fmt: skip
    def replay(before: tuple[int, ...]) -> GameReport:
        audit = hearts.audit_play(rules, dealer, played, hands)
        complete = len(played) == rules.hand_size and all(len(t) == rules.players for t in played)
        found = list(audit.irregularities)
        extra: dict[str, object] = {}
        score = before
        if complete:
            taken = hearts.taken_cards(audit)
            counts = [hearts.hearts_count(rules, taken.get(p, [])) for p in range(rules.players)]
            points = _settle(settlement, counts)
            found += _mismatch(recorded, points, "1940 L12122-12201")
            score = tuple(b + p for b, p in zip(before, points, strict=True))
            extra.update(hearts=counts, points=list(points), settlement=settlement)
        return GameReport(index, label, complete=complete, has_play=bool(played), irregularities=tuple(found),
                          score=tuple(score), extra=extra)  # fmt: skip

    return replay


def _settle(settlement: str, counts: list[int]) -> tuple[int, ...]:
    """Chips won or paid on the deal: basic (1940 L12122-12125) or Howell (L12153-12159)."""
    if settlement == "howell":
        return hearts.howell(counts)
    return hearts.basic(counts)


def _five_hundred(rules: five_hundred.FiveHundredRules, raw: dict[str, Any], where: str, index: int, label: str,
                  dealer: int, hands: dict[int, frozenset[Card]] | None, played: tuple[tuple[Card, ...], ...],
                  recorded: tuple[int, ...] | None) -> Replay:  # fmt: skip
    bidding = raw.get("bidding", [])
    if not isinstance(bidding, list):
        raise RecordError(f"{where}: bidding must be a list of calls")
    calls = tuple(_bid(call, f"{where}, call {i}") for i, call in enumerate(bidding, start=1))
    called_raw = raw.get("called", [])
    if not isinstance(called_raw, list):
        raise RecordError(f"{where}: called must be a list of suits or null")
    try:
        called = tuple(None if s is None else Suit.parse(str(s)) for s in called_raw)
    except ValueError as error:
        raise RecordError(f"{where}: called: {error}") from None
    widow = None if raw.get("widow") is None else frozenset(_cards(raw["widow"], f"{where}: widow"))
    discard = None if raw.get("discard") is None else frozenset(_cards(raw["discard"], f"{where}: discard"))
    deal = five_hundred.FiveHundredDeal(dealer, calls, played, called, hands, widow, discard)

    def replay(before: tuple[int, ...]) -> GameReport:
        audit = five_hundred.audit_deal(rules, deal)
        found = list(audit.irregularities)
        points = audit.points
        found += _mismatch(recorded, points, "1940 L11607-11626") if audit.complete else []
        bidder, bid = audit.auction.bidder, audit.auction.bid
        extra: dict[str, object] = {"points": list(points)}
        winners = [t.winner for t in audit.play.tricks] if audit.play is not None else []
        won = five_hundred.game_winner(rules, before, points, bidder, winners)
        if won is not None:
            extra["game_won_by"] = won
        made = None
        if bidder is not None and audit.play is not None:
            made = sum(n for p, n in audit.play.won.items() if rules.party(p) == rules.party(bidder))
        return GameReport(index, label, declarer=None if bidder is None else str(bidder),
                          contract=None if bid is None else str(bid), tricks_computed=made, complete=audit.complete,
                          has_play=bool(played), irregularities=tuple(found),
                          score=tuple(b + p for b, p in zip(before, points, strict=True)), extra=extra)  # fmt: skip

    return replay


def replay_text(text: str) -> list[GameReport]:
    """Replay every deal, carrying the scores from deal to deal; a record that cannot be read gives one report
    saying why."""
    try:
        _, _, replays, scores = read(text)
    except RecordError as error:
        return [GameReport(0, irregularities=(Irregularity(IrregularityKind.MALFORMED_RECORD, str(error)),))]
    reports = []
    for replay in replays:
        report = replay(scores)
        scores = report.score if isinstance(report.score, tuple) else scores
        reports.append(report)
    return reports


def replay_file(path: str | Path) -> list[GameReport]:
    """Replay a `.deal.json` file (UTF-8 JSON)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        message = f"{path}: cannot be read: {error}"
        return [GameReport(0, irregularities=(Irregularity(IrregularityKind.MALFORMED_RECORD, message),))]
    return replay_text(text)
