"""The kinds of progressive party, as the books describe them: each kind's game, how its players are counted and
seated the first time (the draws), how its standings are ranked and its prizes go, and the state of a table when the
bell rings. Pure Python (no Django), like the movement and scoring cores it draws on."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import dataclass

from tournaments.movements.individual import eight_players, pivot
from tournaments.movements.model import Movement, MovementError
from tournaments.movements.progressive import Head, Method, Seating
from tournaments.movements.teams import MAX_FORTS

from .seating import MOST_SITTING_OUT, Seated, came_with, ladies

HEAD_TABLE = 1
CONTRACT_DEALS = (
    "neither side vulnerable",
    "dealer's side vulnerable: East deals, E-W",
    "dealer's side vulnerable: South deals, N-S",
    "both sides vulnerable",
)
"""Progressive contract's four deals a round and their vulnerability (Hoyle 1940 L20379–20385), North dealing the
first (FIRST_DEALER)."""
INDIVIDUAL_DEALS = ("auction scoring",) * 4
"""Individual progressive bridge's four deals a round, scored as auction's rubber without its bonus (Hoyle 1940
L5391–5401)."""
ROUND_ENDS = ("bell", "deals", "time")
"""How a round ends: the bell at the head table when a side there wins its game (Hoyle 1940 L11386–11391), a
number of deals (four in progressive contract, L20376–20392), or a time."""
EUCHRE_GAME = 5
"""Drive euchre is played five points up at the head table (Hoyle 1940 L11386–11391; 002 L679)."""


def _sides(players: int, her: frozenset[int]) -> tuple[list[int], list[int]]:
    return sorted(her), [p for p in range(1, players + 1) if p not in her]


def _draw(numbers: list[int], seed: int | str | None) -> list[int]:
    drawn = list(numbers)
    random.Random(seed).shuffle(drawn)
    return drawn


def _fours(players: int, seed: int | str | None, her: frozenset[int] = frozenset()) -> Seated:
    """Any four to a table, by lot; the last drawn beyond the last full table sit out."""
    drawn = _draw(list(range(1, players + 1)), seed)
    seated = 4 * (players // 4)
    tables = tuple(tuple(drawn[i : i + 4]) for i in range(0, seated, 4))
    return Seated(tables, tuple(drawn[seated:]))  # type: ignore[arg-type]


def _mixed_tables(players: int, her: frozenset[int]) -> int:
    """The tables a party of ladies and gentlemen fills, two of each at every table."""
    lady_cards, gentleman_cards = _sides(players, her)
    return min(len(lady_cards), len(gentleman_cards)) // 2


def _mixed(players: int, seed: int | str | None, her: frozenset[int] = frozenset()) -> Seated:
    """Each pair of partners a lady and a gentleman, by the draw of matching cards (002 L678): the ladies draw
    from one pack, the gentlemen from the other, equal cards partner, the pips give the table; the cards beyond
    the last full table sit out. No one partners the one he or she came with where the draw can avoid it."""
    tables = _mixed_tables(players, her)
    lady_cards, gentleman_cards = _sides(players, her)
    drawn_her = _draw(lady_cards, seed)
    him = _draw(gentleman_cards, f"{seed}:gentlemen")
    for i, lady in enumerate(
        drawn_her[: 2 * tables]
    ):  # a gentleman drawn with the lady he came with changes cards
        if him[i] == came_with(lady):
            k = next((k for k in range(2 * tables) if him[k] != came_with(lady)
                      and him[i] != came_with(drawn_her[k])), None)  # fmt: skip
            if k is not None:
                him[i], him[k] = him[k], him[i]
    seated = tuple(
        (drawn_her[2 * t], drawn_her[2 * t + 1], him[2 * t], him[2 * t + 1]) for t in range(tables)
    )
    return Seated(seated, tuple(drawn_her[2 * tables :] + him[2 * tables :]))


def _hearts(players: int, seed: int | str | None, her: frozenset[int] = frozenset()) -> Seated:
    """Two ladies and two gentlemen at each table, alternating (Hoyle 1940 L12249–12251); the rest sit out."""
    tables = _mixed_tables(players, her)
    lady_cards, gentleman_cards = _sides(players, her)
    drawn_her = _draw(lady_cards, seed)
    him = _draw(gentleman_cards, f"{seed}:gentlemen")
    seated = tuple(
        (drawn_her[2 * t], him[2 * t], drawn_her[2 * t + 1], him[2 * t + 1]) for t in range(tables)
    )
    return Seated(seated, tuple(drawn_her[2 * tables :] + him[2 * tables :]))


def _forts(players: int, seed: int | str | None, her: frozenset[int] = frozenset()) -> Seated:
    """Military euchre's first game: each fort's four sit at home, then E and W move one table toward the head
    table (Hoyle 1940 L11440–11447), so fort t's home pair (N-S) meets fort t+1's visitors (the last fort meets the
    first's). Fort f is players 4f-3 (N), 4f-2 (E), 4f-1 (S), 4f (W)."""
    forts = players // 4
    return Seated(
        tuple(
            (4 * t - 3, 4 * (t % forts + 1) - 2, 4 * t - 1, 4 * (t % forts + 1)) for t in range(1, forts + 1)
        )
    )


@functools.cache
def _fixed_rounds(movement: Callable[[], Movement]) -> tuple[Seating, ...]:
    """Every round of a fixed individual movement, each table's players (N, E, S, W)."""
    return tuple(tuple(table.players for table in r.tables) for r in movement().rounds)  # type: ignore[misc]


def _by_movement(
    movement: Callable[[], Movement], players: int, seed: int | str | None, her: frozenset[int] = frozenset()
) -> Seated:
    """The first round of a fixed movement: the players in the seats of their numbers, as the book seats them (the
    pivot is player 1; at eight individual players the hostess, in the seat marked 0, is player 8)."""
    return Seated(_fixed_rounds(movement)[0])


MEASURES = {"games": "Games won", "stars": "Gold stars", "points": "Points", "net": "Net score",
            "punches": "Punch marks", "flags": "Fort's flags"}  # fmt: skip
RANKINGS = {
    "games": "games won, ties cut (Hoyle 1940 L11413–11430)",
    "stars": "gold stars, then red, then fewest green (002 L681)",
    "points": "total points of each player's sides (Hoyle 1940 L20376–20392)",
    "net": "net score, plus less minus (Hoyle 1940 L5408–5411)",
    "punches": "punch marks, a hand won each (Hoyle 1940 L12249–12266)",
    "flags": "each fort's flags (Hoyle 1940 L11452–11464)",
}
"""How each kind's standings are ranked, as the section's heading says it."""
PRIZES = {
    "games": ("by games won", "Prizes go by games won, the punches on each tally card; players tied cut for the block "
              "of prizes their tie covers (Hoyle 1940 L11413–11430)."),
    "stars": ("by stars", "The lady and the gentleman with the most stars of each colour, gold, red and green, each "
              "take a prize; a tie for gold goes to the more red stars (002 L681)."),
    "points": ("by total points", "Prizes go by the total points of each player's sides over every deal (Hoyle 1940 "
               "L20376–20392); players tied cut for the block of prizes their tie covers."),
    "net": ("by net score", "Prizes go to the highest plus scores, the minus scores first deducted (Hoyle 1940 "
            "L5408–5411); players tied cut for the block of prizes their tie covers."),
    "punches": ("by punch marks", "Prizes go to the greatest number of punch marks, one for each hand won with fewer "
                "hearts (Hoyle 1940 L12252–12266); players tied cut for the block of prizes their tie covers."),
    "flags": ("to the forts, by the flags captured", "The winners are the forts that have captured the most flags, "
              "a flag from the losers of each game (Hoyle 1940 L11452–11453, L11463–11466): a fort's four share its "
              "prize; forts tied cut for it."),
}  # fmt: skip
"""Each kind's prizes: how the host's form and messages say they go, and the rule in full."""


@dataclass(frozen=True, slots=True)
class PartyKind:
    """One kind of party: its game, how its players are counted and seated, and the book it follows."""

    name: str
    title: str
    game: str  # the Section's game: euchre, bridge or hearts
    rule_set: str
    scoring: str  # how the standings are worked out: games, stars, points, net, punches, flags
    book: str
    seat: Callable[[int, int | str | None, frozenset[int]], Seated]
    mixed: bool = False  # ladies and gentlemen
    method: Method | None = Method.TOGETHER
    head: Head = Head.WRAP
    """What the head table's winners do when the winners move together (HEAD_RULES)."""
    lady_seats: str = "NE"
    """Where the ladies sit at a table the kind seats afresh (couples: N and E, partnering S and W; hearts: N and
    S, alternating)."""
    min_tables: int = 1
    max_tables: int = 60
    tie: str = "cut"  # how a table tied at the bell is decided
    max_points: int = 99  # a side's points on a round's tally: euchre counts to game, bridge in points
    deals: tuple[str, ...] = ()
    """A round's deals where the tally is kept deal by deal, each with its conditions (progressive contract)."""
    fixed: Callable[[], Movement] | None = None
    """The book's fixed movement of individuals (pivot, eight individual players): who plays where does not hang on
    who won, and the party is over after its last round."""

    def fixed_round(self, number: int) -> Seating | None:
        """Round `number` of a fixed movement; None after its last (or for a kind whose winners move)."""
        rounds = _fixed_rounds(self.fixed) if self.fixed is not None else ()
        return rounds[number - 1] if 1 <= number <= len(rounds) else None

    @property
    def moves_by_winners(self) -> bool:
        """Whether the next round's seating follows the winners (not military euchre's forts nor a fixed movement)."""
        return self.fixed is None and self.name != "military-euchre"

    @property
    def measure(self) -> str:
        """What the standings count, as their column heading says it."""
        return MEASURES[self.scoring]

    @property
    def ranking(self) -> str:
        """How the standings are ranked, in words ("games won, ties cut ...")."""
        return RANKINGS[self.scoring]

    @property
    def prizes_by(self) -> str:
        """How the prizes go, for the host's form and messages ("by punch marks")."""
        return PRIZES[self.scoring][0]

    @property
    def prize_rule(self) -> str:
        """The kind's prize rule in full, from its book."""
        return PRIZES[self.scoring][1]

    @property
    def lone_hands(self) -> bool:
        """Whether the kind plays lone hands anywhere (euchre away from the head table; never military euchre)."""
        return lone_hands_allowed(self.game, HEAD_TABLE + 1, self.name)

    @property
    def head_table_game(self) -> int | None:
        """The points the head table plays to before its bell (euchre, L11386–11391); bridge rounds end after
        their deals, and every table is won by the better score."""
        return EUCHRE_GAME if self.game == "euchre" else None

    def state(
        self, table: int, ns: int, ew: int, hearts: bool = False, hands: int = 0, deals: int | None = None
    ) -> TableState:
        """A table's state on the host's screen. A hearts table's hand is in once its hearts are given (its punches
        and cuts are decided at the bell); bridge tables are all won by the better score. In a round of `deals`
        deals every table, the head table too, plays them all and is then won by the better score."""
        if self.game == "hearts":
            return TableState("played" if hearts else "playing")
        if deals is not None:
            if hands < deals:
                return TableState("playing")
            done = table_state(table, ns, ew, None, self.tie)
            return done if done.state == "tied" else TableState("done", done.winners)
        return table_state(table, ns, ew, self.head_table_game, self.tie)

    def check(self, players: int, forts: int | None = None, her: frozenset[int] | None = None) -> None:
        """Refuse, saying why, a number of players (and, where the method needs them, of ladies) this kind cannot
        seat."""
        what = "forts" if self.name == "military-euchre" else "tables"
        if self.fixed is not None and players != 4 * len(_fixed_rounds(self.fixed)[0]):
            raise MovementError(
                f"{self.title} is played by {4 * len(_fixed_rounds(self.fixed)[0])} players, not {players}"
            )
        if forts is not None:
            if self.name != "military-euchre":
                raise MovementError(f"{self.title} has no forts: give the number of players only")
            if not 2 <= forts <= MAX_FORTS:
                raise MovementError(
                    f"military euchre is played by 2 to {MAX_FORTS} forts (Hoyle 1940 L11436), not {forts}"
                )
            if players != 4 * forts:
                raise MovementError(
                    f"military euchre with {forts} forts needs {4 * forts} players (four to defend each fort), "
                    f"not {players}"
                )
        if self.name == "military-euchre" and players % 4:
            raise MovementError(
                f"military euchre's forts are four defenders each (Hoyle 1940 L11436–11438): {players} players "
                "is not a multiple of 4"
            )
        if self.name != "military-euchre" and self.fixed is None and players < 5:
            raise MovementError(
                f"{self.title} needs 5 players or more (a table and a spare who cuts in), not {players}"
            )
        tables = self.tables(players, her)
        if not self.min_tables <= tables <= self.max_tables:
            raise MovementError(
                f"{self.title} is played at {self.min_tables} to {self.max_tables} {what}, "
                f"not {tables} ({players} players)"
            )
        out = players - 4 * tables
        if out > MOST_SITTING_OUT:
            count = len(her) if her is not None else len(ladies(players))
            raise MovementError(
                f"{self.title} seats two ladies and two gentlemen at a table: {count} ladies and "
                f"{players - count} gentlemen fill {tables} table{'' if tables == 1 else 's'} and would leave "
                f"{out} sitting out every round, more than {MOST_SITTING_OUT}: the sides must be nearer in number"
            )

    def tables(self, players: int, her: frozenset[int] | None = None) -> int:
        """The tables `players` fill: every four, or where ladies partner gentlemen two of each a table."""
        if self.mixed:
            return _mixed_tables(players, ladies(players) if her is None else her)
        return players // 4

    def head_rule(self, method: Method | None = None) -> str:
        """What the head table's winners do, in words for the host page (the kind's method if none given)."""
        method = method or self.method
        if self.name == "military-euchre":
            return "no head table: the N-S pairs stay at home, the E-W pairs visit every fort in turn (Hoyle 1940 L11440–11451)"
        if self.fixed is not None:
            return f"no head table: everyone moves by the book's fixed rounds ({self.book}), whoever wins"
        if method is None:  # hearts
            return HEAD_RULES["hearts"]
        if method is Method.SPLIT:
            return HEAD_RULES["split"]
        return HEAD_RULES[self.head.value]

    def first_seating(
        self,
        players: int,
        seed: int | str | None = None,
        forts: int | None = None,
        her: frozenset[int] | None = None,
    ) -> Seating:
        """The first seating by the kind's draw (a number the tables seat exactly); see first_round."""
        return self.first_round(players, seed, forts, her).tables

    def first_round(
        self,
        players: int,
        seed: int | str | None = None,
        forts: int | None = None,
        her: frozenset[int] | None = None,
    ) -> Seated:
        """The first round by the kind's draw, `her` the ladies (the odd numbers if not given): the tables, and
        the spares the draw left over, who sit it out and cut in the next round (sit_out_next)."""
        self.check(players, forts, her)
        return self.seat(players, seed, ladies(players) if her is None else her)


HEAD_RULES = {
    "wrap": "the head table's winners go round to the booby table and separate there, each taking a loser as "
    "partner, so that no winner plays with another winner (Hoyle 1940 L11408–11411, L5403–5406); the head "
    "table's losers keep the table and take the winners from table 2 as partners",
    "stay": "the head table's winners keep their seats, partners again; its losers go to the booby table and the "
    "winners from table 2 take their places (the older Hoyle, 002 L680)",
    "split": "the head table's winning lady stays and her partner goes down a table, as every winning pair splits "
    "(Hoyle 1940 L11405–11408); the head's losing lady goes to the booby table and the booby's losing gentleman "
    "comes up, so that every winner partners a loser",
    "hearts": "at the head table the lady with fewer hearts stays and the other lady goes round to the booby table; "
    "at the booby table the gentleman with fewer hearts stays and the other goes round to the head (Hoyle 1940 "
    "L12252–12263 leaves the ends open)",
}
"""The head table's rule of each way of moving, as the host page says it."""


KINDS: dict[str, PartyKind] = {
    kind.name: kind
    for kind in (
        PartyKind("euchre", "Progressive euchre", "euchre", "progressive-1940", "games",
                  "Hoyle 1940 L11376–11430", _fours),
        PartyKind("euchre-couples", "Progressive euchre, ladies and gentlemen", "euchre", "progressive-1940",
                  "games", "Hoyle 1940 L11401–11411", _mixed, mixed=True, method=Method.SPLIT),
        PartyKind("star-euchre", "Progressive euchre with gold, red and green stars", "euchre", "progressive-1940",
                  "stars", "the older Hoyle (002) L677–682", _mixed, mixed=True, tie="most tricks toward the next hand",
                  head=Head.STAY),
        PartyKind("contract-bridge", "Progressive contract bridge", "bridge", "progressive-contract", "points",
                  "Hoyle 1940 L20376–20392", _fours, max_points=30000, deals=CONTRACT_DEALS),
        PartyKind("individual-bridge", "Individual progressive bridge (auction scoring)", "bridge", "auction-1926",
                  "net", "Hoyle 1940 L5391–5411", _fours, max_points=30000, deals=INDIVIDUAL_DEALS),
        PartyKind("hearts", "Progressive hearts", "hearts", "hoyle-1940", "punches", "Hoyle 1940 L12249–12266",
                  _hearts, mixed=True, method=None, lady_seats="NS"),
        PartyKind("military-euchre", "Military euchre", "euchre", "progressive-1940", "flags",
                  "Hoyle 1940 L11433–11469", _forts, method=None, max_tables=MAX_FORTS, min_tables=2),
        PartyKind("pivot-bridge", "Pivot auction bridge (four players, a rubber a round)", "bridge", "auction-1926",
                  "net", "Hoyle 1940 L5414–5428", functools.partial(_by_movement, pivot), method=None, min_tables=1,
                  max_tables=1, max_points=30000, fixed=pivot),
        PartyKind("eight-individual", "Eight individual players (four deals a round)", "bridge", "auction-1926",
                  "net", "Hoyle 1940 L5498–5541", functools.partial(_by_movement, eight_players), method=None,
                  min_tables=2, max_tables=2, max_points=30000, deals=INDIVIDUAL_DEALS, fixed=eight_players),
    )
}  # fmt: skip


def kind_of(name: str) -> PartyKind:
    try:
        return KINDS[name]
    except KeyError:
        raise MovementError(f"unknown party kind {name!r}; the kinds: {', '.join(KINDS)}") from None


def party_kind(movement_kind: str) -> PartyKind:
    """The kind of a party Section by its movement kind; parties seated by hand ("progressive") are euchre's."""
    return KINDS.get(movement_kind, KINDS["euchre"])


@dataclass(frozen=True, slots=True)
class TableState:
    """A table's state as the host sees it: "playing", "won" (winners "NS" or "EW"), "done" (the round's deals all
    played; winners) or "tied" (decided by `tie`); a hearts table's hand "played"."""

    state: str
    winners: str = ""
    tie: str = ""


def table_state(table: int, ns: int, ew: int, game: int | None = EUCHRE_GAME, tie: str = "cut") -> TableState:
    """The head table has won only when a side made `game` (Hoyle 1940 L11386–11391; None: no game to play to, as
    at bridge); any other table is won by the better score when the bell rings (L11413–11416), and equal scores are
    a tie, decided by `tie`."""
    if table == HEAD_TABLE and game is not None:
        if ns >= game or ew >= game:
            return TableState("won", "NS" if ns >= ew else "EW")
        return TableState("playing")
    if ns == ew:
        return TableState("tied", tie=tie)
    return TableState("won", "NS" if ns > ew else "EW")


def lone_hands_allowed(game: str, table: int, kind: str = "") -> bool:
    """No lone hands at the head table (Hoyle 1940 L11381–11382), none at all in military euchre (L11446)."""
    return game == "euchre" and table != HEAD_TABLE and kind != "military-euchre"
