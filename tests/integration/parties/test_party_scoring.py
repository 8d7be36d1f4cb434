"""Issue 28 through the API and the pages as a host and the tables' phones meet it: progressive hearts counts a
punch mark for every hand won and the host sees and corrects the hearts taken; military euchre ranks and prizes its
forts; two phones at one table cannot overwrite each other's tally in silence; the bell carries its round."""

import re
import time

import pytest

from parties.models import Tally
from scoring.models import Standing
from tests.integration.api_helpers import make_director, text_of
from tests.integration.parties.helpers import bell, post, running, seated, tally
from tournaments.models import Section

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("run_jobs")]


def test_sixteen_at_hearts_a_punch_mark_for_every_hand_and_the_prize_drawn_among_the_truly_tied(client):
    """L12252–12266 (issue 28: player 10 won all three hands and was shown 1, 15 players tied on 1 and drew for the
    prize). At each table of each hand the N lady takes 2 hearts to the S lady's 5 and the E gentleman 1 to the W
    gentleman's 5, except that player 10 (a gentleman) takes none wherever he sits: hand-worked, the N ladies and
    the E gentlemen (10 in E's place at his table) win a punch mark each hand."""
    sid, codes = running(client, kind="hearts", players=16, seed="h28", prizes=1)
    expected: dict[int, int] = dict.fromkeys(range(1, 17), 0)
    for number in (1, 2, 3):
        for table, seats in seated(client, sid, number).items():
            hearts = {"N": 2, "E": 1, "S": 5, "W": 5}
            if 10 in (seats["E"], seats["W"]):
                ten, other = ("E", "W") if seats["E"] == 10 else ("W", "E")
                hearts |= {ten: 0, other: 6}
            gentleman = 10 if 10 in (seats["E"], seats["W"]) else seats["E"]
            expected[seats["N"]] += 1
            expected[gentleman] += 1
            assert tally(client, codes[table], {"hearts": hearts}).status_code == 200
        assert bell(client, sid, {"last": True} if number == 3 else None) == "done"
    standings = {s["entry"]: s for s in client.get(f"/api/sections/{sid}/standings/").json()}
    assert {p: s["total"] for p, s in standings.items()} == expected
    assert expected[10] == 3 and sum(expected.values()) == 24
    best = {p for p, n in expected.items() if n == 3}
    assert 10 in best and len(best) < 16
    drew = {p for p, s in standings.items() if s["cut"]}
    assert drew == (best if len(best) > 1 else set()), "only the players truly tied for the prize draw for it"
    assert [p for p, s in standings.items() if s["prize"] == "1st prize"] in ([p] for p in best)


def test_the_host_sees_each_hearts_hand_and_corrects_it(client):
    """The host's page shows every hearts table's hearts taken and its punch marks (not N-S 0, E-W 0); the
    correction page asks for the hearts taken by seat (no hands, points or lone hands) and the punch marks and
    standings follow."""
    sid, codes = running(client, kind="hearts", players=8, seed="h")
    one = seated(client, sid, 1)
    names = {n: f"Player {n}" for n in range(1, 9)}
    tally(client, codes[1], {"hearts": {"N": 2, "E": 7, "S": 4, "W": 0}})
    tally(client, codes[2], {"hearts": {"N": 3, "E": 1, "S": 3, "W": 6}})  # the ladies tie: cut
    host = client.get(f"/direct/sections/{sid}/party/").content.decode()
    table_1 = f"N {names[one[1]['N']]} <strong>2</strong>; E {names[one[1]['E']]} <strong>7</strong>"
    assert table_1 in host
    assert f"{names[one[1]['N']]} (lady); {names[one[1]['W']]} (gentleman)" in host, (
        "who wins, before the bell"
    )
    assert "by the cut" in host and "N-S points" not in host
    assert bell(client, sid) == "done"
    frozen = Tally.objects.get(section_id=sid, round=1, table=1)
    assert frozen.punches == {str(one[1]["N"]): 1, str(one[1]["W"]): 1}
    url = f"/direct/sections/{sid}/party/tallies/1/1/"
    assert f'href="{url}"' in client.get(f"/direct/sections/{sid}/party/").content.decode()
    page = client.get(url).content.decode()
    assert 'name="hearts-E" type="number" min="0" max="13" value="7"' in page
    assert 'name="ns_points"' not in page and 'name="lone-N"' not in page and 'name="hands"' not in page
    wrong = client.post(url, {"hearts-N": "2", "hearts-E": "7", "hearts-S": "4", "hearts-W": "1", "reason": "r"},
                        follow=True).content.decode()  # fmt: skip
    assert "hearts add up to 13, not 14" in wrong
    fixed = client.post(url, {"hearts-N": "5", "hearts-E": "0", "hearts-S": "1", "hearts-W": "7",
                              "reason": "N and S were swapped"}, follow=True).content.decode()  # fmt: skip
    assert "the correction is saved as a new version" in fixed
    frozen.refresh_from_db()
    assert frozen.punches == {str(one[1]["S"]): 1, str(one[1]["E"]): 1}
    assert f"punch marks {names[one[1]['S']]}, {names[one[1]['E']]}" in fixed, "the history says who won"
    totals = dict(Standing.objects.filter(section_id=sid).values_list("entry__number", "total"))
    assert totals[one[1]["S"]] == totals[one[1]["E"]] == 1 and totals[one[1]["N"]] == 0
    api = client.post(f"/api/sections/{sid}/correct-tally/", {"round": 1, "table": 1, "reason": "r"},
                      content_type="application/json")  # fmt: skip
    assert api.status_code == 400 and "round 1 table 1: a correction gives the hearts" in api.json()["detail"]
    api = client.post(f"/api/sections/{sid}/correct-tally/", {"round": 1, "table": 1, "reason": "back",
                      "hearts": {"N": 2, "E": 7, "S": 4, "W": 0}}, content_type="application/json")  # fmt: skip
    assert api.status_code == 200, api.content
    assert client.get(f"/api/sections/{sid}/tallies/").json()[0]["hearts"] == {
        str(one[1][s]): n for s, n in {"N": 2, "E": 7, "S": 4, "W": 0}.items()
    }


