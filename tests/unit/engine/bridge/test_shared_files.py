"""Every PBN file in ../shared/data/pbn replayed through `manage.py replay`, with what the files hold."""

import json
from collections import Counter

import pytest
from django.core.management import CommandError, call_command

from tests.shared import shared_path


def run(*args):
    from io import StringIO

    out = StringIO()
    call_command("replay", *map(str, args), "--format", "json", stdout=out)
    return json.loads(out.getvalue())


@pytest.mark.parametrize(
    ("name", "summary", "complete"),
    [
        ("test_set.pbn", {"games": 28, "with_play": 0, "irregular": 1}, 0),
        ("acbl_1607_pairs_acbl_sat_1pm_speedball.pbn", {"games": 576, "with_play": 572, "irregular": 0}, 264),
        ("example2.pbn", {"games": 299, "with_play": 278, "irregular": 0}, 64),
    ],
)
def test_shared_pbn_files_replay(name, summary, complete):
    report = run(shared_path("data", "pbn", name))
    assert report["summary"] == summary
    assert sum(game["complete"] for game in report["games"]) == complete


def test_the_hand_added_auction_of_test_set():
    # Board 1: every call is legal, but the auction ends in 5SX by North while the record (and its ScoreTable)
    # says 4SX by North, 9 tricks; the first of its two [Score] tags ("EW 110", the second "NS -150" is
    # ignored as PBN says) matches neither: 4SX-1 not vulnerable is -100.
    game = run(shared_path("data", "pbn", "test_set.pbn"))["games"][0]
    assert (game["board"], game["contract"], game["declarer"], game["score"]) == ("1", "4SX", "N", -100)
    assert [i["kind"] for i in game["irregularities"]] == ["contract_mismatch", "score_mismatch"]
    assert "5SX by N" in game["irregularities"][0]["message"]


def test_claims_in_the_acbl_file_are_possible_and_results_agree():
    report = run(shared_path("data", "pbn", "acbl_1607_pairs_acbl_sat_1pm_speedball.pbn"))
    played = [g for g in report["games"] if g["tricks_computed"] is not None]
    assert len(played) == 572
    assert all(g["tricks_computed"] == g["tricks_recorded"] for g in played)
    assert (
        Counter(g["contract"] for g in report["games"])[None] == 3
    )  # boards 6, 9 and 12 not played at a table


def test_a_revoke_put_into_a_real_file_is_found(tmp_path):
    text = shared_path("data", "pbn", "acbl_1607_pairs_acbl_sat_1pm_speedball.pbn").read_text(
        encoding="latin-1"
    )
    # First game, 6NT by East: at trick 1 East (column 4 of [Play "S"]) plays S9 and keeps his singleton CA,
    # which he then plays at trick 3 where the record had S9.
    text = text.replace("C3 C9 CT CA\n", "C3 C9 CT S9\n", 1).replace("CK CQ C4 S9\n", "CK CQ C4 CA\n", 1)
    path = tmp_path / "revoke.pbn"
    path.write_text(text, encoding="latin-1")
    game = run(path)["games"][0]
    assert game["irregularities"][0] == {
        "kind": "revoke",
        "trick": 1,
        "seat": "E",
        "card": "S9",
        "message": "East played S9 to trick 1 instead of following to clubs, while still holding it",
        "law": "61",
    }


def test_euchre_files_go_to_the_euchre_auditor():
    report = run(shared_path("data", "euchre", "Epic Comeback.egn"))
    first = report["games"][0]
    assert set(first) >= {"alone", "score", "declarer", "contract"}
    assert report["summary"]["games"] == len(report["games"]) > 0


def test_bad_files_are_clear_errors(tmp_path):
    with pytest.raises(CommandError, match="no such file"):
        run(tmp_path / "missing.pbn")
    other = tmp_path / "notes.txt"
    other.write_text("hello")
    with pytest.raises(CommandError, match=r"expected a \.pbn, \.lin, \.egn or \.deal\.json file"):
        run(other)
    broken = tmp_path / "broken.pbn"
    broken.write_text(
        '[Board "1"]\n[Deal "N:AKQ.JT9.876.5432 - - -"]\n[Contract "4S"]\n[Declarer "N"]\n[Play "E"]\nS2 S3 SA S5\n'
    )
    game = run(broken)["games"][0]
    assert game["irregularities"] and all(i["kind"] for i in game["irregularities"])


def test_text_and_double_dummy_output(tmp_path):
    from io import StringIO

    text = shared_path("data", "pbn", "acbl_1607_pairs_acbl_sat_1pm_speedball.pbn").read_text(
        encoding="latin-1"
    )
    path = tmp_path / "one.pbn"
    path.write_text(text.split("\n\n")[0] + "\n", encoding="latin-1")
    game = run(path, "--dd")["games"][0]
    assert game["dd"]["par"] == {"score": -980, "contracts": ["6HE=", "6HW="]}
    assert game["dd"]["costs"] == [{"trick": 10, "seat": "W", "card": "H5", "cost": 1}]
    out = StringIO()
    call_command("replay", str(path), stdout=out)
    assert (
        out.getvalue().splitlines()[0]
        == "game 0 (board 1): 6NT by E; tricks 10 computed, 10 recorded; score 100; complete"
    )
    with pytest.raises(CommandError, match="does not apply to euchre"):
        run(shared_path("data", "euchre", "Epic Comeback.egn"), "--dd")
