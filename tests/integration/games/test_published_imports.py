"""An imported session shows what its publisher published: every traveller line, total, percentage and place of
the shared Compscore3 and Magic Contest files equals what `export_csv` gives for the imported section; pairs keep
the file's numbers, and pairs a file does not number (BBO) are numbered in order and shown by their names."""

import csv
import io
from decimal import Decimal

import pytest
from django.core.management import call_command

from scoring.methods import rescore
from tests.shared import shared_path
from tournaments.models import Club, Section

pytestmark = pytest.mark.django_db(transaction=True)

LINE_COLUMNS = ["board", "round", "table", "ns", "ew", "contract", "declarer", "lead", "tricks", "score_ns",
                "adjusted", "mp_ns", "mp_ew", "pct_ns", "pct_ew"]  # fmt: skip
STANDING_COLUMNS = ["rank", "entry", "direction", "name", "total", "percentage", "boards"]


@pytest.fixture
def club():
    return Club.objects.create(name="Importers", slug="importers")


def _import(path) -> Section:
    command = "import_usebio" if path.suffix == ".xml" else "import_pbn"
    call_command(command, str(path), "--club", "importers", stdout=io.StringIO(), stderr=io.StringIO())
    return Section.objects.latest("id")


def _export(section: Section, *flags: str) -> tuple[list[str], list[dict]]:
    out = io.StringIO()
    call_command("export_csv", str(section.id), *flags, stdout=out)
    rows = list(csv.reader(io.StringIO(out.getvalue())))
    return rows[0], [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]


def _same(published: str, shown: str) -> bool:
    """The file's figure and ours are the same number ("8.4" and "8.40", "-6" and "-6.00")."""
    return Decimal(published.strip()) == Decimal(shown)


def _differences(source: rescore.Source, section: Section) -> tuple[list[str], int]:
    """Every published figure of the file that the section's exports do not show, and how many were compared."""
    header, lines = _export(section)
    assert header == LINE_COLUMNS
    header, standings = _export(section, "--standings")
    assert header == STANDING_COLUMNS
    found, compared = [], 0
    by_line = {(int(row["board"]), row["ns"], row["ew"]): row for row in lines}
    assert len(by_line) == len(lines) == sum(len(board.lines) for board in source.boards)
    for board in source.boards:
        for line in board.lines:
            row = by_line[(int(board.board), line.ns, line.ew)]
            published = line.published
            for column, figure in (("mp_ns", published.ns), ("mp_ew", published.ew), ("pct_ns", published.pct_ns),
                                   ("pct_ew", published.pct_ew)):  # fmt: skip
                if figure is None:
                    continue
                compared += 1
                if not _same(figure, row[column]):
                    found.append(
                        f"board {board.board} {line.ns} v {line.ew} {column}: file {figure}, ours {row[column]}"
                    )
    by_entry = {row["entry"]: row for row in standings}
    assert len(by_entry) == len(standings) == len(source.pairs)
    for pair in source.pairs:
        row = by_entry[pair.pair]
        where = f"pair {pair.pair}"
        if pair.direction and source.two_winners:
            compared += 1
            if row["direction"] != pair.direction.replace("-", ""):
                found.append(f"{where} direction: file {pair.direction}, ours {row['direction']}")
        for column, figure in (("total", pair.total), ("percentage", pair.percentage)):
            if figure is not None:
                compared += 1
                if not _same(figure, row[column]):
                    found.append(f"{where} {column}: file {figure}, ours {row[column]}")
        if pair.place is not None:
            compared += 1
            tied = pair.tie_to not in (
                None,
                "-",
                "",
                pair.place,
            )  # Magic Contest: the last place a tie covers
            place = pair.place + ("=" if tied else "")
            shown = (
                row["rank"] if pair.tie_to is not None else row["rank"].rstrip("=")
            )  # Compscore3 prints no "="
            if shown != place:
                found.append(f"{where} place: file {place}, ours {row['rank']}")
    return found, compared


@pytest.mark.parametrize(
    "name, conventions, method",
    [
        ("mp_pairs_mitchell.xml", "compscore", "mp"),
        ("mp_pairs_mitchell_04.xml", "compscore", "mp"),
        ("butler_mitchell.xml", "compscore", "butler"),
        ("cross_imp_howell.xml", "compscore", "cross-imp"),
    ],
)
def test_an_imported_compscore_session_shows_every_figure_compscore_published(
    club, name, conventions, method
):
    path = shared_path("data", "usebio", name)
    section = _import(path)
    assert (section.conventions, section.scoring_method) == (conventions, method)
    source = rescore.read(path)
    found, compared = _differences(source, section)
    assert found == []
    lines = sum(len(board.lines) for board in source.boards)
    assert compared >= 2 * lines + 2 * len(source.pairs), (
        "every line's points and every pair's total and place"
    )


def test_compscore_lines_of_a_short_board_are_raw_and_a_sit_out_is_factored(club):
    """mp_pairs_mitchell_04.xml board 15 has 4 results: Compscore3 prints 6/0 on its own top of 6 (not Neuberg's
    figures on the session's top of 10), and factors the board in the totals: 1NS played 15 of 17 boards,
    38.80 %, total 65.96, 7th (by plain sums it would be 58.20 and 8th)."""
    section = _import(shared_path("data", "usebio", "mp_pairs_mitchell_04.xml"))
    _, lines = _export(section)
    board = [(row["mp_ns"], row["mp_ew"]) for row in lines if row["board"] == "15"]
    assert len(board) == 4 and ("6.00", "0.00") in board and all(float(ns) <= 6 for ns, _ in board)
    _, standings = _export(section, "--standings")
    first = next(row for row in standings if row["entry"] == "1NS")
    assert (first["rank"], first["total"], first["percentage"], first["boards"]) == (
        "7",
        "65.96",
        "38.80",
        "15",
    )
    assert first["direction"] == "NS" and first["name"]


