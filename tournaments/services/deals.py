"""A Section's deals: dealt at random from a recorded seed, read from a hand-record file (all boards or none, never
a board already played), written out for a dealing machine; scored across the field, one deal set for every
section."""

from __future__ import annotations

import random
import re
import secrets

from django.db import transaction
from django.utils.text import slugify

from config.refusals import Conflict, Refused
from games.engine.bridge import section_vulnerability
from games.engine.bridge.scoring import PROGRESSIVE_CONTRACT
from games.engine.cards import SEATS, Deal, Seat, Vulnerability, deck
from games.formats import handrecords
from games.formats.deals import one_each
from games.formats.handrecords import DealFileError, HandRecord
from games.models import Board, Result
from tournaments.models import Section
from tournaments.selectors import section_field


def deal_from_seed(seed: str, board: int) -> Deal:
    """Board `board` of a random set: the pack shuffled by a generator seeded with (seed, board), so the
    set can be dealt again from its recorded seed."""
    cards = list(deck())
    random.Random(f"{seed}:{board}").shuffle(cards)
    return Deal.of({seat: cards[i * 13 : (i + 1) * 13] for i, seat in enumerate(SEATS)})


SECRET_SEED = re.compile(r"[0-9a-f]{32,40}")
"""A deal seed as `secrets.token_hex(16)` draws it: 128 random bits at least, never a name one could guess."""


@transaction.atomic
def deal_boards(section: Section, seed: str | None = None) -> Section:
    """Deal every board of the Section at random: the seed comes from `secrets` unless given (a seed recorded
    earlier, to deal the same set again), and is kept where only the section's directors read it. In a session
    scored across the field every section is dealt from the one seed: board n is the same deal everywhere."""
    if seed and not SECRET_SEED.fullmatch(seed):
        raise Refused(
            "a deal seed is 32 to 40 hexadecimal digits drawn at random (a recorded seed), never a name: leave it "
            "out and one is drawn"
        )
    section = Section.objects.select_related("session").get(id=section.id)
    field = section_field(section)
    locked = list(Section.objects.select_for_update(no_key=True).filter(id__in=[s.id for s in field]))
    for one in locked:
        if one.results.exists():
            raise Conflict(f"{one} has results: its boards can no longer be dealt again")
        if not one.boards.exists():
            raise Conflict(f"{one} has no boards yet: install a movement first")
    seed = seed or secrets.token_hex(16)
    for one in locked:
        boards = list(one.boards.all())
        for board in boards:
            board.deal = deal_from_seed(seed, board.number).to_pbn()
            board.analysis = None  # the old deal's figures: the hand records' analysis solves the new one
        Board.objects.bulk_update(boards, ["deal", "analysis"])
        one.deal_seed = seed
        one.save(update_fields=["deal_seed"])
    return next(one for one in locked if one.id == section.id)


