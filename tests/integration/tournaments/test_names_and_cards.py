"""Names given to members everywhere pairs appear (issue 14): the table phones, standings, travellers, scorecards,
the printed results and scorecards, and the PBN, USEBIO and CSV exports; and the table and guide cards that carry
the table's access code with a QR code that opens the table, printed again for one table after its code changed."""

import io
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from games.formats import usebio
from tests.club import members
from tests.integration.api_helpers import make_director, mitchell, new_section, play_all_rounds
from tournaments.models import Section, TableCode
from tournaments.printables import qr_png

# Results and bells act once their transaction commits (the standings, the next seating): the tests that read
# what follows them commit (transaction=True); the rest roll back.
pytestmark = pytest.mark.django_db
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"

PAIRS = {1: ("Ann Smith", "Bob Jones"), 2: ("Cath Brown", "Dan White"), 3: ("Eve Black", "Fay Green"),
         4: ("Gil Gray", "Hal Hart"), 5: ("Ivy Irons", "Jon Jay"), 6: ("Kim Kerr", "Len Long")}  # fmt: skip


def both(pair: int) -> str:
    return " & ".join(PAIRS[pair])


@pytest.fixture
def named(client):
    """A running 3-table Mitchell, two boards a round, its six pairs named from members on the desk."""
    user, club = make_director()
    client.force_login(user)
    members(club, [name for pair in PAIRS.values() for name in pair], 2000)
    sid, _, codes = new_section(
        client, club, "Tuesday pairs", {"movement": mitchell(3, 2)}, scoring_method="mp"
    )
    client.post(f"/api/sections/{sid}/deal/", {})
    form = {f"players-{pair}": list(names) for pair, names in PAIRS.items()}
    assert client.post(f"/direct/sections/{sid}/entries/", form).status_code == 302
    assert client.post(f"/api/sections/{sid}/status/", {"status": "running"}).status_code == 200
    deals = {b["number"]: b["deal"] for b in client.get(f"/api/boards/?section={sid}").json()}
    return user, sid, codes, deals


def shown(code: str) -> str:
    """A code as cards and pages print it."""
    return TableCode(code=code).shown


def phone(client):
    return type(client)(headers={"X-Forwarded-Proto": "https"})


def test_the_table_phone_names_both_pairs(client, named):
    _, sid, codes, _ = named
    table = phone(client)
    opened = table.post(f"/t/{codes[2]}/")
    assert (opened.status_code, opened["Location"]) == (302, "/table/"), (
        "the QR code's address opens the table"
    )
    page = table.get("/table/").content.decode()
    assert "<h1>Table 2, round 1</h1>" in page
    assert (
        f'N-S: <strong>{both(2)}</strong> <span class="muted">(pair 2)</span>'.replace("&", "&amp;") in page
    )
    assert f"E-W: <strong>{both(5)}</strong>".replace("&", "&amp;") in page
    wrong = phone(client)
    answer = wrong.get("/t/NOPE99/", follow=True).content.decode()
    assert "That code did not open a table: unknown table code." in answer and 'name="code"' in answer


