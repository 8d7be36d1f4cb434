"""The bridgescorer movement files (../shared/data/movements/): read, checked, written back, and ours for the same
field have at least their properties. Also the JSON shape, the cards and the management command."""

import json
from io import StringIO

import pytest
import yaml
from django.core.management import call_command

from tests.shared import shared_path
from tournaments.movements import check, howell, individual, mitchell
from tournaments.movements.cards import board_list, cards_pdf, cards_text, guide_cards, table_cards
from tournaments.movements.check import properties
from tournaments.movements.jsonout import movement_data
from tournaments.movements.yamlio import read_movement, write_movement

FILES = [
    "IndividualMovement.Individual2Tables14Boards.yaml",
    "IndividualMovement.Individual2Tables21Boards.yaml",
    "IndividualMovement.Individual3Tables.yaml",
    "Movement.2TablesArmonk.yaml",
    "Movement.Armonk2Tables.yaml",
    "Movement.Howell04T2B18.yaml",
    "Movement.Howell04T2B24.yaml",
    "Movement.Howell05T2B20.yaml",
    "Movement.Howell06T3B15Relay.yaml",
    "Movement.Howell06T3B20.yaml",
    "Movement.Howell06T3B20Relay.yaml",
    "Movement.Howell06T3B25Relay.yaml",
    "Movement.Howell06T3B30Relay.yaml",
    "Movement.Howell07T3B21.yaml",
    "Movement.Howell08T4B14.yaml",
    "Movement.Howell08T4B21.yaml",
    "Movement.Howell09T4B18.yaml",
    "Movement.Howell10T5B18.yaml",
    "Movement.Howell10T5B24Relay.yaml",
    "Movement.Howell11T5B22.yaml",
    "Movement.Howell12T6B22.yaml",
    "Movement.Howell13T6B26.yaml",
    "Movement.Howell14T7B26.yaml",
    "Movement.Howell2Table5Teams.yaml",
    "Movement.Howell3TableNoRelay.yaml",
    "Movement.Mitchell3Table.yaml",
]


def ours_for(text):
    data = yaml.safe_load(text)
    theirs = read_movement(text)
    per_round = len(data["hands"][0]["boards"])
    if "numberPlayers" in data:
        return theirs, individual(theirs.entrants, per_round)
    if data["name"].startswith("Mitchell"):
        return theirs, mitchell(theirs.entrants // 2, boards_per_round=per_round)
    return theirs, howell(theirs.entrants, boards_per_round=per_round)


@pytest.mark.parametrize("name", FILES)
def test_file_is_read_checked_and_written_back(name):
    text = shared_path("data", "movements", name).read_text()
    movement = read_movement(text)
    assert check(movement) == []
    assert read_movement(write_movement(movement)).rounds == movement.rounds


@pytest.mark.parametrize("name", FILES)
def test_ours_have_at_least_their_properties(name):
    theirs, ours = ours_for(shared_path("data", "movements", name).read_text())
    assert check(ours) == []
    mine, file = properties(ours), properties(theirs)
    for key, value in file.items():
        if isinstance(value, bool):
            assert mine[key] or not value, key
        elif value:
            assert mine[key] <= value, key


def test_published_howell_shape():
    """Howell08T4B14: pair 8 stays at table 1 and the others rotate; ours likewise keeps pair 8 at table 1."""
    theirs = read_movement(shared_path("data", "movements", "Movement.Howell08T4B14.yaml").read_text())
    assert all(8 in rnd.table(1).players for rnd in theirs.rounds)
    assert all(8 in rnd.table(1).players for rnd in howell(8).rounds)


def test_bad_files_get_clear_errors():
    from tournaments.movements import MovementError

    with pytest.raises(MovementError, match="list of hands"):
        read_movement("name: x\n")
    with pytest.raises(MovementError, match="hand 1: missing or bad field 'ew'"):
        read_movement("numberTeams: 4\nhands:\n- {table: 1, round: 1, ns: 1, boards: [1]}\n")


def test_json_shape():
    data = movement_data(howell(8))
    assert data["kind"] == "howell" and data["check"] == {"ok": True, "problems": []}
    first = data["rounds"][0]["tables"][0]
    assert first == {"table": 1, "ns": "8", "ew": "1", "boards": [1, 2]}
    assert data["relays"][0]["round"] == 1 and len(data["relays"][0]["boards"]) == 6
    # each set is at 4 tables in the 7 rounds; pairs sit N-S 3 or 4 times of 7
    assert all(len(board["ns"]) == 4 for board in data["coverage"].values())
    assert sorted(data["ns_rounds"].values()) == [[3, 7]] * 4 + [[4, 7]] * 4
    seats = movement_data(individual(8))["rounds"][0]["tables"][0]["seats"]
    assert set(seats) == {"N", "E", "S", "W"} and all(isinstance(p, str) for p in seats.values())


def test_cards():
    movement = mitchell(3, boards_per_round=2)
    text = cards_text(guide_cards(movement) + table_cards(movement))
    assert (
        "Pair 4 - Mitchell 3 tables\nRound  Table  Direction  Against  Boards\n1      1      E-W        1        1-2"
        in text
    )
    assert "Table 2 - Mitchell 3 tables\nRound  N-S  E-W  Boards\n1      2    5    3-4" in text
    assert board_list((1, 2, 3, 7, 9, 10)) == "1-3, 7, 9-10"
    assert cards_pdf(table_cards(movement)).startswith(b"%PDF")


def test_command_json_and_errors(tmp_path):
    out = StringIO()
    call_command("movement", "howell", "--pairs", "8", "--format", "json", stdout=out)
    assert json.loads(out.getvalue())["check"]["ok"] is True
    pdf = tmp_path / "cards.pdf"
    call_command("movement", "mitchell", "--tables", "4", "--format", "pdf", "--output", str(pdf))
    assert pdf.read_bytes().startswith(b"%PDF")
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="mitchell needs --tables"):
        call_command("movement", "mitchell")
