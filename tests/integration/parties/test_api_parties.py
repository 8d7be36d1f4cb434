"""POST /api/parties/ (issue 15): every kind of party the books describe set up from its kind and number of
players, answering round 1's seating; an impossible request answers 400 saying why; directors of the club only."""

import html
import io
import re

import pytest
from pypdf import PdfReader

from parties.core import KINDS as KINDS_
from tests.integration.api_helpers import make_director
from tests.integration.parties.helpers import bell, post
from tournaments.models import Section, TableCode

# Results and bells act once their transaction commits (the standings, the next seating): the tests that read
# what follows them commit (transaction=True); the rest roll back.
pytestmark = pytest.mark.django_db

KINDS = [
    "euchre",
    "euchre-couples",
    "star-euchre",
    "contract-bridge",
    "individual-bridge",
    "hearts",
    "military-euchre",
]


@pytest.mark.parametrize("kind", KINDS)
def test_a_party_of_each_kind_answers_its_first_seating(client, kind):
    user, club = make_director()
    client.force_login(user)
    answer = post(client, club=club.id, name=f"A {kind} party", kind=kind, players=16, seed="s")
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert (body["round"], body["kind"]) == (1, kind)
    assert [t["table"] for t in body["tables"]] == [1, 2, 3, 4]
    assert all(list(t["seats"]) == ["N", "E", "S", "W"] for t in body["tables"])
    seated = sorted(p for t in body["tables"] for p in t["seats"].values())
    assert seated == list(range(1, 17)), "everyone seated once"
    section = Section.objects.get(id=body["party"])
    assert (section.scoring_method, section.movement_kind, section.status) == ("progressive", kind, "setup")
    assert section.entries.count() == 16 and section.table_codes.count() == 4
    rule_sets = {"contract-bridge": ("bridge", "progressive-contract"), "individual-bridge": ("bridge", "auction-1926"),
                 "hearts": ("hearts", "hoyle-1940")}  # fmt: skip
    assert (section.game, section.rule_set) == rule_sets.get(kind, ("euchre", "progressive-1940"))


def test_the_seatings_follow_the_books(client):
    user, club = make_director()
    client.force_login(user)
    ladies = set(range(1, 17, 2))
    for kind in ("euchre-couples", "star-euchre"):
        tables = post(client, club=club.slug, name="Mixed", kind=kind, players=16).json()["tables"]
        for t in tables:
            s = t["seats"]
            for a, b in ("NS", "EW"):
                assert (s[a] in ladies) != (s[b] in ladies), f"{kind}: a lady partners a gentleman (002 L677)"
    hearts = post(client, club=club.id, name="Hearts", kind="hearts", players=8).json()["tables"]
    assert all([s in ladies for s in t["seats"].values()] == [True, False, True, False] for t in hearts)
    # Military euchre (Hoyle 1940 L11440–11447): the forts' N-S stay home, E-W move one table toward the head table.
    forts = post(client, club=club.id, name="Forts", kind="military-euchre", players=12, forts=3).json()[
        "tables"
    ]
    assert [t["seats"] for t in forts] == [
        {"N": 1, "E": 6, "S": 3, "W": 8},
        {"N": 5, "E": 10, "S": 7, "W": 12},
        {"N": 9, "E": 2, "S": 11, "W": 4},
    ]


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"kind": "military-euchre", "players": 10, "forts": 13},
         "military euchre is played by 2 to 12 forts (Hoyle 1940 L11436), not 13"),
        ({"kind": "military-euchre", "players": 10, "forts": 3},
         "military euchre with 3 forts needs 12 players (four to defend each fort), not 10"),
        ({"kind": "military-euchre", "players": 52},
         "Military euchre is played at 2 to 12 forts, not 13 (52 players)"),
        ({"kind": "euchre", "players": 4}, "Progressive euchre needs 5 players or more (a table and a spare who cuts in)"),
        ({"kind": "hearts", "players": 244}, "Progressive hearts is played at 1 to 60 tables, not 61 (244 players)"),
        ({"kind": "whist", "players": 8}, "kind:"),
        ({"kind": "contract-bridge", "players": 8, "lone_hand_prize": True},
         "Progressive contract bridge has no lone hands, so no lone-hand prize"),
        ({"kind": "euchre", "players": 8, "ends": "deals"}, "a round of a number of deals needs that number"),
    ],
)  # fmt: skip
def test_an_impossible_party_is_refused_saying_why(client, body, says):
    user, club = make_director()
    client.force_login(user)
    answer = post(client, club=club.id, name="No", **body)
    assert answer.status_code == 400
    assert says in answer.json()["detail"]
    assert not Section.objects.exists(), "nothing is made"