def test_military_euchre_ranks_and_prizes_its_forts_and_every_page_shows_them(client):
    """L11436–11464: each table a fort with a flag of its own; each game's winners take a flag from the losers;
    "The winners are the forts that have captured the most trophies" (issue 28: the prizes went to players, and no
    page showed a fort). Three forts named by the host, two games (test_api_parties' figures): fort 3 captures 3
    flags, fort 2 two, fort 1 one; the one prize is fort 3's, each of its four players takes it home."""
    sid, codes = running(client, kind="military-euchre", players=12, forts=3, prizes=1,
                         fort_names=["Fort Henry", "Fort Sumter", "Fort Knox"])  # fmt: skip
    phone = type(client)(headers={"X-Forwarded-Proto": "https"})
    phone.post("/table/", {"code": codes[2]})
    page = phone.get("/table/").content.decode()
    assert (
        'N-S defend <span class="fort-name"><span class="flag flag-blue" aria-hidden="true"></span>Fort Sumter'
        in page
    )
    assert "E-W visit from" in page and "Fort Knox" in page
    projector = client.get(f"/sections/{sid}/seating/").content.decode()
    assert projector.count('class="forts"') == 3 and "Fort Henry" in projector
    for tallies in ({1: (5, 2), 2: (1, 5), 3: (5, 3)}, {1: (2, 5), 2: (5, 4), 3: (3, 5)}):
        for table, (ns, ew) in tallies.items():
            tally(client, codes[table], {"ns_points": ns, "ew_points": ew})
        assert bell(client, sid) == "done"
        if tallies[1] == (5, 2):  # after the first game the phones show the forts' flags so far
            assert "The forts by the flags they captured" in phone.get("/table/").content.decode()
    standings = {s["entry"]: s for s in client.get(f"/api/sections/{sid}/standings/").json()}
    assert {p: s["prize"] for p, s in standings.items() if s["prize"]} == dict.fromkeys(
        range(9, 13), "1st prize, Fort Knox"
    ), "the fort's prize, to each of its four defenders"
    host = client.get(f"/direct/sections/{sid}/party/").content.decode()
    board = host[host.index('<table class="list forts">') :]
    rows = re.findall(r'<tr><td>(\d=?)</td><td class="fort">.*?</span>([^<]+) <span.*?<td class="num">(\d+)</td>'
                      r'\s*<td class="prize">([^<]*)', board, re.S)  # fmt: skip
    assert rows == [
        ("1", "Fort Knox", "3", "1st prize"),
        ("2", "Fort Sumter", "2", ""),
        ("3", "Fort Henry", "1", ""),
    ]
    assert "N-S" in host and "visiting" in host, "each table's forts on the host's page"
    words = text_of(client.get(f"/direct/sections/{sid}/party/"))
    assert "Prizes to the forts, by the flags captured" in words and "Flags captured" in words
    assert "troph" not in words.lower(), "one word for what a fort captures: the book's flag (L11452)"
    for page in (client.get(f"/sections/{sid}/"), client.get(f"/sections/{sid}/seating/")):
        assert "The forts by the flags they captured" in page.content.decode()


