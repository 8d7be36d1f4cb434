"""Import and export of whole sessions: PBN (hand records, ScoreTable results or one game per table; export with
ScoreTable and TotalScoreTable), USEBIO 1.2 XML, and CSV of results and standings.

Files are read and written by the pure formats (games.formats.pbn, games.formats.usebio); this module maps their
values to rows. An import is one transaction: all or nothing, and a problem names the file's line or element.
Scores in a file are the record of what was scored; the engine checks each against the contract and tricks, and
a disagreement is reported as a warning (the file's score stands).
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from datetime import date, datetime

from django.db import transaction

from config.refusals import Refused
from games.engine.bridge import Contract, Vulnerability, board_dealer, board_vulnerability, rules, score_deal
from games.engine.cards import SEATS, Card, Deal, DealError, Rank, Seat, Suit
from games.formats import pbn, spreadsheet, usebio
from games.formats.numbers import POSITIVE, SMALL, Column, NumberError, quoted, whole_number
from games.formats.pbn.sheet import Row, ScoreSheet, partnerships
from games.lines import Line, check_lead
from games.models import Board, ImportedFile, PlayRecord, Result, ResultVersion
from games.services import snapshot
from scoring.methods.matchpoints import Artificial, Split, Weighted, adjusted_score, side_scores
from scoring.methods.publishers import pbn_publisher, usebio_publisher
from scoring.methods.registry import METHODS
from scoring.methods.rescore import from_usebio
from scoring.models import LineScore, Standing
from scoring.services import standings_changed
from tournaments.models import Club, Entry, Event, Player, Section, Session, Status
from tournaments.services import check_boards


@dataclass
class Imported:
    """What an import read: the session's pairs (label → direction, name, players), boards and lines."""

    name: str
    date: date
    scoring_method: str = "mp"
    conventions: str = ""  # the program that published it (scoring.methods.publishers), "" for another
    two_winners: bool = False
    pairs: dict[str, dict] = field(default_factory=dict)
    deals: dict[int, tuple[str, str, str]] = field(
        default_factory=dict
    )  # board → (deal, dealer, vulnerability)
    lines: list[Line] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    club: usebio.Fields = ()  # the file's club and event fields, kept as written (ImportedFile)
    event: usebio.Fields = ()


def _parse_date(text: str | None, where: str) -> date:
    if not text:
        return date.today()
    for pattern in ("%d/%m/%Y", "%Y-%m-%d", "%Y.%m.%d", "%d-%b-%y", "%d-%b-%Y"):
        try:
            return datetime.strptime(text.strip().split()[0], pattern).date()  # "2013-08-10 17:04": the day
        except ValueError:
            continue
    raise Refused(f"{where}: {text!r} is not a date")


def _card(text: str | None, where: str) -> str:
    """A lead as files write it: suit first ("H7", PBN) or rank first ("QD", USEBIO)."""
    text = (text or "").strip().upper()
    if not text or text == "-":
        return ""
    try:
        return str(Card.parse(text))
    except ValueError:
        pass
    try:
        return str(Card(Suit.parse(text[-1]), Rank.parse(text[:-1])))
    except ValueError:
        raise Refused(f"{where}: lead {text!r} is not a card") from None


def _contract(text: str | None, where: str) -> str:
    if not text or text.strip() in ("", "-"):
        return ""
    try:
        contract = Contract.parse(text)
    except ValueError as error:
        raise Refused(f"{where}: {error}") from None
    return "Pass" if contract is None else str(contract)


