"""What the teams pages show: the standings with VPs round by round, a match board by board (both rooms side by
side with the IMPs), a team's matches, and a board's traveller room by room. The figures are scoring.teams'; which
boards a viewer may open is tournaments.visibility's (a hidden board's rooms show no contract, score or IMPs)."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.models import Board, Result
from scoring.models import Standing
from scoring.teams import BYE_VPS, TeamMatch, byes, round_vps, team_matches
from tournaments.models import Entry, ScoringMethod, Section, Status
from tournaments.visibility import Viewer


def is_teams(section: Section) -> bool:
    return section.scoring_method == ScoringMethod.VICTORY_POINTS


@dataclass(frozen=True, slots=True)
class RoundCell:
    """A team's round in the standings: its VPs (None before play), and its opponent or its bye."""

    round: int
    vps: float | None
    opponent: Entry | None = None
    match: TeamMatch | None = None
    bye: bool = False


@dataclass(frozen=True, slots=True)
class TeamRow:
    standing: Standing
    cells: list[RoundCell]

    @property
    def entry(self) -> Entry:
        return self.standing.entry


@dataclass(frozen=True, slots=True)
class TeamsView:
    """A teams section's matches, byes and VPs, read once for a page."""

    section: Section
    matches: list[TeamMatch]
    vps: dict[int, dict[int, float]]
    byes: dict[int, list[int]]
    entries: dict[int, Entry] = field(default_factory=dict)

    @classmethod
    def of(cls, section: Section) -> TeamsView:
        matches = team_matches(section)
        entries = {e.id: e for e in section.entries.prefetch_related("players")}
        return cls(section, matches, round_vps(section, matches), byes(section), entries)

    @property
    def rounds(self) -> list[int]:
        return sorted({m.round for m in self.matches} | set(self.byes))

    @property
    def rounds_begun(self) -> list[int]:
        """The rounds in play or played (a round robin's later rounds, seated from the start, add nothing to the
        standings yet)."""
        begun = {m.round for m in self.matches if m.boards}
        return [r for r in self.rounds if r in begun or r <= self.section.current_round]

    def cells(self, entry_id: int, rounds: list[int] | None = None) -> list[RoundCell]:
        cells = []
        for rnd in self.rounds if rounds is None else rounds:
            vps = self.vps.get(entry_id, {}).get(rnd)
            if entry_id in self.byes.get(rnd, ()):
                cells.append(RoundCell(rnd, vps, bye=True))
                continue
            match = next((m for m in self.matches if m.round == rnd and entry_id in (m.home, m.away)), None)
            other = None if match is None else match.away if match.home == entry_id else match.home
            cells.append(RoundCell(rnd, vps, self.entries.get(other), match))
        return cells

    def bye_teams(self, rnd: int) -> list[Entry]:
        return [self.entries[e] for e in self.byes.get(rnd, ()) if e in self.entries]


def standings_context(section: Section, viewer: Viewer) -> dict:
    """What a teams section's standings show: the rows with VPs round by round, the team(s) with this round's bye
    while it runs, and whether the viewer's own team has it ("your team has a bye this round")."""
    view = TeamsView.of(section)
    now = view.bye_teams(section.current_round) if section.status == Status.RUNNING else []
    return {
        "is_teams": True, "teams": standings(section, view, ranked=viewer.sees_standings),
        "team_rounds": view.rounds_begun, "byes_now": now,
        "my_bye": any(team.id in viewer.entries for team in now), "bye_vps": BYE_VPS,
    }  # fmt: skip


def bye_teams(section: Section, rnd: int) -> list[Entry]:
    """The teams with a bye in round `rnd` (for the table phones of that round)."""
    ids = byes(section).get(rnd, [])
    return list(section.entries.filter(id__in=ids).order_by("number"))


def my_byes(user) -> list[Entry]:
    """A signed-in player's teams that have a bye in the round their running section is playing (the phone's
    "your team has a bye this round")."""
    if not user.is_authenticated:
        return []
    mine = Entry.objects.filter(
        players__user=user,
        section__status=Status.RUNNING,
        section__scoring_method=ScoringMethod.VICTORY_POINTS,
    ).select_related("section__session__event")
    return [entry for entry in mine if entry.id in byes(entry.section).get(entry.section.current_round, ())]


