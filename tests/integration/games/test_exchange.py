"""Import and export: USEBIO round trips on the real files, the French final's PBN in and out, CSV, broken files."""

import datetime

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from config.refusals import Conflict, Refused
from games.exchange.csv import results_csv, standings_csv
from games.exchange.pbn import export_pbn, read_pbn
from games.exchange.store import store
from games.exchange.usebio import export_usebio, read_usebio
from games.formats import pbn, usebio
from games.lines import Line, score_line
from games.models import Result, ResultConflict, ResultVersion
from games.services import enter_results
from tests.shared import shared_path
from tournaments.models import Club, Event, Status

# Results and bells act once their transaction commits (the standings, the next seating): the tests that read
# what follows them commit (transaction=True); the rest roll back.
pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return Club.objects.create(name="Importers", slug="importers")


def _lines(document: usebio.Usebio) -> dict:
    """The travellers as (board, ns, ew) → what was played, contracts spelled as we spell them."""
    return {
        (b.number, ln.ns_pair, ln.ew_pair): ((ln.contract or "").upper(), ln.played_by, ln.lead,
                                             ln.tricks, ln.score)  # fmt: skip
        for b in document.event.boards for ln in b.lines
    }  # fmt: skip


@pytest.mark.parametrize("name", ["mp_pairs_mitchell.xml", "mp_pairs_mitchell_04.xml", "butler_mitchell.xml",
                                  "cross_imp_howell.xml"])  # fmt: skip
@pytest.mark.django_db(transaction=True)
def test_usebio_round_trip(club, name):
    path = shared_path("data", "usebio", name)
    original = usebio.load(path)
    imported = read_usebio(path.read_bytes(), name)
    section = store(imported, club, name)
    assert section.results.count() == sum(len(b.lines) for b in original.event.boards)
    assert section.scoring_method == {
        "butler_mitchell.xml": "butler",
        "cross_imp_howell.xml": "cross-imp",
    }.get(name, "mp")
    again = usebio.loads(export_usebio(section))
    assert _lines(again) == _lines(original)
    assert {(p.number, p.direction, tuple(sorted(x.name for x in p.players))) for p in again.event.pairs} == {
        (p.number, p.direction, tuple(sorted(x.name for x in p.players))) for p in original.event.pairs
    }
    assert [(d.board, d.hands) for d in again.handset] == [
        (d.board, tuple(sorted(d.hands, key=lambda h: "NESW".index(h.direction[0]))))
        for d in original.handset
    ]
    assert all(s.boards for s in section.standings.all()), "standings computed after the import"


@pytest.mark.django_db(transaction=True)
def test_french_final_pbn_in_and_out(club):
    path = shared_path("data", "pbn", "test_set.pbn")
    imported = read_pbn(path.read_bytes(), path.name)
    section = store(imported, club, path.name)
    assert (section.boards.count(), section.entries.count(), section.results.count()) == (28, 44, 28 * 22)
    assert section.two_winners is False
    adjusted = list(
        Result.objects.filter(section=section).exclude(adjusted="").values_list("adjusted", flat=True)
    )
    assert adjusted and set(adjusted) <= {"A6040", "A4060", "A5050", "A6060", "A4040"}
    first = Result.objects.get(section=section, board__number=1, table=9)
    assert (first.contract, first.declarer, first.tricks, first.lead, first.score_ns) == (
        "3NT",
        "W",
        6,
        "H7",
        150,
    )
    assert section.entries.get(number=44).name == "Cédric LORENZINI - Thomas BESSIS"
    text = export_pbn(section)
    games = pbn.parse(text)
    assert len(games) == 28 and games[0].tables["TotalScoreTable"].rows
    copy = store(read_pbn(text, "export.pbn"), club, "export.pbn")

    def played(s):
        return {(r.board.number, r.ns.number, r.ew.number): (r.contract, r.declarer, r.tricks, r.lead, r.score_ns,
                r.adjusted, r.round, r.table) for r in Result.objects.filter(section=s).select_related("board", "ns", "ew")}  # fmt: skip

    assert played(copy) == played(section)
    assert [b.deal for b in copy.boards.all()] == [b.deal for b in section.boards.all()]
    assert results_csv(section).count("\n") == 1 + 28 * 22
    assert standings_csv(section).splitlines()[0] == "rank,entry,direction,name,total,percentage,boards"