def _check_score(line: Line, vulnerability: str, warnings: list[str]) -> None:
    """Compare the file's score with the engine's (duplicate-2017) where the contract and tricks are given."""
    if not line.contract or line.contract == "Pass" or line.tricks is None or not line.declarer:
        return
    seat = Seat.parse(line.declarer)
    contract = Contract.parse(line.contract, seat)
    try:
        ours = score_deal(
            rules("duplicate-2017"), contract, line.tricks, Vulnerability.parse(vulnerability).of(seat.side)
        ).ns
    except ValueError as error:
        raise Refused(f"{line.where}: {error}") from None
    if line.score_ns is None and not line.adjusted:
        line.score_ns = ours
    elif line.score_ns is not None and line.score_ns != ours:
        warnings.append(f"{line.where}: score {line.score_ns}, but {line.contract} by {line.declarer} taking "
                        f"{line.tricks} scores {ours} for N-S")  # fmt: skip


def _player(club: Club, name: str, national_id: str | None) -> Player:
    first, _, last = name.strip().rpartition(" ")
    first, last = (first or last), (last if first else "")
    if national_id:
        player, _ = Player.objects.get_or_create(club=club, federation_number=national_id.strip(),
                                                 defaults={"first_name": first, "last_name": last})  # fmt: skip
        return player
    player = Player.objects.filter(club=club, first_name=first, last_name=last, federation_number="").first()
    return player or Player.objects.create(club=club, first_name=first, last_name=last)


def _pair_number(label: str) -> int | None:
    """A pair's label as its number when it is one (pairs labelled "12NS" or by names are numbered in order)."""
    try:
        return whole_number(label, "pair", POSITIVE)
    except NumberError:
        return None


_LABEL = Entry._meta.get_field("label").max_length


def _numbering(imported: Imported, labels: list[str]) -> list[tuple[int, str]]:
    """Each pair's (number, label): the numbers the file gives (PairIds, or the number its players' names carry,
    as JFR Pary names each pair "Para-12") when every pair has a different one; else 1..n in the order the file
    first names them, keeping a short label it numbers them by ("12NS"). A pair named by its players has no
    label: its names are its name."""
    given = [imported.pairs[label].get("number") or _pair_number(label) for label in labels]
    if None not in given and len(set(given)) == len(given):
        return [(number, "") for number in given if number is not None]
    keep = [not imported.pairs[label].get("named") and len(label) <= _LABEL for label in labels]
    return [
        (i, label if kept else "") for i, (label, kept) in enumerate(zip(labels, keep, strict=True), start=1)
    ]


