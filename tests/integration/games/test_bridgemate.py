"""A section run through Bridgemate Control Software 5's Data Connector, against a local server that answers as
the Data Connector does (tests/dataconnector.py, from the client's golden fixtures).

The movement, players and hand records go out in an InitializeEvent; the Bridgemates' results come in through the
phones' entry path (versions, a conflict for the director, standings); Traveller's results go back with PutResults
for the Bridgemates' ranking. What we send is compared, as JSON, with the request fixtures of the reference client.
"""

import io
import json

import pytest
from bridgemate_dataconnector import DataConnectorClient
from bridgemate_dataconnector.dto import DataConnectorResponseData, InitDTO, ResultDTO
from django.core.management import CommandError, call_command

from games import bridgemate
from games.engine.cards import Deal
from games.models import Result, ResultConflict, ResultVersion
from games.services import resolve_conflict
from scoring.models import Standing
from tests.dataconnector import DataConnector, fixture
from tests.integration.api_helpers import make_director, mitchell
from tournaments.models import Event, Player, Section, Session
from tournaments.services import deal_boards, install_movement, set_status

# Results and bells act once their transaction commits (the standings, the next seating): the tests that read
# what follows them commit (transaction=True); the rest roll back.
pytestmark = pytest.mark.django_db

CLUB, KEY = "CLUB001", "LICENCE-KEY-123"  # the fixtures' credentials
GUID = "A1B2C3D4E5F60718293A4B5C6D7E8F90"  # the fixtures' session

# Properties the PyPI client 1.2.1 writes that the fixtures (the .NET client of Data Connector 5.0.1041) do not
# have yet, each with the value it always has here; BCS's System.Text.Json ignores properties it does not know.
ADDED_BY_CLIENT = {"IsRemoval": False, "HasExplicitParticipations": False}


def without_added(value):
    """The document without ADDED_BY_CLIENT's properties (checked to hold their one value)."""
    if isinstance(value, list):
        return [without_added(item) for item in value]
    if not isinstance(value, dict):
        return value
    for name, always in ADDED_BY_CLIENT.items():
        assert value.get(name, always) == always, name
    return {k: without_added(v) for k, v in value.items() if k not in ADDED_BY_CLIENT}


def assert_shaped_like(ours, reference, where="") -> None:
    """The same property names in the same wire order at every level where both documents hold a value (a list
    compared by its elements with the reference's first)."""
    if ours is None or reference is None:
        return
    if isinstance(reference, list):
        for item in ours:
            assert_shaped_like(item, reference[0] if reference else None, where + "[]")
    elif isinstance(reference, dict):
        assert list(ours) == list(reference), where
        for key in reference:
            assert_shaped_like(ours[key], reference[key], f"{where}.{key}")


def client(dc: DataConnector) -> DataConnectorClient:
    return bridgemate.client_for(dc.url, CLUB, KEY)