@pytest.mark.django_db(transaction=True)
def test_names_appear_on_standings_travellers_scorecards_prints_and_exports(client, named):
    user, sid, codes, deals = named
    client.logout()
    play_all_rounds(client, user, sid, codes, deals, random.Random(14))
    client.force_login(user)
    for status in ("finished", "published"):
        assert client.post(f"/api/sections/{sid}/status/", {"status": status}).status_code == 200
    client.logout()  # the public sees the published results

    results = client.get(f"/sections/{sid}/").content.decode()
    for pair in PAIRS:
        assert f"<td>{both(pair)}</td>".replace("&", "&amp;") in results, f"standings name pair {pair}"
    traveller = client.get(f"/sections/{sid}/boards/1/").content.decode()
    # board 1: round 1 at table 1 (N-S 1 v E-W 4), round 2 at table 3 (3 v 5), round 3 at table 2 (2 v 6)
    for pair in PAIRS:
        assert f'<span class="names">{both(pair)}</span>'.replace("&", "&amp;") in traveller
    card = client.get(f"/sections/{sid}/scorecards/1/").content.decode()
    assert f'<span class="names">{both(1)}</span></h1>'.replace("&", "&amp;") in card
    for opponent in (4, 5, 6):
        assert f'{opponent} <span class="names">{both(opponent)}</span>'.replace("&", "&amp;") in card

    pbn = client.get(f"/api/sections/{sid}/export/?kind=pbn").content.decode()
    for pair in PAIRS:
        assert f'"{both(pair)}"' in pbn, "the TotalScoreTable's Names"
    standings = client.get(f"/api/sections/{sid}/export/?kind=standings-csv").content.decode()
    assert {line.split(",")[3] for line in standings.splitlines()[1:]} == {both(p) for p in PAIRS}
    event = usebio.loads(client.get(f"/api/sections/{sid}/export/?kind=usebio").content).event
    names = {frozenset(p.name for p in pair.players) for pair in event.pairs}
    assert names == {frozenset(names) for names in PAIRS.values()}

    printed = "".join(
        p.extract_text()
        for p in PdfReader(io.BytesIO(client.get(f"/sections/{sid}/results.pdf").content)).pages
    )
    scorecards = "".join(
        p.extract_text()
        for p in PdfReader(io.BytesIO(client.get(f"/sections/{sid}/scorecards.pdf").content)).pages
    )
    for pair in PAIRS:
        assert both(pair) in printed and f"Scorecard: {pair} {both(pair)}" in scorecards
    event = Section.objects.get(id=sid).session.event
    day = event.date
    foot = f"{event.club.name} · {event.name} · {day:%A} {day.day} {day:%B %Y}"
    for url in ("results.pdf", "scorecards.pdf", "hands.pdf"):  # every printed page says what it is
        pages = PdfReader(io.BytesIO(client.get(f"/sections/{sid}/{url}").content)).pages
        assert [
            f"{foot}" in p.extract_text() and f"page {n}" in p.extract_text() for n, p in enumerate(pages, 1)
        ] == [True] * len(pages), url
    travellers = " ".join(printed[printed.index("Board 1") :].split())
    for pair in PAIRS:  # each traveller line names its pairs beside their numbers
        assert f"{pair} {both(pair)}" in travellers, pair


def pdf_text_and_images(data: bytes) -> tuple[list[str], list[list[Image.Image]]]:
    pages = PdfReader(io.BytesIO(data)).pages
    return [p.extract_text() for p in pages], [[i.image for i in p.images] for p in pages]


def same_picture(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and a.convert("L").tobytes() == b.convert("L").tobytes()


def render(data: bytes, name: str) -> None:
    """The PDF's first page as a PNG under tests/artifacts/ (where poppler's pdftoppm is installed), to look at."""
    if shutil.which("pdftoppm"):
        ARTIFACTS.mkdir(exist_ok=True)
        subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", "-", str(ARTIFACTS / name)],
                       input=data, check=True)  # fmt: skip


