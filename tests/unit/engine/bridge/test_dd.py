"""Double-dummy figures through endplay: table, par and the cost of each card, on board 1 of the ACBL file."""

import pytest

from games.engine.bridge import ColumnPlay, Denomination, Vulnerability, replay, rules
from games.engine.bridge.dd import DoubleDummyError, card_costs, dd_table, par
from games.engine.cards import Card, Deal, Seat
from tests.unit.engine.bridge.speedball import AUCTION, DEAL, ROWS


def test_table_and_par():
    table = dd_table(Deal.from_pbn(DEAL))
    assert table[Denomination.HEARTS] == {Seat.NORTH: 1, Seat.EAST: 12, Seat.SOUTH: 1, Seat.WEST: 12}
    assert table[Denomination.CLUBS][Seat.SOUTH] == 4
    found = par(Deal.from_pbn(DEAL), Vulnerability.NONE, Seat.NORTH)
    assert (found.score, found.contracts) == (-980, ("6HE=", "6HW="))


def test_costs_name_the_card_that_gave_a_trick_away():
    # 6NT by East makes 11 double dummy; the record shows 10: West's H5 at trick 10 let the trick go.
    report = replay(
        rules("duplicate-2017"),
        DEAL,
        AUCTION,
        ColumnPlay.of("S", ROWS),
        None,
        10,
        contract="6NT",
        declarer="E",
        dd=True,
    )
    assert report.extra["dd"]["costs"] == [{"trick": 10, "seat": "W", "card": "H5", "cost": 1}]
    assert report.extra["dd"]["par"]["score"] == -980
    assert card_costs(Deal.from_pbn(DEAL), Denomination.NOTRUMP, Seat.EAST, []) == []


def test_incomplete_deals_and_illegal_play_are_refused_clearly():
    with pytest.raises(DoubleDummyError, match="all four hands"):
        dd_table(Deal.from_pbn("N:AKQ... - - -", hand_size=None))
    with pytest.raises(DoubleDummyError, match="refused the play"):
        card_costs(Deal.from_pbn(DEAL), Denomination.NOTRUMP, Seat.EAST, [(Seat.SOUTH, Card.parse("SA"))])


def test_dd_tables_and_par_agree_with_the_european_qualifier_file():
    # example2.pbn gives, per board, [DoubleDummyTricks] (20 hex digits: N, S, E, W, each NT, S, H, D, C) and
    # [OptimumScore] "NS +90": computed by another program, checked here board by board.
    from games.engine.bridge.calls import Vulnerability as Vul
    from games.formats import pbn
    from tests.shared import shared_path

    games = pbn.parse_file(shared_path("data", "pbn", "example2.pbn"), strict=False)
    boards = {g.board: g for g in games}
    assert len(boards) == 10
    strains = [
        Denomination.NOTRUMP,
        Denomination.SPADES,
        Denomination.HEARTS,
        Denomination.DIAMONDS,
        Denomination.CLUBS,
    ]
    for game in boards.values():
        table = dd_table(game.deal)
        ours = "".join(f"{table[d][Seat.parse(s)]:x}" for s in "NSEW" for d in strains)
        assert ours == game.tags["DoubleDummyTricks"], game.label
        side, points = game.tags["OptimumScore"].split()
        expected = int(points) * (1 if side == "NS" else -1)
        assert par(game.deal, Vul(game.vulnerable.value), game.dealer).score == expected, game.label
