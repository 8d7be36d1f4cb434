"""Military euchre's forts (Hoyle 1940 L11433–11469): each fort's four defenders, its flag, the game that moves
the visitors on, and the leaderboard of the flags captured. Pure Python (no Django)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass

from scoring.methods import books
from tournaments.movements.progressive import Seating


def fort_of(player: int) -> int:
    """Military euchre: players 4f-3 to 4f defend fort f."""
    return (player - 1) // 4 + 1


FORT_FLAGS = ("red", "blue", "green", "yellow", "purple", "orange", "white", "black", "pink", "brown", "grey",
              "teal")  # fmt: skip
"""Each fort's own flag by its number (Hoyle 1940 L11436–11438: "Each table is a fort, with a flag of its own"), one
for each of the twelve forts a party may have."""


@dataclass(frozen=True, slots=True)
class Fort:
    """A military euchre fort: its number (its home table), its name and its flag."""

    number: int
    name: str
    flag: str


@dataclass(frozen=True, slots=True)
class FortStanding:
    """A fort's place on the leaderboard: the flags it captured, its rank, its prize and how a tie for it was cut."""

    fort: Fort
    flags: int
    rank: str
    prize: str = ""
    cut: str = ""


def fort_standings(
    forts: Sequence[Fort],
    games: Iterable[tuple[int, int]],
    prizes: int,
    cut: Callable[[Sequence[Hashable]], Sequence[Hashable]],
) -> list[FortStanding]:
    """The forts ranked by the flags they captured, each game's winners taking one from the losers, and the prizes
    theirs: "The winners are the forts that have captured the most trophies" (Hoyle 1940 L11452–11464). Forts tied
    for a prize cut for it as players do at euchre (L11420–11430; the book says nothing of forts' ties). `games`:
    (winning fort, losing fort) by number."""
    captured = Counter(winner for winner, _ in games)
    by_number: dict[Hashable, Fort] = {fort.number: fort for fort in forts}
    ranking = books.progressive_standings({f.number: captured[f.number] for f in forts}, prizes, cut=cut)
    awards = books.prize_awards(ranking, name=lambda number: by_number[number].name, who="")
    prized = ranking.prizes.awards  # among forts tied, the winner of the cut first
    return [
        FortStanding(
            by_number[n], flags, rank, awards.get(n, books.Award()).prize, awards.get(n, books.Award()).cut
        )
        for n, flags, rank in sorted(
            ranking.ranking, key=lambda row: (-row[1], prized.get(row[0], len(forts) + 1))
        )
    ]


def next_fort_game(seating: Seating) -> Seating:
    """Military euchre's next game: the N-S pairs stay at home, every E-W pair moves one table toward the head
    table and the head table's visitors go round to the last fort (Hoyle 1940 L11440–11451)."""
    visitors = [(east, west) for _, east, _, west in seating]
    moved = visitors[1:] + visitors[:1]
    return tuple((n, e, s, w) for (n, _, s, _), (e, w) in zip(seating, moved, strict=True))


def forts_played(seating: Seating) -> bool:
    """True when the visitors are back at home: every fort has met every other once (L11458–11462)."""
    return all(fort_of(east) == fort_of(north) for north, east, _, _ in seating)
