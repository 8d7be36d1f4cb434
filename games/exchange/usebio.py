"""USEBIO 1.2 XML in and out: a file's participants, handset and travellers read into an Imported; a section
written as Compscore and the federations' master-point systems read it, with what an imported file carried that
we do not compute written back (ImportedFile). The XML is read and written by the pure format,
games.formats.usebio."""

from __future__ import annotations

import re

from config.refusals import Refused
from games.engine.bridge import board_dealer, board_vulnerability
from games.engine.cards import SEATS, Deal, DealError, Seat
from games.exchange.reading import Imported, contract_text, lead_card, parse_date, whole
from games.formats import usebio
from games.formats.numbers import POSITIVE, quoted
from games.lines import Line
from games.models import ImportedFile, Result
from scoring.methods.matchpoints import Artificial, adjusted_score, side_scores
from scoring.methods.publishers import usebio_publisher
from scoring.methods.registry import METHODS
from scoring.methods.rescore import from_usebio
from scoring.models import Standing
from tournaments.models import Entry, Player, Section

_DIRECTIONS = {"north": Seat.NORTH, "east": Seat.EAST, "south": Seat.SOUTH, "west": Seat.WEST}


def _usebio_deal(hands: tuple[usebio.Hand, ...], where: str) -> str:
    by_seat = {}
    for hand in hands:
        seat = _DIRECTIONS.get(hand.direction.strip().lower())
        if seat is None:
            raise Refused(f"{where} HAND: DIRECTION {hand.direction!r} is not North, East, South or West")
        by_seat[seat] = ".".join(
            s.replace("10", "T") or "" for s in (hand.spades, hand.hearts, hand.diamonds, hand.clubs)
        )
    if len(by_seat) != 4:
        raise Refused(f"{where}: {len(by_seat)} hands, expected 4")
    text = "N:" + " ".join(by_seat[seat] for seat in SEATS)
    try:
        return Deal.from_pbn(text).to_pbn()
    except DealError as error:
        raise Refused(f"{where}: {error}") from None


def read_usebio(data: str | bytes, source: str) -> Imported:
    try:
        document = usebio.loads(data)
    except usebio.UsebioError as error:
        raise Refused(f"{source}: {error}") from None
    event = document.event
    imported = Imported(
        name=event.detail("EVENT_DESCRIPTION") or event.detail("TITLE") or source,
        date=parse_date(event.detail("DATE"), f"{source}: EVENT DATE"),
        conventions=usebio_publisher(event.detail("PROGRAM_NAME")), two_winners=event.winner_type == 2,
        club=document.club, event=event.details,
    )  # fmt: skip
    firsts: dict[int, int] = {}
    for pair in event.pairs:
        imported.pairs[pair.number] = {
            "direction": (pair.direction or "").replace("-", "").upper()[:2], "players": [(p.name, p.national_id) for p in pair.players],
            "name": " & ".join(p.name.title() for p in pair.players), "fields": pair.details,
            "club_ids": {p.national_id or p.name: p.club_id for p in pair.players if p.club_id},
        }  # fmt: skip
    for i, deal in enumerate(document.handset, start=1):
        where = f"{source}: HANDSET BOARD {deal.board}"
        number = _board_number(deal.board, where)
        if number in imported.deals:
            raise Refused(
                f"{where}: board {number} is dealt twice in the HANDSET (its BOARD {firsts[number]} and {i})"
            )
        firsts[number] = i
        imported.deals[number] = (_usebio_deal(deal.hands, where), board_dealer(number).value,
                                  board_vulnerability(number).value)  # fmt: skip
    for board in event.boards:
        number = _board_number(board.number, f"{source}: BOARD {board.number}")
        for i, line in enumerate(board.lines, start=1):
            where = f"{source}: BOARD {board.number} TRAVELLER_LINE {i}"
            declarer = (line.played_by or "").strip().upper()[:1]
            if declarer and declarer not in "NESW":
                raise Refused(f"{where}: PLAYED_BY {line.played_by!r} is not N, E, S or W")
            if line.tricks is not None and not 0 <= line.tricks <= 13:
                raise Refused(f"{where}: TRICKS {line.tricks} is not 0 to 13")
            for pair in (line.ns_pair, line.ew_pair):
                if event.pairs and pair not in imported.pairs:
                    raise Refused(f"{where}: pair {quoted(pair)} is not among the PARTICIPANTS")
            imported.lines.append(Line(
                where=where, board=number, ns=line.ns_pair, ew=line.ew_pair, contract=contract_text(line.contract, where),
                declarer=declarer, lead=lead_card(line.lead, where), tricks=line.tricks,
                score_ns=None if line.adjusted else line.score,
                adjusted=Artificial.parse(line.score).code if line.adjusted else "",
            ))  # fmt: skip
    if not imported.lines and not imported.deals:  # an event description alone is no session to store
        raise Refused(
            f"{source}: no BOARD with a TRAVELLER_LINE and no HANDSET: the file holds nothing to import"
        )
    try:  # after the lines, whose own checks name a problem in USEBIO's words
        imported.scoring_method = from_usebio(document).method.value
    except ValueError as error:
        raise Refused(f"{source}: {error}") from None
    return imported