def test_a_military_party_names_no_more_forts_than_it_has(client):
    user, club = make_director()
    client.force_login(user)
    answer = post(client, club=club.id, kind="military-euchre", players=8, fort_names=["A", "B", "C"])
    assert answer.status_code == 400 and "2 forts but 3 fort names given" in answer.json()["detail"]
    answer = post(client, club=club.id, kind="military-euchre", players=8, prizes=3)
    assert (
        answer.status_code == 400
        and "give 0 to 2 prizes (one a fort at most), not 3" in answer.json()["detail"]
    )
    answer = post(client, club=club.id, kind="euchre", players=8, fort_names=["A"])
    assert answer.status_code == 400 and "Progressive euchre has no forts to name" in answer.json()["detail"]


def test_two_phones_at_one_table_cannot_overwrite_each_other_in_silence(client):
    """Issue 28: both phones said "Tally saved." and the last won. As a second different result for a board is a
    conflict (games.services.enter_result), a save over a tally the phone did not read is refused, showing the
    tally saved; the phone then sees it and may save over it knowingly."""
    sid, codes = running(client, kind="euchre", players=8, seed="t")
    first, second = (type(client)(headers={"X-Forwarded-Proto": "https"}) for _ in range(2))
    for phone in (first, second):
        phone.post("/table/", {"code": codes[2]})
        assert '<input type="hidden" name="version" value="0">' in phone.get("/table/").content.decode()
    form = {"version": "0", "hands": "4", "ns_points": "3", "ew_points": "1"}
    assert "Tally saved." in first.post("/table/tally/", form, follow=True).content.decode()
    refused = second.post("/table/tally/", form | {"ns_points": "1", "ew_points": "3"}, follow=True)
    page = refused.content.decode()
    assert "Tally saved." not in page
    assert (
        "Table 2: round 1&#x27;s tally was saved by another phone meanwhile (4 hands, N-S 3, E-W 1, version 1); "
        "nothing was saved" in page
    )
    assert '<input type="hidden" name="version" value="1">' in page and 'name="ns_points"' in page
    assert 'id="ns_points" name="ns_points" type="number" min="0" max="99" value="3"' in page, (
        "the saved tally"
    )
    again = second.post(
        "/table/tally/", form | {"version": "1", "ns_points": "1", "ew_points": "3"}, follow=True
    )
    assert "Tally saved." in again.content.decode()
    kept = Tally.objects.get(section_id=sid, round=1, table=2)
    assert (kept.ns_points, kept.ew_points, kept.version) == (1, 3, 2)
    assert list(kept.versions.values_list("number", flat=True)) == [1, 2]

    client.logout()
    stale = tally(client, codes[2], {"hands": 5, "ns_points": 4, "ew_points": 1, "version": 1})
    assert stale.status_code == 409
    body = stale.json()
    assert (
        "round 1's tally was saved by another phone meanwhile (4 hands, N-S 1, E-W 3, version 2)"
        in body["detail"]
    )
    assert (body["stored"]["ns_points"], body["stored"]["version"], body["sent"]["ns_points"]) == (1, 2, 4)
    blind = tally(client, codes[2], {"hands": 5, "ns_points": 4, "ew_points": 1})
    assert blind.status_code == 409, "no version and different figures: a conflict, as for results"
    same = tally(client, codes[2], {"hands": 4, "ns_points": 1, "ew_points": 3})
    assert same.status_code == 200 and same.json()["version"] == 2, "the same tally again changes nothing"
    read = client.get("/api/table/tally/", headers={"X-Table-Code": codes[2]}).json()["version"]
    saved = tally(client, codes[2], {"hands": 5, "ns_points": 4, "ew_points": 1, "version": read})
    assert saved.status_code == 200 and saved.json()["version"] == 3
    assert Tally.objects.get(section_id=sid, round=1, table=2).ns_points == 4


