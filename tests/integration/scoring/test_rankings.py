"""Issue 25: pairs who play unequal numbers of boards are ranked by the section's ranking rule, not by raw total.

Two sessions made on the set-up page with the product's movements: a 13-table Mitchell with a phantom E-W pair
and an arrow switch in the last round (N-S pairs play 24 boards, E-W pairs 26), and a 9-pair Howell's live
standings after three of its nine rounds (the three pairs who sat out have played 6 boards, the others 9). The
results are chosen so the figures can be worked by hand: every result of a board is the same (4S by North making
ten tricks, so every line has half the top), but for a few. Through the standings service, the standings page,
the results PDF and `export_csv --standings`.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command
from pypdf import PdfReader

from config.refusals import Refused
from scoring.models import Standing
from scoring.services import recompute_standings
from tests.club import play_rounds
from tournaments import services
from tournaments.models import Section, SectionVersion
from tournaments.movements.jsonout import movement_from_json

pytestmark = pytest.mark.django_db

MITCHELL = {"name": "Tuesday", "kind": "mitchell", "size": "13", "boards_per_round": "2", "scoring_method": "mp",
            "sections": "1", "arrow_switch": "last", "odd_pairs": "phantom-ew"}  # fmt: skip
HOWELL = {"name": "Thursday", "kind": "howell", "size": "9", "boards_per_round": "3", "scoring_method": "mp",
          "sections": "1"}  # fmt: skip


def set_up(client, club, form: dict) -> Section:
    """The session as the set-up page makes it (the ranking left to the scoring method's default)."""
    answer = client.post(f"/direct/clubs/{club.slug}/new/", form | {"create": "1"})
    assert answer.status_code == 302, answer.content.decode()
    return Section.objects.get(id=answer["Location"].split("/")[-2])


def play(section: Section, user, rounds: int, tricks: dict[tuple[int, int], int]) -> None:
    """The section started and its first `rounds` rounds entered (tests.club.play_rounds), the standings computed."""
    services.set_status(section, "running", user)
    play_rounds(section, user, rounds, tricks)
    recompute_standings(section.id)


def standings(section: Section) -> dict[int, tuple[str, float, float, int]]:
    """Pair number → (rank, total, percentage, boards) as stored."""
    rows = Standing.objects.filter(section=section).select_related("entry")
    return {s.entry.number: (s.rank, s.total, s.percentage, s.boards) for s in rows}


def test_a_mitchell_with_a_phantom_and_an_arrow_switch_is_ranked_by_percentage(
    client, director, tmp_path: Path
):
    """Every board is played 12 times: a top of 22, a flat line 11. N-S pairs play 24 boards (they sit out
    against the phantom), E-W pairs 26 (they play round 13's boards as N-S).

    Two results differ. Round 2, table 13: pair 13 (N-S) makes 11 tricks on boards 1 and 2 against pair 25: 13
    gets 22 twice, 25 gets 0 twice, and on those boards every other N-S line gets 10 (−1) and E-W line 12 (+1).
    Round 1, table 7: pair 7 (N-S) goes one down on board 13 against pair 20: 7 gets 0, 20 gets 22, and every other
    N-S line gets 12 (+1) and E-W line 10 (−1). The movement says who played boards 1, 2 and 13 which way.

    By hand (flat: N-S 24 × 11 = 264 of 528, E-W 26 × 11 = 286 of 572):
    - pair 13: 264 + 22 (boards 1, 2) + 1 (board 13 as N-S, round 8) = 287 → 54.36 %; factored 287 × 26/24 = 310.92
    - pair 20: 286 + 11 (board 13) + 2 (boards 1, 2 as E-W, round 11) = 299 → 52.27 %
    - pair 2: 264 + 2 (boards 1, 2 as E-W in the arrow-switched round) + 1 (board 13 as N-S) = 267 → 50.57 %
    - pair 22: 286 + 2 (boards 1, 2 as E-W) + 1 (board 13 as N-S in round 13) = 289 → 50.52 %
    - pairs 14, 15, 17, 18, 19, 21, 23, 24: 286 + 2 − 1 = 287 → 50.17 %, tied
    - pairs 1, 3, 4, 5, 6, 9, 11, 12: 264 − 2 + 1 = 263 → 49.81 %, tied
    - pair 10 (no board 13): 264 − 2 = 262 → 49.62 %; pair 16 (boards 1, 2 as N-S): 286 − 2 − 1 = 283 → 49.48 %
    - pair 8 (board 13 as E-W): 264 − 2 − 1 = 261 → 49.43 %; pair 7: 264 − 11 = 253 → 47.92 %
    - pair 25: 286 − 22 − 1 = 263 → 45.98 %
    By raw total pair 13 (287) would share third place with eight E-W pairs on 50.17 %, and pair 2 (50.57 %) would
    be 13th below all of them."""
    user, club = director
    section = set_up(client, club, MITCHELL)
    assert section.ranking == "percentage" and not section.two_winners
    play(section, user, 13, {(2, 1): 11, (2, 2): 11, (1, 13): 9})
    got = standings(section)
    assert {n: b for n, (_, _, _, b) in got.items()} == {n: 24 if n <= 13 else 26 for n in range(1, 26)}
    by_hand = {13: (287, 54.36), 20: (299, 52.27), 2: (267, 50.57), 22: (289, 50.52), 14: (287, 50.17),
               1: (263, 49.81), 10: (262, 49.62), 16: (283, 49.48), 8: (261, 49.43), 7: (253, 47.92),
               25: (263, 45.98)}  # fmt: skip
    for pair, (total, percentage) in by_hand.items():
        assert (got[pair][1], round(got[pair][2], 2)) == (total, percentage), pair
    ranks = {13: "1", 20: "2", 2: "3", 22: "4", 10: "21", 16: "22", 8: "23", 7: "24", 25: "25"}
    ranks |= dict.fromkeys((14, 15, 17, 18, 19, 21, 23, 24), "5=") | dict.fromkeys(
        (1, 3, 4, 5, 6, 9, 11, 12), "13="
    )
    assert {n: r for n, (r, _, _, _) in got.items()} == ranks

    page = client.get(f"/sections/{section.id}/").content.decode()
    assert "Ranked by percentage, as EBUScore does; totals are the points scored." in page
    assert '<td class="num">287</td><td class="num">54.36</td><td class="num">24</td>' in page
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(client.get(f"/sections/{section.id}/results.pdf").content)).pages)  # fmt: skip
    assert "Ranked by percentage, as EBUScore does" in text and "\n1\n13\n" in text
    out = tmp_path / "standings.csv"
    call_command("export_csv", str(section.id), "--standings", "--output", str(out))
    lines = out.read_text().splitlines()
    assert lines[:3] == [
        "rank,entry,direction,name,total,percentage,boards",
        "1,13,,,287.00,54.36,24",
        "2,20,,,299.00,52.27,26",
    ]
    api = client.get(f"/api/sections/{section.id}/export/", {"kind": "standings-csv"}).content.decode()
    assert api.splitlines() == lines

    # A raw total is refused: this movement gives the pairs 24 to 26 boards.
    with pytest.raises(
        Refused, match="entrants play from 24 to 26 boards: rank them by percentage or by factored"
    ):
        services.change_settings(section, {"ranking": "total"}, user, "as we always did")

    # Factored as Compscore does: N-S totals × 26/24, the same places.
    services.change_settings(section, {"ranking": "factored"}, user, "as the county does")
    assert SectionVersion.objects.filter(section=section).last().before["ranking"] == "percentage"
    recompute_standings(section.id)
    got = standings(section)
    assert {n: r for n, (r, _, _, _) in got.items()} == ranks
    assert [round(got[n][1], 2) for n in (13, 20, 2, 22, 1, 25)] == [310.92, 299, 289.25, 289, 284.92, 263]
    page = client.get(f"/sections/{section.id}/").content.decode()
    assert "Totals factored to 26 boards, as Compscore and ACBLscore do." in page