@transaction.atomic
def store(imported: Imported, club: Club, source: str) -> Section:
    """Create the event, its section, entries, boards and results from what a file held."""
    event = Event.objects.create(club=club, name=imported.name[:160], date=imported.date,
                                 description=f"Imported from {source}")  # fmt: skip
    section = Section.objects.create(
        session=Session.objects.create(event=event), name="A", scoring_method=imported.scoring_method,
        conventions=imported.conventions, two_winners=imported.two_winners, status=Status.FINISHED,
    )  # fmt: skip
    labels = list(imported.pairs)
    for line in imported.lines:
        for label in (line.ns, line.ew):
            if label not in imported.pairs:
                imported.pairs[label] = {"direction": "", "name": "", "players": []}
                labels.append(label)
    for label in labels:
        if label.isdigit():  # written as a number ("²" and "99999" too): it must be one
            where = next((ln.where for ln in imported.lines if label in (ln.ns, ln.ew)), source)
            _whole(label, where, "pair", POSITIVE)
    entries = {}
    for label, (number, tag) in zip(labels, _numbering(imported, labels), strict=True):
        pair = imported.pairs[label]
        shown = pair["name"] or ("" if tag else label)  # a pair the file names only by a long label: its name
        entry = Entry.objects.create(section=section, number=number, label=tag, direction=pair["direction"],
                                     name=shown[:160])  # fmt: skip
        players = dict.fromkeys(_player(club, name, national_id) for name, national_id in pair["players"])
        through = Entry.players.through  # one by one: the through rows keep the file's order of the players
        through.objects.bulk_create([through(entry=entry, player=player) for player in players])
        entries[label] = entry
    kept = {str(entries[label].number): {key: pair[key] for key in ("fields", "club_ids") if pair.get(key)}
            for label, pair in imported.pairs.items()}  # fmt: skip
    if imported.club or imported.event or any(kept.values()):
        ImportedFile.objects.create(section=section, club=imported.club, event=imported.event,
                                    pairs={number: pair for number, pair in kept.items() if pair})  # fmt: skip
    numbers = sorted({line.board for line in imported.lines} | set(imported.deals))
    check_boards(len(numbers), source)
    boards = {}
    for number in numbers:
        deal, dealer, vulnerability = imported.deals.get(
            number, ("", board_dealer(number).value, board_vulnerability(number).value)
        )
        boards[number] = Board(
            section=section, number=number, deal=deal, dealer=dealer, vulnerability=vulnerability
        )
    Board.objects.bulk_create(boards.values())
    results = []
    seen: dict[tuple[int, str], str] = {}
    for line in imported.lines:
        for label in (line.ns, line.ew):
            if (line.board, label) in seen:
                raise Refused(f"{line.where}: pair {label} already has a result on board {line.board} "
                              f"({seen[(line.board, label)]})")  # fmt: skip
            seen[(line.board, label)] = line.where
        if line.lead and line.declarer and boards[line.board].deal:
            try:  # the rule of entry at a table; a file is the record of what was played, so a warning here
                check_lead(
                    line.where, Deal.from_pbn(boards[line.board].deal), Seat.parse(line.declarer), line.lead
                )
            except Refused as wrong:
                imported.warnings.append(wrong.message)
        _check_score(line, boards[line.board].vulnerability, imported.warnings)
        results.append(Result(
            section=section, board=boards[line.board], round=line.round, table=line.table, ns=entries[line.ns],
            ew=entries[line.ew], contract=line.contract, declarer=line.declarer, lead=line.lead,
            tricks=line.tricks, score_ns=line.score_ns, adjusted=line.adjusted, assigned=line.assigned,
        ))  # fmt: skip
    Result.objects.bulk_create(results)
    PlayRecord.objects.bulk_create(
        PlayRecord(result=result, auction=line.auction or [], play=line.play or {})
        for result, line in zip(results, imported.lines, strict=True)
        if line.auction or line.play
    )
    ResultVersion.objects.bulk_create(
        ResultVersion(
            result=r, number=1, kind="entered", after=snapshot(r), changed_by_label=f"import {source}"[:80]
        )
        for r in results
    )
    standings_changed(section.id)
    return section


# --- USEBIO -------------------------------------------------------------------------------------------

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
        date=_parse_date(event.detail("DATE"), f"{source}: EVENT DATE"),
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
                where=where, board=number, ns=line.ns_pair, ew=line.ew_pair, contract=_contract(line.contract, where),
                declarer=declarer, lead=_card(line.lead, where), tricks=line.tricks,
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
    return _whole(text, where, "BOARD_NUMBER", POSITIVE)


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


# --- PBN ----------------------------------------------------------------------------------------------


def _int(value: str | None, where: str, name: str) -> int | None:
    if value is None or value.strip() in ("", "-", "?"):
        return None
    return _whole(value, where, name)


def _whole(value: object, where: str, name: str, column: Column = SMALL) -> int:
    try:
        return whole_number(value, name, column)
    except NumberError as error:
        raise Refused(f"{where}: {error}") from None