def test_imported_results_are_entered_as_a_tables_are(club):
    """Each line of a file goes in through the services' one way (enter_results, each built as enter_result builds
    one): a Result with its first version, entered by the import; the section is finished once all are in."""
    path = shared_path("data", "usebio", "mp_pairs_mitchell_04.xml")
    section = store(read_usebio(path.read_bytes(), path.name), club, path.name)
    versions = ResultVersion.objects.filter(result__section=section)
    assert (section.status, section.results.count(), versions.count()) == (Status.FINISHED, 134, 134)
    assert set(versions.values_list("number", "kind", "changed_by_label", "before")) == {
        (1, "entered", "import mp_pairs_mitchell_04.xml", None)
    }


def test_a_pair_with_two_results_on_a_board_refuses_the_file_naming_the_line(club):
    """The import's results go in at once (games.services.enter_results), all or none: a table's game that
    repeats a pair's board is refused, naming it and the game that had it first, and nothing is kept."""
    game = "\n".join(f'[{tag} "{value}"]' for tag, value in (
        ("Event", "Club night"), ("Board", "1"), ("North", "Ann Lee"), ("East", "Cy Dunn"), ("South", "Bob Cox"),
        ("West", "Di Ely"), ("Dealer", "N"), ("Vulnerable", "None"), ("Declarer", "N"), ("Contract", "3NT"),
        ("Result", "9"),
    ))  # fmt: skip
    text = game + "\n\n" + game.replace('[Result "9"]', '[Result "10"]') + "\n"
    with pytest.raises(Refused) as refused:
        store(read_pbn(text, "night.pbn"), club, "night.pbn")
    assert refused.value.message == (
        "night.pbn, line 13: board 1: pair 1 already has a result on board 1 (night.pbn, line 1: board 1)"
    )
    assert Event.objects.count() == 0 and Result.objects.count() == 0


def test_many_results_into_a_section_that_has_some_go_in_one_by_one(club):
    """Into a section holding results, enter_results takes each line as enter_result does: the same result again
    is the one stored; a different one for the same pairs is a conflict, and then none of the lines is kept."""
    path = shared_path("data", "usebio", "mp_pairs_mitchell_04.xml")
    section = store(read_usebio(path.read_bytes(), path.name), club, path.name)
    director = User.objects.create_user("director")
    first, second = section.results.exclude(contract="Pass").filter(adjusted="").order_by("id")[:2]
    again = Line(first.contract, first.declarer, first.lead, first.tricks, first.score_ns)
    assert enter_results(section, [(first.board, first.ns, first.ew, again)], by="desk", user=director) == [
        first
    ]
    other = score_line(section, second.board, "7NT", "N", 0)
    with pytest.raises(Conflict, match=f"board {second.board.number}: a different result is already entered"):
        enter_results(section, [(first.board, first.ns, first.ew, again), (second.board, second.ns, second.ew, other)],
                      by="desk", user=director)  # fmt: skip
    assert (section.results.count(), ResultVersion.objects.count(), ResultConflict.objects.count()) == (
        134,
        134,
        0,
    )


@pytest.mark.django_db(transaction=True)
def test_commands_import_and_export(club, tmp_path, capsys):
    path = shared_path("data", "usebio", "mp_pairs_mitchell_04.xml")
    call_command("import_usebio", str(path), "--club", "importers")
    section = Event.objects.get().sessions.get().sections.get()
    for command, suffix in (("export_usebio", "xml"), ("export_pbn", "pbn"), ("export_csv", "csv")):
        out = tmp_path / f"out.{suffix}"
        call_command(command, str(section.id), "-o", str(out))
        assert out.stat().st_size > 1000
    capsys.readouterr()
    call_command("export_csv", str(section.id), "--standings")
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "rank,entry,direction,name,total,percentage,boards" and lines[1].startswith("1,")


