"""The host's pages of a progressive party through the Django test client: the prizes set with a reason (a
SectionVersion) and shown in the standings with the cuts, and a frozen tally corrected with a reason (a
TallyVersion), the table's winners decided again and the standings following."""

import pytest

from parties.models import Tally
from scoring.methods.ranking import seeded_cut
from scoring.models import Standing
from tests.integration.api_helpers import make_director, new_section
from tests.integration.parties.helpers import PARTY, ROUND_2, TALLIES, bell, running, seated, seats, tally
from tournaments.models import Section

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def party(client):
    """The round 1 of test_api_progressive's party, entered from the tables' phones and frozen by the bell: N-S 1 and 3 made game at the head table,
    E-W 6 and 8 had the better score at table 2, table 3 was tied 4-4; round 2 is seated."""
    user, club = make_director()
    client.force_login(user)
    sid, _, codes = new_section(client, club, "Party", PARTY, game="euchre", scoring_method="progressive")
    client.post(f"/api/sections/{sid}/status/", {"status": "running"})
    for table, (ns, ew, lone) in TALLIES[1].items():  # from each table's phone, on the tally page
        phone = type(client)(headers={"X-Forwarded-Proto": "https"})
        phone.post("/table/", {"code": codes[table]})
        form = {"hands": str(ns + ew), "ns_points": str(ns), "ew_points": str(ew)}
        form |= {f"lone-{seat}": str(count) for seat, count in lone.items()}
        saved = phone.post("/table/tally/", form, follow=True)
        assert "Tally saved." in saved.content.decode()
    client.post(f"/api/sections/{sid}/bell/", {"seating": seats(ROUND_2)}, content_type="application/json")
    return Section.objects.get(id=sid)


def games(section: Section) -> dict[int, float]:
    return dict(Standing.objects.filter(section=section).values_list("entry__number", "total"))


def test_the_host_corrects_a_frozen_tally_with_a_reason(client, party):
    host = client.get(f"/direct/sections/{party.id}/party/").content.decode()
    url = f"/direct/sections/{party.id}/party/tallies/1/2/"
    assert f'href="{url}"' in host, "each frozen tally has its correction page"
    page = client.get(url).content.decode()
    assert "Round 1, table 2" in page and 'name="ns_points"' in page and 'value="4"' in page
    assert [games(party)[p] for p in (5, 6, 7, 8)] == [0, 1, 0, 1]

    form = {"hands": "6", "ns_points": "4", "ew_points": "2", "lone-N": "0", "lone-E": "1", "lone-S": "0",
            "lone-W": "0"}  # fmt: skip
    refused = client.post(url, form | {"reason": " "}, follow=True).content.decode()
    assert "Round 1 table 2: a correction needs a reason" in refused
    assert Tally.objects.get(section=party, round=1, table=2).ns_points == 2

    saved = client.post(url, form | {"reason": "the points were written the wrong way round"}, follow=True)
    assert "Round 1, table 2: the correction is saved as a new version." in saved.content.decode()
    tally = Tally.objects.get(section=party, round=1, table=2)
    assert (tally.ns_points, tally.ew_points, tally.winners, tally.lone_hands["6"]) == (4, 2, "NS", 1)
    versions = list(tally.versions.values_list("kind", "changed_by_label", "reason"))
    assert versions == [
        ("entered", "table 2 scorer", ""),
        ("frozen", "director alice", ""),
        ("corrected", "director alice", "the points were written the wrong way round"),
    ]
    assert [games(party)[p] for p in (5, 6, 7, 8)] == [1, 0, 1, 0], "N-S 5 and 7 won table 2 now"
    history = saved.content.decode()
    assert "the points were written the wrong way round" in history and "N-S 2, E-W 4, EW won" in history

    playing = client.get(f"/direct/sections/{party.id}/party/tallies/2/1/")
    assert playing.status_code == 404, "round 2 has no tally yet"
    client.logout()
    assert client.post(url, form | {"reason": "x"}).status_code == 302, "only a director: to the login page"
    assert Tally.objects.get(section=party, round=1, table=2).versions.count() == 3