@transaction.atomic
def import_hand_records(
    section: Section, data: str | bytes, source: str = "hand records", file_format: str | None = None
) -> int:
    """Set the Section's deals from a hand-record file (any format of games.formats.handrecords, by name or by the
    file's extension): all boards or none.

    Boards that have results are refused, by number, unless the file gives them the deal they have. A file without board numbers deals the Section's boards in
    order; a file without dealer and vulnerability leaves the boards' own (Law 2 unless imported otherwise). Under
    progressive-contract the vulnerability is the rule set's (games.engine.bridge.section_vulnerability)."""
    section = Section.objects.select_for_update(no_key=True).get(id=section.id)
    try:
        kind = handrecords.named(file_format) if file_format else handrecords.for_file(source)
        records = kind.read(data.encode() if isinstance(data, str) else data)
        records = one_each(records) if kind.numbered else records
    except DealFileError as error:
        raise Refused(
            f"{source}, {error.where}: {error.message}" if error.where else f"{source}: {error}"
        ) from None
    boards = {b.number: b for b in section.boards.all()}
    span = f"{section} (boards {min(boards, default=0)}-{max(boards, default=0)})"
    if not records:
        raise Refused(f"{source}: no deal in the file")
    if kind.numbered:
        strangers = [r for r in records if r.board not in boards]
        if strangers:
            where = f"{source}, line {strangers[0].line}" if strangers[0].line else source
            numbers = [r.board for r in strangers]
            raise Refused(
                f"{where}: {_boards(numbers)} {_are(numbers, 'is not a board', 'are not boards')} of {span}"
            )
        dealt = [(boards[r.board], r) for r in records]
    elif len(records) > len(boards):
        raise Refused(
            f"{source} holds {len(records)} deals and no board numbers: more than the boards of {span}"
        )
    else:
        dealt = list(zip(sorted(boards.values(), key=lambda b: b.number), records, strict=False))
    before = {board.number: (board.deal, board.dealer, board.vulnerability) for board, _ in dealt}
    for board, record in dealt:
        board.deal = record.deal.to_pbn()
        if kind.conditions:
            board.dealer, board.vulnerability = record.dealer.value, record.vulnerability.value
            if section.rule_set == PROGRESSIVE_CONTRACT:  # the book's vulnerability, whatever the file prints
                board.vulnerability = section_vulnerability(
                    section.rule_set, board.number, record.dealer
                ).value
    changed = [b for b, _ in dealt if before[b.number] != (b.deal, b.dealer, b.vulnerability)]
    played = sorted(set(Result.objects.filter(board__in=changed).values_list("board__number", flat=True)))
    if played:
        raise Conflict(f"{section}: {_boards(played)} already {_are(played, 'has', 'have')} results: "
                      f"{'its deal' if len(played) == 1 else 'their deals'} can no longer be replaced")  # fmt: skip
    for board in changed:
        board.analysis = None  # the old deal's figures: the hand records' analysis solves the new one
    Board.objects.bulk_update(changed, ["deal", "dealer", "vulnerability", "analysis"])
    _share_deals(section, changed)
    return len(dealt)


def _share_deals(section: Section, changed: list[Board]) -> None:
    """Scored across the field, board n is one deal in every section: the other sections' boards follow."""
    others = [other for other in section_field(section) if other.id != section.id]
    numbers = {board.number: board for board in changed}
    copies = list(Board.objects.select_for_update().filter(section__in=others, number__in=numbers))
    played = sorted({b.number for b in copies if b.results.exists()})
    if played:
        raise Conflict(f"{section}: {_boards(played)} already {_are(played, 'has', 'have')} results in another "
                      "section of the field: the deals can no longer be replaced")  # fmt: skip
    for copy in copies:
        source = numbers[copy.number]
        copy.deal, copy.dealer, copy.vulnerability, copy.analysis = (
            source.deal, source.dealer, source.vulnerability, None
        )  # fmt: skip
    Board.objects.bulk_update(copies, ["deal", "dealer", "vulnerability", "analysis"])


def _boards(numbers: list[int]) -> str:
    return ("board " if len(numbers) == 1 else "boards ") + ", ".join(map(str, numbers))


def _are(numbers: list[int], one: str = "is", many: str = "are") -> str:
    return one if len(numbers) == 1 else many


def hand_record_file(section: Section, file_format: str) -> tuple[bytes, str, handrecords.DealFormat]:
    """The Section's deals as a hand-record file for a dealing machine or another program: its bytes, a file name
    and the format. Every board must be dealt; the Section's name titles the file where the format has room."""
    try:
        kind = handrecords.named(file_format)
        boards = list(section.boards.order_by("number"))
        undealt = [b.number for b in boards if not b.deal]
        if not boards or undealt:
            raise DealFileError(f"{section}: {_boards(undealt) if undealt else 'no board'} "
                                f"{_are(undealt, 'has', 'have')} no deal yet: deal or import them first")  # fmt: skip
        records = [
            HandRecord(b.number, Seat(b.dealer), Vulnerability.parse(b.vulnerability), Deal.from_pbn(b.deal))
            for b in boards
        ]
        data = kind.write(records, title=section.session.event.name)
    except DealFileError as error:
        raise Refused(str(error)) from None
    return data, f"{slugify(section.session.event.name) or 'deals'}-{section.name}{kind.extension}", kind