def test_only_the_clubs_directors_set_up_a_party(client):
    _, club = make_director()
    assert post(client, club=club.id, kind="euchre", players=8).status_code in (401, 403)
    other, _ = make_director("bob", "elsewhere")
    client.force_login(other)
    refused = post(client, club=club.id, kind="euchre", players=8)
    assert refused.status_code == 403 and "only a director of this club" in refused.json()["detail"]
    assert post(client, club="nowhere", kind="euchre", players=8).status_code == 404
    assert not Section.objects.exists()


def test_a_couples_party_moves_by_method_two_at_the_bell(client, run_jobs):
    """L11405–11408: in a party of couples the bell moves the winning lady up and the gentleman down; every
    table of round 2 partners a lady with a gentleman, the head and booby tables too."""
    user, club = make_director()
    client.force_login(user)
    sid = post(client, club=club.id, name="Couples", kind="euchre-couples", players=12, seed="c").json()[
        "party"
    ]
    client.post(f"/api/sections/{sid}/status/", {"status": "running"})
    codes = {t["table"]: t["code"] for t in client.get(f"/api/sections/{sid}/tables/").json()}
    for table, (ns, ew) in {1: (5, 2), 2: (1, 3), 3: (4, 2)}.items():
        client.post("/api/table/tally/", {"ns_points": ns, "ew_points": ew}, content_type="application/json",
                    headers={"X-Table-Code": codes[table]})  # fmt: skip
    assert bell(client, sid) == "done"
    ladies = set(range(1, 13, 2))
    round_2 = [
        row["seats"] for row in client.get(f"/api/sections/{sid}/seating/").json() if row["round"] == 2
    ]
    assert len(round_2) == 3
    for seats in round_2:
        for a, b in ("NS", "EW"):
            assert (int(seats[a]) in ladies) != (int(seats[b]) in ladies), round_2


def test_the_star_party_ranks_by_gold_then_red_then_fewest_green(client, run_jobs):
    """002 L680–682: gold stars to the head table's winners, red to winners elsewhere, green to the booby table's
    losers; a tie at a table goes to the side with the most tricks toward the next hand (the host gives it);
    players rank by gold, then red, then fewest green."""
    user, club = make_director()
    client.force_login(user)
    sid = post(client, club=club.id, name="Stars", kind="star-euchre", players=8, seed="s", prizes=1).json()[
        "party"
    ]
    client.post(f"/api/sections/{sid}/status/", {"status": "running"})
    codes = {t["table"]: t["code"] for t in client.get(f"/api/sections/{sid}/tables/").json()}

    def seats(number):
        rows = [r for r in client.get(f"/api/sections/{sid}/seating/").json() if r["round"] == number]
        return {r["table"]: {k: int(v) for k, v in r["seats"].items()} for r in rows}

    def play(tallies, **rung):
        for table, (ns, ew) in tallies.items():
            client.post("/api/table/tally/", {"ns_points": ns, "ew_points": ew}, content_type="application/json",
                        headers={"X-Table-Code": codes[table]})  # fmt: skip
        assert bell(client, sid, rung) == "done"

    one = seats(1)
    play({1: (5, 2), 2: (3, 3)}, tied={"2": "EW"})  # table 2 tied: E-W held more tricks toward the next hand
    two = seats(2)
    assert {two[1]["N"], two[1]["S"]} | {two[1]["E"], two[1]["W"]} >= {one[1]["N"], one[1]["S"]}, (
        "head winners stay"
    )
    play({1: (2, 5), 2: (4, 1)}, last=True)
    stars = {p: [0, 0, 0] for p in range(1, 9)}
    for table, won, lost, which in ((one[1], "NS", "EW", 0), (one[2], "EW", "NS", 1), (two[1], "EW", "NS", 0),
                                    (two[2], "NS", "EW", 1)):  # fmt: skip
        for p in (table[won[0]], table[won[1]]):
            stars[p][which] += 1
        if which == 1:  # the booby table's losers
            for p in (table[lost[0]], table[lost[1]]):
                stars[p][2] += 1
    standings = {s["entry"]: s for s in client.get(f"/api/sections/{sid}/standings/").json()}
    assert {p: s["total"] for p, s in standings.items()} == {p: g for p, (g, _, _) in stars.items()}, (
        "gold stars"
    )
    order = sorted(stars, key=lambda p: (-stars[p][0], -stars[p][1], stars[p][2]))
    places = [standings[p]["place"] for p in order]
    assert places == sorted(places), "gold, then red, then fewest green"
    for side, group in (("Lady", {1, 3, 5, 7}), ("Gentleman", {2, 4, 6, 8})):  # 002 L681: each side's prizes
        key = {p: (stars[p][0], stars[p][1], -stars[p][2]) for p in group if stars[p][0]}
        best = [p for p in key if key[p] == max(key.values())]
        prized = [p for p in group if f"{side}'s gold-star prize" in standings[p]["prize"]]
        assert len(prized) == 1 and prized[0] in best, (side, prized, best)