def _board_number(text: str, where: str) -> int:
    return whole(text, where, "BOARD_NUMBER", POSITIVE)


def _usebio_lead(card: str) -> str | None:
    return f"{card[1:]}{card[0]}" if card else None


def export_usebio(section: Section) -> str:
    """The Section as USEBIO 1.2 (what Compscore and the federations' master-point systems read, ABF's cobalt among
    them): every pair with a PLAYER for each player in the order they were given, and whatever an imported file
    carried that we do not compute (ImportedFile: masterpoints, the event's and club's fields) written back."""
    event = section.session.event
    kept = ImportedFile.objects.filter(section=section).first() or ImportedFile(section=section)
    standings = {s.entry_id: s for s in Standing.objects.filter(section=section)}
    scoring = METHODS.get(section.scoring_method)
    method, event_type = (scoring.usebio_points, scoring.usebio_event) if scoring else (None, None)
    players = _entry_players(section)
    pairs = []
    for entry in section.entries.all():
        standing = standings.get(entry.id)
        file_pair = kept.pairs.get(str(entry.number), {})
        pairs.append(usebio.Pair(
            number=entry.tag, direction=entry.direction or None,
            players=_usebio_players(entry, players.get(entry.id, []), file_pair.get("club_ids", {})),
            place=str(standing.place) if standing and standing.place else None,
            total_score=_fixed(standing.total) if standing else None,
            percentage=_fixed(standing.percentage) if standing else None,
            details=_kept_fields(file_pair.get("fields", [])),
        ))  # fmt: skip
    boards, handset = [], []
    rows = Result.objects.filter(section=section).select_related("board", "ns", "ew", "line_score")
    by_board: dict[int, list[Result]] = {}
    for result in rows.order_by("board__number", "id"):
        by_board.setdefault(result.board.number, []).append(result)
    for board in section.boards.all():
        lines = []
        for r in by_board.get(board.number, []):
            score = getattr(r, "line_score", None)
            lines.append(usebio.TravellerLine(
                ns_pair=r.ns.tag, ew_pair=r.ew.tag, score=_usebio_score(r),
                contract=("PASS" if r.contract == "Pass" else r.contract) or None, played_by=r.declarer or None,
                lead=_usebio_lead(r.lead), tricks=r.tricks, points=method if score else None,
                ns_points=_fixed(score.ns) if score else None, ew_points=_fixed(score.ew) if score else None,
            ))  # fmt: skip
        boards.append(usebio.Board(str(board.number), tuple(lines)))
        if board.deal:
            deal = Deal.from_pbn(board.deal)
            hands = (
                usebio.Hand(seat.name.title(), *deal.to_pbn(seat).split()[0][2:].split(".")) for seat in SEATS
            )
            handset.append(usebio.Deal(str(board.number), tuple(hands)))
    document = usebio.Usebio(
        club=_kept_fields(kept.club) or (("CLUB_NAME", event.club.name),),
        event=usebio.Event(
            event_type=event_type, pairs=tuple(pairs), boards=tuple(boards),
            winner_type=2 if section.two_winners else 1, details=_usebio_event(section, kept.event),
        ),
        handset=tuple(handset),
    )  # fmt: skip
    return usebio.dumps(document)