def test_what_we_send_equals_the_request_fixtures_built_from_the_same_data():
    """Each request Traveller sends, built from the fixture's own DTOs, is the fixture (as JSON: the .NET client
    escapes quotes as \\u0022), and the server's answers are the response fixtures, read back by the client."""
    with DataConnector() as dc:
        bcs = client(dc)
        init = fixture("requests", "InitializeEvent")
        answer = bcs.initialize(InitDTO.from_dict(json.loads(init["SerializedData"])))
        # The fixtures hold placeholders ("BM3PINcode 1"), which the Data Connector validates and refuses.
        assert answer.data_type == DataConnectorResponseData.Error and "The pincode must be four digits" in (
            answer.serialized_data or ""
        )
        results = fixture("requests", "PutResults")
        dtos = [ResultDTO.from_dict(item) for item in json.loads(results["SerializedData"])]
        refused = bcs.send_results(GUID, dtos)  # lead card rank 1: the fixtures' own Error answer
        assert refused.to_dict() == fixture("responses", "Error")
        poll = fixture("responses", "PollQueueForNewResults")
        dc.canned[19] = json.dumps(poll)
        polled = bcs.poll_for_results(GUID)
        assert [dto.to_dict() for dto in polled] == json.loads(poll["SerializedData"])
        assert bcs.accept_queue_data(GUID, DataConnectorResponseData.Results).serialized_data == '"Accepted"'
        assert bcs.ping().data_type == DataConnectorResponseData.OK
        sent = {request["Command"]: request for request in dc.requests}
    for name, command in [("InitializeEvent", 5), ("PutResults", 10), ("PollQueueForNewResults", 19),
                          ("AcceptResultQueueItems", 27)]:  # fmt: skip
        expected = fixture("requests", name)
        ours = sent[command]
        assert ours.keys() == expected.keys(), name
        assert {k: v for k, v in ours.items() if k != "SerializedData"} == {
            k: v for k, v in expected.items() if k != "SerializedData"
        }, name
        payload = json.loads(expected["SerializedData"]) if expected["SerializedData"] else None
        assert (
            without_added(json.loads(ours["SerializedData"]) if ours["SerializedData"] else None) == payload
        )
    ping = fixture("requests", "Ping")
    assert (
        sent[4].keys() == ping.keys() and sent[4]["Command"] == ping["Command"] == 4
    )  # the data is the time


def make_section(user, club, with_players: bool = True) -> Section:
    event = Event.objects.create(club=club, name="Tuesday pairs", date="2026-11-24")
    section = Section.objects.create(session=Session.objects.create(event=event), name="A")
    install_movement(section, mitchell(3, 2), user)
    deal_boards(section)
    names = ["Ann Avery", "Bob Brook", "Cy Cole", "Di Dunn", "Ed Egan", "Flo Fox",
             "Gus Gray", "Hal Hunt", "Ivy Ince", "Jo Judd", "Kit Kerr", "Lou Lamb"]  # fmt: skip
    for i, entry in enumerate(section.entries.order_by("number") if with_players else ()):
        for name in names[2 * i : 2 * i + 2]:
            first, last = name.split()
            entry.players.add(
                Player.objects.create(
                    club=club, first_name=first, last_name=last, federation_number=f"{i}{first}"
                )
            )
    return set_status(section, "running", user)


def bridgemate_result(
    guid, table, round_, board, ns, ew, level, strain, declarer, tricks, stake=0, lead=(0, 0)
):
    """A ResultDTO as a Bridgemate at the table sends it (wire form)."""
    declaring = ns if declarer in (1, 3) else ew
    return ResultDTO(
        session_guid=guid, section_letters="A", table_number=table, round_number=round_, board_number=board,
        scoring_direction=3, pair_north_south=ns, pair_east_west=ew, declaring_pair=declaring,
        declarer_direction=declarer, level=level, denomination=strain, stake=stake, total_tricks=tricks,
        lead_card_rank=lead[0], lead_card_suit=lead[1],
    ).to_dict()  # fmt: skip


