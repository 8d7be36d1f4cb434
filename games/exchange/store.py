"""Storing what a file held (games.exchange.reading.Imported) as a new event: its section, pairs, boards and
results, in one transaction, all or nothing.

The results go in through games.services.enter_results, built and versioned as a table's entry is (a Result and
its first version; all at once into the new section), after the checks of a table's entry (games.lines.score_line,
by the section's own rule set), in the file's words: a problem names the file's line or element. A file is the record of what was played, so where it disagrees
with the engine (a score, a lead that is not in the leader's hand) its own value stands and the import warns.
"""

from __future__ import annotations

from django.db import transaction

from games.engine.bridge import board_dealer, board_vulnerability
from games.exchange.reading import Imported, whole
from games.formats.numbers import POSITIVE, NumberError, whole_number
from games.lines import LeadNotHeld, Line, score_line
from games.models import Board, ImportedFile, PlayRecord
from games.services import enter_results, play_record
from scoring.services import standings_changed
from tournaments.models import Club, Entry, Event, Player, Section, Session, Status
from tournaments.services import check_boards


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
def store(imported: Imported, club: Club, source: str, user=None) -> Section:
    """Create the event, its section, entries, boards and results from what a file held; their versions name the
    `user` who imported it, if any. The section runs while its results go in (enter_results takes a running
    section's) and is finished once they are."""
    event = Event.objects.create(club=club, name=imported.name[:160], date=imported.date,
                                 description=f"Imported from {source}")  # fmt: skip
    section = Section.objects.create(
        session=Session.objects.create(event=event), name="A", scoring_method=imported.scoring_method,
        conventions=imported.conventions, two_winners=imported.two_winners, status=Status.RUNNING,
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
            whole(label, where, "pair", POSITIVE)
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
    for line in imported.lines:
        _check(section, boards[line.board], line, imported.warnings)
    played = [(boards[line.board], entries[line.ns], entries[line.ew], line) for line in imported.lines]
    results = enter_results(section, played, by=f"import {source}"[:80], user=user)
    plays = [play_record(result, line.auction, line.play, None)
             for result, line in zip(results, imported.lines, strict=True) if line.auction or line.play]  # fmt: skip
    PlayRecord.objects.bulk_create(plays)
    section.status = Status.FINISHED  # the results are in: the session is over
    section.save(update_fields=["status"])
    standings_changed(section.id)  # a file of pairs and deals without results has its (empty) standings too
    return section


def _check(section: Section, board: Board, line: Line, warnings: list[str]) -> None:
    """A line that gives the contract, declarer and tricks, checked and scored as a table's entry is; the lead
    and the file's score are kept as the file gives them, with a warning where the engine disagrees. A line
    with no score gets the engine's (unless adjusted)."""
    if not line.contract or line.contract == "Pass" or line.tricks is None or not line.declarer:
        return
    given = (line.contract, line.declarer, line.tricks)
    try:
        ours = score_line(section, board, *given, lead=line.lead, where=line.where).score_ns
    except LeadNotHeld as wrong:
        warnings.append(wrong.message)
        ours = score_line(section, board, *given, where=line.where).score_ns
    if line.score_ns is None and not line.adjusted:
        line.score_ns = ours
    elif line.score_ns is not None and line.score_ns != ours:
        warnings.append(f"{line.where}: score {line.score_ns}, but {line.contract} by {line.declarer} taking "
                        f"{line.tricks} scores {ours} for N-S")  # fmt: skip