def test_military_euchre_visits_every_fort_once_and_ranks_the_forts_by_flags(client, run_jobs):
    """L11440–11464: N-S defend their fort, E-W move one table toward the head table each game until they are
    home again (three forts: two games); each game's winners take a flag; "The winners are the forts that have
    captured the most trophies". No lone hands (L11446)."""
    user, club = make_director()
    client.force_login(user)
    sid = post(client, club=club.id, name="Forts", kind="military-euchre", players=12, forts=3).json()[
        "party"
    ]
    client.post(f"/api/sections/{sid}/status/", {"status": "running"})
    codes = {t["table"]: t["code"] for t in client.get(f"/api/sections/{sid}/tables/").json()}
    alone = client.post("/api/table/tally/", {"ns_points": 1, "lone_hands": {"N": 1}},
                        content_type="application/json", headers={"X-Table-Code": codes[2]})  # fmt: skip
    assert alone.status_code == 400 and "or in military euchre (L11446)" in alone.json()["detail"]
    # Game 1: fort 1 beats fort 2 (table 1), fort 3 beats fort 2 (table 2) and fort 1 (table 3).
    # Game 2: fort 3 beats fort 1 (table 1), fort 2 beats fort 1 (table 2) and fort 3 (table 3).
    for tallies in ({1: (5, 2), 2: (1, 5), 3: (5, 3)}, {1: (2, 5), 2: (5, 4), 3: (3, 5)}):
        for table, (ns, ew) in tallies.items():
            client.post("/api/table/tally/", {"ns_points": ns, "ew_points": ew}, content_type="application/json",
                        headers={"X-Table-Code": codes[table]})  # fmt: skip
        assert bell(client, sid) == "done"
    seating = {(r["round"], r["table"]): [int(r["seats"][s]) for s in "NESW"]
               for r in client.get(f"/api/sections/{sid}/seating/").json()}  # fmt: skip
    assert seating == {
        (1, 1): [1, 6, 3, 8], (1, 2): [5, 10, 7, 12], (1, 3): [9, 2, 11, 4],
        (2, 1): [1, 10, 3, 12], (2, 2): [5, 2, 7, 4], (2, 3): [9, 6, 11, 8],
    }  # fmt: skip
    assert client.get(f"/api/sections/{sid}/").json()["status"] == "finished", "every fort met every other"
    standings = {
        s["entry"]: (s["total"], s["rank"]) for s in client.get(f"/api/sections/{sid}/standings/").json()
    }
    assert standings == {p: ((3, "1=") if p > 8 else (2, "5=") if p > 4 else (1, "9=")) for p in range(1, 13)}


