"""The progressive party's bugs of issue 15, each through the pages or the API as a host and the tables' phones meet
it: the phone's tally keeps its lone hands, none at the head table, the round counts, the host's table states, a cut
shown as the winners, the director's section page, the party's cards and the euchre rule set."""

import io
import os
import re

import pytest
from django.contrib.auth.models import User
from pypdf import PdfReader

from parties.models import Tally
from tests.integration.api_helpers import make_director, new_section
from tests.integration.parties.helpers import PARTY, ROUND_2, TALLIES, seats

# Results and bells act once their transaction commits (the standings, the next seating): the tests that read
# what follows them commit (transaction=True); the rest roll back.
pytestmark = pytest.mark.django_db


@pytest.fixture
def party(client):
    """test_api_progressive's three-table party, running round 1; answers (section id, table codes)."""
    user, club = make_director()
    client.force_login(user)
    sid, _, codes = new_section(client, club, "Party", PARTY, game="euchre", scoring_method="progressive")
    client.post(f"/api/sections/{sid}/status/", {"status": "running"})
    return sid, codes


def phone(client, code):
    table = type(client)(headers={"X-Forwarded-Proto": "https"})
    table.post("/table/", {"code": code})
    return table


def form_of(page: str) -> dict[str, str]:
    """The tally form's fields as the phone's page fills them in (with the version of the tally it shows)."""
    return dict(
        re.findall(r'<input id="[^"]*" name="([^"]+)" type="number"[^>]*value="([^"]*)"', page)
    ) | dict(re.findall(r'<input (?:type="hidden" )?name="(lone-[NESW]|version)"[^>]*value="([^"]*)"', page))


def enter(client, codes, round_number=1):
    for table, (ns, ew, lone) in TALLIES[round_number].items():
        form = {"hands": str(ns + ew), "ns_points": str(ns), "ew_points": str(ew)}
        form |= {f"lone-{seat}": str(count) for seat, count in lone.items()}
        assert (
            "Tally saved."
            in phone(client, codes[table]).post("/table/tally/", form, follow=True).content.decode()
        )


def test_the_phone_shows_the_saved_lone_hands_and_the_next_save_keeps_them(client, party):
    sid, codes = party
    table = phone(client, codes[2])
    table.post("/table/tally/", {"hands": "3", "ns_points": "1", "ew_points": "2", "lone-E": "1"})
    assert Tally.objects.get(section_id=sid, table=2).lone_hands == {"6": 1}
    form = form_of(table.get("/table/").content.decode())
    assert form["lone-E"] == "1", "the page shows the lone hand saved"
    assert (form["hands"], form["ew_points"]) == ("3", "2")
    table.post("/table/tally/", form | {"hands": "4", "ns_points": "2"})
    tally = Tally.objects.get(section_id=sid, table=2)
    assert (tally.ns_points, tally.lone_hands) == (2, {"6": 1}), "the next save keeps the lone hand"


def test_no_lone_hand_is_accepted_at_the_head_table(client, party):
    """Hoyle 1940 L11381–11382: "no lone hands are allowed at the head table"."""
    sid, codes = party
    client.logout()
    refused = client.post("/api/table/tally/", {"ns_points": 2, "ew_points": 1, "lone_hands": {"W": 1}},
                          content_type="application/json", headers={"X-Table-Code": codes[1]})  # fmt: skip
    assert refused.status_code == 400
    assert (
        "table 1: no lone hands are allowed at the head table (Hoyle 1940 L11381–11382)"
        in refused.json()["detail"]
    )
    head = phone(client, codes[1])
    assert 'name="lone-' not in head.get("/table/").content.decode(), "the head table's phone asks for none"
    head.post("/table/tally/", {"hands": "3", "ns_points": "2", "ew_points": "1", "lone-W": "1"})
    assert not Tally.objects.filter(section_id=sid, table=1).exists(), "refused by the page as well"
    allowed = client.post("/api/table/tally/", {"ns_points": 2, "ew_points": 1, "lone_hands": {"W": 1}},
                          content_type="application/json", headers={"X-Table-Code": codes[2]})  # fmt: skip
    assert allowed.status_code == 200, "at the other tables a lone hand counts"


@pytest.mark.django_db(transaction=True)
def test_the_pages_count_the_rounds_of_a_party_as_the_bell_seats_them(client, party):
    sid, codes = party
    enter(client, codes)
    client.post(f"/api/sections/{sid}/bell/", {"seating": seats(ROUND_2)}, content_type="application/json")
    public = client.get(f"/sections/{sid}/").content.decode()
    assert "round 2 of" not in public and "Running</span> · round 2</p>" in public
    desk = client.get(f"/direct/sections/{sid}/").content.decode()
    assert "round 2 of" not in desk


