"""The director's set-up page: one event and session of one or more sections, each with the movement chosen from
the registry (tournaments.movements.registry, which also lists the options the page offers), previewed (table
cards and the check) before it is made, the entries' players typed from the members, the boards dealt.

Several sections are scored apart (each its own deals and matchpoints) or across the field (one set of deals,
every result of a board number compared, one ranking: Session.scored_across). Views are thin: every change goes
through tournaments.services and tournaments.membership.
"""

from __future__ import annotations

import datetime
import string

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render

from config.refusals import Refused
from games.engine.rule_sets import SECTION_CHOICES, check_scoring
from games.formats.numbers import Column, NumberError, whole_number
from scoring.methods.registry import RANKINGS
from tournaments import membership, services
from tournaments.models import Club, Event, ScoringMethod, Section, Session
from tournaments.movements.cards import table_cards
from tournaments.movements.check import check
from tournaments.movements.jsonout import movement_from_json
from tournaments.movements.model import Movement
from tournaments.movements.registry import SECTION_KINDS
from tournaments.pages import members as member_pages
from tournaments.permissions import is_director
from tournaments.printables import cards_movement

MOVEMENTS = {name: (kind.description, kind.size) for name, kind in SECTION_KINDS.items()}
"""The movement kinds offered on the set-up page (movements.registry): description and the size it takes."""

PAGE_OPTIONS = [(name, option) for name, kind in SECTION_KINDS.items() for option in kind.page]
"""Each kind's page options (movements.registry), shown with their kind."""

RULES = {f"{game}:{rule_set}": description for (game, rule_set), description in SECTION_CHOICES.items()}
"""The game and rule set choices (games.engine.rule_sets.SECTION_CHOICES), "bridge:duplicate-2017" first."""

SIZE_HINT = "; ".join(f"{kind.description.split(' (')[0]}: {kind.size}" for kind in SECTION_KINDS.values())
"""What the size is for each kind ("Mitchell: tables; Howell: pairs; ...")."""


RANKING_CHOICES = [
    ("", "As the scoring method's programs do (matchpoints: by percentage; ACBL and IMPs: factored totals)"),
    *((rule.name, rule.label) for rule in RANKINGS.values()),
]
"""The ranking rules the page offers (scoring.methods.registry); blank takes the scoring method's default."""


def _options(data) -> list[dict]:
    """The page options' fields as the form shows them, with the value chosen."""
    return [
        {"kind": kind.replace("-", " ").capitalize(), "key": kind, "name": option.name, "label": option.label,
         "choices": option.choices, "chosen": data.get(option.name) or option.choices[0][0]}
        for kind, option in PAGE_OPTIONS
    ]  # fmt: skip


def _features(plan: Movement) -> list[str]:
    """What the preview says of a movement beyond its cards: the generator's notes (skip, relay, arrow switch),
    the relay stand and the tables that share, and who sits out each round."""
    lines = [note[0].upper() + note[1:] for note in plan.notes]
    shared = {group for rnd in plan.rounds for group in rnd.shares}
    if any(rnd.relay for rnd in plan.rounds):
        lines.append(
            "A relay stand holds one set of boards each round"
            + "".join(
                f"; tables {' and '.join(map(str, group))} share their boards" for group in sorted(shared)
            )
        )
    sit_outs = [
        f"round {rnd.number}: {', '.join(map(str, rnd.sit_out))}" for rnd in plan.rounds if rnd.sit_out
    ]
    if sit_outs:
        lines.append("Sit out (no boards, no result missing): " + "; ".join(sit_outs))
    return lines


SECTIONS = Column(1, 26)
"""Sections of one session: A to Z."""

FIELD_SCORING = {
    "apart": "Scored apart (own boards and ranking)",
    "across": "Scored across the field (same boards, one ranking)",
}


def _movement(data, size: str) -> dict:
    """The movement the form asks for at `size`, generated and checked: its kind and the kind's page options."""
    kind = data.get("kind", "mitchell")
    if kind not in MOVEMENTS:
        raise Refused(f"movement {kind!r} is not one of {', '.join(MOVEMENTS)}")
    choices = {option.name: data.get(option.name, "") for option in SECTION_KINDS[kind].page}
    sizes = {MOVEMENTS[kind][1]: size, "boards_per_round": data.get("boards_per_round", "")}
    movement = services.generate_movement(kind, choices, **sizes)
    return services.plan_swiss(movement, data.get("rounds", "")) if kind == "swiss" else movement


