"""Issue 28 as a host, a table's phone and the room read a party: each kind's prizes in its book's words, the lone
hands note only where lone hands are played, the set-up and host pages without book lines, the finished party saying so with
its prize winners, a phone's JSON for following the bell, and the tally cards and score sheets to print."""

import io
import re

import pytest
from pypdf import PdfReader

from parties.core import KINDS
from tests.integration.api_helpers import text_of
from tests.integration.parties.helpers import bell, running, seated, tally

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("run_jobs")]


BOOK_LINE = re.compile(r"\bL\d+")
"""A book line reference ("L11406", "001 L12252"): for the club's records in the code, never for a host."""


def phone_of(client, code):
    phone = type(client)(headers={"X-Forwarded-Proto": "https"})
    phone.post("/table/", {"code": code})
    return phone


@pytest.mark.parametrize("kind", [name for name in KINDS if name != "pivot-bridge"])  # pivot: one table
def test_each_kind_words_its_prizes_and_its_lone_hands_by_its_book(client, kind):
    sid, codes = running(client, kind=kind, players=8, seed="words", prizes=1)
    answer = client.get(f"/direct/sections/{sid}/party/")
    host = answer.content.decode()
    shown = text_of(answer)
    assert not BOOK_LINE.search(shown), BOOK_LINE.findall(shown)
    assert " ".join(KINDS[kind].prize_rule.split()[:6]) in shown
    ready = text_of(client.get(f"/direct/parties/{sid}/"))
    assert KINDS[kind].title in ready and not BOOK_LINE.search(ready), BOOK_LINE.findall(ready)
    if kind == "star-euchre":  # a lady and a gentleman for each colour: no number of prizes to give
        assert 'name="prizes" value="1"' in host and 'id="prizes"' not in host
    else:
        assert f'<label for="prizes">Prizes {KINDS[kind].prizes_by}</label>' in host
    if not kind.startswith("euchre"):
        assert "by games won" not in host
    head, other = (phone_of(client, codes[t]).get("/table/").content.decode() for t in (1, 2))
    note = "No lone hands at the head table"
    assert (note in head) is KINDS[kind].lone_hands and note not in other
    assert ("Lone hands</legend>" in other) is KINDS[kind].lone_hands


def test_the_set_up_menu_names_the_games_without_book_lines(client):
    running(client, kind="euchre", players=8)
    page = client.get("/direct/clubs/riverton/party/")  # make_director's club
    options = re.findall(r"<option value=\"[a-z-]+\"[^>]*>([^<]*)</option>", page.content.decode())
    assert [o for o in options if o in {k.title for k in KINDS.values()}] == [k.title for k in KINDS.values()]
    assert not [o for o in options if re.search(r"L\d|Hoyle|\(00\d", o)], options
    shown = text_of(page)
    assert "Progressive euchre: Hoyle 1940;" in shown, "the book stays in the help below the form, by name"
    assert "the older Hoyle;" in shown and not BOOK_LINE.search(shown), BOOK_LINE.findall(shown)


def test_a_finished_party_says_so_with_its_prize_winners_and_the_phones_follow(client):
    """Two rounds of 8 at euchre: round 1 N-S win both tables (the head table 5–2), round 2 E-W win both; the
    last bell ends the party. Player numbers' games won are the book's count (Hoyle 1940 L11413–11416)."""
    sid, codes = running(client, kind="euchre", players=8, seed="end", prizes=2)
    phone = phone_of(client, codes[2])
    seats = seated(client, sid, 1)[2]
    assert phone.get("/table/party.json").json() == {
        "running": True,
        "round": 1,
        "seating": "-".join(str(seats[s]) for s in "NESW"),
    }, "the round and the table's seating, N E S W"
    for table, (ns, ew) in {1: (5, 2), 2: (4, 1)}.items():
        assert (
            tally(client, codes[table], {"hands": ns + ew, "ns_points": ns, "ew_points": ew}).status_code
            == 200
        )
    assert bell(client, sid) == "done"
    assert phone.get("/table/party.json").json()["round"] == 2
    page = phone.get("/table/").content.decode()
    assert "The bell has rung for round 1" in page and page.count("go to table") == 4
    for table, (ns, ew) in {1: (2, 5), 2: (1, 4)}.items():
        assert (
            tally(client, codes[table], {"hands": ns + ew, "ns_points": ns, "ew_points": ew}).status_code
            == 200
        )
    assert bell(client, sid, {"last": True}) == "done"
    assert phone.get("/table/party.json").json() == {"running": False, "round": None}
    host = client.get(f"/direct/sections/{sid}/party/").content.decode()
    assert re.search(r"<h1>[^<]*: finished</h1>", host) and "round 2</h1>" not in host
    assert host.count("<li data-item><strong>1st prize</strong>") == 1
    assert host.count("<li data-item><strong>2nd prize</strong>") == 1
    assert "2 games won" in host
    for address in (f"/sections/{sid}/party/end/", f"/sections/{sid}/seating/"):
        end = phone.get(address).content.decode()
        assert "the party is over" in end and "The prizes" in end and 'class="table-card' not in end


