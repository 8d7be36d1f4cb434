"""Teams scoring: each match IMPed board by board (the open room's N-S score against the closed room's), its margin
turned into VPs by the WBF 2013 continuous scale (scoring.methods.vp), a bye scored BYE_VPS, and the teams ranked by
their VPs. Read by the standings service (team_standings), the Swiss draw (tournaments.services) and the teams pages.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass

from games.models import Result
from scoring.methods import vp
from scoring.methods.imps import teams_match
from scoring.methods.ranking import competition_places, place_labels
from scoring.models import Standing
from tournaments.models import Seating, Section

BYE_VPS = 12.0
"""What a team with a bye scores: 12 VPs on the 20-point scale, the WBF General Conditions of Contest's figure for a
bye in a teams event (the alternative some organisers use, the team's own average, is not offered). It counts once
the round's play has begun (a board of one of its matches scored), as a match not begun counts for neither team."""


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """A teams match: the home team sits N-S in the open room, the away team N-S in the closed room."""

    round: int
    number: int
    """Match m of its round: tables 2m-1 (open room) and 2m (closed room)."""
    home: int
    away: int
    boards: tuple[int, ...]
    """The Boards scored in both rooms so far."""
    imps: tuple[int, ...]
    """The home team's IMPs on each of those Boards (Law 78B, open room N-S against closed room N-S)."""
    scheduled: int
    """The Boards the match is played over: the WBF scale's board count."""
    schedule: tuple[int, ...] = ()
    """Those Boards' numbers."""

    @property
    def margin(self) -> int:
        return sum(self.imps)

    @property
    def home_imps(self) -> int:
        return sum(i for i in self.imps if i > 0)

    @property
    def away_imps(self) -> int:
        return -sum(i for i in self.imps if i < 0)

    @property
    def vps(self) -> tuple[float, float]:
        """(home, away) VPs by the WBF 2013 continuous scale to two decimals."""
        return vp.victory_points(self.margin, self.scheduled)

    @property
    def open_table(self) -> int:
        return 2 * self.number - 1

    @property
    def closed_table(self) -> int:
        return 2 * self.number


def team_matches(section: Section) -> list[TeamMatch]:
    """Every match of a teams Section (tables 2m-1 and 2m of a round are match m's open and closed rooms), IMPed
    on the Boards both rooms have scored (an artificial adjusted score has no N-S score and counts no IMPs)."""
    scores = {
        (rnd, table, board): score
        for rnd, table, board, score in Result.objects.filter(
            section=section, score_ns__isnull=False
        ).values_list("round", "table", "board__number", "score_ns")
    }
    rooms: dict[tuple[int, int], list[Seating]] = defaultdict(list)
    for seating in section.seatings.filter(ns__isnull=False, ew__isnull=False).order_by("round", "table"):
        rooms[(seating.round, (seating.table + 1) // 2)].append(seating)
    matches = []
    for (rnd, number), (open_room, closed_room, *_) in sorted(
        (k, v) for k, v in rooms.items() if len(v) == 2
    ):
        both = [
            b
            for b in open_room.boards
            if (rnd, open_room.table, b) in scores and (rnd, closed_room.table, b) in scores
        ]
        per_board, _ = teams_match(
            [scores[(rnd, open_room.table, b)] for b in both],
            [scores[(rnd, closed_room.table, b)] for b in both],
        )
        matches.append(
            TeamMatch(
                rnd,
                number,
                open_room.ns_id,
                open_room.ew_id,
                tuple(both),
                tuple(int(i) for i in per_board),
                len(open_room.boards),
                tuple(open_room.boards),
            )
        )
    return matches


def byes(section: Section) -> dict[int, list[int]]:
    """Each round's teams with a bye (entry ids): the movement's `sit_out` of that round (a round robin's, or the
    one the Swiss draw recorded)."""
    ids = dict(section.entries.values_list("number", "id"))
    found: dict[int, list[int]] = {}
    for rnd in section.plan.rounds if section.plan else ():
        teams = [ids[n] for n in rnd.sit_out if n in ids]
        if teams:
            found[rnd.number] = teams
    return found


def round_vps(section: Section, matches: list[TeamMatch]) -> dict[int, dict[int, float]]:
    """Each team's VPs round by round ({entry id: {round: VPs}}): a match once a Board of it is scored, a bye
    (BYE_VPS) once its round has begun."""
    vps: dict[int, dict[int, float]] = {e: {} for e in section.entries.values_list("id", flat=True)}
    begun = {match.round for match in matches if match.boards}
    for match in matches:
        if match.boards:
            vps[match.home][match.round], vps[match.away][match.round] = match.vps
    for rnd, teams in byes(section).items():
        if rnd in begun:
            for team in teams:
                vps[team][rnd] = BYE_VPS
    return vps


def team_totals(section: Section, matches: list[TeamMatch]) -> dict[int, float]:
    """Each team's VPs over its matches with a Board scored and its byes (a match not begun counts for neither
    team)."""
    return {entry: round(sum(rounds.values()), 2) for entry, rounds in round_vps(section, matches).items()}


def team_standings(section: Section, computed: int) -> list[Standing]:
    """Teams ranked by VPs, ties sharing a place (the rows the standings service stores)."""
    matches = team_matches(section)
    totals = team_totals(section, matches)
    played: Counter = Counter()
    for match in matches:
        played[match.home] += len(match.boards)
        played[match.away] += len(match.boards)
    entries = list(totals)
    places = competition_places([[totals[e]] for e in entries])
    labels = place_labels(places)
    return [
        Standing(
            section=section,
            entry_id=entry,
            total=totals[entry],
            percentage=None,
            boards=played[entry],
            place=int(places[i]),
            rank=labels[i],
            field="",
            computed=computed,
        )
        for i, entry in enumerate(entries)
    ]
