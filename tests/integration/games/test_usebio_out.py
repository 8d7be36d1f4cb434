"""USEBIO out, judged as its readers read it: a Compscore3 session imported and exported again keeps every figure and
field Compscore3 wrote (totals, percentages, places, masterpoints and their type, players in order, each line's
points); every file we write keeps the USEBIO 1.2 definition's element order and required fields; ABF's cobalt
reads the demo's export (numeric national ids, two players a pair)."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.management import call_command
from endplay.parsers import lin as endplay_lin
from endplay.parsers import pbn as endplay_pbn

from games.formats import usebio
from tests.shared import shared_path
from tournaments.models import Club, Section

pytestmark = pytest.mark.django_db(transaction=True)

COMPSCORE = [
    "mp_pairs_mitchell.xml",
    "mp_pairs_mitchell_04.xml",
    "butler_mitchell.xml",
    "cross_imp_howell.xml",
]


@pytest.fixture
def club():
    return Club.objects.create(name="Importers", slug="importers")


def _import(path: Path) -> Section:
    command = "import_usebio" if path.suffix == ".xml" else "import_pbn"
    call_command(command, str(path), "--club", "importers", stdout=io.StringIO(), stderr=io.StringIO())
    return Section.objects.latest("id")


def _export(section: Section) -> str:
    out = io.StringIO()
    call_command("export_usebio", str(section.id), stdout=out)
    return out.getvalue()


def _same(figure: str | None, ours: str | None) -> bool:
    """The same number, as printed ("10" and "10.00") or both absent."""
    return figure == ours if figure is None or ours is None else Decimal(figure) == Decimal(ours)


def _master_points(pair: usebio.Pair) -> tuple[str | None, str | None]:
    fields = dict(pair.details)
    return fields.get("MASTER_POINTS_AWARDED"), fields.get("MASTER_POINT_TYPE")


@pytest.mark.parametrize("name", COMPSCORE)
def test_a_compscore_session_exported_again_keeps_what_compscore_published(club, name):
    """Every pair's TOTAL_SCORE, PERCENTAGE, PLACE, MASTER_POINTS_AWARDED, MASTER_POINT_TYPE and players (names,
    national and club numbers, in the file's order), every line's points (raw on a short board), and the event's
    and club's fields, as cobalt shows them (masterpoint type GREEN, not "No")."""
    path = shared_path("data", "usebio", name)
    original = usebio.load(path)
    again = usebio.loads(_export(_import(path)))
    ours = {pair.number: pair for pair in again.event.pairs}
    assert len(ours) == len(original.event.pairs)
    found = []
    for pair in original.event.pairs:
        copy = ours[pair.number]
        for field in ("total_score", "percentage"):
            if not _same(getattr(pair, field), getattr(copy, field)):
                found.append(f"{pair.number} {field}: {getattr(pair, field)} != {getattr(copy, field)}")
        if (pair.place, _master_points(pair)) != (copy.place, _master_points(copy)):
            found.append(
                f"{pair.number}: {pair.place} {_master_points(pair)} != {copy.place} {_master_points(copy)}"
            )
        if pair.players != copy.players:
            found.append(f"{pair.number} players: {pair.players} != {copy.players}")
    lines = {(b.number, ln.ns_pair, ln.ew_pair): ln for b in again.event.boards for ln in b.lines}
    assert len(lines) == sum(len(b.lines) for b in original.event.boards)
    for board in original.event.boards:
        for line in board.lines:
            copy = lines[(board.number, line.ns_pair, line.ew_pair)]
            if (line.points, line.score) != (copy.points, copy.score) or not (
                _same(line.ns_points, copy.ns_points) and _same(line.ew_points, copy.ew_points)
            ):
                found.append(f"board {board.number} {line.ns_pair} v {line.ew_pair}: {line} != {copy}")
    assert found == []
    assert all(_master_points(pair)[1] == "GREEN" for pair in again.event.pairs)
    assert again.event.detail("MASTER_POINT_TYPE") == original.event.detail("MASTER_POINT_TYPE") == "GREEN"
    assert set(original.event.details) <= set(again.event.details) and again.club == original.club
    assert again.event.winner_type == original.event.winner_type


