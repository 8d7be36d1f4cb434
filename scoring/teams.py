"""A teams Section's matches as stored results show them: each match's IMPs board by board (open room against
closed room) and VPs by the WBF 2013 scale, and each team's VP total. Read by the standings (scoring.services)
and by the Swiss draw (tournaments.services)."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass

from games.models import Result
from scoring.methods import vp
from scoring.methods.imps import teams_match
from tournaments.models import Seating, Section


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """A teams match: the home team sits N-S in the open room, the away team N-S in the closed room."""

    round: int
    home: int
    away: int
    boards: tuple[int, ...]
    """The Boards scored in both rooms so far."""
    imps: tuple[int, ...]
    """The home team's IMPs on each of those Boards (Law 78B, open room N-S against closed room N-S)."""
    scheduled: int
    """The Boards the match is played over: the WBF scale's board count."""

    @property
    def margin(self) -> int:
        return sum(self.imps)

    @property
    def vps(self) -> tuple[float, float]:
        """(home, away) VPs by the WBF 2013 continuous scale to two decimals."""
        return vp.victory_points(self.margin, self.scheduled)


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
    for (rnd, _), (open_room, closed_room, *_) in sorted((k, v) for k, v in rooms.items() if len(v) == 2):
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
                open_room.ns_id,
                open_room.ew_id,
                tuple(both),
                tuple(int(i) for i in per_board),
                len(open_room.boards),
            )
        )
    return matches


def team_totals(section: Section, matches: list[TeamMatch]) -> dict[int, float]:
    """Each team's VPs over its matches with a Board scored (a match not begun counts for neither team)."""
    totals: Counter = Counter({entry: 0.0 for entry in section.entries.values_list("id", flat=True)})
    for match in matches:
        if match.boards:
            home, away = match.vps
            totals[match.home] += home
            totals[match.away] += away
    return {entry: round(total, 2) for entry, total in totals.items()}
