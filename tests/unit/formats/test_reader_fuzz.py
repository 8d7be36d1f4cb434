"""Issue 12: every input to the file readers ends in a result or the reader's own named error, never another
exception (hypothesis over PBN, USEBIO and EGN text: mutations of real-looking files and random text)."""

import contextlib

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from config.refusals import Refused
from games.exchange.pbn import read_pbn
from games.exchange.usebio import read_usebio
from games.formats import deal_record, egn, pbn, usebio

BOUNDED = settings(max_examples=150, deadline=1000, suppress_health_check=[HealthCheck.too_slow])

PBN = """[Event "Club pairs"]
[Date "2026.11.23"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
[Declarer "N"]
[Contract "7NT"]
[Result "13"]
[Auction "N"]
7NT Pass Pass Pass
[Play "E"]
ST SA S6 S2
[ScoreTable "Table\\\\2R;Round\\\\2R;PairId_NS\\\\3R;PairId_EW\\\\3R;Contract\\\\5L;Declarer\\\\1R;Result\\\\2R;Lead\\\\3L;Score_NS\\\\6R;Score_EW\\\\6R;MP_NS\\\\4R;MP_EW\\\\4R"]
 1  1  1  2 7NT   N 13 ST   1520      -  1.0  0.0
 2  1  3  4 6NT   N 12 H2    990      -  0.0  2.0
[TotalScoreTable "Rank\\\\2R;PairId\\\\2R;Direction\\\\3R;TotalScoreMP\\\\5R;Names\\\\20L"]
 1  1 N-S  1.0 "Ann Bell - Cy Dunn"
 2  3 N-S  0.0 "Ed Fry - Gil Hunt"
"""

USEBIO = """<?xml version="1.0" encoding="UTF-8"?>
<USEBIO Version="1.2">
  <EVENT EVENT_TYPE="MP_PAIRS">
    <EVENT_DESCRIPTION>Club pairs</EVENT_DESCRIPTION><DATE>23/11/2026</DATE><WINNER_TYPE>1</WINNER_TYPE>
    <PARTICIPANTS>
      <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION><PLAYER><PLAYER_NAME>Ann Bell</PLAYER_NAME></PLAYER></PAIR>
      <PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>EW</DIRECTION><PLAYER><PLAYER_NAME>Cy Dunn</PLAYER_NAME></PLAYER></PAIR>
    </PARTICIPANTS>
    <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
      <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>3NT</CONTRACT>
        <PLAYED_BY>N</PLAYED_BY><LEAD>S2</LEAD><TRICKS>9</TRICKS><SCORE>400</SCORE>
        <NS_MATCH_POINTS>1</NS_MATCH_POINTS><EW_MATCH_POINTS>0</EW_MATCH_POINTS></TRAVELLER_LINE>
    </BOARD>
  </EVENT>
  <HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
    <HAND><DIRECTION>North</DIRECTION><SPADES>AKQJ</SPADES><HEARTS>AKQ</HEARTS><DIAMONDS>AKQ</DIAMONDS><CLUBS>AKQ</CLUBS></HAND>
    <HAND><DIRECTION>East</DIRECTION><SPADES>T987</SPADES><HEARTS>JT9</HEARTS><DIAMONDS>JT9</DIAMONDS><CLUBS>JT9</CLUBS></HAND>
    <HAND><DIRECTION>South</DIRECTION><SPADES>6543</SPADES><HEARTS>876</HEARTS><DIAMONDS>876</DIAMONDS><CLUBS>876</CLUBS></HAND>
    <HAND><DIRECTION>West</DIRECTION><SPADES>2</SPADES><HEARTS>5432</HEARTS><DIAMONDS>5432</DIAMONDS><CLUBS>5432</CLUBS></HAND>
  </BOARD></HANDSET>
</USEBIO>
"""

EGN = """{"metadata": {"ruleset": {"winning_score": 10}, "initialScore": [0, 0]},
 "deals": [{"dealNumber": 1, "dealer": 0, "upCard": "Jh", "calls": ["Pass", "Order"], "alone": false,
            "tricks": [["9h", "Th", "Qh", "Ah"], ["Jd", "9c", "Tc", "Kc"]]}]}"""

