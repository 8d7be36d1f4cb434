"""Bridgemate Control Software 5 through its Data Connector (HTTP, port 5079): Traveller as the scoring program.

The club's BCS keeps the Bridgemates (and the Bridgemate App) talking to the tables; Traveller tells it the section
(movement, players, hand records) with InitializeEvent, reads the results the tables enter from the Data
Connector's result queue into the same entry path as the phones (games.services.enter_at_table: the same checks,
versions, conflicts and standings), accepts the queue only once every result of a batch is stored or reported, and
sends back its own results (corrections, resolved conflicts and artificial scores included) with PutResults.

The Data Connector carries no ranking: BCS ranks, for the Bridgemates' ranking screen, the results it holds. So
"rankings back" is Traveller's results back, so that what the tables see is ranked from what Traveller scored;
a weighted or split score (Law 12C1) has no Data Connector form and is named, never dropped in silence.

Wire format and transport are the official client's (bridgemate-dataconnector-client, LGPL-3.0, Bridge Systems
BV); this module only maps Traveller's rows to its DTOs and back.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field

from bridgemate_dataconnector import (
    DataConnectorClient,
    validate_handrecord_dto,
    validate_init_dto,
    validate_result_dto,
)
from bridgemate_dataconnector.dto import (
    DataConnectorResponseData,
    HandrecordDTO,
    InitDTO,
    ParticipationDTO,
    PlayerDataDTO,
    ResultDTO,
    RoundDTO,
    ScoringGroupDTO,
    ScoringProgramResponse,
    SectionDTO,
    SessionDTO,
    TableDirection,
    TableDTO,
)

from config.refusals import Refused
from games.engine.bridge import Contract
from games.engine.bridge.calls import Denomination, Penalty
from games.engine.cards import SEATS, Card, Deal, Rank, Seat, Suit
from games.models import Result
from games.services import enter_at_table
from scoring.methods.matchpoints import Artificial, adjusted_score
from tournaments.models import Entry, Game, Section, Status

DEFAULT_PORT = DataConnectorClient.DEFAULT_PORT

# BCS's scoring types (ScoringGroupDTO.ScoringType_*) for Traveller's methods; only for BCS's own display.
SCORING_TYPES = {
    "mp": ScoringGroupDTO.ScoringType_Pairs,
    "mp-acbl": ScoringGroupDTO.ScoringType_Pairs,
    "butler": ScoringGroupDTO.ScoringType_Imp2_Weighted,
    "cross-imp": ScoringGroupDTO.ScoringType_XImp2_Total,
}

# InitDTO.Commands: start BCS, reset the Bridgemates with this data, start reading, over http.
INIT_COMMANDS = InitDTO.StartBCS | InitDTO.Command_Reset | InitDTO.Command_StartReading

_NAMESPACE = uuid.UUID("6f1b2a7e-0c4d-5e38-9a41-7d2b8c3e5f10")
_STRAINS = {denomination.order + 1: denomination.value for denomination in Denomination}  # 1 clubs ... 5 NT
_DIRECTIONS = {seat: TableDirection(seat.index + 1) for seat in SEATS}

# ResultDTO.Level for an artificial score: (N-S, E-W) as average minus / average / average plus, scoring
# direction North-South (the developer's guide, ResultDTO, Level -1 ... -9).
_ARTIFICIAL_LEVELS = {
    (40, 40): -1, (40, 50): -2, (40, 60): -3, (50, 40): -4, (50, 50): -5, (50, 60): -6,
    (60, 40): -7, (60, 50): -8, (60, 60): -9,
}  # fmt: skip
_LEVEL_ARTIFICIAL = {level: pair for pair, level in _ARTIFICIAL_LEVELS.items()}


class BridgemateError(ValueError):
    """The Data Connector refused or could not be reached, or the section cannot go to BCS: says which."""


def session_guid(section: Section) -> str:
    """The section's session in BCS: the same 32 capital hex digits every time, so a restarted Traveller goes on
    reading the same queue."""
    return uuid.uuid5(_NAMESPACE, f"{section.club.slug}/section/{section.id}").hex.upper()


def event_guid(section: Section) -> str:
    return uuid.uuid5(_NAMESPACE, f"{section.club.slug}/event/{section.session.event_id}").hex.upper()


def client_for(url: str, club_id: str, licence_key: str) -> DataConnectorClient:
    try:
        return DataConnectorClient(club_id, licence_key, base_address=url)
    except ValueError as error:
        raise BridgemateError(str(error)) from None


def _checked(response: ScoringProgramResponse, what: str) -> ScoringProgramResponse:
    if response.data_type == DataConnectorResponseData.Error:
        raise BridgemateError(
            f"the Data Connector refused {what}: {response.error_type.name}: {response.serialized_data}"
        )
    return response


def _where(section: Section) -> str:
    return f"section {section.name} ({section.id})"


def _letters(section: Section) -> str:
    letters = section.name.strip().upper()
    if not (letters.isalpha() and len(set(letters)) == 1 and len(letters) <= 3 and letters.isascii()):
        raise BridgemateError(
            f"{_where(section)}: BCS names sections A-Z, AA-ZZ or AAA-ZZZ; rename section {section.name!r} first"
        )
    return letters


def _rounds(section: Section, guid: str, letters: str) -> list[TableDTO]:
    """The movement as BCS tables, each with its rounds: pairs and a run of consecutive boards."""
    tables: dict[int, list[RoundDTO]] = {}
    for seating in section.seatings.select_related("ns", "ew").order_by("table", "round"):
        playing = seating.ns is not None and seating.ew is not None
        boards = sorted(seating.boards) if playing else []
        if boards and boards != list(range(boards[0], boards[-1] + 1)):
            raise BridgemateError(
                f"{_where(section)}: round {seating.round} table {seating.table} plays boards "
                f"{', '.join(map(str, boards))}; BCS takes one run of consecutive boards a round"
            )
        tables.setdefault(seating.table, []).append(RoundDTO(
            session_guid=guid, section_letters=letters, table_number=seating.table, round_number=seating.round,
            low_board_number=boards[0] if boards else 0, high_board_number=boards[-1] if boards else 0,
            pair_ns=seating.ns.number if seating.ns else 0, pair_ew=seating.ew.number if seating.ew else 0,
        ))  # fmt: skip
    return [
        TableDTO(session_guid=guid, section_letters=letters, table_number=table, rounds=rounds)
        for table, rounds in sorted(tables.items())
    ]


def _player_number(section: Section, player) -> str:
    return player.federation_number or f"T{section.club.id}-{player.id}"


def _players(section: Section, guid: str, club_id: str, letters: str):
    """Player data and the round-1 seats of every pair's players (first player North or East)."""
    data: list[PlayerDataDTO] = []
    seats: list[ParticipationDTO] = []
    first_round = {
        entry: (seating.table, side)
        for seating in section.seatings.filter(round=1)
        for entry, side in ((seating.ns_id, 0), (seating.ew_id, 1))
        if entry
    }
    for entry in Entry.objects.filter(section=section).prefetch_related("players").order_by("number"):
        players = sorted(entry.players.all(), key=lambda p: p.id)
        if entry.id not in first_round:
            continue
        table, side = first_round[entry.id]
        for i, player in enumerate(players[:2]):
            number = _player_number(section, player)
            data.append(PlayerDataDTO(session_guid=guid, club_id=club_id, player_number=number,
                                      first_name=player.first_name, last_name=player.last_name))  # fmt: skip
            seat = SEATS[side + 2 * i]
            seats.append(ParticipationDTO(session_guid=guid, section_letters=letters, table_number=table,
                                          direction=_DIRECTIONS[seat], round_number=1, player_number=number))  # fmt: skip
    return data, seats