def read_pbn(data: str | bytes, source: str) -> Imported:
    """A session in a PBN file: its ScoreTables (read and checked by the score sheet, games.formats.pbn.sheet)
    or its games of one table each."""
    text = data if isinstance(data, str) else pbn.decode(data)
    if "\x00" in text:  # PostgreSQL's text columns cannot hold it
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise Refused(f"{source}, line {line}: a NUL character, which PBN text cannot hold (a binary file?)")
    try:
        sheet = pbn.read(text, ScoreSheet(), source=source)
    except pbn.PBNError as error:
        raise Refused(str(error)) from None
    except ValueError as error:
        raise Refused(f"{source}: {error}") from None
    if not sheet.boards:
        raise Refused(f"{source}: no games in the file")
    first = sheet.tags
    imported = Imported(
        name=first.get("Event", "") or source, date=_parse_date(first.get("Date", "").replace("?", "") or None, f"{source}: [Date]"),
        conventions=pbn_publisher(first), two_winners=sheet.two_winners,
    )  # fmt: skip
    for board in sheet.boards:
        game = board.game
        where = f"{source}, line {game.line}: {game.label}"
        if game.board is None:
            raise Refused(f"{where}: no [Board] number")
        deal = board.deal
        if deal is not None and imported.deals.setdefault(game.board, deal)[0] != deal[0]:
            raise Refused(f"{where}: a different deal for board {game.board} than earlier in the file")
        if sheet.scored:
            _score_table(game.board, board.rows or (), f"{source}, line {game.line}", imported)
        elif game.contract is not None:
            _table_game(game, where, imported)
    for pair in sheet.pairs:
        imported.pairs[pair.pair] = {"direction": pair.side[:2], "name": pair.names or "", "players": []}
    return imported


def _score_table(number: int, rows: tuple[Row, ...], where: str, imported: Imported) -> None:
    """A board's ScoreTable rows as lines: the sheet has checked what the re-scorer needs; the import also
    stores the declarer, contract, lead, round and table."""
    for row in rows:
        at = f"{where}: {row.where}"
        score = row.score
        if isinstance(score, Artificial | Split):
            score_ns, adjusted, assigned = None, score.code, isinstance(score, Split)
        else:
            score_ns, adjusted, assigned = score, "", False
        declarer = (row.declarer or "").strip()
        if declarer in ("-", ""):
            declarer = ""
        elif declarer.upper() not in ("N", "E", "S", "W"):
            raise Refused(f"{at}: declarer {declarer!r} is not N, E, S or W")
        imported.lines.append(Line(
            where=at, board=number, ns=row.ns, ew=row.ew, contract=_contract(row.contract, at),
            declarer=declarer.upper(), lead=_card(row.lead, at), tricks=row.tricks,
            score_ns=score_ns, adjusted=adjusted, assigned=assigned,
            round=_int(row.round, at, "Round"), table=_int(row.table, at, "Table"),
        ))  # fmt: skip


_NUMBERED_NAME = re.compile(r"([^\W\d_]+)[\s#._-]*([0-9]{1,4})(?![0-9])")  # "Para-12", "Pair 12 Smith"


def _named_number(names: tuple[str, str]) -> int | None:
    """The number both players' names carry, after the same word (JFR Pary names each player of pair 12
    "Para-12"), else None."""
    found = {(match.group(1).lower(), int(match.group(2))) if (match := _NUMBERED_NAME.match(name.strip())) else None
             for name in names}  # fmt: skip
    number = found.pop() if len(found) == 1 else None
    return number[1] if number and number[1] > 0 else None


def _table_game(game: pbn.Game, where: str, imported: Imported) -> None:
    """One game per table: the partnerships are named by their players (sorted, partnerships()); each is
    numbered by the number its names carry, or in the order the file first names it (store)."""
    sides = partnerships(game)
    for label, seats in zip(sides, (("North", "South"), ("East", "West")), strict=True):
        names = tuple(game.tags.get(seat, "?") for seat in seats)
        shown = " - ".join(sorted(set(names)))  # "Para-12" once where both players are named so
        imported.pairs.setdefault(label, {"direction": "", "name": shown, "players": [], "named": True,
                                          "number": _named_number(names)})  # fmt: skip
    contract = game.contract or ""
    imported.lines.append(Line(
        where=where, board=game.board, ns=sides[0], ew=sides[1], contract=contract,
        declarer=game.declarer.value if game.declarer and contract != "Pass" else "",
        tricks=game.result if contract != "Pass" else None, score_ns=game.score_ns if contract != "Pass" else 0,
        auction=[call for _, call in game.auction.made()] if game.auction else None,
        play={"first": game.play.first.value, "tricks": [list(row) for row in game.play.recorded]} if game.play else None,
    ))  # fmt: skip


