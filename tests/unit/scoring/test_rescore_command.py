"""The rescore management command: JSON on stdout, --compare exits 1 on any difference."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.shared import shared_path


def test_json_and_a_clean_compare():
    out, err = StringIO(), StringIO()
    path = shared_path("data", "usebio", "cross_imp_howell.xml")
    call_command("rescore", str(path), "--format", "json", "--compare", stdout=out, stderr=err)
    result = json.loads(out.getvalue())
    assert result["method"] == "cross-imp"
    assert result["boards"][0]["lines"][0]["mp_ns"] == 3.67
    assert result["pairs"][1] == {
        "pair": "2",
        "direction": None,
        "mp": 30.33,
        "percentage": None,
        "rank": "1",
    }
    assert "no difference" in err.getvalue()


def test_compare_exits_1_and_prints_each_difference(tmp_path):
    original = shared_path("data", "usebio", "butler_mitchell.xml").read_text()
    broken = tmp_path / "butler.xml"
    broken.write_text(
        original.replace("<BOARD_AVERAGE>-30</BOARD_AVERAGE>", "<BOARD_AVERAGE>-40</BOARD_AVERAGE>", 1)
    )
    out, err = StringIO(), StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("rescore", str(broken), "--compare", stdout=out, stderr=err)
    assert exit_.value.code == 1
    assert "board 1 datum: file -40, ours -30" in out.getvalue()
    assert "1 difference(s)" in err.getvalue()


def test_a_bad_file_is_a_clear_error(tmp_path):
    bad = tmp_path / "bad.xml"
    bad.write_text("<USEBIO><EVENT><BOARD><TRAVELLER_LINE/></BOARD></EVENT></USEBIO>")
    with pytest.raises(CommandError, match="bad.xml: BOARD 1: BOARD_NUMBER is missing"):
        call_command("rescore", str(bad))
    with pytest.raises(CommandError, match="not a .pbn or USEBIO .xml file"):
        call_command("rescore", str(tmp_path / "results.csv"))


def test_compass_prints_each_pair_plus_or_minus_and_the_balance():
    """rescore --method compass: the book's ranking (Hoyle 1940 L5371–5385) of a real Mitchell."""
    out = StringIO()
    call_command("rescore", str(shared_path("data", "usebio", "mp_pairs_mitchell_04.xml")), "--method", "compass",
                 stdout=out)  # fmt: skip
    text = out.getvalue()
    assert "N-S average -1075.00" in text and "E-W average +1075.00" in text
    assert "     2NS      +2190    plus  3265.00   1" in text
    assert "     1EW       -830   minus  1905.00   8" in text
    assert text.rstrip().endswith("Balance: the N-S gains and losses balance the E-W: the scores are correct")
    with pytest.raises(CommandError, match="pair 2 sat both ways"):
        call_command(
            "rescore", str(shared_path("data", "usebio", "cross_imp_howell.xml")), "--method", "compass"
        )