def _handrecords(section: Section, guid: str, letters: str) -> list[HandrecordDTO]:
    records = []
    for board in section.boards.exclude(deal="").order_by("number"):
        hands = Deal.from_pbn(board.deal).hands
        suits = {}
        for seat in SEATS:
            for suit in Suit:
                ranks = sorted((c.rank for c in hands[seat] if c.suit is suit), reverse=True)
                suits[f"{seat.name.lower()}_{suit.name.lower()}"] = "".join(r.letter for r in ranks)
        record = HandrecordDTO(session_guid=guid, scoring_group_number=1, section_letters=letters,
                               board_number=board.number, **suits)  # fmt: skip
        if not validate_handrecord_dto(record):
            raise BridgemateError(f"board {board.number}: {'; '.join(record.validation_messages or [])}")
        records.append(record)
    return records


def init_dto(section: Section, club_id: str) -> InitDTO:
    """The InitializeEvent of one section: its session, scoring group, movement, players and hand records."""
    if section.game != Game.BRIDGE or section.scoring_method not in SCORING_TYPES:
        raise BridgemateError(
            f"{_where(section)}: BCS scores duplicate bridge pairs, not {section.scoring_method}"
        )
    if not section.seatings.exists():
        raise BridgemateError(f"{_where(section)} has no movement yet: install one first")
    if section.seatings.exclude(seats={}).exists():
        raise BridgemateError(f"{_where(section)} is an individual movement; only pairs go to BCS here")
    guid, letters = session_guid(section), _letters(section)
    starts = section.session.starts
    day = starts or section.session.event.date
    bcs_section = SectionDTO(
        session_guid=guid, scoring_group_number=1, letters=letters, name=str(section.session.event.name)[:50],
        winners=2 if section.two_winners else 1, game_type=SectionDTO.GameType_Pairs,
        tables=_rounds(section, guid, letters),
    )  # fmt: skip
    session = SessionDTO(
        scoring_groups=[ScoringGroupDTO(session_guid=guid, club_id=club_id, sections=[bcs_section],
                                        scoring_group_number=1, scoring_method=SCORING_TYPES[section.scoring_method])],
        event_guid=event_guid(section), session_guid=guid, name=str(section.session)[:50],
        year=day.year, month=day.month, day=day.day, hour=starts.hour if starts else 0,
        minute=starts.minute if starts else 0,
    )  # fmt: skip
    players, participations = _players(section, guid, club_id, letters)
    dto = InitDTO(
        commands=INIT_COMMANDS, event_guid=event_guid(section), club_id=club_id, sessions=[session],
        player_data=players or None, participations=participations or None,
        handrecords=_handrecords(section, guid, letters) or None,
    )  # fmt: skip
    if not validate_init_dto(dto):
        raise BridgemateError(f"{_where(section)}: {'; '.join(dto.validation_messages or [])}")
    return dto


