"""A member's own results: the one-time sign-in link a director gives them, every session they played, and where
each board's matchpoints went (scoring.methods.verdicts).

Every figure is read where the club's pages read it: a session's rank, percentage or total from its stored
Standing (the standings page's rows), a board's line from the scorecard (scoring.serializers.scorecard), the
double-dummy table and par from the board's analysis (tournaments.page_data.analysis). What a viewer sees of a
section is tournaments.visibility's to say: the standings once nobody has a board to play, the boards they may
see.
"""

from __future__ import annotations

import hashlib
import secrets
from collections import Counter
from dataclasses import dataclass, field
from datetime import date, timedelta

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from config.refusals import Forbidden, NotFound, Refused
from games.engine.bridge import dd
from games.engine.bridge.calls import Contract
from games.engine.bridge.scoring import rules
from games.engine.cards import Card, Deal, Seat, Side, Vulnerability
from games.models import Result
from scoring.methods import verdicts
from scoring.models import Standing
from scoring.serializers import scorecard
from tournaments.models import Entry, EntryKind, Player, Section, Status
from tournaments.page_data import STRAIN_SIGNS, analysis
from tournaments.permissions import is_director
from tournaments.selectors import section_field
from tournaments.visibility import Viewer

from .models import SignInLink

LINK_DAYS = 7
"""A sign-in link works this many days, once."""

UNITS = {"mp": "%", "mp-acbl": "%", "butler": "IMPs", "cross-imp": "IMPs", "vp": "VPs", "compass": "points",
         "progressive": "games"}  # fmt: skip
"""What a session's score is counted in, by scoring method: a percentage where boards are matchpointed."""


# Signing in


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _signs_in_as_staff(player: Player) -> bool:
    """A link must never sign anyone in with more than a member's rights: a director signs in with a password."""
    user = player.user
    return user is not None and (user.is_staff or user.is_superuser or user.directed_clubs.exists())


def make_link(player: Player, by=None) -> str:
    """A new one-time sign-in token for the member (their earlier unused links stop working): the link is
    /signin/<token>/. Refused for a guest and for a member whose login directs a club."""
    if player.guest:
        raise Refused(f"{player} is a walk-in guest: make them a member first")
    if _signs_in_as_staff(player):
        raise Refused(f"{player} signs in as a director: directors sign in with their password")
    token = secrets.token_urlsafe(24)
    now = timezone.now()
    with transaction.atomic():
        SignInLink.objects.filter(player=player, used__isnull=True).update(expires=now)
        SignInLink.objects.create(
            player=player, digest=_digest(token), expires=now + timedelta(days=LINK_DAYS), made_by=by
        )
    return token


def link_player(token: str) -> Player | None:
    """The member a token still signs in (unused, not expired), or None: what the confirm page names."""
    link = SignInLink.objects.filter(digest=_digest(token), used__isnull=True, expires__gt=timezone.now())
    found = link.select_related("player__club").first()
    return found.player if found else None


def _username(player: Player) -> str:
    """The member's login name: the club's and their member number ("demo-D0001"), made unique."""
    User = get_user_model()
    base = f"{player.club.slug}-{player.federation_number or player.id}"[:140]
    name, n = base, 1
    while User.objects.filter(username=name).exists():
        n += 1
        name = f"{base}-{n}"
    return name


def use_link(token: str) -> Player:
    """Spend a token: the member's login (made the first time, with no password until they set one), linked to
    their Player. A token works once: two requests at once sign in one of them."""
    with transaction.atomic():
        link = (
            SignInLink.objects.select_for_update()
            .filter(digest=_digest(token), used__isnull=True, expires__gt=timezone.now())
            .first()
        )
        if link is None:
            raise Refused(
                "this sign-in link has expired or has been used: ask the club's director for a new one"
            )
        link.used = timezone.now()
        link.save(update_fields=["used"])
        player = (
            Player.objects.select_for_update(of=("self",))
            .select_related("club", "user")
            .get(id=link.player_id)
        )
        if _signs_in_as_staff(player):
            raise Refused(f"{player} signs in as a director: directors sign in with their password")
        if player.user is None:
            user = get_user_model()(username=_username(player), email=player.email)
            user.set_unusable_password()
            user.save()
            player.user = user
            player.save(update_fields=["user"])
    return player


