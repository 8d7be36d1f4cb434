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
