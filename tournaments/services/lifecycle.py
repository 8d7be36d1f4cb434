"""A Section's life once set up: its status from setup to published, its standing-affecting settings changed (each
with a version and a reason), and the director's rounds."""

from __future__ import annotations

from django.db import transaction

from config.refusals import Conflict, Refused
from games.engine.bridge import section_vulnerability
from games.engine.bridge.scoring import PROGRESSIVE_CONTRACT
from games.engine.rule_sets import check_rule_set, check_scoring
from games.services import publish
from scoring.services import standings_changed
from tournaments.models import EntryKind, Section, Status
from tournaments.rounds import advance, ask_first, begin, last_round
from tournaments.selectors import section_field

from .setup import check_ranking, check_teams_scoring
from .swiss import draw_swiss_round
from .versions import SETTINGS, record_reason, record_version, settings_of

_TRANSITIONS = {
    Status.SETUP: {Status.RUNNING},
    Status.RUNNING: {Status.FINISHED},
    Status.FINISHED: {Status.RUNNING, Status.PUBLISHED},
    Status.PUBLISHED: {Status.FINISHED},
}


@transaction.atomic
def change_settings(section: Section, changes: dict, user, reason: str) -> Section:
    """Change standing-affecting settings with a reason; the standings are recomputed."""
    section = Section.objects.select_for_update(no_key=True).get(id=section.id)
    unknown = set(changes) - set(SETTINGS)
    if unknown:
        raise Refused(f"unknown setting {', '.join(sorted(unknown))}; settings: {', '.join(SETTINGS)}")
    changed = {k: v for k, v in changes.items() if getattr(section, k) != v}
    if not changed:
        return section
    if not (reason or "").strip():
        raise Refused(f"changing {', '.join(changed)} needs a reason")
    if "rule_set" in changed:
        try:
            check_rule_set(section.game, changed["rule_set"])
        except ValueError as error:
            raise Refused(str(error)) from None
        if section.results.exists():
            raise Conflict(
                "the rule set cannot change once results are entered: their scores were computed with it"
            )
    before = settings_of(section)
    for name, value in changed.items():
        setattr(section, name, value)
    section.full_clean(exclude=["session", "movement"])
    try:
        check_scoring(section.game, section.scoring_method)
    except ValueError as error:
        raise Refused(str(error)) from None
    if "rule_set" in changed and PROGRESSIVE_CONTRACT in (before["rule_set"], section.rule_set):
        for board in section.boards.all():  # no results yet: progressive contract's vulnerability is its own
            board.vulnerability = section_vulnerability(section.rule_set, board.number).value
            board.save(update_fields=["vulnerability"])
    if "scoring_method" in changed or "ranking" in changed:
        check_ranking(section.scoring_method, section.ranking, section.plan)
    check_teams_scoring(section, section.entries.filter(kind=EntryKind.TEAM).exists())
    section.save()
    record_version(section, before, user, reason.strip())
    if "ranking" in changed:  # one field, one ranking: its other sections rank by the same rule
        for other in section_field(section):
            if other.id != section.id and other.ranking != section.ranking:
                other_before = settings_of(other)
                other.ranking = section.ranking
                other.save(update_fields=["ranking"])
                record_version(other, other_before, user, f"{reason.strip()} (with section {section.name})")
    standings_changed(section.id)
    return section


@transaction.atomic
def set_status(section: Section, status: str, user, reason: str = "", confirm: bool = False) -> Section:
    """Move a Section along setup → running → finished → published (and back a step to correct). Closing with
    results missing needs confirmation (config.refusals.NeedsConfirmation); closing anyway is recorded with
    the list."""
    section = Section.objects.select_for_update(no_key=True).get(id=section.id)
    current = Status(section.status)
    if status not in _TRANSITIONS[current]:
        allowed = ", ".join(sorted(_TRANSITIONS[current]))
        raise Conflict(f"{section} is {current.label.lower()}; it can go to: {allowed}")
    if status == Status.FINISHED and current == Status.RUNNING:
        reason = "; ".join(filter(None, [ask_first(section, "finish", confirm), reason.strip()]))
    if status == Status.RUNNING and current == Status.SETUP:
        if not section.seatings.exists():
            raise Conflict(f"{section} has no movement yet: install one first")
        begin(section)
    section.status = status
    section.save(update_fields=["status", "current_round", "round_started"])
    if status == Status.PUBLISHED:
        publish(section, f"director {user.get_username()}" if user else "the demo")
    elif status == Status.FINISHED:
        standings_changed(section.id)
    if reason:
        record_reason(section, user, reason)
    return section


@transaction.atomic
def next_round(section: Section, user, reason: str = "", confirm: bool = False) -> Section:
    """On to the round after the director's (a Swiss's drawn first). With results missing it needs confirmation
    (config.refusals.NeedsConfirmation); going on anyway is recorded with the list as a SectionVersion."""
    section = Section.objects.select_for_update(no_key=True).get(id=section.id)
    if section.status != Status.RUNNING:
        raise Conflict(f"{section} is not running")
    if section.is_party:
        raise Conflict(f"{section} is a progressive party: ring the bell to end the round")
    last = last_round(section)
    planned = section.planned_rounds
    if section.movement_kind == "swiss" and section.current_round >= last and (not planned or last < planned):
        draw_swiss_round(section, last + 1)
        last += 1
    if section.current_round >= last:
        raise Conflict(f"round {section.current_round} is the last round of {section}")
    reason = "; ".join(filter(None, [ask_first(section, "next-round", confirm), reason.strip()]))
    advance(section, section.current_round + 1)
    if reason:
        record_reason(section, user, reason)
    return section