# Whose results a user may read


def subject(user, member: int | str | None) -> Player:
    """Whose results: the user's own (no `member`), or, for a director of the member's club, that member's.
    Refused 403 for anyone else (another member, the public), 404 for no such member."""
    if member in (None, ""):
        own = (
            Player.objects.filter(user=user).select_related("club").first() if user.is_authenticated else None
        )
        if own is None:
            raise NotFound("you have no member's results here: sign in from the link your club gave you")
        return own
    if not str(member).isdigit():
        raise Refused(f"member must be a member's id (a whole number), not {member!r}")
    player = Player.objects.select_related("club").filter(id=int(member)).first()
    if player is None:
        raise NotFound(f"no member {member}")
    if player.user_id is not None and player.user_id == user.id:
        return player
    if not is_director(user, player.club):
        raise Forbidden("a member's results are theirs and their club's directors' only")
    return player


# A member's sessions


@dataclass
class Played:
    """One session a member played, as the history lists it."""

    section: Section
    entry: Entry
    date: date
    event: str
    partners: list[str]
    unit: str
    percentage: float | None = None
    total: float | None = None
    rank: str = ""
    of: int | None = None


def _entries(player: Player):
    entries = Entry.objects.filter(players=player).exclude(section__status=Status.SETUP)
    return entries.select_related("section__session__event__club").prefetch_related("players").order_by(
        "-section__session__event__date", "-section__session__number", "-section__session__event_id",
        "section__name",
    )  # fmt: skip


def _individual_partners(entry: Entry) -> list[str]:
    """An individual's partners: who sat opposite them, round by round (the movement's seats)."""
    opposite = {"N": "S", "S": "N", "E": "W", "W": "E"}
    numbers: list[int] = []
    for seats in entry.section.seatings.values_list("seats", flat=True):
        for seat, number in (seats or {}).items():
            partner = (seats or {}).get(opposite.get(seat, ""))
            if number == entry.number and partner is not None and partner not in numbers:
                numbers.append(partner)
    names = dict(entry.section.entries.filter(number__in=numbers).values_list("number", "name"))
    return [names.get(n) or f"player {n}" for n in numbers]


def partners(entry: Entry, player: Player) -> list[str]:
    """The member's partners in the entry (a pair's other player, a team's mates, an individual's partners)."""
    if entry.kind == EntryKind.PLAYER:
        return _individual_partners(entry)
    return [str(p) for p in entry.players.all() if p.id != player.id]


def history(player: Player, user) -> list[Played]:
    """Every session the member played, newest first, with the figures the standings page shows `user` (none
    while the section's field still has boards to play, tournaments.visibility)."""
    rows = []
    for entry in _entries(player):
        section = entry.section
        event = section.session.event
        name = event.name if section.session.number == 1 and not section.session.name else (
            f"{event.name}, {section.session.name or f'session {section.session.number}'}")  # fmt: skip
        row = Played(
            section, entry, event.date, name, partners(entry, player), UNITS.get(section.scoring_method, "")
        )
        standing = Standing.objects.filter(entry=entry).first()
        if standing is not None and Viewer(section, user).sees_standings:
            row.percentage, row.total, row.rank = standing.percentage, standing.total, standing.rank
            row.of = Standing.objects.filter(section__in=section_field(section), field=standing.field).count()
        rows.append(row)
    return rows


@dataclass
class Partnership:
    name: str
    sessions: int
    average: float | None
    best: float | None


def by_partner(rows: list[Played]) -> list[Partnership]:
    """Per partner: the sessions played together, and the average and best percentage of those scored in
    percentages; most sessions first."""
    groups: dict[str, list[Played]] = {}
    for row in rows:
        for name in row.partners:
            groups.setdefault(name, []).append(row)
    found = []
    for name, played in groups.items():
        figures = [r.percentage for r in played if r.percentage is not None]
        average = round(sum(figures) / len(figures), 2) if figures else None
        found.append(Partnership(name, len(played), average, max(figures) if figures else None))
    return sorted(found, key=lambda p: (-p.sessions, p.name))