def test_broken_files_name_the_problem_and_change_nothing(club, tmp_path):
    xml = shared_path("data", "usebio", "mp_pairs_mitchell_04.xml").read_text()
    broken = tmp_path / "broken.xml"
    broken.write_text(xml.replace("<SCORE>50</SCORE>", "<SCORE>fifty</SCORE>", 1))
    with pytest.raises(CommandError, match=r"broken.xml: BOARD 1 TRAVELLER_LINE 1: SCORE 'fifty' is neither"):
        call_command("import_usebio", str(broken), "--club", "importers")
    broken.write_text(xml[:5000])
    with pytest.raises(CommandError, match="not well-formed XML"):
        call_command("import_usebio", str(broken), "--club", "importers")
    bad_tricks = tmp_path / "tricks.xml"
    bad_tricks.write_text(xml.replace("<TRICKS>9</TRICKS>", "<TRICKS>14</TRICKS>", 1))
    with pytest.raises(CommandError, match="BOARD 1 TRAVELLER_LINE 1: TRICKS 14 is not 0 to 13"):
        call_command("import_usebio", str(bad_tricks), "--club", "importers")
    pbn_file = tmp_path / "broken.pbn"
    pbn_file.write_text('[Event "x"]\n[Board "1"]\n[Deal "N:AKQ.JT9 x"]\n')
    with pytest.raises(CommandError, match=r"broken.pbn, line 3: board 1: deal 'N:AKQ.JT9 x' has 2 hands"):
        call_command("import_pbn", str(pbn_file), "--club", "importers")
    assert Event.objects.count() == 0 and Result.objects.count() == 0, "an import is all or nothing"


@pytest.mark.django_db(transaction=True)
def test_import_and_export_through_the_api(client, club):

    director = User.objects.create_user("importer")
    club.directors.add(director)
    xml = shared_path("data", "usebio", "cross_imp_howell.xml").read_text()
    anonymous = client.post("/api/imports/", {"club": club.id, "format": "usebio", "data": xml})
    assert anonymous.status_code in (401, 403)
    client.force_login(director)
    broken = client.post(
        "/api/imports/",
        {"club": club.id, "format": "usebio", "data": xml.replace("<TRICKS>", "<TRICKS>x", 1)},
    )
    assert broken.status_code == 400
    assert broken.json()["detail"].startswith("the USEBIO file: BOARD 1 TRAVELLER_LINE 1: TRICKS 'x")
    assert (
        client.post(
            "/api/imports/", {"club": club.id, "format": "pbn", "data": '[Board "1"]\n[Deal "N:AK'}
        ).status_code
        == 400
    )
    assert Event.objects.count() == 0
    made = client.post("/api/imports/", {"club": club.id, "format": "usebio", "data": xml})
    assert made.status_code == 201 and made.json()["scoring_method"] == "cross-imp"
    sid = made.json()["id"]
    who = ResultVersion.objects.filter(result__section_id=sid).values_list(
        "changed_by__username", "changed_by_label"
    )
    assert set(who) == {("importer", "import the USEBIO file")}, "the versions name who imported the file"
    client.logout()
    assert client.get(f"/api/sections/{sid}/export/?kind=pbn").status_code == 403, "finished, not published"
    client.force_login(director)
    assert client.post(f"/api/sections/{sid}/status/", {"status": "published"}).status_code == 200
    client.logout()
    exported = client.get(f"/api/sections/{sid}/export/?kind=usebio")
    assert exported.status_code == 200 and exported["Content-Disposition"].endswith('.xml"')
    assert len(usebio.loads(exported.content).event.boards) == 27
    assert client.get(f"/api/sections/{sid}/export/?kind=standings-csv").content.startswith(b"rank,entry")


