"""Four-hand euchre, a deal replayed: trump making, the play and the score checked against the rules
(games.engine.euchre.rules), every fault an Irregularity named with its book and line."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from games.engine.cards import Card, Suit
from games.engine.euchre.rules import (
    HAND_SIZE,
    PLAYERS,
    TRICKS,
    Call,
    EuchreRules,
    EuchreTricks,
    JokerTurnUp,
    TrumpMaking,
    make_trump,
    opening_leader,
    revoke_score,
    score_deal,
    turned_suit,
)
from games.engine.report import Irregularity, IrregularityKind
from games.engine.trick_play import PlayAudit, audit_tricks, legal_cards


@dataclass(frozen=True, slots=True)
class EuchreDeal:
    """One deal as recorded: dealer, turned card, calls, the lone flag, the dealer's discard if known, the
    tricks in the order the cards fell, and the hands as dealt if known (else rebuilt from the play)."""

    dealer: int
    turned: Card
    calls: tuple[Call | Suit, ...]
    alone: bool = False
    tricks: tuple[tuple[Card, ...], ...] = ()
    discard: Card | None = None
    hands: Mapping[int, frozenset[Card]] | None = None
    joker_suit: Suit | None = None
    """The suit the dealer named, or the next card's suit, when the joker was turned up."""
    loner: int | None = None
    """Who plays alone when it is not the maker (his partner, where the rules allow it)."""
    superseded: int | None = None
    """The loner's partner, when he announced the lone hand first and the loner took it over."""
    called: tuple[tuple[int, Card, int], ...] = ()
    """Exposed cards the adversaries called: (player, card, trick 1-based at which it was called to be played)."""


@dataclass(frozen=True, slots=True)
class DealAudit:
    """A deal replayed: trump making, the play, the tricks each team won and the points each team scored."""

    making: TrumpMaking
    play: PlayAudit | None
    tricks: tuple[int, int]
    points: tuple[int, int]
    complete: bool
    irregularities: tuple[Irregularity, ...]
    misdeal: bool = False
    """A player was dealt too many or too few cards and no card was played: "A misdeal loses the deal" (1940
    L11167-11172); nothing is scored and the deal passes to the left."""


def audit_deal(rules: EuchreRules, deal: EuchreDeal, score: tuple[int, int] = (0, 0)) -> DealAudit:
    """Replay one deal and report what is wrong with it. `score` is the score before the deal."""
    found: list[Irregularity] = []
    pack = frozenset(rules.pack())
    if deal.turned not in pack:
        found.append(_malformed(f"the turned card {deal.turned} is not in the pack"))
    if deal.turned.is_joker and rules.joker_turn_up is not JokerTurnUp.SPADES:
        if deal.joker_suit is None:
            found.append(_malformed("the joker was turned up and the record does not say which suit it made"))
            return DealAudit(
                TrumpMaking(None, None, None, None, False), None, (0, 0), (0, 0), False, tuple(found)
            )
        offered = deal.joker_suit
    else:
        offered = turned_suit(rules, deal.turned)
    making = make_trump(rules, deal.dealer, offered, deal.calls, deal.alone, deal.loner, deal.superseded)
    found.extend(making.irregularities)
    if making.trump is None or making.maker is None:
        if deal.tricks:
            found.append(_malformed("cards were played although no trump was made"))
        return DealAudit(making, None, (0, 0), (0, 0), False, tuple(found))
    found.extend(_check_counts(deal))
    misdealt = {p for p, hand in (deal.hands or {}).items() if len(hand) != HAND_SIZE}
    if misdealt and not deal.tricks:
        return DealAudit(making, None, (0, 0), (0, 0), False, tuple(found), misdeal=True)
    maker, alone = making.maker, making.alone
    idle = None if making.loner is None else (making.loner + 2) % PLAYERS
    order = [p for p in range(PLAYERS) if p != idle]
    rules_of_play = EuchreTricks(making.trump)
    hands = _hands_before_play(deal, making)
    play = audit_tricks(
        rules_of_play,
        order,
        opening_leader(rules, deal.dealer, making.loner),
        deal.tricks,
        hands,
        pack=pack,
        law_follow="1940 L11123-11125; 000 Law 33",
    )
    found.extend(play.irregularities)
    found.extend(_check_turned_card(deal, making, play))
    tricks = [0, 0]
    for player, count in play.won.items():
        tricks[player % 2] += count
    complete = len(deal.tricks) == TRICKS and all(len(t) == len(order) for t in deal.tricks)
    refused = _check_called(deal, rules_of_play, play)
    found.extend(refused)
    revokers = {int(i.seat) for i in play.irregularities if i.kind is IrregularityKind.REVOKE and i.seat}
    revokers |= {int(i.seat) for i in refused if i.seat}  # "forfeits two to his opponents, as in a revoke"
    if revokers:
        points = revoke_score(rules, revokers, maker, alone)
    elif complete:
        points = score_deal(rules, maker, alone, tricks[maker % 2])
        # A wrong number of cards found after the first trick: "the deal stands good; but he cannot score
        # anything that hand" (1940 L11178-11180).
        voided = {p % 2 for p in misdealt}
        points = (0 if 0 in voided else points[0], 0 if 1 in voided else points[1])
    else:
        points = (0, 0)
    return DealAudit(making, play, (tricks[0], tricks[1]), points, complete, tuple(found))