def _section_movements(data, names: list[str], across: bool) -> dict[str, dict]:
    """Each section's movement: all of the size asked, or each its own from "sizes" ("7, 6": a club's 13 tables
    in two sections). Sections of different sizes are scored across the field only if they play the same boards."""
    given = data.get("sizes", "").replace(",", " ").split()
    if not given:
        given = [data.get("size", "")] * len(names)
    elif len(given) != len(names):
        raise Refused(f"sizes: {len(given)} given ({', '.join(given)}) for {len(names)} section"
                      f"{'s' if len(names) > 1 else ''} ({', '.join(names)}); give one a section or none")  # fmt: skip
    made: dict[str, dict] = {}  # one movement a size, shared by the sections of that size
    for size in given:
        if size not in made:
            try:
                made[size] = _movement(data, size)
            except Refused as error:
                if len(set(given)) == 1:
                    raise
                which = [name for name, each in zip(names, given, strict=True) if each == size]
                raise Refused(
                    f"section{'s' if len(which) > 1 else ''} {', '.join(which)}: {error.message}"
                ) from None
    if across and len(made) > 1 and data.get("kind", "mitchell") == "mitchell":
        _bye_stands(data, made)
    movements = {name: made[size] for name, size in zip(names, given, strict=True)}
    if across and len(made) > 1:
        played = {name: sorted(_boards(movement)) for name, movement in movements.items()}
        if len({tuple(boards) for boards in played.values()}) > 1:
            raise Refused("scored across the field, the sections must play the same boards: "
                          + "; ".join(f"section {name} plays {len(boards)}" for name, boards in played.items())
                          + ". Score them apart, or give them sizes that play the same boards")  # fmt: skip
    return movements


def _bye_stands(data, made: dict[str, dict]) -> None:
    """Across the field, a Mitchell of an even number of tables one short of another section's plays that
    section's sets with a bye stand for its missing table (7 + 6 tables: boards 1-21 in both, each set at the same
    table in the same round), whichever even-table method was chosen: no other plays the same boards."""
    tables = {size: int(size) for size in made if size.isdigit()}
    for size, count in tables.items():
        if count % 2 == 0 and count + 1 in tables.values():
            wanted = data.copy()
            wanted["even"] = "bye"
            made[size] = _movement(wanted, size)


def _boards(movement: dict) -> set[int]:
    plan = movement_from_json(movement)
    return {board for rnd in plan.rounds for table in rnd.tables for board in table.boards}


def _previews(movements: dict[str, dict]) -> list[dict]:
    """The preview of each different movement: which sections play it, its check, notes and table cards."""
    groups: dict[int, list[str]] = {}
    for name, movement in movements.items():
        groups.setdefault(id(movement), []).append(name)
    previews = []
    for names in groups.values():
        movement = movements[names[0]]
        where = f"section {names[0]}" if len(names) == 1 else f"sections {', '.join(names)}"
        if len(groups) == 1:
            where = f"in each of {where}" if len(names) > 1 else ""
        plan = movement_from_json(movement)
        previews.append({"where": where, "movement": movement, "features": _features(plan),
                         "problems": [problem.message for problem in check(plan)],
                         "cards": table_cards(cards_movement(plan))})  # fmt: skip
    return previews


def _sections_request(data, method: str) -> tuple[list[str], bool]:
    """The sections' names (A, B, ...) and whether they are scored across the field."""
    try:
        count = whole_number(data.get("sections", "1") or "1", "sections", SECTIONS)
    except NumberError as error:
        raise Refused(str(error)) from None
    across = data.get("field_scoring", "apart")
    if across not in FIELD_SCORING:
        raise Refused(f"scoring of the sections {across!r} is not one of {', '.join(FIELD_SCORING)}")
    across = across == "across" and count > 1
    if across and method not in (ScoringMethod.MATCHPOINTS, ScoringMethod.MATCHPOINTS_ACBL,
                                 ScoringMethod.BUTLER, ScoringMethod.CROSS_IMPS):  # fmt: skip
        raise Refused(f"{ScoringMethod(method).label} ranks each section by its own matches: score the sections "
                      "apart")  # fmt: skip
    return list(string.ascii_uppercase[:count]), across


def _rules(data, method: str) -> tuple[str, str]:
    """The game and rule set the form asks for, checked against the scoring method."""
    chosen = data.get("rules") or next(iter(RULES))
    if chosen not in RULES:
        raise Refused(f"game and rule set {chosen!r} is not one of {', '.join(RULES)}")
    game, rule_set = chosen.split(":")
    try:
        check_scoring(game, method)
    except ValueError as error:
        raise Refused(str(error)) from None
    return game, rule_set


TEAMS_NOTE = "Scoring set to IMPs and VPs: a teams movement is scored by them, not by matchpoints."


