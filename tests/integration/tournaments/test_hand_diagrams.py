"""Hand records never wrap a suit mid-holding (issue 29): on the page each suit's line keeps to one line (CSS), and
in the PDF a suit's ranks are joined by non-breaking spaces, or printed close together when the suit is long."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.browser.conftest import running_mitchell
from tournaments import printables
from tournaments.models import Club
from tournaments.page_data import hand_diagram

CSS = Path(__file__).resolve().parents[3] / "static" / "css" / "traveller.css"
LONG = "N:AKQJT9876.A.A.A2 5432.KQJ.KQJ.KQJ .T98765.T98.9876 .432.765432.T543"


@pytest.mark.django_db
def test_a_suit_prints_on_one_line_of_the_hand_records():
    section = running_mitchell(Club.objects.create(name="Riverton Bridge Club", slug="riverton"))
    board = section.boards.get(number=1)
    board.deal = LONG
    text = "\n".join(
        page.extract_text()
        for page in PdfReader(
            io.BytesIO(
                printables.hand_records(
                    section,
                    [
                        {
                            "board": board,
                            "diagram": hand_diagram(LONG),
                            "dd_rows": [],
                            "par": None,
                        }
                    ],
                )
            )
        ).pages  # fmt: skip
    )
    lines = [line.replace("\xa0", " ") for line in text.splitlines()]
    assert "♠ AKQJT9876" in lines  # nine spades, close together: no wrap in the 28 mm column
    assert "♦ 7 6 5 4 3 2" in lines  # six diamonds, spaced, on one line
    assert "♥ T 9 8 7 6 5" in lines


def test_the_page_keeps_each_suit_on_one_line():
    assert ".diagram .hand div { white-space: nowrap; }" in CSS.read_text()