def test_table_cards_carry_the_code_and_a_qr_code_that_opens_the_table(client, named):
    _, sid, codes, _ = named
    data = client.get(f"/sections/{sid}/cards-table.pdf").content
    render(data, "table-cards")
    texts, images = pdf_text_and_images(data)
    text = "".join(texts)
    for table, code in codes.items():
        assert f"Table {table} code: {shown(code)}" in text
    addresses = re.findall(r"or open\s+(\S+)", text)
    assert [a.rsplit("/t/", 1)[1] for a in addresses] == [f"{codes[t]}/" for t in (1, 2, 3)]
    pictures = [i for page in images for i in page]
    assert len(pictures) == 3
    for address in addresses:  # a page's images come in no set order
        qr = Image.open(io.BytesIO(qr_png(address)))
        assert any(same_picture(picture, qr) for picture in pictures), f"a QR code holds {address}"
    assert phone(client).post(addresses[0].split("testserver:80")[1])["Location"] == "/table/"

    printed = client.get(f"/sections/{sid}/cards-guide.pdf").content
    render(printed, "guide-cards")
    guide = " ".join(" ".join(pdf_text_and_images(printed)[0]).split())
    assert f"Table 1 code: {shown(codes[1])}" in guide, "N-S pair 1 stays at table 1: its code and QR code"
    assert f"Pair 1 - Tuesday pairs, session 1, section A: {both(1)}" in guide
    assert "Enter results with the code on each table's card" in guide, "E-W pairs move"
    assert [guide.count(shown(code)) for code in codes.values()] == [1, 1, 1], "only its N-S pair's card"

    public = phone(client)
    seen = "".join(pdf_text_and_images(public.get(f"/sections/{sid}/cards-table.pdf").content)[0])
    assert "Table 1 - " in seen and all(
        shown(code) not in seen and code not in seen for code in codes.values()
    ), "codes are the director's"


def test_an_e_w_guide_card_of_a_13_table_mitchell_carries_no_table_code(client):
    """A code is its table's sign-in secret: an E-W pair visits every table, and its card carries none of them."""
    user, club = make_director()
    client.force_login(user)
    sid, _, codes = new_section(client, club, "Big night", {"movement": mitchell(13, 2)}, scoring_method="mp")
    assert len(codes) == 13
    guide = client.get(f"/sections/{sid}/cards-guide.pdf").content
    pages = [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(guide)).pages]
    cards = re.split(r"(?=Pair \d+ - )", " ".join(pages))
    ew = next(card for card in cards if card.startswith("Pair 14 - "))
    assert "Enter results with the code on each table's card" in ew
    assert [t for t, code in codes.items() if shown(code) in ew or code in ew] == []
    ns = next(card for card in cards if card.startswith("Pair 1 - "))
    assert f"Table 1 code: {shown(codes[1])}" in ns
    assert [t for t, code in codes.items() if shown(code) in ns] == [1], (
        "a N-S pair holds its own table's code only"
    )


def test_a_new_code_for_one_table_and_its_cards_printed_again(client, named):
    _, sid, codes, _ = named
    desk = client.get(f"/direct/sections/{sid}/").content.decode()
    assert f'action="/direct/sections/{sid}/tables/2/code/"' in desk
    assert f'href="/sections/{sid}/cards-table.pdf?table=2"' in desk
    renewed = client.post(f"/direct/sections/{sid}/tables/2/code/", follow=True).content.decode()
    code = TableCode.objects.get(section_id=sid, table=2).code
    assert code != codes[2] and f"Table 2 has a new code, {shown(code)}: print its cards again." in renewed

    assert "unknown table code" in phone(client).get(f"/t/{codes[2]}/", follow=True).content.decode()
    table = phone(client)
    table.post(f"/t/{code}/")
    assert "<h1>Table 2, round 1</h1>" in table.get("/table/").content.decode()

    data = client.get(f"/sections/{sid}/cards-table.pdf?table=2").content
    render(data, "table-card-new-code")
    texts, images = pdf_text_and_images(data)
    assert len(texts) == 1 and f"Table 2 code: {shown(code)}" in texts[0] and "Table 1 - " not in texts[0]
    assert same_picture(images[0][0], Image.open(io.BytesIO(qr_png(f"https://testserver:80/t/{code}/"))))
    guide = "".join(pdf_text_and_images(client.get(f"/sections/{sid}/cards-guide.pdf?table=2").content)[0])
    assert "Pair 2 - " in guide and "Pair 1 - " not in guide and "Pair 4 - " in guide, (
        "those who play at table 2"
    )
    assert client.get(f"/sections/{sid}/cards-table.pdf?table=9").status_code == 404
    assert client.post(f"/direct/sections/{sid}/tables/9/code/").status_code == 404