def test_a_short_board_and_a_sit_out_come_back_as_compscore_published_them(club):
    """The issue's pair: 1NS of mp_pairs_mitchell_04.xml, 7th with 65.96 (38.80 %), not 8th with 58.20; board 15's
    four lines on their own top of 6 (raw), not Neuberg-factored to the session's top."""
    again = usebio.loads(_export(_import(shared_path("data", "usebio", "mp_pairs_mitchell_04.xml"))))
    first = next(pair for pair in again.event.pairs if pair.number == "1NS")
    assert (first.place, first.total_score, first.percentage) == ("7", "65.96", "38.80")
    assert [p.name for p in first.players] == ["JEANNIE EGGER", "CRYSTAL D'SOUZA"]
    board = next(board for board in again.event.boards if board.number == "15")
    assert max(Decimal(ln.ns_points) for ln in board.lines) == 6


# The USEBIO 1.2 definition as ../shared/docs/standards.md §4.2 extracts it (the DTD itself is not in the store),
# in the order the real files (Compscore3's, ../shared/data/usebio/) write it: each element's children in order,
# and those it must have (a tuple: elements in any order among themselves, as Compscore3 writes a HAND's suits).
_POINTS = [f"{side}_{kind}" for kind in ("MATCH_POINTS", "BUTLER_POINTS", "CROSS_IMP_POINTS", "IMPS", "POINTS")
           for side in ("NS", "EW")]  # fmt: skip