# Pieces a mutation splices in: what broke the readers before (issue 12) and the syntax each format leans on.
PIECES = ["²", "٣", "99999999999999999999", "-", "?", "A", "A60", '"', "[", "]", "{", "}", ";", "\\", "\x00", "\n",
          "\t", "<", ">", "&", "&#0;", "</BOARD>", "<BOARD>", "#", "##", "NS", "EW", "14", "8H", "Q", "1e9", "",
          '[Board "1"]', "</TRAVELLER_LINE>", "null", "[]", "{}", "-1", "0", "é", "\ufeff", " "]  # fmt: skip


@st.composite
def mutated(draw, text: str) -> str:
    """`text` with a few pieces cut, repeated or replaced."""
    for _ in range(draw(st.integers(1, 4))):
        start = draw(st.integers(0, len(text)))
        end = draw(st.integers(start, min(len(text), start + 20)))
        kind = draw(st.sampled_from(["replace", "cut", "repeat"]))
        if kind == "cut":
            text = text[:start] + text[end:]
        elif kind == "repeat":
            text = text[:end] + text[start:end] + text[end:]
        else:
            piece = draw(st.sampled_from(PIECES) | st.text(max_size=6))
            text = text[:start] + piece + text[end:]
    return text


def texts(real: str):
    return mutated(real) | st.text(max_size=200)


@BOUNDED
@given(texts(PBN))
def test_pbn_reader_ends_in_games_or_a_pbn_error(text):
    try:
        games = pbn.parse(text, source="fuzz.pbn")
    except pbn.PBNError:
        return
    assert games == pbn.parse(text, strict=False)


@BOUNDED
@given(texts(PBN))
@example(PBN.replace("1520      -", "1520    N-S"))  # found by this test: a score that is not one
@example(PBN.replace("Rank\\\\2R;PairId", "Rank\\\\2R;Pair"))  # found by this test: no PairId column
@example(
    PBN.replace("[ScoreTable", "[Score").replace("Rank\\\\2R;PairId", "Rank\\\\2R;Pair")
)  # and without a ScoreTable
def test_pbn_import_ends_in_what_it_read_or_a_refusal(text):
    with contextlib.suppress(Refused):
        read_pbn(text.encode("utf-8", "surrogatepass"), "fuzz.pbn")


@BOUNDED
@given(texts(USEBIO))
def test_usebio_reader_ends_in_a_document_or_a_usebio_error(text):
    try:
        usebio.loads(text.encode("utf-8", "surrogatepass"))
    except usebio.UsebioError:
        return
    with contextlib.suppress(Refused):
        read_usebio(text.encode("utf-8", "surrogatepass"), "fuzz.xml")


@BOUNDED
@given(texts(EGN))
def test_egn_reader_ends_in_a_game_or_an_egn_error(text):
    with contextlib.suppress(egn.EgnError):
        egn.read_egn(text)
    assert egn.replay_text(text) is not None


@pytest.mark.parametrize("text", [PBN, USEBIO, EGN])
def test_the_seeds_are_read(text):
    """The texts the fuzzing mutates are good files: each reader reads its own."""
    if text is PBN:
        assert [g.board for g in pbn.parse(text)] == [1]
        assert len(read_pbn(text, "seed.pbn").lines) == 2
    elif text is USEBIO:
        assert usebio.loads(text).event.boards[0].lines[0].score == 400
        assert len(read_usebio(text.encode(), "seed.xml").deals) == 1
    else:
        assert len(egn.read_egn(text).deals) == 1


@pytest.mark.parametrize("depth", [1500, 100_000])
def test_json_nested_too_deep_is_named_not_a_recursion_error(depth):
    """An .egn or a .deal.json file of 1,500 brackets raised RecursionError out of `manage.py replay`."""
    text = "[" * depth + "]" * depth
    with pytest.raises(egn.EgnError, match="not JSON that can be read: nested too deeply"):
        egn.read_egn(text)
    with pytest.raises(deal_record.RecordError, match="not JSON that can be read: nested too deeply"):
        deal_record.read(text)