@pytest.mark.django_db(transaction=True)
def test_a_timed_round_shows_its_countdown_on_the_projector(client):
    user, club = make_director()
    client.force_login(user)
    made = post(client, club=club.id, name="Timed", kind="euchre", players=8, ends="time", minutes=12).json()
    sid = made["party"]
    page = client.get(f"/sections/{sid}/seating/").content.decode()
    assert "12 minutes a round" in page and 'id="countdown"' not in page, "no round runs before the start"
    client.post(f"/api/sections/{sid}/status/", {"status": "running"})
    started = Section.objects.get(id=sid).round_started
    page = client.get(f"/sections/{sid}/seating/").content.decode()
    assert f'id="countdown" data-started="{started.isoformat()}" data-minutes="12"' in page, (
        "round 1 counts down from the start"
    )
    following = [
        {"table": t["table"], "seats": {k: str(v) for k, v in t["seats"].items()}} for t in made["tables"]
    ]
    asked = client.post(f"/api/sections/{sid}/bell/", {"seating": following}, content_type="application/json")
    assert asked.status_code == 409 and [m["table"] for m in asked.json()["missing"]] == [1, 2], (
        "no tally sent"
    )
    client.post(
        f"/api/sections/{sid}/bell/", {"seating": following, "confirm": True}, content_type="application/json"
    )
    bell = Section.objects.get(id=sid).round_started
    assert bell > started
    page = client.get(f"/sections/{sid}/seating/").content.decode()
    assert (
        f'id="countdown" data-started="{bell.isoformat()}"' in page
        and 'data-minutes="12"' in page
        and "round 2" in page
        and "12:00</time> left" in page
    )
    assert "js/countdown" in page


def test_progressive_hearts_punches_and_moves_after_each_hand(client, run_jobs):
    """L12252–12266: after each hand the lady with fewer hearts moves up and the gentleman with fewer hearts
    moves down, each with a punch mark; the prizes go by punch marks."""
    user, club = make_director()
    client.force_login(user)
    made = post(client, club=club.id, name="Hearts", kind="hearts", players=8, seed="h").json()
    sid, (one, two) = made["party"], [t["seats"] for t in made["tables"]]
    client.post(f"/api/sections/{sid}/status/", {"status": "running"})
    codes = {t["table"]: t["code"] for t in client.get(f"/api/sections/{sid}/tables/").json()}
    wrong = client.post("/api/table/tally/", {"hearts": {"N": 3, "E": 3, "S": 3, "W": 3}},
                        content_type="application/json", headers={"X-Table-Code": codes[1]})  # fmt: skip
    assert wrong.status_code == 400 and "hearts add up to 13, not 12" in wrong.json()["detail"]
    taken = {
        1: {"N": 2, "E": 7, "S": 4, "W": 0},
        2: {"N": 6, "E": 1, "S": 3, "W": 3},
    }  # N, S ladies; E, W gentlemen
    for table, hearts in taken.items():
        saved = client.post("/api/table/tally/", {"hearts": hearts}, content_type="application/json",
                            headers={"X-Table-Code": codes[table]})  # fmt: skip
        assert saved.status_code == 200, saved.content
    phone = type(client)(headers={"X-Forwarded-Proto": "https"})
    phone.post("/table/", {"code": codes[1]})
    page = phone.get("/table/").content.decode()
    assert 'name="hearts-E" type="number" min="0" max="13" value="7"' in page, (
        "the phone shows the hearts saved"
    )
    assert 'name="lone-' not in page
    assert bell(client, sid) == "done"
    # table 1: lady N (2 hearts) and gentleman W (0); table 2: lady S (3) and gentleman E (1)
    winners = {one["N"], one["W"], two["S"], two["E"]}
    tallies = client.get(f"/api/sections/{sid}/tallies/").json()
    assert {int(p) for t in tallies for p in t["punches"]} == winners
    round_2 = {r["table"]: set(map(int, r["seats"].values()))
               for r in client.get(f"/api/sections/{sid}/seating/").json() if r["round"] == 2}  # fmt: skip
    assert {one["N"], two["S"]} <= round_2[1], "the winning ladies go up (the head table's stays)"
    assert {one["W"], two["E"]} <= round_2[2], "the winning gentlemen go down (the booby's stays)"
    client.post(f"/api/sections/{sid}/bell/", {"last": True}, content_type="application/json")
    standings = {s["entry"]: s["total"] for s in client.get(f"/api/sections/{sid}/standings/").json()}
    assert {p for p, n in standings.items() if n} == winners


