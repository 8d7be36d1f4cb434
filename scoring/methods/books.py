"""The books' own ways of finding the winners (Hoyle 1940, rules-hoyle-1940.md; L = line of the 1940 text).

- Compass (duplicate auction): each pair's total against its direction's average, N-S and E-W ranked apart, with
  the referee's balance check (L5371–5385).
- Progressive euchre: games won (punches), a game at any table but the head being won by the better score when
  the head table finishes, a special prize for the most lone hands, prizes for ties shared by block (L11413–11430).
  Progressive hearts ranks by punch marks the same way (L12252–12266).
- Individual progressive bridge, pivot and rubber bridge: each player's plus scores less minus scores (L5408–5411:
  won 1,640 and lost 320 → +1,320); progressive contract rounds of four deals (L20376–20392).
- Military euchre: forts ranked by the flags they captured (L11452–11464).
- The older Hoyle's mixed party (seed 002 L677–682): gold, red and green stars; ties by red, then fewest green.

Deal scores (rubber, progressive contract, hearts settlements) come from the rules engines (games.engine); this
module only turns them into standings.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from games.engine import hearts
from games.engine.bridge.calls import Contract
from games.engine.bridge.scoring import (
    AUCTION_1926,
    PROGRESSIVE_CONTRACT,
    DealScore,
    progressive_vulnerability,
    rules,
    score_deal,
)
from games.engine.cards import Deal, Seat, Side
from games.engine.hearts import HeartsRules
from scoring.methods.ranking import Prizes, award_prizes, random_cut, ranks

Player = Hashable


@dataclass(frozen=True, slots=True)
class CompassLine:
    pair: Hashable
    total: int
    plus_minus: Fraction  # against the direction's average
    rank: str


@dataclass(frozen=True, slots=True)
class Compass:
    ns: tuple[CompassLine, ...]
    ew: tuple[CompassLine, ...]
    average_ns: Fraction
    average_ew: Fraction
    problems: tuple[str, ...]

    @property
    def balanced(self) -> bool:
        """ "If the losses and gains balance, the scores are correct" (L5383–5385)."""
        return not self.problems


def compass(ns_totals: Mapping[Hashable, int], ew_totals: Mapping[Hashable, int]) -> Compass:
    """Each direction's grand total divided by its pairs is the average; a pair is so many points plus or minus.

    Every tray's N-S score is the E-W score negated (only the net is recorded, L5342–5344), so with every tray
    played by as many N-S as E-W pairs the N-S gains are the E-W losses: the check that the referee's sums are
    right.
    """

    def direction(totals: Mapping[Hashable, int]) -> tuple[tuple[CompassLine, ...], Fraction]:
        average = Fraction(sum(totals.values()), len(totals)) if totals else Fraction(0)
        deviations = [total - average for total in totals.values()]
        labels = ranks([float(d) for d in deviations])
        lines = zip(totals.items(), deviations, labels, strict=True)
        return tuple(CompassLine(pair, total, d, label) for (pair, total), d, label in lines), average

    ns, average_ns = direction(ns_totals)
    ew, average_ew = direction(ew_totals)
    problems = []
    if len(ns_totals) != len(ew_totals):
        problems.append(f"{len(ns_totals)} N-S pairs but {len(ew_totals)} E-W pairs")
    elif sum(ns_totals.values()) != -sum(ew_totals.values()):
        problems.append(
            f"the N-S total {sum(ns_totals.values()):+d} and the E-W total {sum(ew_totals.values()):+d} "
            "do not balance: a score was posted wrongly"
        )
    return Compass(ns, ew, average_ns, average_ew, tuple(problems))


@dataclass(frozen=True, slots=True)
class Posting:
    """One tray's score as the two pairs posted it on their own cards (L5366–5372): N-S's and E-W's figures, each
    from its own side; None where a pair's card is not known (the other's figure, negated, stands for it)."""

    board: str
    ns: Hashable
    ew: Hashable
    score_ns: int | None
    score_ew: int | None


def compass_postings(postings: Iterable[Posting]) -> Compass:
    """The compass ranking from each pair's own postings, with every tray whose two cards disagree named: the
    referee's check that "the losses and gains balance" (L5383–5385) finds that one of them was mis-posted."""
    ns_totals: dict[Hashable, int] = {}
    ew_totals: dict[Hashable, int] = {}
    misposted = []
    for posting in postings:
        if posting.score_ns is None and posting.score_ew is None:
            continue
        ns = posting.score_ns if posting.score_ns is not None else -(posting.score_ew or 0)
        ew = posting.score_ew if posting.score_ew is not None else -ns
        if ns != -ew:
            misposted.append(
                f"board {posting.board}: N-S pair {posting.ns} posted {ns:+d} but E-W pair {posting.ew} posted "
                f"{ew:+d}, not {-ns:+d}"
            )
        ns_totals[posting.ns] = ns_totals.get(posting.ns, 0) + ns
        ew_totals[posting.ew] = ew_totals.get(posting.ew, 0) + ew
    found = compass(ns_totals, ew_totals)
    return dataclasses.replace(found, problems=(*found.problems, *misposted))