@pytest.mark.django_db(transaction=True)
def test_one_game_per_table_pbn_keeps_auctions_and_play(club):
    from games.models import PlayRecord

    path = shared_path("data", "pbn", "example2.pbn")
    games = pbn.parse_file(path)
    section = store(read_pbn(path.read_bytes(), path.name), club, path.name)
    assert section.results.count() == len(games) == 299
    assert PlayRecord.objects.filter(result__section=section).exclude(play={}).count() == sum(
        1 for g in games if g.play
    )
    game = next(g for g in games if g.play and g.auction)
    record = PlayRecord.objects.get(result__section=section, result__board__number=game.board,
                                    result__ns__name=" - ".join(sorted((game.tags["North"], game.tags["South"]))))  # fmt: skip
    assert record.auction == [call for _, call in game.auction.made()]
    assert record.play["tricks"][0] == list(game.play.recorded[0])


def test_names_with_line_breaks_export_on_one_line(club):
    """An event named with a carriage return gave a 500 on GET /api/sections/<id>/export/?kind=pbn (the schema
    fuzz found it): a PBN string holds no line break, so names are written on one line (pbn.one_line)."""
    from tests.integration.api_helpers import make_director, mitchell
    from tournaments import services
    from tournaments.models import Section, Session

    user, _ = make_director()
    event = Event.objects.create(club=club, name="Monday\r\npairs\t#2", date=datetime.date(2026, 11, 24))
    section = Section.objects.create(session=Session.objects.create(event=event))
    services.install_movement(section, mitchell(3, 1), user)
    games = pbn.parse(export_pbn(section))
    assert {g.tags["Event"] for g in games} == {"Monday pairs #2"}
    assert pbn.one_line("#1 of the\rseason") == " #1 of the season", (
        "a leading # would read as inheritance (§4.8)"
    )


# A results file naming its pairs by their players, as BBO and RealBridge write them (no pair numbers).
NAMED_PAIRS = """[Event "Club night"]
[Site "Hall"]
[Date "2026.11.24"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:74.T8.K842.AQ743 JT832.J62.73.JT2 K.AKQ9754.96.K85 AQ965.3.AQJT5.96"]
[Scoring "MP"]
[ScoreTable "PairId_NS\\16L;PairId_EW\\16L;Contract\\4L;Declarer\\1R;Result\\2R"]
"NS 1"           "EW 1"            4H   S 10
"NS 2"           "EW 2"            4H   S 11
"""


@pytest.mark.django_db(transaction=True)
def test_names_with_spaces_keep_endplays_score_table_columns_in_place(club):
    """endplay's PBN reader splits a table row at white space, so a quoted cell with a space ("Ann Lee - Di Ek")
    moved every column after it. A PairId is written without one (the entry's number); the names, the only cells
    that may hold one, are the TotalScoreTable's last column, after every figure."""
    from endplay.parsers import pbn as endplay_pbn

    section = store(read_pbn(NAMED_PAIRS, "bbo.pbn"), club, "bbo.pbn")
    section.entries.filter(label="NS 1").update(name="Bo Cy - Fa Go")
    board = endplay_pbn.loads(export_pbn(section))[0]
    scores = [dict(zip([h["name"] for h in board.info.ScoreTable["headers"]], row, strict=True))
              for row in board.info.ScoreTable["rows"]]  # fmt: skip
    assert [
        (r["PairId_NS"], r["PairId_EW"], r["Contract"], r["Result"], r["Score_NS"], r["MP_NS"])
        for r in scores
    ] == [
        ("1", "2", "4H", "10", "420", "0.00"),
        ("3", "4", "4H", "11", "450", "2.00"),
    ]
    totals = board.info.TotalScoreTable
    names = [h["name"] for h in totals["headers"]]
    assert names[-1] == "Names"
    assert [(*row[:6], " ".join(row[6:])) for row in totals["rows"]] == [
        ("1=", "2", "-", "2.00", "100.00", "1", "-"),
        ("1=", "3", "-", "2.00", "100.00", "1", "-"),
        ("3=", "1", "-", "0.00", "0.00", "1", '"Bo Cy - Fa Go"'),
        ("3=", "4", "-", "0.00", "0.00", "1", "-"),
    ]
