"""A Swiss teams: its rounds planned at set-up, each round after the first drawn from the standings as the
director moves on."""

from __future__ import annotations

from config.refusals import Conflict, Refused
from games.engine.bridge import board_dealer, section_vulnerability
from games.formats.numbers import Column, NumberError, whole_number
from games.models import Board
from scoring.teams import byes, team_matches, team_totals
from tournaments.models import Seating, Section
from tournaments.movements.jsonout import movement_from_json, with_round
from tournaments.movements.model import MovementError, Round, boards_of_set
from tournaments.movements.teams import swiss_pairing, two_rooms
from tournaments.rounds import swiss_rounds

from .deals import deal_from_seed


def plan_swiss(movement: dict, rounds) -> dict:
    """A Swiss's movement with the rounds it will play ("planned_rounds"; blank: as many as its teams can play
    without two of them meeting twice). Its rounds after the first are drawn as play goes, so the count is kept
    for the desk ("round 2 of 4") and next_round stops there."""
    try:
        plan = movement_from_json(movement)
    except MovementError as error:
        raise Refused(f"the movement's {error}") from None
    teams = len(
        {e for rnd in plan.rounds for t in rnd.tables for e in t.players}
        | {e for rnd in plan.rounds for e in rnd.sit_out}  # a bye
        - {0}
    )
    most = swiss_rounds(teams)
    if rounds in (None, ""):
        return movement
    try:
        planned = whole_number(rounds, "rounds", Column(1, most))
    except NumberError as error:
        raise Refused(f"a Swiss of {teams} teams: {error}") from None
    return {
        **movement,
        "planned_rounds": planned,
        "name": f"{plan.name or 'Swiss'}, {planned} rounds",
    }


def draw_swiss_round(section: Section, number: int) -> None:
    """Seat a Swiss's next round from the VP standings once every match of the round before is complete: top
    down, no two teams meeting twice, with an odd number the bye to the lowest team without one
    (movements.teams.swiss_pairing), recorded as the round's `sit_out` (scoring.teams.byes);
    its Boards are the next set, dealt from the Section's seed unless a hand record already holds them."""
    matches = team_matches(section)
    unfinished = [m for m in matches if m.round == number - 1 and len(m.boards) < m.scheduled]
    entries = {e.id: e for e in section.entries.all()}
    if unfinished:
        listed = "; ".join(f"{entries[m.home]} v {entries[m.away]}" for m in unfinished)
        raise Conflict(f"round {number - 1} is not finished: {listed} still have Boards to score")
    totals = team_totals(section, matches)
    numbers = {entry.id: entry.number for entry in entries.values()}
    had_bye = [numbers[team] for teams in byes(section).values() for team in teams]
    try:
        pairs, bye = swiss_pairing(
            [(numbers[e], totals[e]) for e in sorted(entries, key=lambda e: numbers[e])],
            [(numbers[m.home], numbers[m.away]) for m in matches],
            had_bye,
        )
    except MovementError as error:
        raise Conflict(f"round {number}: {error}") from None
    boards = boards_of_set(number, section.boards_per_round)
    by_number = {entry.number: entry for entry in entries.values()}
    tables = two_rooms(pairs, boards)
    Seating.objects.bulk_create([
        Seating(section=section, round=number, table=table.number, ns=by_number[table.ns], ew=by_number[table.ew],
                boards=list(table.boards))
        for table in tables
    ])  # fmt: skip
    have = set(section.boards.values_list("number", flat=True))
    Board.objects.bulk_create([
        Board(section=section, number=n, dealer=board_dealer(n).value,
              vulnerability=section_vulnerability(section.rule_set, n).value,
              deal=deal_from_seed(section.deal_seed, n).to_pbn() if section.deal_seed else "")
        for n in boards if n not in have
    ])  # fmt: skip
    drawn = Round(number, tables, sit_out=() if bye is None else (bye,))
    section.movement = with_round(section.movement, drawn)
    section.save(update_fields=["movement"])