@dataclass(frozen=True, slots=True)
class TableGame:
    """One table's game in a progressive round: its two partnerships and their points when the round ended."""

    table: int  # 1 is the head table
    pairs: tuple[tuple[Player, Player], tuple[Player, Player]]
    points: tuple[int, int]


def games_won(rounds: Iterable[Iterable[TableGame]], game: int = 5) -> Counter[Player]:
    """Punches per player: at the head table the pair that made `game` points, elsewhere the better score.

    L11413–11416: "a game at any but the head table being considered as won by making the better score". The
    book says nothing of equal scores at a table; nobody is punched then.
    """
    punches: Counter[Player] = Counter()
    for round_ in rounds:
        for table in round_:
            a, b = table.points
            if table.table == 1:
                winner = 0 if a >= game else 1 if b >= game else None
            else:
                winner = 0 if a > b else 1 if b > a else None
            if winner is not None:
                punches.update(table.pairs[winner])
    return punches


@dataclass(frozen=True, slots=True)
class ProgressiveStandings:
    ranking: tuple[tuple[Player, int, str], ...]  # player, games won (or punches), rank
    prizes: Prizes
    lone_hand_prize: Prizes | None


def progressive_standings(
    won: Mapping[Player, int],
    prizes: int,
    lone_hands: Mapping[Player, int] | None = None,
    cut: Callable[[Sequence[Player]], Sequence[Player]] = random_cut,
    lone_hand_cut: Callable[[Sequence[Player]], Sequence[Player]] | None = None,
) -> ProgressiveStandings:
    """Rank by games won; prizes by block with cuts recorded; optionally the lone-hand prize (L11416–11418),
    its ties cut by `lone_hand_cut` (a cut of its own, `cut` if not given)."""
    players = sorted(won, key=lambda p: -won[p])
    labels = ranks([won[p] for p in players])
    lone = None
    if lone_hands:
        lone = award_prizes([(p, n) for p, n in lone_hands.items() if n > 0], 1, lone_hand_cut or cut)
    return ProgressiveStandings(
        tuple((p, won[p], label) for p, label in zip(players, labels, strict=True)),
        award_prizes([(p, won[p]) for p in players], prizes, cut),
        lone,
    )