def _teams_scored(data):
    """The form's values with a teams movement scored by VPs when it came with the default, matchpoints (the
    page's script does this as the movement is chosen; without it the preview does, and says so; the form that
    creates the session is never changed)."""
    kind = SECTION_KINDS.get(data.get("kind", ""))
    method = data.get("scoring_method", ScoringMethod.MATCHPOINTS)
    if kind is None or kind.size != "teams" or method != ScoringMethod.MATCHPOINTS:
        return data
    data = data.copy()
    data["scoring_method"], data["scoring_note"] = ScoringMethod.VICTORY_POINTS, "1"
    return data


def _prefix(names: list[str], name: str) -> str:
    """The entry form's field names of a section: players-<number>, or players-<section>-<number> for several."""
    return "players-" if len(names) == 1 else f"players-{name}-"


@login_required
def new_session(request, slug: str):
    """Set up a session: a movement chosen from a list, previewed (table cards and check) before it is made, for
    one section or several scored apart or across the field."""
    club = get_object_or_404(Club, slug=slug)
    if not is_director(request.user, club):
        raise PermissionDenied("only a director of this club may do this")
    data = request.POST if request.method == "POST" else _teams_scored(request.GET)
    context = {
        "scoring_note": TEAMS_NOTE if data.get("scoring_note") else "",
        "club": club, "movements": MOVEMENTS, "methods": ScoringMethod.choices[:-1], "values": data,
        "today": datetime.date.today().isoformat(), "field_scoring": FIELD_SCORING, "options": _options(data),
        "size_hint": SIZE_HINT, "rules": RULES, "rankings": RANKING_CHOICES,
    }  # fmt: skip
    if "kind" in data:
        try:
            method = data.get("scoring_method", ScoringMethod.MATCHPOINTS)
            if method not in ScoringMethod.values[:-1]:
                raise Refused(
                    f"scoring method {method!r} is not one of {', '.join(ScoringMethod.values[:-1])}"
                )
            _rules(data, method)
            names, across = _sections_request(data, method)
            movements = _section_movements(data, names, across)
            for movement in movements.values():
                services.check_ranking(method, data.get("ranking", ""), movement_from_json(movement))
        except Refused as error:
            context["problem"] = error.message
            return render(request, "direct/new_session.html", context, status=400)
        context["previews"] = previews = _previews(movements)
        context["ready"] = ready = not any(preview["problems"] for preview in previews)
        context["sections"] = [
            (name if len(names) > 1 else "",
             member_pages.entry_rows(services.movement_entries(movement_from_json(movements[name])), data, prefix=_prefix(names, name)))
            for name in names
        ]  # fmt: skip
        context["members"] = member_pages.member_choices(club)
        if request.method == "POST" and ready:
            try:
                players = {
                    name: member_pages.typed_players(club, data, _prefix(names, name)) for name in names
                }
                team_names = {
                    name: member_pages.typed_team_names(data, _prefix(names, name)) for name in names
                }
                sections = _create(request, club, data, movements, players, across, team_names)
            except Refused as error:
                context["problem"] = error.message
                return render(request, "direct/new_session.html", context, status=400)
            boards = sum(len(s.boards.all()) for s in sections)
            made_names = (
                " and ".join(f"section {s.name}" for s in sections) if len(sections) > 1 else str(sections[0])
            )
            messages.success(request, f"{made_names} set up: {boards} boards dealt"
                             f"{', the same deals in every section' if across else ''}.")  # fmt: skip
            return redirect("direct-section", sections[0].id)
    return render(request, "direct/new_session.html", context)


@transaction.atomic
def _create(
    request, club: Club, data, movements: dict, players: dict, across: bool, team_names: dict
) -> list[Section]:
    """The event, its session and sections, each with its movement, its entries' players (and teams' names) and
    the deal: all or nothing. Scored across the field, every section is dealt from one seed (tournaments.services.deal_boards)."""
    name = data.get("name", "").strip() or "Pairs"
    try:
        date = datetime.date.fromisoformat(data.get("date", ""))
    except ValueError:
        date = datetime.date.today()
    method = data.get("scoring_method", ScoringMethod.MATCHPOINTS)
    game, rule_set = _rules(data, method)
    ranking = services.check_ranking(method, data.get("ranking", ""))
    event = Event.objects.create(club=club, name=name, date=date)
    session = Session.objects.create(event=event, number=1, scored_across=across)
    sections = []
    for letter, chosen in players.items():
        section = Section.objects.create(session=session, name=letter, scoring_method=method, game=game,
                                         rule_set=rule_set, ranking=ranking)  # fmt: skip
        section = services.install_movement(section, movements[letter], request.user)
        membership.name_entries(section, chosen, team_names[letter])
        sections.append(section)
    if across:
        services.deal_boards(sections[0])
    else:
        for section in sections:
            services.deal_boards(section)
    return [Section.objects.get(id=s.id) for s in sections]