_SCORE_COLUMNS = ("Table\\2R;Round\\2R;PairId_NS\\3R;PairId_EW\\3R;Contract\\5L;Declarer\\1R;Result\\2R;Lead\\3L;"
                  "Score_NS\\6R;Score_EW\\6R;MP_NS\\6R;MP_EW\\6R;Percentage_NS\\6R;Percentage_EW\\6R")  # fmt: skip
_TOTAL_COLUMNS = (
    "Rank\\3R;PairId\\3R;Direction\\3R;TotalScoreMP\\7R;TotalPercentage\\6R;NrBoards\\3R;Names\\40L"
)


def _number(value: float | None, places: int = 2) -> str:
    return "-" if value is None else f"{value:.{places}f}"


def export_pbn(section: Section) -> str:
    """The Section's boards as PBN: hand records, a ScoreTable per board, the TotalScoreTable with the first."""
    event = section.session.event
    rows = Result.objects.filter(section=section).select_related("board", "ns", "ew", "line_score")
    by_board: dict[int, list[Result]] = {}
    for result in rows.order_by("board__number", "table", "id"):
        by_board.setdefault(result.board.number, []).append(result)
    totals = [
        (s.rank, _pair_id(s.entry), {"NS": "N-S", "EW": "E-W"}.get(s.entry.direction, "-"), _number(s.total),
         _number(s.percentage), str(s.boards), pbn.one_line(s.entry.name) or "-")
        for s in Standing.objects.filter(section=section).select_related("entry").order_by("place", "entry__number")
    ]  # fmt: skip
    games = []
    for i, board in enumerate(section.boards.all()):
        lines = []
        for r in by_board.get(board.number, []):
            score = getattr(r, "line_score", None)
            if r.adjusted:
                score_ns, score_ew = _pbn_adjusted(adjusted_score(r.adjusted))
            elif r.score_ns is None:
                score_ns = score_ew = "-"
            else:
                score_ns, score_ew = _pbn_plain(r.score_ns)
            lines.append((
                str(r.table or "-"), str(r.round or "-"), _pair_id(r.ns), _pair_id(r.ew), r.contract or "-", r.declarer or "-",
                "-" if r.tricks is None else str(r.tricks), r.lead or "-", score_ns, score_ew,
                _number(score.ns if score else None), _number(score.ew if score else None),
                _number(score.pct_ns if score else None), _number(score.pct_ew if score else None),
            ))  # fmt: skip
        tables = [pbn.Table.of("ScoreTable", pbn.parse_columns(_SCORE_COLUMNS), lines)]
        if i == 0 and totals:
            tables.append(pbn.Table.of("TotalScoreTable", pbn.parse_columns(_TOTAL_COLUMNS), totals))
        tags = {"Event": pbn.one_line(event.name), "Site": pbn.one_line(event.club.name), "Date": event.date.strftime("%Y.%m.%d"),
                "Board": str(board.number), "Dealer": board.dealer, "Vulnerable": board.vulnerability,
                "Scoring": METHODS[section.scoring_method].pbn if section.scoring_method in METHODS else "MatchPoints",
                "Declarer": "", "Contract": "", "Result": ""}  # fmt: skip
        deal = Deal.from_pbn(board.deal) if board.deal else None
        games.append(pbn.Game.build(tags, deal=deal, tables=tables))
    return pbn.write(games)