def _entry_players(section: Section) -> dict[int, list[Player]]:
    """Each entry's players in the order they were given (the through rows' order; Player's own ordering is by
    surname, which would swap a pair's two players)."""
    players: dict[int, list[Player]] = {}
    rows = Entry.players.through.objects.filter(entry__section=section).select_related("player")
    for row in rows.order_by("id"):
        players.setdefault(row.entry_id, []).append(row.player)
    return players


_PARTNERS = re.compile(r"\s+[&-]\s+")  # "Ann Lee & Bo Cy" (ours, USEBIO's), "Ann LEE - Bo CY" (PBN's Names)


def _usebio_players(
    entry: Entry, players: list[Player], club_ids: dict[str, str]
) -> tuple[usebio.Player, ...]:
    """A PLAYER for each of the entry's players; an entry that has none (pairs a PBN file names only by their
    players) gets one for each name its name joins. NATIONAL_ID_NUMBER is a member's number only where it is one
    (readers take it as an integer: cobalt int()s it), else empty, which readers take as no number."""
    if not players:
        return tuple(usebio.Player(name, "") for name in _PARTNERS.split(entry.name.strip()) if name)
    return tuple(
        usebio.Player(
            str(p),
            _national_id(p.federation_number),
            club_ids.get(p.federation_number) or club_ids.get(str(p)),
        )
        for p in players
    )


def _national_id(number: str) -> str:
    return number if number.isascii() and number.isdigit() else ""


_OURS = ("EVENT_DESCRIPTION", "PROGRAM_NAME", "DATE")


def _kept_fields(kept: list) -> usebio.Fields:
    """Fields an ImportedFile keeps (JSON lists) as the USEBIO writer takes them."""
    return tuple((tag, text if isinstance(text, str) else _kept_fields(text)) for tag, text in kept)


def _usebio_event(section: Section, kept: list) -> usebio.Fields:
    """The EVENT's fields: its name and date, and those an imported file carried as it wrote them. PROGRAM_NAME
    names whose figures the file holds: a section that keeps its publisher's conventions keeps its publisher's
    name and version (so that a reader, ours too, reads the figures by its rules), any other is Traveller's."""
    event = section.session.event
    ours = {
        "EVENT_DESCRIPTION": event.name,
        "PROGRAM_NAME": "Traveller",
        "DATE": event.date.strftime("%d/%m/%Y"),
    }
    publisher = bool(section.conventions) and any(tag == "PROGRAM_NAME" for tag, _ in kept)
    if publisher:
        ours.pop("PROGRAM_NAME")
    fields = [
        (tag, ours.pop(tag, text))
        for tag, text in _kept_fields(kept)
        if publisher or tag != "PROGRAM_VERSION"
    ]
    return tuple((tag, ours[tag]) for tag in _OURS if tag in ours) + tuple(fields)


def _fixed(value: float | None) -> str | None:
    return None if value is None else f"{value:.2f}"


def _usebio_score(result: Result) -> int | str:
    """USEBIO's SCORE: a N-S score or an artificial code. It has no weighted or split score: such a line gets the
    score N-S are scored on (a weighted one as its weighted N-S score to the nearest point); its NS and EW points
    hold what each side earned."""
    if not result.adjusted:
        return result.score_ns if result.score_ns is not None else 0
    score = adjusted_score(result.adjusted)
    return score.code if isinstance(score, Artificial) else round(side_scores(score)[0])
