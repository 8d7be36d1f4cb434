"""games.formats.spreadsheet: a cell a spreadsheet would run as a formula is written as text (OWASP, "CSV
Injection"); a number stays a number."""

import csv
import io

import pytest

from games.formats.spreadsheet import Writer, cell


@pytest.mark.parametrize(
    ("value", "written"),
    [('=HYPERLINK("http://x","y")', '\'=HYPERLINK("http://x","y")'), ("@SUM(1+1)", "'@SUM(1+1)"),
     ("+1+2", "'+1+2"), ("-2+3", "'-2+3"), ("\t=1", "'\t=1"), ("\r=1", "'\r=1"), ("-", "'-"),
     ("-420", "-420"), ("+420", "+420"), ("-12.50", "-12.50"), (-420, -420), (1.5, 1.5), ("", ""),
     ("Ann Bell", "Ann Bell"), ("N-S +420 / E-W -50", "N-S +420 / E-W -50"), ("A=B", "A=B")],
)  # fmt: skip
def test_a_formula_is_text_and_a_number_a_number(value, written):
    assert cell(value) == written


def test_the_writer_writes_every_cell_through_cell():
    out = io.StringIO()
    Writer(out, lineterminator="\n").writerow(["=1+1", -50, "-50", "Ann, Bo"])
    assert out.getvalue() == '\'=1+1,-50,-50,"Ann, Bo"\n'
    assert next(csv.reader(io.StringIO(out.getvalue()))) == ["'=1+1", "-50", "-50", "Ann, Bo"]