def test_two_hosts_correcting_one_tally_are_told_of_each_other(client):
    sid, codes = running(client, kind="euchre", players=8, seed="t")
    for table, (ns, ew) in {1: (5, 2), 2: (3, 1)}.items():
        tally(client, codes[table], {"hands": 4, "ns_points": ns, "ew_points": ew})
    client.post(f"/api/sections/{sid}/bell/", {"last": True}, content_type="application/json")
    url = f"/direct/sections/{sid}/party/tallies/1/2/"
    assert '<input type="hidden" name="version" value="2">' in client.get(url).content.decode()
    form = {"version": "2", "hands": "4", "ns_points": "1", "ew_points": "3", "reason": "swapped"}
    assert "the correction is saved" in client.post(url, form, follow=True).content.decode()
    late = client.post(url, form | {"ns_points": "2"}, follow=True).content.decode()
    assert "Round 1 table 2: the tally was changed meanwhile (4 hands, N-S 1, E-W 3, version 3)" in late
    assert Tally.objects.get(section_id=sid, round=1, table=2).ns_points == 1


def test_a_stale_second_bell_is_not_taken_as_the_next_rounds(client):
    """Issue 28: a second bell from a page of round 1 ended round 2. The bell carries its round: the host's form
    and the API name it, and a bell for a round not in play is refused naming the round that is."""
    sid, codes = running(client, kind="euchre", players=8, seed="b")
    for table, (ns, ew) in {1: (5, 2), 2: (3, 1)}.items():
        tally(client, codes[table], {"hands": 4, "ns_points": ns, "ew_points": ew})
    host = client.get(f"/direct/sections/{sid}/party/").content.decode()
    assert '<input type="hidden" name="round" value="1">' in host
    rung = client.post(f"/direct/sections/{sid}/party/", {"round": "1"}, follow=True).content.decode()
    assert "The bell rings for round 1" in rung
    for _ in range(600):  # the bell is a job: a worker's, where there is a broker
        if Section.objects.get(id=sid).current_round == 2:
            break
        time.sleep(0.1)
    section = Section.objects.get(id=sid)
    assert section.current_round == 2
    started = section.jobs.count()
    stale = client.post(f"/direct/sections/{sid}/party/", {"round": "1"}, follow=True).content.decode()
    assert "That bell was for round 1, but round 2 is in play: nothing was rung" in stale
    assert "The bell rings" not in stale
    assert (Section.objects.get(id=sid).current_round, section.jobs.count()) == (2, started), "no bell rung"
    blank = client.post(f"/direct/sections/{sid}/party/", {}, follow=True).content.decode()
    assert "reload the page and ring again" in blank and Section.objects.get(id=sid).current_round == 2
    for body in ({"round": 1}, {"round": 1, "last": True}):
        api = client.post(f"/api/sections/{sid}/bell/", body, content_type="application/json")
        assert api.status_code == 409 and "but round 2 is in play" in api.json()["detail"]
    assert client.post(f"/api/sections/{sid}/bell/", {"round": 2, "last": True, "confirm": True},
                       content_type="application/json").status_code == 200  # fmt: skip
    assert Section.objects.get(id=sid).status == "finished"


def test_the_host_names_the_forts_on_the_host_page_and_programs_by_the_api(client):
    sid, codes = running(client, kind="military-euchre", players=8, forts=2, prizes=1)
    host = client.get(f"/direct/sections/{sid}/party/").content.decode()
    assert 'name="fort-1" maxlength="40" value="Fort 1"' in host and 'name="fort-3"' not in host
    saved = client.post(
        f"/direct/sections/{sid}/party/forts/", {"fort-1": " Fort Henry ", "fort-2": ""}, follow=True
    )
    assert "The forts&#x27; names are saved." in saved.content.decode()
    projector = client.get(f"/sections/{sid}/seating/").content.decode()
    assert "Fort Henry" in projector and "Fort 2" in projector
    long = client.post(
        f"/direct/sections/{sid}/party/forts/", {"fort-1": "x" * 41}, follow=True
    ).content.decode()
    assert "a fort&#x27;s name is 40 characters at most" in long
    api = client.post(f"/api/sections/{sid}/forts/", {"names": ["Fort Knox", "Fort Sumter"]},
                      content_type="application/json")  # fmt: skip
    assert api.status_code == 200
    assert Section.objects.get(id=sid).movement["party"]["forts"] == ["Fort Knox", "Fort Sumter"]
    too_many = client.post(
        f"/api/sections/{sid}/forts/", {"names": ["A", "B", "C"]}, content_type="application/json"
    )
    assert too_many.status_code == 400 and "2 forts but 3 fort names given" in too_many.json()["detail"]
    club = Section.objects.get(id=sid).session.event.club_id
    euchre = post(client, club=club, kind="euchre", players=8).json()["party"]
    none = client.post(f"/api/sections/{euchre}/forts/", {"names": ["A"]}, content_type="application/json")
    assert none.status_code == 400 and "Progressive euchre has no forts to name" in none.json()["detail"]
