"""Euchre Game Notation (EGN 1.x JSON, NextSuit-Labs/euchre-game-notation) reader and replay auditor.

An EGN file records, per deal, the dealer (player 0-3), the up-card, the calls from the dealer's left
("Pass", "Order", then a suit letter in the second round), whether the maker went alone, sometimes the
dealer's discard, and the five tricks card by card in the order they fell. Hands are not stored: who
played each card follows from the leader and the trick winners, and each hand is rebuilt from the cards
its player is seen to play, so a renounce is a revoke when the player later shows the suit.

Cards are rank then suit ("Th", "9c"); "N" is also a nine and "B" the joker. "R"/"L" (bowers), "X"
(unknown) and the generic suits "t n g h" are not accepted: an audit needs real cards.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.engine.cards import JOKER, Card, Rank, Suit
from games.engine.euchre import Call, EuchreDeal, EuchreRules, LonerLead, audit_deal, winner
from games.engine.report import GameReport, Irregularity, IrregularityKind

_RANKS = {"9": Rank.NINE, "N": Rank.NINE, "T": Rank.TEN, "J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING}
_RANKS |= {"A": Rank.ACE, "8": Rank.EIGHT, "7": Rank.SEVEN}
_SUITS = {"c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES}
_ORDER_CALLS = {"order", "pickup", "alone", "call"}
_UNSUPPORTED = ("defend_alone", "allow_no_trump", "farmers", "partners_best", "go_under", "fast_break")


class EgnError(ValueError):
    """A record that cannot be read; the message says where."""


def parse_card(text: Any) -> Card:
    """An EGN card: rank then suit ("Th", "Nc"), or "B" for the joker."""
    if text == "B":
        return JOKER
    if not isinstance(text, str) or len(text) != 2 or text[0] not in _RANKS or text[1] not in _SUITS:
        raise EgnError(f"{text!r} is not an EGN card (rank 9/N T J Q K A, then suit c d h s)")
    return Card(_SUITS[text[1]], _RANKS[text[0]])


def parse_call(text: Any) -> Call | Suit:
    if not isinstance(text, str):
        raise EgnError(f"{text!r} is not an EGN call")
    if text.lower() == "pass":
        return Call.PASS
    if text.lower() in _ORDER_CALLS:
        return Call.ORDER
    if text in _SUITS:
        return _SUITS[text]
    raise EgnError(f"{text!r} is not an EGN call (Pass, Order or a suit letter c d h s)")


def rules_of(ruleset: Mapping[str, Any]) -> EuchreRules:
    """The rule set an EGN `ruleset` object describes (EGN docs/alternate-rules.md); defaults are EGN's."""
    try:
        lowest = Rank(int(ruleset.get("min_rank", 9)))
        # a game of a fixed number of deals (num_deals, progressive euchre) has no winning score
        game = int(ruleset.get("winning_score", 0 if ruleset.get("num_deals") else 10)) or 10**6
        return EuchreRules(
            lowest=lowest,
            joker=bool(ruleset.get("joker", False)),
            game=game,
            lone_march=int(ruleset.get("loner_march_score", 4)),
            lone_euchred=int(ruleset.get("loner_euchred_score", 2)),
            turned_down_suit_makeable=False,
            stick_the_dealer=bool(ruleset.get("std", True)),
            dealer_partner_alone=bool(ruleset.get("canadian", False)),
            loner_lead=LonerLead(ruleset.get("loner_lead", "LEFT_OF_DEALER")),
        )
    except (TypeError, ValueError) as exc:
        raise EgnError(f"ruleset {dict(ruleset)!r} cannot be read: {exc}") from None


@dataclass(frozen=True, slots=True)
class EgnGame:
    """A whole EGN file: metadata, the rule set, the score before the first deal and the deals (or the
    reason a deal could not be read)."""

    title: str
    players: tuple[str, ...]
    rules: EuchreRules
    initial_score: tuple[int, int]
    deals: tuple[tuple[int, EuchreDeal | str], ...]
    unsupported: tuple[str, ...] = ()
    metadata: Mapping[str, Any] = field(default_factory=dict)