def test_an_imported_magic_contest_session_shows_every_figure_it_published(club):
    """test_set.pbn (FFB final): MP_NS/MP_EW to 0.1 and whole Percentage_NS/EW on all 616 lines; the session's
    totals as Magic Contest adds up its printed lines, percentages and places (30 tied with 31 is our "30=")."""
    path = shared_path("data", "pbn", "test_set.pbn")
    section = _import(path)
    assert section.conventions == "magic"
    source = rescore.read(path)
    found, compared = _differences(source, section)
    assert found == []
    assert compared == 4 * 616 + 3 * 44
    _, standings = _export(section, "--standings")
    top = next(row for row in standings if row["entry"] == "44")
    assert (top["rank"], top["total"], top["percentage"]) == ("1", "718.90", "61.13")
    assert top["name"] == "Cédric LORENZINI - Thomas BESSIS"


def test_a_bbo_session_numbers_its_pairs_in_order_and_names_them(club):
    """The ACBL speedball on BBO names partnerships only by their players: they are numbered 1..n in the order the
    file first names them, shown by the players' names (none cut, no two alike), and scored as the re-scorer
    scores the file."""
    path = shared_path("data", "pbn", "acbl_1607_pairs_acbl_sat_1pm_speedball.pbn")
    section = _import(path)
    assert section.conventions == ""
    source = rescore.read(path)
    order = list(
        dict.fromkeys(name for board in source.boards for line in board.lines for name in (line.ns, line.ew))
    )
    entries = list(section.entries.order_by("number").values_list("number", "label", "name"))
    assert entries == [(i, "", name) for i, name in enumerate(order, start=1)]
    assert entries[0][2] == "bgturley - ind5" and len({name for _, _, name in entries}) == len(entries)
    number = {name: str(i) for i, name in enumerate(order, start=1)}
    _, lines = _export(section)
    shown = {(int(row["board"]), row["ns"], row["ew"]): row for row in lines}
    rescored = rescore.rescore(source)
    differences = []
    for board in rescored.boards:
        for line in board["lines"]:
            if line["score_ns"] is None:  # a game without a contract: not played, not imported
                continue
            row = shown[(int(board["board"]), number[line["ns"]], number[line["ew"]])]
            for column in ("mp_ns", "mp_ew", "pct_ns", "pct_ew"):
                ours = line[column]  # rescore's percentages are of its lines rounded to 0.01: 94.54 for 94.55
                if abs(ours - float(row[column])) > (0.0100001 if column.startswith("pct") else 0.0050001):
                    differences.append((board["board"], line["ns"], line["ew"], column, ours, row[column]))
    assert differences == []
    _, standings = _export(section, "--standings")
    assert {row["entry"] for row in standings} == set(number.values())
    by_entry = {row["entry"]: row for row in standings}
    assert all(by_entry[number[p["pair"]]]["percentage"] == f"{p['percentage']:.2f}" for p in rescored.pairs)


def test_pairs_keep_the_number_their_names_carry(club, tmp_path):
    """JFR Pary names the players of pair 12 "Para-12": the pair is 12, shown once by that name. Where two pairs'
    names carry the same number, or one carries none, the file's order numbers them all."""
    games = []
    for board, (north_south, east_west) in enumerate([(12, 3), (3, 12)], start=1):
        games.append(
            f'[Event "Pary"]\n[Board "{board}"]\n[North "Para-{north_south}"]\n[South "Para-{north_south}"]\n'
            f'[East "Para-{east_west}"]\n[West "Para-{east_west}"]\n[Declarer "N"]\n[Contract "1NT"]\n'
            '[Result "7"]\n\n'
        )
    path = tmp_path / "pary.pbn"
    path.write_text("".join(games))
    section = _import(path)
    assert list(section.entries.values_list("number", "label", "name")) == [
        (3, "", "Para-3"),
        (12, "", "Para-12"),
    ]
    _, lines = _export(section)
    assert [(row["board"], row["ns"], row["ew"]) for row in lines] == [("1", "12", "3"), ("2", "3", "12")]

    path.write_text(path.read_text().replace('[South "Para-3"]', '[South "Jan Kowalski"]', 1))
    section = _import(path)
    assert list(section.entries.values_list("number", "label", "name")) == [
        (1, "", "Para-12"), (2, "", "Para-3"), (3, "", "Jan Kowalski - Para-3")
    ]  # fmt: skip


def test_the_section_pages_show_the_published_figures(club, client):
    """The standings and the traveller of a short board, as a visitor reads them once the section is published."""
    section = _import(shared_path("data", "usebio", "mp_pairs_mitchell_04.xml"))
    Section.objects.filter(id=section.id).update(status="published")
    page = client.get(f"/sections/{section.id}/").content.decode()
    assert "Matchpoints (2 per result beaten, Neuberg), as Compscore3 published it" in page
    row = page[page.index(">1NS<") : page.index("</tr>", page.index(">1NS<"))]
    assert [figure in row for figure in ("65.96", "38.80", ">15<")] == [True, True, True]
    traveller = client.get(f"/sections/{section.id}/boards/15/").content.decode()
    assert '<td class="num">6</td><td class="num">0</td>' in traveller, (
        "raw matchpoints on the board's top of 6"
    )
