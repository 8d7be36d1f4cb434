"""May this viewer see this board now? The one rule for every page, PDF, export and API endpoint (issue 12,
"Hidden boards").

A board's hand, its double-dummy figures and par, and every result on it (travellers, scorecard lines, hand records,
PBN/USEBIO/CSV exports, printed results) are shown:
- to a director of the section's club: always;
- to anyone who may see the section (tournaments.selectors.visible_sections) once it is published (in a session
  scored across the field, whose sections share their deals, once every section of it is published);
- before that, only to a viewer every entry of whom has played the board (their result on it is in; a team's in
  both rooms of its match): a logged-in player for their own entries; a table code for every pair (or team)
  sitting at its table in a running section from the round its phone shows (tournaments.rounds.table_round) to the
  director's round (so a phone shared by two pairs, or held by the next round's while it enters a late board,
  never shows what one of them has still to play);
- anonymous viewers, before publication: no board at all.
A job over a whole section (jobs.api: its double-dummy analysis, its replay audit) shows its result to who may see
every one of its boards (Viewer.sees_every_board), whoever started it.
Standings (ranks, totals, percentages, their order) are shown to the section's directors always, and to everyone
else once nobody in the field has a board still to play (every section of it finished or published:
Viewer.sees_standings). While play goes on, anyone else sees each entry and how many boards it has played: a live
total polled after each entry moves by that result's matchpoints (or IMPs, or a match's VPs) on a board others have
still to play, which tells them how it went. This is the club's custom with ACBLscore and Bridgemate, whose
standings go up when the last round is in, and the director's screen keeps its full live view. A scorecard is its
own players' (or their table's) until publication, and shows only the boards the viewer may see, without the rank.

The seeds a section's boards were dealt from and its prize ties cut with are read by its directors only until it is
published: whoever holds the deal seed can rebuild every hidden deal (tournaments.services.deal_from_seed).
"""

from __future__ import annotations

from collections import Counter
from functools import cached_property

from django.db.models import Q

from games.models import Result
from tournaments.models import Entry, ScoringMethod, Section, Session, Status, TableCode
from tournaments.permissions import directed_club_ids, is_director, section_club_id
from tournaments.rounds import table_round


class Viewer:
    """Who is asking about one Section (a director, a table code, a logged-in player or the public), and which of
    its boards they may see now."""

    def __init__(self, section: Section, user, code: TableCode | None = None):
        self.section = section
        self.code = code if code is not None and code.section_id == section.id else None
        self.director = is_director(user, section_club_id(section))
        self.entries: list[int] = []
        if user is not None and user.is_authenticated:
            self.entries = list(
                Entry.objects.filter(section=section, players__user=user).values_list("id", flat=True)
            )
        if self.code is not None and section.status == Status.RUNNING:
            seated = section.seatings.filter(
                table=self.code.table,
                round__gte=table_round(section, self.code.table),
                round__lte=section.current_round,
            ).values_list("ns_id", "ew_id")
            self.entries += list(dict.fromkeys(e for pair in seated for e in pair if e))

    @classmethod
    def of(cls, request, section: Section) -> Viewer:
        """The viewer of an API request: its user, and its table code when the endpoint authenticates by code."""
        code = request.auth if isinstance(request.auth, TableCode) else None
        return cls(section, request.user, code)

    @property
    def sees_all(self) -> bool:
        return self.director or field_published(self.section)

    @cached_property
    def played(self) -> set[int]:
        """Ids of the boards every entry this viewer speaks for has played (their result is in)."""
        if not self.entries:
            return set()
        boards: set[int] | None = None
        for entry in self.entries:
            mine = self._played_by(entry)
            boards = mine if boards is None else boards & mine
        return boards or set()

    def _played_by(self, entry: int) -> set[int]:
        """The boards an entry has played. A team plays each board in two rooms: it has played a board once both
        rooms' results are in, not before (its team-mates at the other table may still have it to play)."""
        rows = Result.objects.filter(Q(ns_id=entry) | Q(ew_id=entry), section=self.section)
        if self.section.scoring_method != ScoringMethod.VICTORY_POINTS:
            return set(rows.values_list("board_id", flat=True))
        entered = Counter(rows.values_list("board__number", "board_id"))
        rooms: Counter = Counter()
        for boards in self.section.seatings.filter(Q(ns_id=entry) | Q(ew_id=entry)).values_list(
            "boards", flat=True
        ):
            rooms.update(boards)
        return {board_id for (number, board_id), count in entered.items() if count >= rooms[number]}

    def sees_board(self, board_id: int) -> bool:
        return self.sees_all or board_id in self.played

    @property
    def sees_standings(self) -> bool:
        """May see ranks, totals and percentages (module docstring): a director, or anyone once the field is done;
        a progressive party's anytime (its tables deal their own hands: no board is played twice)."""
        return self.director or self.section.is_party or field_played(self.section)

    @property
    def sees_every_board(self) -> bool:
        """May see every board of the section: what a job over the whole section (its double-dummy analysis with
        the par of each board, its replay audit) covers, so what its result needs."""
        return self.sees_all or set(self.section.boards.values_list("id", flat=True)) <= self.played

    @property
    def shown_boards(self) -> set[int] | None:
        """The board ids this viewer may see; None for all of them."""
        return None if self.sees_all else self.played

    def sees_scorecard(self, entry_id: int) -> bool:
        """A scorecard is its own players' (or their table's) until publication; its lines are the shown boards."""
        return self.sees_all or entry_id in self.entries


def results_seen_by(user, rows):
    """Of `rows` (Results of any section, none named), those a user sees whole: their clubs' (as a director) and
    published sections'. A player's and a table's own boards are asked for by section (Viewer.played)."""
    clubs = directed_club_ids(user)
    if clubs is None:
        return rows
    # a session scored across with a section not yet published: its published sections show nothing yet
    unpublished_fields = Session.objects.filter(
        scored_across=True, sections__in=Section.objects.exclude(status=Status.PUBLISHED)
    ).values("id")
    published = Q(section__status=Status.PUBLISHED) & ~Q(section__session_id__in=unpublished_fields)
    return rows.filter(Q(section__session__event__club_id__in=clubs) | published)


def field_published(section: Section) -> bool:
    """Published, and so are the sections it shares its deals with (a session scored across the field): until
    the last of them is published, a player there may still have to play a board this one shows."""
    if section.status != Status.PUBLISHED:
        return False
    return not (
        section.session.scored_across
        and Section.objects.filter(session_id=section.session_id).exclude(status=Status.PUBLISHED).exists()
    )


def field_played(section: Section) -> bool:
    """No board of the section's field is still to be played: it and the sections it shares its deals with (a
    session scored across the field) are finished or published."""
    done = (Status.FINISHED, Status.PUBLISHED)
    if section.status not in done:
        return False
    return not (
        section.session.scored_across
        and Section.objects.filter(session_id=section.session_id).exclude(status__in=done).exists()
    )


def sees_seeds(user, section: Section) -> bool:
    """May this user read the section's deal and cut seeds (its directors; everyone once published)?"""
    if field_published(section):
        return True
    return bool(user and user.is_authenticated) and is_director(user, section_club_id(section))