def _pair_id(entry: Entry) -> str:
    """A PBN PairId: the entry's tag, or its number when the tag holds white space: readers that split a table
    row at white space (endplay) would read a quoted "NS 1" as two cells and every later column one out."""
    return str(entry.number) if any(c.isspace() for c in entry.tag) else entry.tag


def _artificial_pbn(percent: float) -> str:
    return {60.0: "A+", 50.0: "A=", 40.0: "A-"}.get(percent, f"A{percent:02.0f}")


def _pbn_plain(score: int) -> tuple[str, str]:
    return (str(score), "-") if score >= 0 else ("-", str(-score))


def _pbn_adjusted(score: Artificial | Weighted | Split) -> tuple[str, str]:
    """Score_NS and Score_EW of an adjusted line. A split score is each side's own score in its own column (N-S's
    in Score_NS, E-W's in Score_EW), which the score sheet reads back as the split. PBN has no weighted score: a weighted
    side is written as its weighted N-S score to the nearest point (not a bridge score, and read back as a plain
    one); MP_NS and MP_EW hold what the line earned."""
    if isinstance(score, Artificial):
        return _artificial_pbn(score.ns), _artificial_pbn(score.ew)
    ns, ew = (round(side) for side in side_scores(score))
    return (str(ns), str(-ew)) if isinstance(score, Split) and ns != ew else _pbn_plain(ns)


def _usebio_score(result: Result) -> int | str:
    """USEBIO's SCORE: a N-S score or an artificial code. It has no weighted or split score: such a line gets the
    score N-S are scored on (a weighted one as its weighted N-S score to the nearest point); its NS and EW points
    hold what each side earned."""
    if not result.adjusted:
        return result.score_ns if result.score_ns is not None else 0
    score = adjusted_score(result.adjusted)
    return score.code if isinstance(score, Artificial) else round(side_scores(score)[0])


# --- CSV ----------------------------------------------------------------------------------------------


def results_csv(section: Section) -> str:
    """One row per result. An adjusted line has no score_ns and its code in `adjusted`: "A6040", a weighted
    "60% +420, 40% -50" or a split "N-S +420 / E-W -50" (N-S scores, as on the traveller)."""
    out = io.StringIO()
    writer = spreadsheet.Writer(out)
    writer.writerow(["board", "round", "table", "ns", "ew", "contract", "declarer", "lead", "tricks", "score_ns",
                     "adjusted", "mp_ns", "mp_ew", "pct_ns", "pct_ew"])  # fmt: skip
    rows = Result.objects.filter(section=section).select_related("board", "ns", "ew")
    scores = {s.result_id: s for s in LineScore.objects.filter(section=section)}
    for r in rows.order_by("board__number", "table", "id"):
        s = scores.get(r.id)
        writer.writerow([r.board.number, r.round or "", r.table or "", r.ns.tag, r.ew.tag, r.contract, r.declarer,
                         r.lead, "" if r.tricks is None else r.tricks, "" if r.score_ns is None else r.score_ns,
                         r.adjusted, *(_csv_number(getattr(s, k, None)) for k in ("ns", "ew", "pct_ns", "pct_ew"))])  # fmt: skip
    return out.getvalue()


def standings_csv(section: Section) -> str:
    """The standings; a progressive party's also give each player's prize and how a tie for it was cut."""
    party = section.is_party
    out = io.StringIO()
    writer = spreadsheet.Writer(out)
    writer.writerow(
        ["rank", "entry", "direction", "name", "total", "percentage", "boards"] + ["prize", "cut"] * party
    )
    for s in (
        Standing.objects.filter(section=section)
        .select_related("entry")
        .order_by("field", "place", "entry__number")
    ):
        writer.writerow([s.rank, s.entry.tag, s.field, s.entry.name, _csv_number(s.total), _csv_number(s.percentage),
                         s.boards] + [s.prize, s.cut] * party)  # fmt: skip
    return out.getvalue()


def _csv_number(value: float | None) -> str:
    return "" if value is None else f"{value:.2f}"