def send_section(section: Section, client: DataConnectorClient, club_id: str) -> InitDTO:
    """Tell BCS the section: movement, players and hand records (InitializeEvent)."""
    dto = init_dto(section, club_id)
    _checked(client.initialize(dto), f"the section ({_where(section)})")
    return dto


def values_of(dto: ResultDTO) -> dict:
    """A Bridgemate's result as the values a phone sends (board, contract, declarer, tricks, lead), or Refused."""
    where = f"board {dto.board_number} table {dto.table_number} round {dto.round_number}"
    if dto.is_deleted:
        raise Refused(f"{where}: deleted on the Bridgemate; the director corrects or removes it in Traveller")
    if dto.level in _LEVEL_ARTIFICIAL:
        ns, ew = _LEVEL_ARTIFICIAL[dto.level]
        raise Refused(
            f"{where}: artificial score A{ns}{ew} entered at the table; the director gives it in Traveller"
        )
    if dto.level == -10:
        raise Refused(f"{where}: not played (No play) on the Bridgemate; nothing is entered")
    if dto.level == 0:
        return {"board": dto.board_number, "contract": "Pass"}
    if not 1 <= dto.level <= 7 or dto.denomination not in _STRAINS or dto.stake not in (0, 1, 2):
        raise Refused(
            f"{where}: contract level {dto.level}, denomination {dto.denomination}, stake {dto.stake}"
        )
    if not 1 <= dto.declarer_direction <= 4:
        raise Refused(f"{where}: declarer direction {dto.declarer_direction} is not 1 to 4 (N, E, S, W)")
    values = {
        "board": dto.board_number,
        "contract": f"{dto.level}{_STRAINS[dto.denomination]}{Penalty(dto.stake).suffix}",
        "declarer": SEATS[dto.declarer_direction - 1].value, "tricks": dto.total_tricks,
    }  # fmt: skip
    if dto.lead_card_rank and dto.lead_card_suit:
        if not (2 <= dto.lead_card_rank <= 14 and 1 <= dto.lead_card_suit <= 4):
            raise Refused(f"{where}: lead card rank {dto.lead_card_rank} suit {dto.lead_card_suit}")
        values["lead"] = str(Card(list(Suit)[dto.lead_card_suit - 1], Rank(dto.lead_card_rank)))
    return values


@dataclass
class Report:
    """What one poll did: results entered, repeats already in, conflicts for the director, refusals."""

    entered: list[str] = field(default_factory=list)
    repeated: list[str] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)