def test_the_host_sees_the_head_table_playing_and_a_tie_elsewhere(client, party):
    sid, codes = party
    client.logout()
    for table, (ns, ew) in {1: (3, 2), 3: (4, 4)}.items():
        client.post("/api/table/tally/", {"ns_points": ns, "ew_points": ew}, content_type="application/json",
                    headers={"X-Table-Code": codes[table]})  # fmt: skip
    client.force_login(User.objects.get(username="alice"))
    host = client.get(f"/direct/sections/{sid}/party/").content.decode()
    assert "Table 1 is tied" not in host, "3–2 at the head table: it plays on to 5 (Hoyle 1940 L11386–11391)"
    assert "Table 3 is tied: winners of the cut" in host
    rows = re.findall(r"<tr><td>(\d)</td>.*?</tr>", host, re.S)
    assert rows == ["1", "2", "3"]
    states = re.findall(
        r'<tr><td>\d</td><td>[^<]*</td>\s*(?:<td class="num">\d+</td>){3}\s*<td>([^<]*)</td><td>([^<]*)</td>',
        host,
    )
    assert states == [("–", "playing"), ("–", "not started"), ("–", "tied (cut)")]


@pytest.mark.skipif(
    bool(os.environ.get("REDIS_URL")), reason="the bell job runs in-process only without a broker"
)
@pytest.mark.django_db(transaction=True)
def test_a_cut_chosen_for_a_tied_table_shows_under_winners(client, party):
    sid, codes = party
    enter(client, codes)  # table 3 is tied 4–4
    rung = client.post(
        f"/direct/sections/{sid}/party/", {"round": "1", "cut-3": "EW"}, follow=True
    ).content.decode()
    assert "The bell rings for round 1" in rung
    tally = Tally.objects.get(section_id=sid, round=1, table=3)
    assert (tally.winners, tally.punches, tally.frozen) == ("EW", {}, True), (
        "the cut moves players, wins no game"
    )
    host = client.get(f"/direct/sections/{sid}/party/").content.decode()
    round_1 = host[host.index('id="round-1"') :]
    assert "<td>EW by the cut</td>" in round_1 and "<td>NS</td>" in round_1


def test_the_directors_section_page_shows_the_party_tables(client, party):
    sid, codes = party
    phone(client, codes[2]).post("/table/tally/", {"hands": "3", "ns_points": "1", "ew_points": "2"})
    page = client.get(f"/direct/sections/{sid}/").content.decode()
    assert "0 / 0" not in page
    assert "N 5. ; E 6. ; S 7. ; W 8. " in page, "the four players of table 2"
    assert '<td class="num">1</td><td class="num">2</td><td>3 hands</td>' in page


@pytest.mark.django_db(transaction=True)
def test_the_party_cards_show_every_round_and_no_boards(client, party):
    sid, codes = party
    enter(client, codes)
    client.post(f"/api/sections/{sid}/bell/", {"seating": seats(ROUND_2)}, content_type="application/json")
    for kind in ("table", "guide"):
        answer = client.get(f"/sections/{sid}/cards-{kind}.pdf")
        assert answer.status_code == 200
        text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(answer.content)).pages)
        assert "Boards" not in text, kind
    table_1 = (
        PdfReader(io.BytesIO(client.get(f"/sections/{sid}/cards-table.pdf").content)).pages[0].extract_text()
    )
    rows = table_1.split()
    assert rows[rows.index("W") + 1 :][:10] == ["1", "1", "2", "3", "4", "2", "1", "5", "4", "8"], (
        "table 1: round 1 is 1, 2, 3, 4 and round 2 is 1, 5, 4, 8 (N, E, S, W)"
    )


def test_a_euchre_section_carries_a_euchre_rule_set(client):
    user, club = make_director()
    client.force_login(user)
    sid, _, _ = new_section(client, club, "Party", PARTY, game="euchre", scoring_method="progressive")
    section = client.get(f"/api/sections/{sid}/").json()
    assert section["rule_set"] == "progressive-1940"
    wrong = client.patch(f"/api/sections/{sid}/", {"rule_set": "duplicate-2017", "reason": "r"},
                         content_type="application/json")  # fmt: skip
    assert wrong.status_code == 400
    assert "'duplicate-2017' is not a rule set of euchre" in wrong.content.decode()