def pdf_text(answer) -> str:
    assert answer.status_code == 200 and answer["Content-Type"] == "application/pdf"
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(answer.content)).pages)


@pytest.mark.parametrize(
    ("kind", "boxes"),
    [
        ("hearts", "Punch marks"),
        ("star-euchre", "Gold"),
        ("euchre", "Games won"),
        ("military-euchre", "Flags captured"),
    ],
)
def test_the_tally_cards_carry_the_books_boxes_and_no_table_code(client, kind, boxes):
    sid, codes = running(client, kind=kind, players=8, seed="cards")
    text = pdf_text(client.get(f"/direct/parties/{sid}/tally-cards.pdf"))
    assert text.count("tally card") == 8 and boxes in text and not BOOK_LINE.search(text), "no book lines"
    assert not any(code in text.replace(" ", "") for code in codes.values()), "no table code on a card"


def test_progressive_contract_has_score_sheets_with_each_deals_conditions(client):
    sid, codes = running(client, kind="contract-bridge", players=8, seed="sheets")
    text = pdf_text(client.get(f"/direct/parties/{sid}/tally-cards.pdf"))
    assert "table 1, score sheet" in text and "table 2, score sheet" in text
    for words in ("Contract", "Declarer", "Tricks", "neither side vulnerable", "both sides vulnerable",
                  "penalty limit 1000", "Points"):  # fmt: skip
        assert words in text, words
    assert not BOOK_LINE.search(text), BOOK_LINE.findall(text)
    assert not any(code in text.replace(" ", "") for code in codes.values())


def test_pivot_bridge_plays_its_three_rubbers_and_ends_by_itself(client):
    """Hoyle 1940 L5414–5428 as a party: the pivot (player 1) keeps North, each of the others partners it for one
    rubber, the bell after each moves them by the book whoever won, and the third ends the party. Each player's
    individual rubber scores, plus less minus (L5408–5411), hand-worked: rubber 1 N-S 700 to 200 (1 and 2 +500, 3
    and 4 -500), rubber 2 300 to 600 (1 and 4 -300, 2 and 3 +300), rubber 3 900 to 100 (1 and 3 +800, 2 and 4
    -800): 1 +1000, 2 0, 3 +600, 4 -1600."""
    sid, codes = running(client, kind="pivot-bridge", players=4, seed="pivot", prizes=1)
    for number, (ns, ew), seats in ((1, (700, 200), (1, 3, 2, 4)), (2, (300, 600), (1, 2, 4, 3)),
                                    (3, (900, 100), (1, 4, 3, 2))):  # fmt: skip
        assert seated(client, sid, number) == {1: dict(zip("NESW", seats, strict=True))}
        assert tally(client, codes[1], {"hands": 1, "ns_points": ns, "ew_points": ew}).status_code == 200
        assert bell(client, sid) == "done"
    section = client.get(f"/api/sections/{sid}/").json()
    assert section["status"] == "finished", "after its third rubber the pivot's party is over"
    standings = {s["entry"]: s["total"] for s in client.get(f"/api/sections/{sid}/standings/").json()}
    assert standings == {1: 1000, 2: 0, 3: 600, 4: -1600}
    end = client.get(f"/sections/{sid}/party/end/").content.decode()
    assert "<strong>1st prize</strong>: 1. " in end and "net score 1000" in end


def test_a_refusal_on_the_host_page_quotes_no_book_lines(client):
    """Military euchre's forts keep their players: the host asking for a late arrival is told why in words, while
    the code and the API keep the book's lines for the club's records."""
    sid, _ = running(client, kind="military-euchre", players=8, seed="words")
    answer = client.post(
        f"/direct/sections/{sid}/party/players/", {"action": "add", "name": "Late Lou"}, follow=True
    )
    shown = text_of(answer)
    assert "Military euchre's forts are four defenders each, chosen by the hostess" in shown
    assert not BOOK_LINE.search(shown), BOOK_LINE.findall(shown)