def test_the_host_sets_the_prizes_and_the_standings_show_them(client, party):
    url = f"/direct/sections/{party.id}/party/prizes/"
    too_many = client.post(url, {"prizes": "13", "reason": "r"}, follow=True).content.decode()
    assert "Give the number of prizes as a whole number from 0 to 12 (the players)" in too_many
    unexplained = client.post(url, {"prizes": "2", "lone_hand_prize": "1", "reason": ""}, follow=True)
    assert "Changing prizes, lone_hand_prize needs a reason" in unexplained.content.decode()
    saved = client.post(
        url, {"prizes": "2", "lone_hand_prize": "1", "reason": "two prizes tonight"}, follow=True
    )
    assert "2 prizes by games won and the lone-hand prize: the standings follow." in saved.content.decode()
    party.refresh_from_db()
    assert (party.prizes, party.lone_hand_prize, len(party.cut_seed)) == (2, True, 32)
    version = party.versions.last()
    assert (version.before["prizes"], version.after["prizes"], version.reason) == (0, 2, "two prizes tonight")

    # 1, 3, 6 and 8 won a game each: they cut for the choice of the two prizes; 6 won the only lone hand.
    order = seeded_cut(party.cut_seed)([1, 3, 6, 8])
    prizes = dict(
        Standing.objects.filter(section=party).exclude(prize="").values_list("entry__number", "prize")
    )
    want = {order[0]: "1st prize", order[1]: "2nd prize"}
    want[6] = f"{want[6]}, lone-hand prize" if 6 in want else "lone-hand prize"
    assert prizes == want
    public = client.get(f"/sections/{party.id}/").content.decode()
    host = saved.content.decode()
    for page in (public, host):
        assert '<th scope="col" class="prize">Prize</th>' in page
        assert (
            "drew 1st of 4 in the cut with players" in page
            and "for the choice of the 1st and 2nd prizes" in page
        )


CORRECTED = {"hands": "6", "ns_points": "4", "ew_points": "2", "lone-N": "0", "lone-E": "0", "lone-S": "0",
             "lone-W": "0", "reason": "the points were written the wrong way round"}  # fmt: skip


@pytest.fixture
def moved(client):
    """A 12-player euchre party's round 1 (N-S won the head table 5–3, E-W table 2 4–2, N-S table 3 4–1) and the
    bell, round 2 seated by the book's movement; the section id and round 1's seating."""
    sid, codes = running(client, kind="euchre", players=12, seed="moved")
    first = seated(client, sid, 1)
    for table, (ns, ew) in {1: (5, 3), 2: (2, 4), 3: (4, 1)}.items():
        assert (
            tally(client, codes[table], {"hands": ns + ew, "ns_points": ns, "ew_points": ew}).status_code
            == 200
        )
    assert bell(client, sid) == "done"
    return sid, first, codes


def test_a_correction_that_changes_who_moved_says_so_and_the_host_seats_the_round_again(client, moved):
    """Round 2 was seated by E-W's win at table 2; the correction gives it to N-S: the host is told, never silently,
    and seats round 2 again. By the book's movement (Hoyle 1940 L11401–11411: the winners go up together, the head
    table's winners round to the booby table, its losers keep the table) table 1 then holds the head table's E-W,
    who lost it, and table 2's N-S."""
    sid, first, _ = moved
    section = Section.objects.get(id=sid)
    before = seated(client, sid, 2)
    assert {first[2]["E"], first[2]["W"]} <= set(before[1].values()), "round 2 as the bell seated it"
    saved = client.post(f"/direct/sections/{sid}/party/tallies/1/2/", CORRECTED, follow=True).content.decode()
    assert f"Round 1: this changes who moved at table 2: N-S ({first[2]['N']}. " in saved
    assert f"won, not E-W ({first[2]['E']}. " in saved
    assert "as when round 2 was seated. The host page offers to seat round 2 again." in saved
    host = client.get(f"/direct/sections/{sid}/party/").content.decode()
    assert (
        "this changes who moved at table 2" in host and "Seat round 2 again by the corrected winners" in host
    )
    assert seated(client, sid, 2) == before, "nothing flipped by itself"

    done = client.post(f"/direct/sections/{sid}/party/reseat/", follow=True).content.decode()
    assert "Round 2 is seated again by the corrected winners" in done
    after = seated(client, sid, 2)
    assert set(after[1].values()) == {first[1]["E"], first[1]["W"], first[2]["N"], first[2]["S"]}
    assert sorted(p for seats in after.values() for p in seats.values()) == list(range(1, 13))
    assert "this changes who moved" not in done, "the notice goes once the round follows the correction"
    kinds = Tally.objects.get(section=section, round=1, table=2).versions.values_list("kind", flat=True)
    assert list(kinds) == ["entered", "frozen", "corrected", "reseated"]


def test_a_round_already_begun_is_not_seated_again(client, moved):
    sid, _, codes = moved
    client.post(f"/direct/sections/{sid}/party/tallies/1/2/", CORRECTED)
    assert tally(client, codes[3], {"hands": 1, "ns_points": 1, "ew_points": 0}).status_code == 200
    before = seated(client, sid, 2)
    refused = client.post(f"/direct/sections/{sid}/party/reseat/", follow=True).content.decode()
    assert "Round 2 has begun: table 3 entered a tally; move the players by hand" in refused
    assert seated(client, sid, 2) == before
    assert "this changes who moved at table 2" in refused, "the notice stays"