def standings(section: Section, view: TeamsView | None = None, ranked: bool = True) -> list[TeamRow]:
    """The stored ranking with each team's VPs round by round (its opponent or its bye); not `ranked` (a viewer
    who may not see the standings yet, tournaments.visibility), in the teams' order."""
    view = view or TeamsView.of(section)
    order = ("place",) if ranked else ()
    rows = Standing.objects.filter(section=section).select_related("entry").order_by(*order, "entry__number")
    return [TeamRow(row, view.cells(row.entry_id, view.rounds_begun)) for row in rows]


@dataclass(frozen=True, slots=True)
class Room:
    """One room's result on a board: who sat N-S and E-W and what they made."""

    result: Result | None
    ns: Entry
    ew: Entry


@dataclass(frozen=True, slots=True)
class BoardLine:
    """A board of a match: the open and closed rooms side by side and the IMPs to each team (None until both
    rooms are in); `seen` False hides it all."""

    number: int
    seen: bool
    open: Room
    closed: Room
    home_imps: int | None
    away_imps: int | None


def match_lines(
    section: Section, viewer: Viewer, match: TeamMatch, entries: dict[int, Entry]
) -> list[BoardLine]:
    """The match's boards in order, each with both rooms' results and the IMPs, hidden where the viewer may not
    see the board."""
    rows = Result.objects.filter(
        section=section, round=match.round, table__in=(match.open_table, match.closed_table)
    )
    results = {(r.table, r.board.number): r for r in rows.select_related("board")}
    boards = dict(
        Board.objects.filter(section=section, number__in=match.schedule).values_list("number", "id")
    )
    imps = dict(zip(match.boards, match.imps, strict=True))
    home, away = entries[match.home], entries[match.away]
    lines = []
    for number in sorted(boards):
        seen = viewer.sees_board(boards[number])
        imp = imps.get(number) if seen else None
        lines.append(
            BoardLine(
                number,
                seen,
                Room(results.get((match.open_table, number)) if seen else None, home, away),
                Room(results.get((match.closed_table, number)) if seen else None, away, home),
                None if imp is None else max(imp, 0),
                None if imp is None else max(-imp, 0),
            )
        )
    return lines


def find_match(view: TeamsView, rnd: int, number: int) -> TeamMatch | None:
    return next((m for m in view.matches if (m.round, m.number) == (rnd, number)), None)


@dataclass(frozen=True, slots=True)
class BoardMatch:
    """A board as one match played it: both rooms and the IMPs to the home team."""

    match: TeamMatch
    home: Entry
    away: Entry
    open: Result | None
    closed: Result | None
    imps: int | None
    """The home team's IMPs (negative: the away team's), None until both rooms are in."""

    @property
    def to_home(self) -> int:
        return max(self.imps or 0, 0)

    @property
    def to_away(self) -> int:
        return max(-(self.imps or 0), 0)


def board_rooms(section: Section, board: Board) -> list[BoardMatch]:
    """A teams board's traveller: each match that played it, its open and closed rooms side by side."""
    view = TeamsView.of(section)
    results = {r.table: r for r in board.results.select_related("ns", "ew")}
    found = []
    for match in view.matches:
        if board.number not in match.schedule:
            continue
        imps = dict(zip(match.boards, match.imps, strict=True)).get(board.number)
        found.append(
            BoardMatch(
                match,
                view.entries[match.home],
                view.entries[match.away],
                results.get(match.open_table),
                results.get(match.closed_table),
                imps,
            )
        )
    return found


def team_matches_of(view: TeamsView, entry: Entry, seen: set[int] | None = None) -> list[dict]:
    """A team's rounds: each match from its side (opponent, IMPs for and against, VPs) or its bye. With `seen`
    (the board numbers a viewer may see; None for all), a match over a board not among them shows no score: its
    IMPs would tell how that board went (tournaments.visibility)."""
    rows = []
    for cell in view.cells(entry.id):
        if cell.bye:
            rows.append({"round": cell.round, "bye": True, "vps": cell.vps, "bye_vps": BYE_VPS})
            continue
        match = cell.match
        if match is None:
            continue
        home = match.home == entry.id
        if seen is not None and not set(match.schedule) <= seen:
            rows.append({"round": cell.round, "match": match, "opponent": cell.opponent, "home": home,
                         "hidden": True, "boards": 0, "scheduled": match.scheduled})  # fmt: skip
            continue
        rows.append({
            "round": cell.round, "match": match, "opponent": cell.opponent, "home": home, "vps": cell.vps,
            "imps_for": match.home_imps if home else match.away_imps,
            "imps_against": match.away_imps if home else match.home_imps,
            "boards": len(match.boards), "scheduled": match.scheduled,
        })  # fmt: skip
    return rows
