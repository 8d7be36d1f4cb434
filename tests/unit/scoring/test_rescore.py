"""Re-scoring real sessions reproduces every published figure (rescore --compare finds nothing)."""

import dataclasses

import pytest

from games.formats import usebio
from scoring.methods import rescore
from tests.shared import shared_path

USEBIO_FILES = [
    "mp_pairs_mitchell.xml",
    "mp_pairs_mitchell_04.xml",
    "butler_mitchell.xml",
    "cross_imp_howell.xml",
]


@pytest.mark.parametrize("name", USEBIO_FILES)
def test_usebio_sessions_match_compscore_to_the_decimal(name):
    source = rescore.read(shared_path("data", "usebio", name))
    compared = sum(1 for b in source.boards for ln in b.lines if ln.published.ns is not None)
    assert compared == sum(len(b.lines) for b in source.boards)  # every line carries a published answer
    assert all(p.total is not None and p.place is not None for p in source.pairs)
    result = rescore.rescore(source)
    assert result.differences == []


def test_compare_catches_a_wrong_published_figure():
    path = shared_path("data", "usebio", "mp_pairs_mitchell_04.xml")
    doc = usebio.load(path)
    pairs = list(doc.event.pairs)
    pairs[0] = dataclasses.replace(pairs[0], total_score="65.97", place="6")
    board = doc.event.boards[0]
    lines = list(board.lines)
    lines[0] = dataclasses.replace(lines[0], ns_points="5")
    boards = (dataclasses.replace(board, lines=tuple(lines)), *doc.event.boards[1:])
    event = dataclasses.replace(doc.event, pairs=tuple(pairs), boards=boards)
    result = rescore.rescore(rescore.from_usebio(dataclasses.replace(doc, event=event)))
    assert result.differences == [
        "board 1 1NS v 1EW N-S: file 5, ours 6.0",
        "pair 1NS total: file 65.97, ours 65.96",
        "pair 1NS place: file 6, ours 7",
    ]


def test_json_shape():
    result = rescore.rescore(rescore.read(shared_path("data", "usebio", "mp_pairs_mitchell_04.xml")))
    out = result.as_json()
    assert list(out) == ["method", "boards", "pairs"] and out["method"] == "mp"
    board = out["boards"][0]
    assert (board["board"], board["top"]) == ("1", 10)
    assert board["lines"][0] == {"ns": "1NS", "ew": "1EW", "score_ns": 50, "adjusted": None, "mp_ns": 6.0,
                                 "mp_ew": 4.0, "pct_ns": 60.0, "pct_ew": 40.0}  # fmt: skip
    first = out["pairs"][0]
    assert first == {"pair": "1NS", "direction": "NS", "mp": 65.96, "percentage": 38.8, "rank": "7"}


def test_another_method_is_a_difference():
    result = rescore.rescore(
        rescore.read(shared_path("data", "usebio", "butler_mitchell.xml")), rescore.Method.MP
    )
    assert result.differences == ["method: the file is scored butler, re-scored mp"]
    assert result.boards[14]["lines"][1]["adjusted"] == "A5050"


def test_magic_contest_session_matches_to_the_decimal():
    """test_set.pbn: every MP and percentage line, and the Session* columns of the TotalScoreTable."""
    source = rescore.read(shared_path("data", "pbn", "test_set.pbn"))
    assert source.program == "magic" and not source.two_winners
    assert sum(1 for b in source.boards for ln in b.lines if ln.published.pct_ns is not None) == 616
    assert len(source.pairs) == 44
    result = rescore.rescore(source)
    assert result.differences == []
    by_pair = {p["pair"]: p for p in result.pairs}
    assert by_pair["44"] == {"pair": "44", "direction": "NS", "mp": 718.9, "percentage": 61.13, "rank": "1"}
    assert by_pair["21"]["rank"] == by_pair["40"]["rank"] == "30="  # SessionRank 30, SessionRankTie 31
    adjusted = result.boards[16]["lines"][-1]  # board 17: A- / A+ among 21 results
    assert (adjusted["adjusted"], adjusted["mp_ns"], adjusted["mp_ew"]) == ("A4060", 16.8, 25.2)
    assert result.boards[16]["lines"][0]["mp_ns"] == 42.0  # 40 of 20 results, Neuberg to 21: 41·22/21 − 1