def test_the_table_cards_carry_each_tables_code_and_a_qr_code_to_its_phone_page(client):
    user, club = make_director()
    client.force_login(user)
    sid = post(client, club=club.id, name="Cards", kind="euchre", players=8, seed="q").json()["party"]
    codes = {
        t["table"]: TableCode(code=t["code"]).shown for t in client.get(f"/api/sections/{sid}/tables/").json()
    }
    answer = client.get(f"/direct/parties/{sid}/table-cards.pdf")
    assert answer.status_code == 200 and answer["Content-Type"] == "application/pdf"
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(answer.content)).pages).replace(
        "\n", " "
    )
    for code in codes.values():
        assert f"The table's code: {code}" in text and f"/table/?code={code}" in text
    assert "Cards: table 1 (head table)" in text and "Cards: table 2 (booby table)" in text
    phone = type(client)(headers={"X-Forwarded-Proto": "https"})
    assert f'value="{codes[1]}"' in phone.get(f"/table/?code={codes[1]}").content.decode(), (
        "the QR fills the code in"
    )
    client.logout()
    assert client.get(f"/direct/parties/{sid}/table-cards.pdf").status_code == 302, "directors only"


def test_the_players_names_and_sides_are_part_of_the_entry(client):
    """Each player's name and side entered: the entries carry the names, the seating the sides (ladies the even
    numbers here), and a mixed party of unequal sides or without a side is refused saying why."""
    user, club = make_director()
    client.force_login(user)
    entries = [{"name": f"{who} {c}", "side": side} for c in range(1, 5)
               for who, side in (("Gent", "gentleman"), ("Lady", "lady"))]  # fmt: skip
    answer = post(client, club=club.id, kind="euchre-couples", players=8, entries=entries, seed="s")
    assert answer.status_code == 201, answer.content
    section = Section.objects.get(id=answer.json()["party"])
    assert list(section.entries.values_list("name", flat=True)) == [e["name"] for e in entries]
    for table in answer.json()["tables"]:
        seats = table["seats"]
        assert (seats["N"] % 2) != (seats["S"] % 2) and (seats["E"] % 2) != (seats["W"] % 2)
    uneven = [dict(e, side="lady") if i == 0 else e for i, e in enumerate(entries)]
    answer = post(client, club=club.id, kind="hearts", players=8, entries=uneven)
    assert answer.status_code == 400
    assert (
        "5 ladies and 3 gentlemen fill 1 table and would leave 4 sitting out every round"
        in answer.json()["detail"]
    )
    answer = post(client, club=club.id, kind="hearts", players=8, entries=[{"name": "Ann"}] * 8)
    assert answer.status_code == 400
    assert "player 1 (Ann): Progressive hearts needs each player's side" in answer.json()["detail"]
    answer = post(client, club=club.id, kind="euchre", players=12, entries=[{"name": "Ann"}] * 8)
    assert answer.status_code == 400 and "12 players but 8 names entered" in answer.json()["detail"]


@pytest.mark.parametrize(
    ("kind", "ranked"),
    [("euchre", "games won"), ("star-euchre", "gold stars, then red, then fewest green"),
     ("hearts", "punch marks"), ("contract-bridge", "total points"), ("military-euchre", "each fort's flags")],
)  # fmt: skip
def test_the_section_heading_says_each_kind_of_party_s_own_ranking(client, kind, ranked):
    """Issue 15's note: the heading said "Progressive party (games won, lone hands)" for every kind."""
    user, club = make_director()
    client.force_login(user)
    sid = post(client, club=club.id, name="Heading", kind=kind, players=8).json()["party"]
    client.post(f"/api/sections/{sid}/status/", {"status": "running"})
    page = client.get(f"/sections/{sid}/").content.decode()
    heading = html.unescape(re.search(r"<p class=\"muted\">(.*?)</p>", page).group(1))
    assert f"{KINDS_[kind].title}, 8 players · ranked by {ranked}" in heading
    assert "Progressive party (games won" not in page and "Duplicate bridge" not in heading


def test_the_club_page_names_each_party_by_its_kind(client):
    """A party of bridge or hearts is listed as what is played ("Progressive contract bridge"), not as its cards'
    game ("Duplicate bridge")."""
    user, club = make_director()
    client.force_login(user)
    for kind in ("contract-bridge", "hearts"):
        sid = post(client, club=club.id, name=kind, kind=kind, players=8, seed="c").json()["party"]
        client.post(f"/api/sections/{sid}/status/", {"status": "running"})
    rows = re.findall(r"<tr><td>.*?</tr>", client.get(f"/clubs/{club.slug}/").content.decode(), re.S)
    games = sorted(re.findall(r"</a></td>\s*<td>([^<]*)</td>", "".join(rows)))
    assert games == [KINDS_["contract-bridge"].title, KINDS_["hearts"].title]
    assert "Duplicate bridge" not in "".join(rows)