RULES: dict[str, tuple[list, set[str]]] = {
    "USEBIO": (["CLUB", "EVENT", "HANDSET"], {"EVENT"}),
    "CLUB": (["CLUB_NAME", "CLUB_ID_NUMBER"], {"CLUB_NAME"}),
    "PARTICIPANTS": (["PAIR"], {"PAIR"}),
    "PAIR": (
        [
            "PAIR_NUMBER",
            "DIRECTION",
            "BOARDS_PLAYED",
            "TOTAL_SCORE",
            "PERCENTAGE",
            "PLACE",
            "MASTER_POINTS_AWARDED",
            "MASTER_POINT_TYPE",
            "PLAYER",
        ],
        {"PAIR_NUMBER", "PLACE", "PLAYER"},
    ),
    "PLAYER": (
        ["PLAYER_NAME", "NATIONAL_ID_NUMBER", "CLUB_ID_NUMBER"],
        {"PLAYER_NAME", "NATIONAL_ID_NUMBER"},
    ),
    "EVENT/BOARD": (["BOARD_NUMBER", "BOARD_AVERAGE", "TRAVELLER_LINE"], {"BOARD_NUMBER"}),
    "TRAVELLER_LINE": (
        ["NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "CONTRACT", "PLAYED_BY", "LEAD", "TRICKS", "SCORE", *_POINTS],
        {"NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "SCORE"},
    ),
    "HANDSET": (["BOARD"], set()),
    "HANDSET/BOARD": (["BOARD_NUMBER", "HAND"], {"BOARD_NUMBER", "HAND"}),
    "HAND": (
        ["DIRECTION", ("CLUBS", "DIAMONDS", "HEARTS", "SPADES")],
        {"DIRECTION", "CLUBS", "DIAMONDS", "HEARTS", "SPADES"},
    ),
}
PAIRS_EVENTS = {"MP_PAIRS", "BUTLER_PAIRS", "CROSS_IMP", "PAIRS"}


def _broken_rules(text: str | bytes) -> list[str]:
    """Where a USEBIO document breaks the definition's order or leaves out a required element, as a validating
    reader would report it."""
    root = ET.fromstring(text)
    found = []
    if (root.tag, root.get("Version")) != ("USEBIO", "1.2"):
        found.append(f"root {root.tag} Version {root.get('Version')}")

    def check(element: ET.Element, where: str, parent: str) -> None:
        key = f"{parent}/{element.tag}" if f"{parent}/{element.tag}" in RULES else element.tag
        if key in RULES:
            order, required = RULES[key]
            rank = {
                tag: i
                for i, group in enumerate(order)
                for tag in ((group,) if isinstance(group, str) else group)
            }
            tags = [child.tag for child in element]
            unknown = [tag for tag in tags if tag not in rank]
            if unknown:
                found.append(f"{where}: {unknown} not in {element.tag}")
            ranks = [rank[tag] for tag in tags if tag in rank]
            if ranks != sorted(ranks):
                found.append(f"{where}: children out of order: {tags}")
            if required - set(tags):
                found.append(f"{where}: {sorted(required - set(tags))} missing")
        for i, child in enumerate(element):
            check(child, f"{where}/{child.tag}[{i}]", element.tag)

    check(root, "USEBIO", "")
    event = root.find("EVENT")
    if event is None:
        return [*found, "no EVENT"]
    tags = [child.tag for child in event]
    fields = [tag for tag in tags if tag not in ("PARTICIPANTS", "BOARD")]
    if tags != fields + ["PARTICIPANTS"] + ["BOARD"] * tags.count("BOARD"):
        found.append("EVENT: its fields, then PARTICIPANTS, then the BOARDs")
    missing = {"EVENT_DESCRIPTION", "DATE", "WINNER_TYPE"} - set(fields)
    if missing or event.findtext("WINNER_TYPE") not in ("1", "2") or not event.get("EVENT_TYPE"):
        found.append(f"EVENT: {sorted(missing)} missing, WINNER_TYPE 1 or 2, an EVENT_TYPE")
    numbers = [pair.findtext("PAIR_NUMBER") for pair in event.iter("PAIR")]
    if len(set(numbers)) != len(numbers):
        found.append(f"a PAIR_NUMBER twice: {numbers}")
    if event.get("EVENT_TYPE") in PAIRS_EVENTS:
        found += [f"PAIR {p.findtext('PAIR_NUMBER')}: {len(p.findall('PLAYER'))} players"
                  for p in event.iter("PAIR") if len(p.findall("PLAYER")) != 2]  # fmt: skip
    for line in event.iter("TRAVELLER_LINE"):
        found += [f"TRAVELLER_LINE: pair {line.findtext(side)} is not a PARTICIPANT"
                  for side in ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER") if line.findtext(side) not in numbers]  # fmt: skip
    return found


@pytest.mark.parametrize("name", COMPSCORE)
def test_the_rules_hold_for_compscores_files_and_for_them_exported_again(club, name):
    path = shared_path("data", "usebio", name)
    assert _broken_rules(path.read_bytes()) == [], "the rules are those of the real files"
    assert _broken_rules(_export(_import(path))) == []


def _demo_export() -> str:
    call_command("demo", stdout=io.StringIO())
    return _export(Section.objects.get(session__event__name="Monday Pairs"))


def test_the_demos_export_keeps_the_rules():
    assert _broken_rules(_demo_export()) == []


def _as_xmltodict(element: ET.Element):
    """An element as xmltodict (cobalt's parser) gives it: an empty leaf is None, a leaf its stripped text, any
    other a dict of its children (a tag met twice is a list, met once a dict) and its attributes ("@NAME")."""
    if len(element) == 0 and not element.attrib:
        return (element.text or "").strip() or None
    result: dict = {f"@{name}": value for name, value in element.attrib.items()}
    for child in element:
        value = _as_xmltodict(child)
        if child.tag not in result:
            result[child.tag] = value
        elif isinstance(result[child.tag], list):
            result[child.tag].append(value)
        else:
            result[child.tag] = [result[child.tag], value]
    return result


def _cobalt_reads(text: str) -> list[dict]:
    """What ABF's cobalt (results/views/results_views.py and usebio.py) reads from an uploaded MP_PAIRS file, line
    for line as it reads it: each pair's two players by index, their national ids through int() (an empty one is
    None; a non-numeric one raises, as in cobalt), PLACE through int(), masterpoints in hundredths, each
    traveller line's matchpoints through float() and the hand records by direction."""
    usebio_ = _as_xmltodict(ET.fromstring(text))
    event = usebio_["EVENT"]
    masterpoint_type = event.get("MASTER_POINT_TYPE", "No").title()
    assert event["WINNER_TYPE"] in ("1", "2")
    rows = []
    for item in event["PARTICIPANTS"]["PAIR"]:
        players = (item["PLAYER"][0]["PLAYER_NAME"].title(), item["PLAYER"][1]["PLAYER_NAME"].title())
        try:
            ids = (int(item["PLAYER"][0]["NATIONAL_ID_NUMBER"]), int(item["PLAYER"][1]["NATIONAL_ID_NUMBER"]))
        except TypeError:
            ids = (None, None)
        rows.append({"pair": item["PAIR_NUMBER"], "direction": item["DIRECTION"], "players": players,
                     "ids": ids, "position": int(item["PLACE"]), "percentage": item["PERCENTAGE"],
                     "masterpoints": int(item.get("MASTER_POINTS_AWARDED", 0)) / 100.0,
                     "type": masterpoint_type})  # fmt: skip
    for board in event["BOARD"]:
        int(board["BOARD_NUMBER"])
        for line in board["TRAVELLER_LINE"]:
            float(line["NS_MATCH_POINTS"]) + float(line["EW_MATCH_POINTS"])
            assert line["NS_PAIR_NUMBER"] and line["EW_PAIR_NUMBER"] and line["SCORE"][0]
    for board in usebio_["HANDSET"]["BOARD"]:
        int(board["BOARD_NUMBER"])
        assert {hand["DIRECTION"] for hand in board["HAND"]} == {"North", "East", "South", "West"}
    return rows


def test_cobalt_reads_the_demos_export():
    """The demo's members have club numbers such as D0001, which are no national ids: NATIONAL_ID_NUMBER is
    written empty (cobalt: no number), not as the club number (cobalt: int('D0001') fails); every pair has its two
    players, places and percentages."""
    text = _demo_export()
    assert "D0001" not in text
    rows = _cobalt_reads(text)
    monday = Section.objects.get(session__event__name="Monday Pairs")
    assert len(rows) == monday.entries.count() == 14 and all(row["pair"].isdigit() for row in rows)
    assert all(row["ids"] == (None, None) and all(row["players"]) for row in rows)
    names = {str(entry.number): entry.name for entry in monday.entries.all()}
    assert all(" & ".join(row["players"]) == names[row["pair"]].title() for row in rows)
    assert sorted(row["position"] for row in rows if row["direction"] == "NS")[0] == 1
    assert {row["type"] for row in rows} == {"No"} and {row["masterpoints"] for row in rows} == {0}


@pytest.mark.parametrize("name", ["mp_pairs_mitchell.xml", "mp_pairs_mitchell_04.xml"])
def test_cobalt_reads_a_compscore_session_exported_again_as_it_read_the_file(club, name):
    path = shared_path("data", "usebio", name)
    assert _cobalt_reads(_export(_import(path))) == _cobalt_reads(path.read_text())


def test_the_french_finals_pairs_come_out_with_their_two_players(club):
    """test_set.pbn (Magic Contest) names each pair "Cédric LORENZINI - Thomas BESSIS" in its TotalScoreTable:
    a PLAYER each, the PairIds as PAIR_NUMBERs."""
    text = _export(_import(shared_path("data", "pbn", "test_set.pbn")))
    assert _broken_rules(text) == []
    pair = next(pair for pair in usebio.loads(text).event.pairs if pair.number == "44")
    assert [player.name for player in pair.players] == ["Cédric LORENZINI", "Thomas BESSIS"]


def test_a_bbo_session_has_numbered_pairs_and_its_players_by_name(club):
    """Pairs BBO names only by their players: PAIR_NUMBERs 1..n (never a cut name: 'anoopkumar -' was two pairs'),
    a PLAYER for each name."""
    path = shared_path("data", "pbn", "acbl_1607_pairs_acbl_sat_1pm_speedball.pbn")
    section = _import(path)
    text = _export(section)
    assert _broken_rules(text) == []
    document = usebio.loads(text)
    assert [pair.number for pair in document.event.pairs] == [
        str(n) for n in range(1, section.entries.count() + 1)
    ]
    first = document.event.pairs[0]
    assert [player.name for player in first.players] == ["bgturley", "ind5"]
    anoop = {pair.number: [player.name for player in pair.players] for pair in document.event.pairs
             if any(player.name == "anoopkumar" for player in pair.players)}  # fmt: skip
    assert sorted(anoop.values()) == [["anoopkumar", "ganeri"], ["anoopkumar", "tada26"]]


def test_endplay_reads_the_demos_lin_hands_with_the_deals_of_its_pbn(tmp_path):
    """`export_deals 1 --format lin-hands` of the demo (its Monday Pairs), read by endplay's lin.load: the deals,
    dealers and vulnerabilities of `--format pbn`."""
    call_command("demo", stdout=io.StringIO())
    monday = Section.objects.get(session__event__name="Monday Pairs")
    files = {}
    for name in ("pbn", "lin-hands"):
        files[name] = tmp_path / name
        call_command(
            "export_deals", str(monday.id), "--format", name, "-o", str(files[name]), stdout=io.StringIO()
        )
    with files["pbn"].open(encoding="utf-8") as f:
        expected = [(b.board_num, b.dealer, b.vul, b.deal.to_pbn()) for b in endplay_pbn.load(f)]
    with files["lin-hands"].open(encoding="utf-8") as f:
        boards = endplay_lin.load(f)
    assert len(expected) == monday.boards.count() == 21
    assert [(b.board_num, b.dealer, b.vul, b.deal.to_pbn()) for b in boards] == expected