def test_magic_contest_tie_mark_is_compared():
    source = rescore.read(shared_path("data", "pbn", "test_set.pbn"))
    pairs = tuple(dataclasses.replace(p, tie_to="-") if p.pair == "21" else p for p in source.pairs)
    result = rescore.rescore(dataclasses.replace(source, pairs=pairs))
    assert result.differences == ["pair 21 place: file 30, ours 30="]


def test_one_game_per_table_pbn_is_scored_from_contract_and_tricks():
    """BBO speedball: no Score tags, pairs named by their players, games without a contract not played."""
    source = rescore.read(shared_path("data", "pbn", "acbl_1607_pairs_acbl_sat_1pm_speedball.pbn"))
    board = source.boards[0]
    first = board.lines[0]  # 6NT by E making 10: down 2 not vulnerable
    assert (first.ns, first.ew, first.score) == ("bgturley - ind5", "HCortez - Sandy ss", 100)
    assert any(ln.score is None for b in source.boards for ln in b.lines)
    result = rescore.rescore(source)
    assert result.differences == []
    assert result.boards[0]["top"] == 2 * (len([ln for ln in board.lines if ln.score is not None]) - 1)


def test_a_short_board_is_neuberg_factored_to_the_count_the_session_shows():
    """BBO speedball boards 6, 9 and 12 have 47 results where the others have 48: a program that publishes
    percentages factors them up to 48 (Neuberg, as JFR Pary does): (mp + 1) × 48 / 47 − 1 on a top of 94."""
    result = rescore.rescore(
        rescore.read(shared_path("data", "pbn", "acbl_1607_pairs_acbl_sat_1pm_speedball.pbn"))
    )
    tops = {board["board"]: board["top"] for board in result.boards}
    assert set(tops.values()) == {94}, "every board on the top of 48 results"
    line = next(b for b in result.boards if b["board"] == "6")["lines"][0]
    assert line["score_ns"] == 300 and line["mp_ns"] == round((91 + 1) * 48 / 47 - 1, 2) == 92.96


def test_compass_plus_or_minus_each_direction_and_the_balance():
    """Hoyle 1940 L5371–5385 on a real Mitchell: each N-S pair's total of its N-S scores against the N-S
    average, each E-W pair's of the negated scores against theirs; every line posted once, so it balances."""
    path = shared_path("data", "usebio", "mp_pairs_mitchell_04.xml")
    event = usebio.load(path).event
    totals: dict[str, int] = {}
    for board in event.boards:
        for line in board.lines:
            if not line.adjusted and line.score not in (None, ""):
                totals[line.ns_pair] = totals.get(line.ns_pair, 0) + int(line.score)
                totals[line.ew_pair] = totals.get(line.ew_pair, 0) - int(line.score)
    result = rescore.rescore(rescore.read(path), rescore.Method.COMPASS)
    ns = {p["pair"]: p for p in result.pairs if p["direction"] == "NS"}
    average = sum(totals[p] for p in ns) / len(ns)
    assert all(p["total"] == totals[name] for name, p in ns.items())
    assert all(p["plus_minus"] == round(totals[name] - average, 2) for name, p in ns.items())
    assert ns["2NS"]["rank"] == "1" and result.balance == []
    assert result.as_json()["balance"] == {"balanced": True, "problems": []}


def test_compass_names_a_line_the_two_pairs_posted_differently(tmp_path):
    path = tmp_path / "compass.pbn"
    path.write_text(
        '[Event "Compass"]\n[Board "1"]\n'
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R"]\n'
        " 1  3 3NT   N  9    155      -\n 2  4 4S    S 10    191   -191\n\n"
        '[Event "Compass"]\n[Board "2"]\n'
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R"]\n'
        " 1  4 2S    E  8    -18     18\n 2  3 4S    N 10    191    -36\n"
    )
    result = rescore.rescore(rescore.read(path), rescore.Method.COMPASS)
    assert result.balance == [
        "the N-S total +519 and the E-W total -364 do not balance: a score was posted wrongly",
        "board 2: N-S pair 2 posted +191 but E-W pair 3 posted -36, not -191",
    ]
    report = rescore.text_report(result)
    assert "Balance: the losses and gains do not balance:" in report and "     2       +382    plus" in report