def read_egn(text: str) -> EgnGame:
    """Parse EGN JSON. A deal that cannot be read is kept as its error message; the rest still replays."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise EgnError(f"not JSON: line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    except RecursionError:
        raise EgnError("not JSON that can be read: nested too deeply") from None
    if not isinstance(data, dict) or not isinstance(data.get("deals"), list):
        raise EgnError("not an EGN file: no 'deals' list")
    metadata = data.get("metadata") or {}
    ruleset = metadata.get("ruleset") or {}
    score = metadata.get("initialScore") or [0, 0]
    if not (isinstance(score, list) and len(score) == 2 and all(isinstance(s, int) for s in score)):
        raise EgnError(f"initialScore {score!r} is not two whole numbers")
    deals: list[tuple[int, EuchreDeal | str]] = []
    for position, raw in enumerate(data["deals"]):
        number = raw.get("dealNumber", position) if isinstance(raw, dict) else position
        try:
            deals.append((number, _read_deal(raw)))
        except EgnError as exc:
            deals.append((number, f"deal {number}: {exc}"))
    return EgnGame(
        title=str(metadata.get("title", "")),
        players=tuple(str(p) for p in metadata.get("players", ())),
        rules=rules_of(ruleset),
        initial_score=(score[0], score[1]),
        deals=tuple(deals),
        unsupported=tuple(key for key in _UNSUPPORTED if ruleset.get(key)),
        metadata=metadata,
    )


def _read_deal(raw: Any) -> EuchreDeal:
    if not isinstance(raw, dict) or not isinstance(raw.get("initialState"), dict):
        raise EgnError("no initialState")
    state = raw["initialState"]
    dealer = state.get("dealer")
    if dealer not in (0, 1, 2, 3):
        raise EgnError(f"dealer {dealer!r} is not a player 0-3")
    if "upCard" not in state:
        raise EgnError("no upCard")
    turned = parse_card(state["upCard"])
    phases = {p.get("type"): p for p in raw.get("phases", ()) if isinstance(p, dict)}
    bidding = phases.get("EUCHRE_BIDDING", {})
    calls = tuple(parse_call(c) for c in bidding.get("calls", ()))
    discard = parse_card(bidding["discard"]) if bidding.get("discard") else None
    tricks = []
    for number, trick in enumerate(phases.get("TRICK_PLAY", {}).get("tricks", ()), start=1):
        if not isinstance(trick, list):
            raise EgnError(f"trick {number} is not a list of cards")
        try:
            tricks.append(tuple(parse_card(c) for c in trick))
        except EgnError as exc:
            raise EgnError(f"trick {number}: {exc}") from None
    return EuchreDeal(
        dealer=dealer,
        turned=turned,
        calls=calls,
        alone=bool(bidding.get("isAlone", False)),
        tricks=tuple(tricks),
        discard=discard,
    )


def card_text(card: Card) -> str:
    """A card as EGN writes it ("Th", "B" for the joker)."""
    if card.is_joker:
        return "B"
    return f"{card.rank.letter}{card.suit.value.lower()}"  # type: ignore[union-attr]


def write_egn(
    deals: Sequence[EuchreDeal], *, title: str = "", initial_score: tuple[int, int] = (0, 0)
) -> str:
    """EGN 1.4 JSON for the deals (standard rule set: stick the dealer, lead left of the dealer)."""

    def call_text(call: Call | Suit) -> str:
        if isinstance(call, Suit):
            return call.value.lower()
        return "Pass" if call is Call.PASS else "Order"

    def deal_json(number: int, deal: EuchreDeal) -> dict[str, Any]:
        bidding: dict[str, Any] = {
            "phaseNumber": 0,
            "type": "EUCHRE_BIDDING",
            "calls": [call_text(call) for call in deal.calls],
            "isAlone": deal.alone,
        }
        if deal.discard is not None:
            bidding["discard"] = card_text(deal.discard)
        play = {
            "phaseNumber": 1,
            "type": "TRICK_PLAY",
            "tricks": [[card_text(c) for c in t] for t in deal.tricks],
        }
        return {
            "dealNumber": number,
            "initialState": {"dealer": deal.dealer, "upCard": card_text(deal.turned)},
            "phases": [bidding, play] if deal.tricks else [bidding],
        }

    return json.dumps(
        {
            "fileType": "Euchre Game Notation",
            "version": "1.4",
            "metadata": {
                "title": title,
                "players": ["Player0", "Player1", "Player2", "Player3"],
                "initialScore": list(initial_score),
                "ruleset": {"std": True, "canadian": False, "loner_lead": "LEFT_OF_DEALER"},
            },
            "deals": [deal_json(number, deal) for number, deal in enumerate(deals)],
        },
        indent=2,
    )


def replay(game: EgnGame) -> list[GameReport]:
    """Audit every deal and carry the score, [team0, team1] after each deal, from the file's initial score."""
    reports = []
    score = game.initial_score
    won_at: int | None = None
    for index, (number, deal) in enumerate(game.deals):
        found: list[Irregularity] = []
        if index == 0 and game.unsupported:
            found.append(_malformed(f"rules this replay does not support: {', '.join(game.unsupported)}"))
        if won_at is not None:
            found.append(_malformed(f"the game was already won at deal {won_at}"))
        if isinstance(deal, str):
            reports.append(
                GameReport(index, str(number), irregularities=(*found, _malformed(deal)), score=score)
            )
            continue
        audit = audit_deal(game.rules, deal, score)
        score = (score[0] + audit.points[0], score[1] + audit.points[1])
        if won_at is None and winner(game.rules, score) is not None:
            won_at = number
        making = audit.making
        reports.append(
            GameReport(
                index=index,
                board=str(number),
                declarer=None if making.maker is None else str(making.maker),
                contract=None if making.trump is None else making.trump.value,
                tricks_recorded=None,
                tricks_computed=None if making.maker is None else audit.tricks[making.maker % 2],
                complete=audit.complete,
                has_play=bool(deal.tricks),
                irregularities=(*found, *audit.irregularities),
                alone=making.alone if making.maker is not None else deal.alone,
                score=score,
            )
        )
    return reports


def replay_text(text: str) -> list[GameReport]:
    """Replay EGN JSON text; a file that cannot be read at all gives one report saying why."""
    try:
        game = read_egn(text)
    except EgnError as exc:
        return [GameReport(0, irregularities=(_malformed(str(exc)),))]
    return replay(game)


def replay_file(path: str | Path) -> list[GameReport]:
    """Replay an .egn file (UTF-8 JSON)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return [GameReport(0, irregularities=(_malformed(f"{path}: cannot be read: {exc}"),))]
    return replay_text(text)


def _malformed(message: str) -> Irregularity:
    return Irregularity(IrregularityKind.MALFORMED_RECORD, message)
