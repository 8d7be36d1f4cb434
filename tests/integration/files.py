"""Small result files written out as test data: a scored PBN game and a USEBIO event of one board, each with the
fields a test changes as parameters."""

SCORED_PBN = """[Event "Club pairs"]
[Date "2026.11.23"]
[Board "{board}"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
[ScoreTable "Table\\\\2R;Round\\\\2R;PairId_NS\\\\3R;PairId_EW\\\\3R;Contract\\\\5L;Declarer\\\\1R;Result\\\\2R;Score_NS\\\\6R;Score_EW\\\\6R"]
 1 {round} {ns}   2 7NT   N 13  1520      -
"""


def scored_pbn(board="1", round="1", ns="1") -> str:
    return SCORED_PBN.format(board=board, round=round, ns=ns)


USEBIO = """<?xml version="1.0" encoding="{encoding}"?>
<USEBIO Version="1.2">
  <EVENT EVENT_TYPE="MP_PAIRS">
    <EVENT_DESCRIPTION>Club pairs</EVENT_DESCRIPTION>
    <DATE>23/11/2026</DATE>
    <PARTICIPANTS>
      <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLAYER><PLAYER_NAME>Ann Bell</PLAYER_NAME></PLAYER></PAIR>
      <PAIR><PAIR_NUMBER>2</PAIR_NUMBER><PLAYER><PLAYER_NAME>Cy Dunn</PLAYER_NAME></PLAYER></PAIR>
    </PARTICIPANTS>
    <BOARD>
      <BOARD_NUMBER>{board}</BOARD_NUMBER>
      <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>3NT</CONTRACT>
        <PLAYED_BY>N</PLAYED_BY><TRICKS>9</TRICKS><SCORE>400</SCORE></TRAVELLER_LINE>
    </BOARD>
  </EVENT>
</USEBIO>
"""


def usebio(board="1", encoding="UTF-8") -> str:
    return USEBIO.format(board=board, encoding=encoding)