def chart(rows: list[Played], width: int = 340, height: int = 150) -> dict:
    """The percentage session by session, oldest first, as points of an inline SVG: every session's, and the
    line of the member's most frequent partnership; the 50% line across."""
    dated = [r for r in reversed(rows) if r.percentage is not None]
    left, top, span = 30, 10, height - 32
    step = (width - left - 12) / max(len(dated) - 1, 1)
    points = [
        {"x": round(left + i * step, 1), "y": round(top + (100 - r.percentage) * span / 100, 1), "row": r}
        for i, r in enumerate(dated)
    ]
    partnerships = by_partner(dated)
    partnership = partnerships[0].name if partnerships else ""
    theirs = [p for p in points if partnership in p["row"].partners]
    return {
        "width": width, "height": height, "top": top, "span": span, "bottom": top + span,
        "middle": top + span / 2, "left": left, "right": width - 8, "points": points,
        "line": " ".join(f"{p['x']},{p['y']}" for p in points),
        "partnership": partnership if len(theirs) > 1 else "",
        "partnership_line": " ".join(f"{p['x']},{p['y']}" for p in theirs),
        "first": dated[0].date if dated else None, "last": dated[-1].date if dated else None,
    }  # fmt: skip


# One session's boards and where their matchpoints went


@dataclass
class BoardLine:
    board: int
    contract: str
    declarer: str
    lead: str
    tricks: int | None
    score: int | None
    mp: float | None
    percentage: float | None
    par: int | None = None
    par_contracts: list[str] = field(default_factory=list)
    dd_tricks: int | None = None
    lead_cost: int | None = None
    frequency: list[tuple[int, int]] = field(default_factory=list)
    verdict: verdicts.Verdict | None = None
    direction: str = ""

    @property
    def contract_shown(self) -> str:
        """ "4♠ by S", "Pass"."""
        if not self.contract or self.contract == "Pass" or not self.declarer:
            return self.contract
        level, rest = self.contract[0], self.contract[1:]
        strain = next((s for s in ("NT", "S", "H", "D", "C") if rest.startswith(s)), "")
        return f"{level}{STRAIN_SIGNS.get(strain, strain)}{rest[len(strain) :]} by {self.declarer}"


@dataclass
class SessionAnalysis:
    played: Played
    boards: list[BoardLine]
    unit: str  # "MPs", or "" where boards are not matchpointed (no verdicts)
    lost: verdicts.Verdict | None
    gained: verdicts.Verdict | None
    said: str


def played_section(player: Player, section_id: int, user) -> Played:
    """The member's session `section_id` (Refused 404 when they did not play it)."""
    for row in history(player, user):
        if row.section.id == section_id:
            return row
    raise NotFound(f"{player} did not play in section {section_id}")


def _own_result(on_board: list[tuple], section: Section, entry: Entry, line: dict) -> tuple | None:
    """The member's own result among a board's (section, round, table, ns, ew, score) rows: their table's in that
    round (an individual's), or their entry's on their side."""
    ours = [r for r in on_board if r[1] == section.id]
    if entry.kind == EntryKind.PLAYER:
        return next((r for r in ours if r[2] == line["round"] and r[3] == line["table"]), None)
    column = 4 if line["direction"] == "NS" else 5
    return next((r for r in ours if r[column] == entry.id and r[2] == line["round"]), None)


def _side(line: dict) -> Side:
    return Side.NS if line["direction"] == "NS" else Side.EW


def _after_lead(board, contract: Contract, lead: str) -> int | None:
    """Declarer's double-dummy tricks once the opening lead is on the table; None without a lead to read. Solved
    once per deal, contract and lead, then kept in the shared cache (the deal does not change once played)."""
    if not lead or contract.declarer is None:
        return None
    key = (
        "players.after_lead:"
        + hashlib.sha256(
            f"{board.deal}|{contract.denomination.value}|{contract.declarer.value}|{lead}".encode()
        ).hexdigest()
    )
    found = cache.get(key)
    if found is not None:
        return found if found >= 0 else None
    try:
        card = Card.parse(lead)
        deal = Deal.from_pbn(board.deal)
        leader = contract.declarer.next
        hands = dict(deal.hands)
        if card not in hands[leader]:
            raise ValueError(f"{lead} is not in the opening leader's hand")
        hands[leader] = frozenset(c for c in hands[leader] if c != card)
        found = dd.side_tricks(Deal(hands), contract.denomination, leader, [card], contract.declarer.side)
    except (ValueError, dd.DoubleDummyError):
        found = -1
    cache.set(key, found, None)
    return found if found >= 0 else None