def _check_called(deal: EuchreDeal, rules: EuchreTricks, play: PlayAudit) -> list[Irregularity]:
    """Exposed cards called and not played when they could be: "All exposed cards may be called, and the
    offending party compelled to lead or play the exposed card or cards when he can legally do so, but in no
    case can a card be called if a revoke is thereby caused" (000 Law 25 L779-782); refusing "forfeits two to
    his opponents, as in a revoke" (000 Law 39 L876-877)."""
    found = []
    for player, card, number in deal.called:
        if not 1 <= number <= len(play.tricks):
            continue
        trick = play.tricks[number - 1]
        plays = dict(trick.plays)
        before = {c for t in play.tricks[: number - 1] for p, c in t.plays if p == player}
        holding = frozenset(play.hands.get(player, frozenset()) - before)
        if player not in plays or plays[player] == card or card not in holding:
            continue
        led = None if trick.leader == player else rules.led_suit(trick.plays[0][1], None)
        if card in legal_cards(rules, holding, led):
            found.append(
                Irregularity(
                    IrregularityKind.EXPOSED_CARD_NOT_PLAYED,
                    f"player {player} played {plays[player]}, not the exposed {card} called for trick {number}",
                    number,
                    str(player),
                    str(plays[player]),
                    "000 Laws 25, 39 L779-782, L876-877",
                )
            )
    return found


def _hands_before_play(deal: EuchreDeal, making: TrumpMaking) -> Mapping[int, frozenset[Card]] | None:
    """The known hands after the dealer took up the turned card and discarded, or None to rebuild them."""
    if deal.hands is None:
        return None
    hands = dict(deal.hands)
    if making.taken_up:
        dealer_hand = set(hands.get(deal.dealer, frozenset())) | {deal.turned}
        if deal.discard is not None:
            dealer_hand.discard(deal.discard)
        hands[deal.dealer] = frozenset(dealer_hand)
    return hands


def _check_turned_card(deal: EuchreDeal, making: TrumpMaking, play: PlayAudit) -> list[Irregularity]:
    """The turned card belongs to the dealer after a take-up, and stays in the kitty once turned down."""
    found = []
    who = {card: (trick.number, player) for trick in play.tricks for player, card in trick.plays}
    if deal.turned in who:
        number, player = who[deal.turned]
        if not making.taken_up:
            found.append(
                Irregularity(
                    IrregularityKind.CARD_NOT_HELD,
                    f"{deal.turned} was turned down and stays in the kitty",
                    number,
                    str(player),
                    str(deal.turned),
                    "000 L393-396",
                )
            )
        elif player != deal.dealer:
            found.append(
                Irregularity(
                    IrregularityKind.CARD_NOT_HELD,
                    f"{deal.turned} was taken up by the dealer, player {deal.dealer}",
                    number,
                    str(player),
                    str(deal.turned),
                    "1940 L11089-11094",
                )
            )
    if deal.discard is not None and not making.taken_up:
        found.append(
            Irregularity(
                IrregularityKind.ILLEGAL_DISCARD,
                f"the turned card was not taken up, so the dealer discards nothing, not {deal.discard}",
                None,
                str(deal.dealer),
                str(deal.discard),
                "1940 L11089-11096",
            )
        )
    if deal.discard is not None and making.taken_up:
        if deal.discard in who:
            number, player = who[deal.discard]
            found.append(
                Irregularity(
                    IrregularityKind.ILLEGAL_DISCARD,
                    f"{deal.discard} was discarded by the dealer and cannot be played",
                    number,
                    str(player),
                    str(deal.discard),
                    "000 Law 22 L748-756",
                )
            )
        dealer_plays = [c for t in play.tricks for p, c in t.plays if p == deal.dealer]
        if (
            deal.discard != deal.turned
            and deal.turned not in who
            and len(dealer_plays) == TRICKS
            and deal.hands is None
        ):
            found.append(
                Irregularity(
                    IrregularityKind.WRONG_CARD_COUNT,
                    f"the dealer took up {deal.turned}, discarded {deal.discard} and never played {deal.turned}",
                    None,
                    str(deal.dealer),
                    str(deal.turned),
                    "000 Law 24 L769-775",
                )
            )
    return found


def _check_counts(deal: EuchreDeal) -> list[Irregularity]:
    """Five cards dealt to each player (1940 L11049-11051; 000 Law 13) and at most five tricks."""
    found = []
    for player, hand in sorted((deal.hands or {}).items()):
        if len(hand) != HAND_SIZE:
            found.append(
                Irregularity(
                    IrregularityKind.WRONG_CARD_COUNT,
                    f"player {player} was dealt {len(hand)} cards, not {HAND_SIZE}",
                    None,
                    str(player),
                    None,
                    "1940 L11178-11180",
                )
            )
    if len(deal.tricks) > TRICKS:
        found.append(
            Irregularity(
                IrregularityKind.WRONG_CARD_COUNT,
                f"{len(deal.tricks)} tricks recorded, not {TRICKS}",
                TRICKS + 1,
            )
        )
    return found


def _malformed(message: str) -> Irregularity:
    return Irregularity(IrregularityKind.MALFORMED_RECORD, message)