def take_results(section: Section, results: list[ResultDTO]) -> Report:
    """Enter Bridgemate results through the phones' path: each checked, versioned, compared with what is in."""
    report = Report()
    guid, letters = session_guid(section), _letters(section)
    for dto in results:
        where = f"board {dto.board_number} table {dto.table_number} round {dto.round_number}"
        try:
            if dto.session_guid != guid or (dto.section_letters or "").upper() != letters:
                raise Refused(
                    f"{where}: for session {dto.session_guid} section {dto.section_letters}, not this one"
                )
            if not dto.is_deleted and not validate_result_dto(dto):
                raise Refused(f"{where}: {'; '.join(dto.validation_messages or [])}")
            values = values_of(dto)
            result, new = enter_at_table(
                section, dto.table_number, values, round_number=dto.round_number,
                by=f"Bridgemate table {dto.table_number}",
            )  # fmt: skip
            if (result.ns.number, result.ew.number) != (dto.pair_north_south, dto.pair_east_west):
                raise Refused(
                    f"{where}: the Bridgemate has pairs {dto.pair_north_south} and {dto.pair_east_west}, the "
                    f"movement {result.ns.number} and {result.ew.number}"
                )
        except Refused as error:
            (
                report.conflicts if error.status == 409 and "conflict" in error.extra else report.refused
            ).append(error.message)
            continue
        (report.entered if new else report.repeated).append(f"{where}: {result.contract or 'Pass'}")
    return report


def poll_results(section: Section, client: DataConnectorClient) -> Report:
    """Read the new results of the queue and accept them once each is stored or reported (a crash before that
    leaves them in the queue; reading them again only finds repeats)."""
    if section.status != Status.RUNNING:
        raise BridgemateError(
            f"{_where(section)} is not running: its results stay in BCS's queue until it is"
        )
    guid = session_guid(section)
    _checked(client.ping(), "a ping")
    results = client.poll_for_results(guid)
    report = take_results(section, results)
    if results:
        _checked(client.accept_queue_data(guid, DataConnectorResponseData.Results), "accepting the results")
    return report


def result_dto(result: Result, guid: str, letters: str) -> ResultDTO | None:
    """A stored result as BCS holds one; None for a weighted or split score, which has no Data Connector form."""
    dto = ResultDTO(
        session_guid=guid, section_letters=letters, table_number=result.table or 0,
        round_number=result.round or 0, board_number=result.board.number,
        scoring_direction=ResultDTO.ScoringDirection_NSEW, pair_north_south=result.ns.number,
        pair_east_west=result.ew.number, declaring_pair=result.ns.number,
    )  # fmt: skip
    if result.adjusted:
        score = adjusted_score(result.adjusted)
        pair = (round(score.ns), round(score.ew)) if isinstance(score, Artificial) else None
        if pair not in _ARTIFICIAL_LEVELS:
            return None
        dto.level, dto.scoring_direction = _ARTIFICIAL_LEVELS[pair], ResultDTO.ScoringDirection_NS
        return dto
    if result.assigned:
        return None
    contract = Contract.parse(result.contract) if result.contract else None
    if contract is None:
        dto.level = ResultDTO.ContractLevel_Pass
        return dto
    seat = Seat.parse(result.declarer)
    dto.declarer_direction = seat.index + 1
    dto.declaring_pair = result.ns.number if seat in (Seat.NORTH, Seat.SOUTH) else result.ew.number
    dto.level, dto.denomination = contract.level, contract.denomination.order + 1
    dto.stake, dto.total_tricks = int(contract.penalty), result.tricks or 0
    if result.lead:
        card = Card.parse(result.lead)
        dto.lead_card_rank, dto.lead_card_suit = int(card.rank), card.suit.order + 1
    return dto


def send_rankings(section: Section, client: DataConnectorClient) -> list[str]:
    """Send BCS Traveller's results (corrections and resolved conflicts included), which it ranks on the
    Bridgemates. Returns what could not be sent (weighted and split scores, results of no table), each named."""
    guid, letters = session_guid(section), _letters(section)
    dtos, unsent = [], []
    for result in section.results.select_related("board", "ns", "ew").order_by("board__number", "ns__number"):
        dto = result_dto(result, guid, letters) if result.table and result.round else None
        if dto is None:
            unsent.append(
                f"board {result.board.number} {result.ns.number} v {result.ew.number}: "
                f"{result.adjusted or 'no table or round'} has no Data Connector form"
            )
            continue
        dtos.append(dto)
    if dtos:
        _checked(client.send_results(guid, dtos), "the results")
    return unsent
