"""A club's 13 tables in two sections scored across the field (issue 29: "7 + 6 tables across the field with
share-and-relay is refused"): section B's 6 tables play section A's 7 sets as the 7-table Mitchell with table 7
empty, its boards on a bye stand, so both play boards 1-14 (2 a round), each set at the same table in the same
round, matchpointed together."""

from __future__ import annotations

from collections import Counter

import pytest

from games.models import Result
from scoring.models import LineScore
from tests.integration.tournaments.helpers import deals, play_section, set_up

pytestmark = pytest.mark.django_db(transaction=True)

FORM = {"kind": "mitchell", "size": "7", "sizes": "7, 6", "boards_per_round": "2", "scoring_method": "mp",
        "sections": "2", "field_scoring": "across", "even": "relay", "name": "Big night"}  # fmt: skip


def test_the_set_up_page_gives_the_six_tables_a_bye_stand_on_the_sevens_sets(client, director):
    user, club = director
    preview = client.get(f"/direct/clubs/{club.slug}/new/", FORM)
    page = preview.content.decode()
    assert preview.status_code == 200, page
    assert "Preview: Mitchell 7 tables, section A</h2>" in page
    assert "Preview: Mitchell 6 tables, bye stand, section B</h2>" in page
    assert "The 7-table Mitchell with table 7 empty: its boards rest on a bye stand" in page
    assert "round 2: 1, 12" in page  # who sits out, said before anything is made

    a, b = set_up(
        client, club, 2, "across", **{k: v for k, v in FORM.items() if k not in ("sections", "field_scoring")}
    )
    assert a.session.scored_across and (a.entries.count(), b.entries.count()) == (14, 12)
    assert deals(a) == deals(b) and sorted(deals(b)) == list(range(1, 15))
    played = {(s.round, s.table): s.boards for s in a.seatings.all()}
    assert all(played[(s.round, s.table)] == s.boards for s in b.seatings.all())
    assert [b.seatings.filter(round=r, ns__isnull=False, ew__isnull=False).count() for r in range(1, 8)] == [
        6, 5, 5, 5, 5, 5, 5
    ]  # fmt: skip


def test_the_two_sections_are_matchpointed_as_one_field(client, director):
    """Every board's results compared across both sections: A plays each set at its 7 tables; B's set rests on the
    bye stand one round and sits at the idle table another, so sets 1-6 (boards 1-12) have 7 + 5 = 12 results and
    set 7 (boards 13-14), never at the idle table (round 1 has none), 7 + 6 = 13. The field's boards are scored as
    13 results (a top of 24), those of 12 Neuberg-factored: M' = (M + 1) x 13/12 - 1."""
    user, club = director
    a, b = set_up(
        client, club, 2, "across", **{k: v for k, v in FORM.items() if k not in ("sections", "field_scoring")}
    )
    play_section(client, user, a, dict.fromkeys(range(1, 8), 10))
    play_section(client, user, b, dict.fromkeys(range(1, 7), 9))
    results = Counter(Result.objects.filter(section__in=(a, b)).values_list("board__number", flat=True))
    assert results == {n: 12 for n in range(1, 13)} | {13: 13, 14: 13}
    lines = LineScore.objects.filter(section__in=(a, b))
    assert {round(line.ns + line.ew, 9) for line in lines} == {24.0}
    # Board 1: 4S= by N (+420) at A's 7 tables beats 4S-1 (-50) at B's 5: an A line 2 x 5 + 6 ties = 16 of 22,
    # factored (16 + 1) x 13/12 - 1 = 209/12; a B line 4 ties = 4, factored (4 + 1) x 13/12 - 1 = 53/12.
    board_1 = lines.filter(result__board__number=1)
    assert {round(line.ns, 4) for line in board_1.filter(section=a)} == {17.4167}  # 209/12
    assert {round(line.ns, 4) for line in board_1.filter(section=b)} == {4.4167}  # 53/12
    # Board 13 (13 results, unfactored): 2 x 6 + 6 ties = 18 for A, 5 ties = 5 for B.
    board_13 = lines.filter(result__board__number=13)
    assert {(line.section_id, line.ns) for line in board_13} == {(a.id, 18.0), (b.id, 5.0)}