def test_a_howells_live_standings_rank_the_pairs_who_sat_out_by_percentage(client, director, tmp_path: Path):
    """Nine pairs at four tables (tables 1 to 4), three boards a round, a pair sitting out each round; the live
    standings after round 3. Pairs 1, 2 and 3 sat out rounds 1, 2 and 3 (6 boards); the others played 9. A board
    played by k tables so far is Neuberg-factored to 4 results, top 6: a flat board gives every line 3.

    Boards 16-18 were played at table 1 in round 1 (pair 3 N-S against 2) and table 2 in round 2 (5 against 9).
    Pair 3 makes 11 tricks on all three where pair 5 makes 10: 3 gets 2 of 2, factored (2 + 1) × 4/2 − 1 = 5, and 5
    gets (0 + 1) × 2 − 1 = 1; their E-W opponents 2 get 1 and 9 get 5. Every other board is flat. By hand:
    - pair 3: 3 × 5 + 3 × 3 (round 2) = 24 of 36 → 66.67 %; factored to 9 boards 24 × 9/6 = 36
    - pair 9: 3 × 5 + 6 × 3 = 33 of 54 → 61.11 %
    - pairs 1 (6 boards), 4, 6, 7 and 8 (9 boards): 50 %
    - pair 5: 3 × 1 + 6 × 3 = 21 of 54 → 38.89 %; pair 2: 3 × 1 + 3 × 3 = 12 of 36 → 33.33 %
    By raw total pair 3 (24) would be 6th, below four pairs on 50 % (27), and pair 1 (50 %, 18) 8th."""
    user, club = director
    section = set_up(client, club, HOWELL)
    play(section, user, 3, {(1, 16): 11, (1, 17): 11, (1, 18): 11})
    got = standings(section)
    assert {n: (r, t, round(p, 2), b) for n, (r, t, p, b) in got.items()} == {
        3: ("1", 24, 66.67, 6),
        9: ("2", 33, 61.11, 9),
        1: ("3=", 18, 50, 6),
        4: ("3=", 27, 50, 9),
        6: ("3=", 27, 50, 9),
        7: ("3=", 27, 50, 9),
        8: ("3=", 27, 50, 9),
        5: ("8", 21, 38.89, 9),
        2: ("9", 12, 33.33, 6),
    }
    page = client.get(f"/sections/{section.id}/standings/").content.decode()
    assert "Ranked by percentage" in page
    # Raw total is right for this movement when it is over (every pair plays 24 boards), so it may be chosen.
    services.change_settings(section, {"ranking": "total"}, user, "a test of the raw total")
    recompute_standings(section.id)
    assert {n: r for n, (r, _, _, _) in standings(section).items()} == {
        9: "1",
        4: "2=",
        6: "2=",
        7: "2=",
        8: "2=",
        3: "6",
        5: "7",
        1: "8",
        2: "9",
    }
    # On the desk: the rules Matchpoints allows, the change kept with its reason.
    desk = client.get(f"/direct/sections/{section.id}/").content.decode()
    assert '<option value="total" selected>By raw total' in desk and "<p>By raw total: only where" in desk
    url = f"/direct/sections/{section.id}/ranking/"
    refused = client.post(url, {"ranking": "factored", "reason": ""})
    assert refused.status_code == 400 and "Changing ranking needs a reason" in refused.content.decode()
    assert client.post(url, {"ranking": "factored", "reason": "as Compscore"}).status_code == 302
    assert section.versions.last().after["ranking"] == "factored"
    recompute_standings(section.id)
    got = standings(section)
    assert [(got[n][0], got[n][1]) for n in (3, 9, 1, 4, 5, 2)] == [
        ("1", 36), ("2", 33), ("3=", 27), ("3=", 27), ("8", 21), ("9", 18)
    ]  # fmt: skip