LONE_HAND_PRIZE = "lone-hand prize"


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, ..., 21st."""
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


@dataclass(frozen=True, slots=True)
class Award:
    """What a player takes home, in words: the prizes ("1st prize", "lone-hand prize") and how a tie was cut."""

    prize: str = ""
    cut: str = ""


def prize_awards(
    standings: ProgressiveStandings, name: Callable[[Player], str] = str, who: str = "player"
) -> dict[Player, Award]:
    """Each player's prizes and cuts as the standings print them; players with neither are left out.

    A cut reads "drew 1st of 2 in the cut with player 7 for the choice of the 1st and 2nd prizes" (`name` writes
    a player as the standings number him, `who` says what he is: "" where the name says it, as "Fort Henry"): the
    winner of the cut takes the first of the block (the book lets him choose, L11426–11428), a loser past the
    block gets nothing (L11428–11430).
    """
    prizes: dict[Player, list[str]] = {}
    cuts: dict[Player, list[str]] = {}
    groups = [(standings.prizes, lambda number: f"{ordinal(number)} prize")]
    if standings.lone_hand_prize is not None:
        groups.append((standings.lone_hand_prize, lambda number: LONE_HAND_PRIZE))
    for awarded, label in groups:
        for player, number in awarded.awards.items():
            prizes.setdefault(player, []).append(label(number))
        for cut in awarded.cuts:
            if len(cut.prizes) == 1:
                block = f"the {label(cut.prizes[0])}"
            else:
                block = f"the choice of the {_and([ordinal(n) for n in cut.prizes])} prizes"
            for place, player in enumerate(cut.order, start=1):
                others = [name(p) for p in cut.players if p != player]
                cuts.setdefault(player, []).append(
                    f"drew {ordinal(place)} of {len(cut.order)} in the cut with "
                    f"{who + 's' * (len(others) > 1) + ' ' if who else ''}{_and(others)} for {block}"
                )
    return {
        player: Award(", ".join(prizes.get(player, [])), "; ".join(cuts.get(player, [])))
        for player in {**prizes, **cuts}
    }


@dataclass(frozen=True, slots=True)
class Net:
    plus: int = 0
    minus: int = 0

    @property
    def net(self) -> int:
        return self.plus - self.minus


def net_by_player(results: Iterable[tuple[Sequence[Player], int]]) -> dict[Player, Net]:
    """Each result (a partnership's players and its signed lump sum for a round or rubber) credited to each player.

    L5408–5411: a player who "won 1,640 points and lost only 320 ... would be plus 1,320".
    """
    totals: dict[Player, Net] = {}
    for players, points in results:
        for player in players:
            old = totals.get(player, Net())
            totals[player] = Net(old.plus + max(points, 0), old.minus + max(-points, 0))
    return totals


def net_ranking(totals: Mapping[Player, Net]) -> list[tuple[Player, int, str]]:
    """Highest net first, ties written "3="."""
    players = sorted(totals, key=lambda p: -totals[p].net)
    labels = ranks([totals[p].net for p in players])
    return [(p, totals[p].net, label) for p, label in zip(players, labels, strict=True)]


def progressive_contract_round(
    first_dealer: Seat, deals: Sequence[tuple[Contract | None, int] | tuple[Contract | None, int, Deal]]
) -> DealScore:
    """The four deals of a progressive contract round, each scored alone (L20376–20392): the dealer moves
    clockwise and vulnerability follows the deal's place in the round. Returns the round's points per side."""
    return sum(progressive_contract_deals(first_dealer, deals), DealScore())


def progressive_contract_deals(
    first_dealer: Seat, deals: Sequence[tuple[Contract | None, int] | tuple[Contract | None, int, Deal]]
) -> list[DealScore]:
    """Each deal of a progressive contract round scored alone (L20376–20392), `progressive_contract_round` deal
    by deal."""
    if len(deals) > 4:
        raise ValueError(f"a progressive round has four deals, not {len(deals)}")
    rule_set = rules(PROGRESSIVE_CONTRACT)
    scores = []
    dealer = first_dealer
    for number, (contract, tricks, *cards) in enumerate(deals, start=1):
        score = DealScore()
        if contract is not None:
            assert contract.declarer is not None  # a contract, not a pass-out
            vulnerable = progressive_vulnerability(number, dealer).of(contract.declarer.side)
            score = score_deal(rule_set, contract, tricks, vulnerable, cards[0] if cards else None)
        scores.append(score)
        dealer = dealer.next
    return scores


def individual_bridge_deals(deals: Sequence[tuple[Contract | None, int, DealScore]]) -> list[DealScore]:
    """The four deals of a round of individual progressive bridge, each side's points deal by deal: "The scoring
    is precisely as in the ordinary rubber except that there is no 250 for winning the rubber. If either side
    reaches 30 points, it adds 125 in honors, for the game won, and 125 for any further game or games in the four
    deals" (Hoyle 1940 L5396–5401). The ordinary rubber is auction's (Laws 57–70): trick points below the line
    carry from deal to deal toward a game of 30, and each game starts both sides from nothing. Each deal: its
    contract (with declarer; None passed out), declarer's tricks and the honors claimed."""
    if len(deals) > 4:
        raise ValueError(f"a round of individual progressive bridge has four deals, not {len(deals)}")
    rule_set = rules(AUCTION_1926)
    scores = []
    legs = DealScore()
    for contract, tricks, honors in deals:
        score = score_deal(rule_set, contract, tricks) + honors
        legs = legs + DealScore(score.below_ns, score.below_ew)
        for side in (Side.NS, Side.EW):
            if legs.below(side) >= 30:
                score, legs = score + DealScore.to(side, above=125), DealScore()
        scores.append(score)
    return scores


def military_flags(games: Iterable[tuple[Hashable, Hashable]]) -> list[tuple[Hashable, int, str]]:
    """Forts ranked by flags captured: each game's winners take a flag from the losers (L11452–11464).

    games: (winning fort, losing fort) per game. A fort that never won is listed with 0.
    """
    flags: Counter[Hashable] = Counter()
    forts: dict[Hashable, None] = {}
    for winner, loser in games:
        flags[winner] += 1
        forts.setdefault(winner)
        forts.setdefault(loser)
    ordered = sorted(forts, key=lambda f: -flags[f])
    labels = ranks([flags[f] for f in ordered])
    return [(f, flags[f], label) for f, label in zip(ordered, labels, strict=True)]


@dataclass(frozen=True, slots=True)
class HeartsSession:
    totals: dict[Player, Fraction]  # chips won (+) or paid (−) over the session
    ranking: list[tuple[Player, Fraction, str]]
    jack: int  # a sweepstake pool still waiting for a winner


def hearts_session(
    players: Sequence[Player],
    hands: Iterable[Sequence[int]],
    settlement: str,
    rules: HeartsRules | None = None,
) -> HeartsSession:
    """Add up a session of hearts hands under one of the book's settlements (games.engine.hearts).

    hands: per hand each player's count (hearts taken, or spot values for "spot"). settlement: "basic",
    "sweepstake" (the jack carries over until a single player takes no hearts, L12131–12137), "howell" or "spot".
    """
    totals = dict.fromkeys(players, Fraction(0))
    jack = 0
    for number, counts in enumerate(hands, start=1):
        if len(counts) != len(players):
            raise ValueError(f"hand {number}: {len(counts)} counts for {len(players)} players")
        if settlement == "sweepstake":
            result = hearts.sweepstake(rules or hearts.HeartsRules(), counts, jack)
            net, jack = result.net, result.jack
        elif settlement in ("basic", "howell", "spot"):
            net = getattr(hearts, settlement)(counts)
        else:
            raise ValueError(f"unknown hearts settlement {settlement!r} (basic, sweepstake, howell, spot)")
        for player, chips in zip(players, net, strict=True):
            totals[player] += chips
    ordered = sorted(players, key=lambda p: -totals[p])
    labels = ranks([float(totals[p]) for p in ordered])
    return HeartsSession(
        totals, [(p, totals[p], label) for p, label in zip(ordered, labels, strict=True)], jack
    )


@dataclass(frozen=True, slots=True)
class Stars:
    """The mixed party's stars (seed 002 L680): gold for a win at the head table, red for a win at any other,
    green for a loss at the booby table."""

    gold: int = 0
    red: int = 0
    green: int = 0

    @property
    def key(self) -> tuple[int, int, int]:
        """Most gold; "in the event of a tie ... the number of red stars ... decides. If this again is a tie, the
        competitor with the fewest green stars is the winner" (002 L681)."""
        return (self.gold, self.red, -self.green)


def star_counts(
    games: Iterable[tuple[int, Sequence[Player], Sequence[Player]]], tables: int
) -> dict[Player, Stars]:
    """Stars per player from each game: (table, winners, losers), table 1 the head table, `tables` the booby."""
    counts: dict[Player, Stars] = {}
    for table, winners, losers in games:
        for player in winners:
            old = counts.get(player, Stars())
            gold = table == 1
            counts[player] = Stars(old.gold + gold, old.red + (not gold), old.green)
        for player in losers:
            old = counts.get(player, Stars())
            counts[player] = Stars(old.gold, old.red, old.green + (table == tables and tables > 1))
    return counts


def star_ranking(counts: Mapping[Player, Stars]) -> list[tuple[Player, Stars, str]]:
    """Players by gold stars, ties by red, then by fewest green; equal in all three share a rank ("2=")."""
    players = sorted(counts, key=lambda p: counts[p].key, reverse=True)
    gold, red, green = zip(*(counts[p].key for p in players), strict=True) if players else ((), (), ())
    labels = ranks(list(gold), [list(red), list(green)])
    return [(p, counts[p], label) for p, label in zip(players, labels, strict=True)]


STAR_COLOURS = ("gold", "red", "green")


def star_prizes(
    counts: Mapping[Player, Stars],
    ladies: Collection[Player],
    cut: Callable[[Sequence[Player]], Sequence[Player]] = random_cut,
) -> dict[Player, Award]:
    """The star party's prizes (002 L681): "the lady and gentleman having the largest number of stars of a given
    class each receive a prize"; "in the event of a tie for a gold star prize, the number of red stars held by each
    player decides. If this again is a tie, the competitor with the fewest green stars is the winner". The book
    gives no rule for the other colours' ties, nor for a gold tie past the green stars: those are cut. No one wins a
    colour's prize without a star of it."""
    prizes: dict[Player, list[str]] = {}
    cuts: dict[Player, list[str]] = {}
    for colour in STAR_COLOURS:
        for side, group in (("Lady", [p for p in counts if p in ladies]),
                            ("Gentleman", [p for p in counts if p not in ladies])):  # fmt: skip

            def key(p: Player, colour: str = colour) -> tuple[int, ...]:
                return counts[p].key if colour == "gold" else (getattr(counts[p], colour),)

            holders = [p for p in group if getattr(counts[p], colour)]
            if not holders:
                continue
            best = max(key(p) for p in holders)
            tied = sorted((p for p in holders if key(p) == best), key=str)
            prize = f"{side}'s {colour}-star prize"
            winner = cut(tied)[0] if len(tied) > 1 else tied[0]
            prizes.setdefault(winner, []).append(prize)
            if len(tied) > 1:
                others = [str(p) for p in tied if p != winner]
                cuts.setdefault(winner, []).append(
                    f"won the cut with player{'s' if len(others) > 1 else ''} {_and(others)} for the {prize.lower()}"
                )
    return {p: Award(_and(prizes[p]), "; ".join(cuts.get(p, []))) for p in prizes}


def hearts_hand_winners(
    hearts_taken: Mapping[Player, int],
    ladies: Collection[Player],
    cut: Callable[[Sequence[Player]], Sequence[Player]] = random_cut,
) -> tuple[Player, Player]:
    """Progressive hearts after a hand at one table (Hoyle 1940 L12252–12263): the lady with fewer hearts and the
    gentleman with fewer hearts each win (a punch mark; she moves up, he down); "Ties are decided by cutting"."""

    def fewer(group: list[Player]) -> Player:
        if len(group) != 2:
            raise ValueError(
                f"a progressive hearts table seats two ladies and two gentlemen, not {len(group)}"
            )
        a, b = group
        if hearts_taken[a] != hearts_taken[b]:
            return a if hearts_taken[a] < hearts_taken[b] else b
        return cut([a, b])[0]

    return fewer([p for p in hearts_taken if p in ladies]), fewer(
        [p for p in hearts_taken if p not in ladies]
    )
