"""The Mitchell's options on the set-up page (issue 14): skip or relay, the arrow switch, a phantom pair or a rover
for an odd number of pairs, as the registry (tournaments.movements.registry) lists them; the preview says what the
movement does, and a sit-out round shows as "sit out" on the table cards and the phones and is never a missing
result. Through the Django test client."""

from __future__ import annotations

import pytest

from tournaments.models import Section
from tournaments.pages import setup as setup_pages

# Results and bells act once their transaction commits (the standings, the next seating): the tests that read
# what follows them commit (transaction=True); the rest roll back.
pytestmark = pytest.mark.django_db

FORM = {
    "name": "Tuesday",
    "kind": "mitchell",
    "boards_per_round": "1",
    "scoring_method": "mp",
    "sections": "1",
}


def preview(client, club, **form) -> tuple[int, str]:
    answer = client.get(f"/direct/clubs/{club.slug}/new/", FORM | form)
    return answer.status_code, answer.content.decode()


def create(client, club, **form) -> Section:
    answer = client.post(f"/direct/clubs/{club.slug}/new/", FORM | form | {"create": "1"})
    assert answer.status_code == 302, answer.content.decode()
    return Section.objects.get(id=answer["Location"].split("/")[-2])


def seats(section: Section, round_number: int) -> list[tuple[int, int, int]]:
    return list(section.seatings.filter(round=round_number).values_list("table", "ns__number", "ew__number"))


def test_the_form_offers_the_registrys_options_of_each_kind(client, director):
    _, club = director
    _, page = preview(client, club, size="3")
    assert [(kind, option.name) for kind, option in setup_pages.PAGE_OPTIONS] == [
        ("mitchell", "even"), ("mitchell", "arrow_switch"), ("mitchell", "odd_pairs"),
    ]  # fmt: skip
    assert '<select id="odd_pairs" name="odd_pairs">' in page
    assert '<option value="phantom-ew">One short: phantom E-W pair</option>' in page
    assert '<option value="last-two">Last two rounds</option>' in page
    assert '<option value="relay">Share and relay</option>' in page


def test_the_arrow_switch_turns_the_last_round_and_makes_one_field(client, director):
    _, club = director
    status, page = preview(client, club, size="3", arrow_switch="last")
    assert status == 200 and "<li>Arrow switch in round(s) 3</li>" in page
    section = create(client, club, size="3", arrow_switch="last")
    assert seats(section, 2) == [(1, 1, 6), (2, 2, 4), (3, 3, 5)]
    assert seats(section, 3) == [(1, 5, 1), (2, 6, 2), (3, 4, 3)], "E-W pairs sit N-S in round 3"
    assert not section.two_winners and set(section.entries.values_list("direction", flat=True)) == {""}
    two = create(client, club, size="3", name="Two winners")
    assert two.two_winners and seats(two, 3) == [(1, 1, 5), (2, 2, 6), (3, 3, 4)]


def test_skip_and_relay_for_even_tables_are_shown_in_the_preview(client, director):
    _, club = director
    _, skip = preview(client, club, size="4")
    assert "<li>Skip Mitchell</li>" in skip and "Round</th>" in skip
    _, relay = preview(client, club, size="4", even="relay")
    assert "<li>Relay Mitchell</li>" in relay
    assert (
        "<li>A relay stand holds one set of boards each round; tables 1 and 4 share their boards</li>"
        in relay
    )
    assert "1 (shared with table 4)" in relay, "the table card says so"
    section = create(client, club, size="4", even="relay")
    assert section.rounds == 4 and section.boards.count() == 4
    assert create(client, club, size="4", name="Skip").rounds == 3


def play_round(client, section: Section, round_number: int) -> None:
    """Every table seated this round enters its boards from its phone (4S by N making ten tricks)."""
    for seating in section.seatings.filter(round=round_number):
        code = section.table_codes.get(table=seating.table).code
        for board in seating.boards:
            answer = client.post("/api/table/results/", {"board": board, "contract": "4S", "declarer": "N",
                                 "tricks": 10}, content_type="application/json", headers={"X-Table-Code": code})  # fmt: skip
            assert answer.status_code == 201, answer.content