def test_the_set_up_page_and_the_api_refuse_a_rule_the_method_does_not_allow(client, director):
    """IMPs have no percentage: Butler pairs are factored by default and cannot be ranked by percentage."""
    _, club = director
    answer = client.get(
        f"/direct/clubs/{club.slug}/new/", HOWELL | {"scoring_method": "butler", "ranking": "percentage"}
    )
    assert answer.status_code == 400
    assert "Butler IMPs is not ranked by &#x27;percentage&#x27;; it is ranked by one of: factored, total" in (
        answer.content.decode()
    )
    assert set_up(client, club, HOWELL | {"scoring_method": "butler"}).ranking == "factored"
    mitchell = client.get(f"/direct/clubs/{club.slug}/new/", MITCHELL | {"ranking": "total"})
    assert mitchell.status_code == 400 and "entrants play from 24 to 26 boards" in mitchell.content.decode()


def test_a_raw_total_is_right_where_each_field_plays_the_same_boards():
    """A two-winner Mitchell with a phantom: N-S pairs play 24 boards and E-W pairs 26, but each field is ranked
    apart, so a raw total ranks like with like; with the arrow switch the fields become one and it is refused."""
    phantom = {"odd_pairs": "phantom-ew"}
    two_winners = services.generate_movement("mitchell", phantom, tables=13, boards_per_round=2)
    assert services.check_ranking("mp", "total", movement_from_json(two_winners)) == "total"
    one_field = services.generate_movement(
        "mitchell", phantom | {"arrow_switch": "last"}, tables=13, boards_per_round=2
    )
    with pytest.raises(Refused, match="from 24 to 26 boards"):
        services.check_ranking("mp", "total", movement_from_json(one_field))
    assert services.check_ranking("butler", "", movement_from_json(one_field)) == "factored"