def _board_line(line: dict, board, on_board: list[tuple], mine: tuple | None, rule_set, scale) -> BoardLine:
    """One board of the member's: their scorecard line, the field's scores from their side, par, the DD tricks of
    their contract, the lead's cost and, where the board is matchpointed, the verdict."""
    row = BoardLine(line["board"], line["contract"], line["declarer"], line["lead"], line["tricks"], line["score"],
                    line["points"], line["percentage"], direction=line["direction"])  # fmt: skip
    sign = 1 if line["direction"] == "NS" else -1
    counts = Counter(r[6] for r in on_board if r[6] is not None)
    row.frequency = sorted(((sign * score, n) for score, n in counts.items()), reverse=True)
    figures = analysis(board) if board is not None and rule_set is not None else None
    if not figures or "par" not in figures:
        return row
    row.par = sign * figures["par"]["score"]
    row.par_contracts = list(figures["par"]["contracts"])
    try:
        contract = Contract.parse(
            line["contract"], Seat.parse(line["declarer"]) if line["declarer"] else None
        )
    except ValueError:  # an adjusted score: no contract to judge
        return row
    after = None
    vulnerable = False
    if contract is not None and contract.declarer is not None:
        row.dd_tricks = figures["table"][contract.declarer.value][contract.denomination.value]
        after = _after_lead(board, contract, line["lead"])
        row.lead_cost = None if after is None else after - row.dd_tricks
        vulnerable = Vulnerability.parse(board.vulnerability).of(contract.declarer.side)
    elif contract is not None:
        return row  # a contract without its declarer: no double-dummy figure to judge it by
    if scale is None or mine is None or mine[6] is None:
        return row
    others = tuple(r[6] for r in on_board if r is not mine and r[6] is not None)
    facts = verdicts.Board(contract, vulnerable, line["tricks"] or 0, row.dd_tricks or 0, after,
                           figures["par"]["score"], others)  # fmt: skip
    row.verdict = verdicts.verdict(facts, _side(line), rule_set, scale)
    return row


def session_analysis(player: Player, section_id: int, user) -> SessionAnalysis:
    """The member's boards of a session that `user` may see (tournaments.visibility), each with its line as the
    scorecard shows it, the field's scores, par and double-dummy figures and, where the boards are matchpointed,
    the verdict of where the matchpoints went."""
    played = played_section(player, section_id, user)
    section, entry = played.section, played.entry
    lines = scorecard(entry, Viewer(section, user).shown_boards)
    scale = verdicts.scale_of(section.scoring_method)
    rule_set = rules(section.rule_set) if section.game == "bridge" else None
    numbers = [line["board"] for line in lines]
    traveller: dict[int, list[tuple]] = {}
    results = Result.objects.filter(section__in=section_field(section), board__number__in=numbers)
    for row in results.values_list(
        "board__number", "section_id", "round", "table", "ns_id", "ew_id", "score_ns"
    ):
        traveller.setdefault(row[0], []).append(row)
    boards = {b.number: b for b in section.boards.filter(number__in=numbers)}
    shown = []
    for line in lines:
        on_board = traveller.get(line["board"], [])
        mine = _own_result(on_board, section, entry, line)
        shown.append(_board_line(line, boards.get(line["board"]), on_board, mine, rule_set, scale))
    judged = [b.verdict for b in shown if b.verdict is not None]
    lost, gained = (verdicts.lost(judged), verdicts.gained(judged)) if judged else (None, None)
    said = verdicts.session_said(judged) if judged else ""
    return SessionAnalysis(played, shown, "MPs" if scale is not None else "", lost, gained, said)
