"""The demo's events: a published 7-table Mitchell, a running 5-table Howell, a progressive euchre party."""

import os
import re

import pytest
from django.core.management import call_command

from games.models import Result
from parties.models import Tally
from scoring.methods.ranking import seeded_cut
from tournaments.models import Section

pytestmark = pytest.mark.django_db(transaction=True)


def test_demo_events(client):
    call_command("demo", stdout=open(os.devnull, "w"))  # noqa: SIM115
    monday = Section.objects.get(session__event__name="Monday Pairs")
    assert (monday.status, monday.results.count(), monday.two_winners) == ("published", 147, True)
    standings = client.get(f"/api/sections/{monday.id}/standings/").json()
    assert len(standings) == 14 and all(s["boards"] == 21 for s in standings)
    assert sorted(s["rank"] for s in standings if s["field"] == "NS")[0].startswith("1")
    assert all(b["deal"] for b in client.get(f"/api/boards/?section={monday.id}").json()), (
        "published: hands shown"
    )

    howell = Section.objects.get(session__event__name="Thursday Howell")
    assert (howell.status, howell.current_round, howell.results.count()) == ("running", 4, 54)
    boards = client.get(f"/api/boards/?section={howell.id}").json()
    assert all(b["hidden"] and b["deal"] is None for b in boards), "the public sees no hand while it runs"

    party = Section.objects.get(session__event__name="Saturday Euchre Party")
    assert (party.status, party.current_round) == ("running", 2)
    assert list(Tally.objects.filter(section=party).values_list("round", "table", "frozen")) == [
        (1, 1, True), (1, 2, True), (1, 3, True), (2, 1, False), (2, 2, False)
    ]  # fmt: skip
    standings = client.get(f"/api/sections/{party.id}/standings/").json()
    assert sorted(s["entry"] for s in standings if s["total"]) == [1, 3, 6, 8, 9, 11]
    # Three prizes and the lone-hand prize: the six winners of round 1 cut for the choice of the three, and 7 and
    # 12 (a lone hand each; none at the head table) for the lone-hand prize, drawn from the party's secret seed (drawn at the first recompute).
    party.refresh_from_db()
    assert re.fullmatch("[0-9a-f]{32}", party.cut_seed) and re.fullmatch("[0-9a-f]{32}", howell.deal_seed)
    order = seeded_cut(party.cut_seed)([1, 3, 6, 8, 9, 11])
    lone = seeded_cut(f"{party.cut_seed}:lone hands")([7, 12])
    want = {order[0]: "1st prize", order[1]: "2nd prize", order[2]: "3rd prize"}
    want[lone[0]] = f"{want[lone[0]]}, lone-hand prize" if lone[0] in want else "lone-hand prize"
    assert {s["entry"]: s["prize"] for s in standings if s["prize"]} == want
    assert next(s["cut"] for s in standings if s["entry"] == 12) == (
        f"drew {'1st' if lone[0] == 12 else '2nd'} of 2 in the cut with player 7 for the lone-hand prize"
    )
    section = client.get(f"/api/sections/{howell.id}/").json()
    assert (section["deal_seed"], section["cut_seed"]) == (None, None), (
        "the public never reads a running seed"
    )

    call_command("demo", stdout=open(os.devnull, "w"))  # noqa: SIM115
    assert Section.objects.count() == 3 and Result.objects.count() == 147 + 54