@pytest.mark.django_db(transaction=True)
def test_a_phantom_pairs_opponents_sit_out_and_are_never_a_missing_result(client, director):
    user, club = director
    status, page = preview(client, club, size="3", odd_pairs="phantom-ew")
    assert status == 200
    assert "<li>Sit out (no boards, no result missing): round 1: 3; round 2: 1; round 3: 2</li>" in page
    assert "<td>1</td><td>-</td><td>-</td><td>sit out</td>" in page, "table 3's card, round 1"
    section = create(client, club, size="3", odd_pairs="phantom-ew")
    assert sorted(section.entries.values_list("number", flat=True)) == [1, 2, 3, 4, 5], "no pair 6"
    assert seats(section, 1) == [(1, 1, 4), (2, 2, 5)]

    client.post(f"/direct/sections/{section.id}/action/", {"action": "start"})
    client.logout()
    client.post(f"/t/{section.table_codes.get(table=3).code}/")
    phone = client.get("/table/").content.decode()
    assert "<h1>Table 3, round 1</h1>" in phone
    assert "<strong>Sit out</strong>: no boards at this table in round 1. Sitting out: pair 3</p>" in phone
    for round_number in (1, 2, 3):
        play_round(client, section, round_number)
        client.force_login(user)
        assert client.get(f"/direct/sections/{section.id}/room.json").json()["missing"] == []
        action = "next-round" if round_number < 3 else "finish"
        answer = client.post(f"/direct/sections/{section.id}/action/", {"action": action})
        assert answer.status_code == 302, "nothing missing: no question asked"
        client.logout()
    section.refresh_from_db()
    assert section.status == "finished" and section.results.count() == 6
    assert section.versions.filter(reason__contains="missing").count() == 0


def test_a_rover_makes_an_odd_pair_over_and_one_pair_sits_out_each_round(client, director):
    _, club = director
    section = create(client, club, size="6", odd_pairs="rover")
    assert section.entries.count() == 13
    sit_outs = [r.get("sit_out") for r in section.movement["rounds"]]
    assert sit_outs[0] == ["13"] and all(len(s) == 1 for s in sit_outs)
    assert section.movement["check"]["ok"]


@pytest.mark.parametrize(
    ("form", "problem"),
    [
        (
            {"odd_pairs": "two"},
            "mitchell movement: number of pairs &#x27;two&#x27; is not one of full, phantom-ew, "
            "phantom-ns, rover",
        ),  # fmt: skip
        (
            {"arrow_switch": "first"},
            "arrow switch (one winner) &#x27;first&#x27; is not one of none, last, last-two",
        ),
        ({"even": "relay", "size": "2"}, "share-and-relay needs at least 4 tables"),
    ],
)
def test_a_wrong_option_is_refused_naming_it(client, director, form, problem):
    _, club = director
    status, page = preview(client, club, **({"size": "4"} | form))
    assert status == 400 and problem in page


def test_the_api_takes_the_same_options(client, director):
    from tests.integration.api_helpers import new_section

    _, club = director
    body = {
        "kind": "mitchell",
        "sizes": {"tables": 3, "boards_per_round": 1},
        "options": {"odd_pairs": "phantom-ew"},
    }
    sid, section, _ = new_section(client, club, "API night", body)
    assert [r.get("sit_out") for r in Section.objects.get(id=sid).movement["rounds"]] == [["3"], ["1"], ["2"]]
    wrong = client.post(f"/api/sections/{sid}/movement/", body | {"options": {"odd_pairs": "two"}},
                        content_type="application/json")  # fmt: skip
    assert wrong.status_code == 400 and "number of pairs 'two' is not one of" in wrong.content.decode()