def run(*args) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command("bridgemate", *map(str, args), stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


@pytest.mark.django_db(transaction=True)
def test_a_bridgemate_session_movement_out_results_in_a_conflict_rankings_back():
    user, club = make_director()
    section = make_section(user, club)
    guid = bridgemate.session_guid(section)
    with DataConnector() as dc:
        out, _ = run(section.id, "--url", dc.url, "--club-id", CLUB, "--licence-key", KEY)
        assert "3 tables, 6 hand records, 12 players" in out

        # Movement out: the InitializeEvent, shaped as the reference client's, holds the Mitchell as installed.
        (init,) = dc.sent(5)
        assert (init["ClubId"], init["LicenceKey"], init["SessionGuid"]) == (CLUB, KEY, "")
        dto = init["SerializedData"]
        reference = json.loads(fixture("requests", "InitializeEvent")["SerializedData"])
        assert_shaped_like(without_added(dto), reference)
        assert dto["Commands"] == 7 and dto["ClubId"] == CLUB
        (session,) = dto["Sessions"]
        (group,) = session["ScoringGroups"]
        assert (session["SessionGuid"], group["ScoringMethod"], (session["Year"], session["Month"], session["Day"])) == (
            guid, 10, (2026, 11, 24))  # fmt: skip
        (bcs_section,) = group["Sections"]
        assert (bcs_section["Letters"], bcs_section["Winners"], bcs_section["GameType"]) == ("A", 2, 10)
        rounds = [(r["TableNumber"], r["RoundNumber"], r["PairNS"], r["PairEW"], r["LowBoardNumber"], r["HighBoardNumber"])
                  for table in bcs_section["Tables"] for r in table["Rounds"]]  # fmt: skip
        # mitchell(3, 2): N-S pair t at table t, E-W pairs 4-6 up a table, boards down a table each round.
        assert rounds == [
            (1, 1, 1, 4, 1, 2), (1, 2, 1, 6, 3, 4), (1, 3, 1, 5, 5, 6),
            (2, 1, 2, 5, 3, 4), (2, 2, 2, 4, 5, 6), (2, 3, 2, 6, 1, 2),
            (3, 1, 3, 6, 5, 6), (3, 2, 3, 5, 1, 2), (3, 3, 3, 4, 3, 4),
        ]  # fmt: skip
        seats = {(p["TableNumber"], p["Direction"]): p["PlayerNumber"] for p in dto["Participations"]}
        assert seats[(1, 1)] == "0Ann" and seats[(1, 3)] == "0Bob" and seats[(1, 2)] == "3Gus"
        assert {p["PlayerNumber"]: p["LastName"] for p in dto["PlayerData"]}["3Gus"] == "Gray"
        board1 = section.boards.get(number=1)
        hands = Deal.from_pbn(board1.deal).hands
        record = next(h for h in dto["Handrecords"] if h["BoardNumber"] == 1)
        north_spades = "".join(
            c.rank.letter for c in sorted(hands[list(hands)[0]], reverse=True) if c.suit.value == "S"
        )
        assert record["NorthSpades"] == north_spades

        # Results in: round 1 at the three tables, as the Bridgemates send them.
        lead = sorted(hands[list(hands)[1]])[0]  # East leads against North
        dc.enqueue(
            bridgemate_result(guid, 1, 1, 1, 1, 4, 4, 4, 1, 10, lead=(int(lead.rank), lead.suit.order + 1)),
            bridgemate_result(guid, 1, 1, 2, 1, 4, 3, 5, 2, 8),
            bridgemate_result(guid, 2, 1, 3, 2, 5, 2, 3, 3, 8, stake=1),
            bridgemate_result(guid, 2, 1, 4, 2, 5, 0, 0, 0, 0),
            bridgemate_result(guid, 3, 1, 5, 3, 6, 1, 1, 4, 7),
            bridgemate_result(guid, 3, 1, 6, 3, 6, 6, 5, 3, 12),
            bridgemate_result(guid, 3, 1, 1, 3, 6, 3, 5, 3, 9),  # board 1 is not at table 3 in round 1
        )
        out, err = run(section.id, "--url", dc.url, "--club-id", CLUB, "--poll")
        assert "6 entered, 0 already in, 0 conflicts, 1 refused" in out
        assert "board 1 is not played at table 3 in round 1 (boards 5, 6)" in err
        assert dc.accepted == 7, "the queue is accepted once every result is stored or reported"
        stored = {(r.board.number, r.ns.number): (r.contract, r.declarer, r.tricks, r.score_ns, r.lead)
                  for r in Result.objects.filter(section=section).select_related("board", "ns")}  # fmt: skip
        n_vul = section.boards.get(number=1).vulnerability in ("NS", "All")
        assert stored[(1, 1)] == ("4S", "N", 10, 620 if n_vul else 420, str(lead))
        assert stored[(4, 2)] == ("Pass", "", None, 0, "")
        assert stored[(3, 2)][:3] == ("2HX", "S", 8)
        assert {v.changed_by_label for v in ResultVersion.objects.filter(result__section=section)} == {
            "Bridgemate table 1", "Bridgemate table 2", "Bridgemate table 3"}  # fmt: skip
        assert Standing.objects.filter(section=section).count() == 6

        # Rankings back: Traveller's six results go to BCS, which ranks them on the Bridgemates.
        (put,) = dc.sent(10)
        assert put["SessionGuid"] == guid
        assert_shaped_like(
            put["SerializedData"], json.loads(fixture("requests", "PutResults")["SerializedData"])
        )
        back = {(r["BoardNumber"], r["PairNorthSouth"]): (r["Level"], r["Denomination"], r["Stake"], r["DeclarerDirection"],
                r["TotalTricks"], r["LeadCardRank"]) for r in put["SerializedData"]}  # fmt: skip
        assert back[(1, 1)] == (4, 4, 0, 1, 10, int(lead.rank))
        assert back[(3, 2)] == (2, 3, 1, 3, 8, 0) and back[(4, 2)] == (0, 0, 0, 0, 0, 0)

        # The same results again (a Bridgemate resending) change nothing; a different one is a conflict.
        dc.enqueue(
            bridgemate_result(guid, 1, 1, 1, 1, 4, 4, 4, 1, 10, lead=(int(lead.rank), lead.suit.order + 1)),
            bridgemate_result(guid, 1, 1, 2, 1, 4, 3, 5, 2, 9),  # table 1 re-enters board 2: 3NT E made 9
        )
        out, err = run(section.id, "--url", dc.url, "--club-id", CLUB, "--poll")
        assert "0 entered, 1 already in, 1 conflicts, 0 refused" in out
        assert "board 2: a different result is already entered for pairs 1 and 4 (3NT by E, 8 tricks" in err
        conflict = ResultConflict.objects.get(result__section=section)
        assert conflict.proposed["tricks"] == 9 and conflict.sent_by_label == "Bridgemate table 1"
        assert Result.objects.get(section=section, board__number=2).tricks == 8, "nothing changes in silence"

        # The director accepts the table's correction; the next poll sends the corrected results back.
        resolve_conflict(conflict, True, user, "table 1 re-entered: declarer made 9")
        out, _ = run(section.id, "--url", dc.url, "--club-id", CLUB, "--poll")
        assert "0 entered, 0 already in, 0 conflicts, 0 refused" in out and "6 results sent back" in out
        last = {(r["BoardNumber"], r["PairNorthSouth"]): r for r in dc.sent(10)[-1]["SerializedData"]}
        assert last[(2, 1)]["TotalTricks"] == 9 and last[(2, 1)]["DeclarerDirection"] == 2
        ew_vul = section.boards.get(number=2).vulnerability in ("EW", "All")
        assert Result.objects.get(section=section, board__number=2).score_ns == -(600 if ew_vul else 400)


@pytest.mark.django_db(transaction=True)
def test_the_data_connector_refusing_or_absent_is_a_command_error():
    user, club = make_director()
    section = make_section(user, club)
    with DataConnector() as dc:
        dc.canned[5] = json.dumps(fixture("responses", "Error"))
        with pytest.raises(CommandError, match="the Data Connector refused the section .*Validation"):
            run(section.id, "--url", dc.url, "--club-id", CLUB)
        set_status(section, "finished", user, confirm=True)
        dc.enqueue(bridgemate_result(bridgemate.session_guid(section), 1, 1, 1, 1, 4, 0, 0, 0, 0))
        with pytest.raises(CommandError, match="is not running: its results stay in BCS's queue"):
            run(section.id, "--url", dc.url, "--club-id", CLUB, "--poll")
        assert dc.accepted == 0 and dc.sent(19) == []
    with pytest.raises(CommandError, match="is not an absolute http or https url"):
        run(section.id, "--url", "bcs-pc:5079", "--club-id", CLUB)
    with pytest.raises(CommandError, match="needs the club's id"):
        run(section.id, "--url", "http://127.0.0.1:5079")
    running = make_section(user, club, with_players=False)
    with pytest.raises(CommandError, match="the Data Connector refused a ping: NoConnection"):
        run(
            running.id, "--url", dc.url, "--club-id", CLUB, "--poll"
        )  # the double has stopped: nothing listens
