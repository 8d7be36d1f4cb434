"""The replay report serialises to exactly the JSON shape issue 3 fixes."""

from games.engine.report import GameReport, Irregularity, IrregularityKind, Report


def test_json_shape_of_the_issue():
    revoke = Irregularity(
        IrregularityKind.REVOKE, "East failed to follow", trick=5, seat="E", card="S5", law="61"
    )
    game = GameReport(0, "1", "S", "4SX", 10, 10, True, True, (revoke,))
    assert Report((game, GameReport(1, "2"))).to_json() == {
        "games": [
            {
                "index": 0,
                "board": "1",
                "declarer": "S",
                "contract": "4SX",
                "tricks_recorded": 10,
                "tricks_computed": 10,
                "complete": True,
                "irregularities": [
                    {
                        "kind": "revoke",
                        "trick": 5,
                        "seat": "E",
                        "card": "S5",
                        "message": "East failed to follow",
                        "law": "61",
                    }
                ],
            },
            {
                "index": 1,
                "board": "2",
                "declarer": None,
                "contract": None,
                "tricks_recorded": None,
                "tricks_computed": None,
                "complete": False,
                "irregularities": [],
            },
        ],
        "summary": {"games": 2, "with_play": 1, "irregular": 1},
    }


def test_euchre_keys_appear_only_when_given():
    game = GameReport(3, None, "1", "H", alone=False, score=(2, 7), has_play=True, complete=True)
    data = game.to_json()
    assert data["alone"] is False and data["score"] == [2, 7]
    assert "alone" not in GameReport(0).to_json() and "score" not in GameReport(0).to_json()


def test_text_names_kind_trick_seat_and_law():
    irregularity = Irregularity(
        IrregularityKind.LEAD_OUT_OF_TURN, "West led", trick=2, seat="W", card="HA", law="54"
    )
    assert str(irregularity) == "lead_out_of_turn: West led (trick 2, seat W, card HA, law 54)"
    assert (
        "1 games, 1 with play, 1 irregular"
        in Report((GameReport(0, has_play=True, irregularities=(irregularity,)),)).to_text()
    )
