"""A party's pages: the host's set-up page (the game, the players or couples, the method, how a round ends, the
prizes; it draws the first seating and links to the table cards), the host's page (every table's state, the bell,
the standings and prizes, corrections of frozen tallies), the projector's seating and each table's tally phone."""

from __future__ import annotations

import datetime
import re

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import pluralize
from django.urls import reverse
from django.views.decorators.http import require_POST

from config.downloads import download
from config.refusals import NeedsConfirmation, Refused, refusals_shown
from games.formats.numbers import Column, NumberError, whole_number
from jobs.services import latest_jobs
from scoring.methods.books import STAR_COLOURS
from tournaments import services as tournament_services
from tournaments.models import Club, Entry, Seating, Section, Status
from tournaments.page_data import at_table, page_section, seat_numbers, table_code
from tournaments.permissions import is_director
from tournaments.selectors import directed_section

from . import bell, players, printables, services, standings, tallies
from .core import (
    HEAD_TABLE,
    KINDS,
    ROUND_ENDS,
    Fort,
    fort_of,
    hearts_cut,
    lone_hands_allowed,
    party_kind,
    places,
)
from .models import Tally
from .settings import party_settings


def _whole(data, name: str) -> int | None:
    text = (data.get(name) or "").strip()
    if not text:
        return None
    if not text.isdigit():
        raise Refused(f"{name.replace('_', ' ')}: {text!r} is not a whole number")
    return int(text)


def _entries(text: str) -> tuple[tuple[str, str], ...]:
    """The players' list, one a line: "Ann Lee, lady" (the side after the last comma, where there is one)."""
    entries = []
    for line in text.splitlines():
        if not line.strip():
            continue
        name, _, side = line.rpartition(",")
        side = side.strip().lower()
        entries.append((name.strip(), side) if name and side in services.SIDES else (line.strip(), ""))
    return tuple(entries)


def _request(data) -> services.PartyRequest:
    kind = data.get("kind", "")
    if kind not in KINDS:
        raise Refused(f"choose the game: one of {', '.join(k.title for k in KINDS.values())}")
    entries = _entries(data.get("entries", ""))
    players = len(entries) if entries else _whole(data, "players")
    if KINDS[kind].mixed and data.get("count") == "couples" and players is not None and not entries:
        players *= 2
    if players is None:
        raise Refused("give the number of players (or couples)")
    seed = data.get("seed", "").strip()
    if len(seed) > services.SEED_LENGTH:
        raise Refused(f"the draw's seed: at most {services.SEED_LENGTH} characters, not {len(seed)}")
    try:
        date = datetime.date.fromisoformat(data.get("date", ""))
    except ValueError:
        date = None
    return services.PartyRequest(
        kind=kind, players=players, name=data.get("name", ""), forts=_whole(data, "forts"),
        ends=data.get("ends", "bell"), method=data.get("method", ""), deals=_whole(data, "deals"), minutes=_whole(data, "minutes"),
        prizes=_whole(data, "prizes") or 0, lone_hand_prize=data.get("lone_hand_prize") == "1", date=date,
        entries=entries, fort_names=tuple(line.strip() for line in data.get("fort_names", "").splitlines() if line.strip()),
        seed=seed,
    )  # fmt: skip


@login_required
def new_party(request, slug: str):
    club = get_object_or_404(Club, slug=slug)
    if not is_director(request.user, club):
        raise PermissionDenied("only a director of this club may do this")
    context = {"club": club, "kinds": KINDS.values(), "ends": ROUND_ENDS, "values": request.POST,
               "today": datetime.date.today().isoformat(), "seed_length": services.SEED_LENGTH}  # fmt: skip
    if request.method == "POST":
        try:
            section = services.create_party(club, _request(request.POST), request.user)
        except Refused as error:
            context["problem"] = error.message
            return render(request, "parties/new.html", context, status=400)
        messages.success(request, f"{section.session.event.name} is set up: the first seating is drawn.")
        return redirect("direct-party-ready", section.id)
    return render(request, "parties/new.html", context)


def _party(request, section_id: int) -> Section:
    return directed_section(request.user, section_id)


def _host_again(request, error: Refused, section_id: int, **url) -> HttpResponse:
    """The host's page again after a Refused (said by refusals_shown)."""
    return redirect("direct-party", section_id)


@login_required
def table_cards(request, section_id: int):
    """Table cards with each table's code and a QR code to its phone page (directors only: the codes open the
    tables)."""
    section = _party(request, section_id)
    pdf = printables.table_cards_pdf(section, request.build_absolute_uri("/").rstrip("/"))
    return download(pdf, f"party-{section.id}-table-cards.pdf", "application/pdf", inline=True)


@login_required
def tally_cards(request, section_id: int):
    """Every player's tally card with the kind's boxes, and progressive contract's score sheets (no table codes:
    the cards go round the room)."""
    section = _party(request, section_id)
    pdf = printables.tally_cards_pdf(section)
    return download(pdf, f"party-{section.id}-tally-cards.pdf", "application/pdf", inline=True)


@login_required
def ready(request, section_id: int):
    """The party as set up: its first seating, the cards to print and the start."""
    section = _party(request, section_id)
    kind = party_kind(section.movement_kind)
    count = section.entries.count()
    settings = party_settings(section)
    her = settings.ladies_of(count) if kind.mixed else frozenset()
    names = dict(section.entries.values_list("number", "name"))

    def who(number: int) -> str:
        sex = (" (lady)" if number in her else " (gentleman)") if kind.mixed else ""
        return f"{number}. {names.get(number) or 'Player'}{sex}"

    forts = list(_forts(section).values())
    tables = [
        {"table": row["table"], "seats": [(seat, who(n)) for seat, n in row["seats"].items()],
         "forts": (forts[fort_of(row["seats"]["N"]) - 1], forts[fort_of(row["seats"]["E"]) - 1]) if forts else None}
        for row in services.first_seating(section)
    ]  # fmt: skip
    return render(request, "parties/ready.html", {
        "section": section, "kind": kind, "tables": tables, "party": settings,
        "sitting_out": [who(n) for n in players.sitting_out(section, 1)],
    })  # fmt: skip


@login_required
@refusals_shown(_host_again)
def party(request, section_id: int):
    """The host's view of a progressive party: tallies per table, the bell, the standings."""
    section = _party(request, section_id)
    if not section.is_party:
        return redirect("direct-section", section.id)
    if request.method == "POST":
        if section.status != Status.RUNNING:
            messages.error(request, f"{section} is not running: there is no round to end")
        else:
            tied = {
                key.removeprefix("cut-"): value
                for key, value in request.POST.items()
                if key.startswith("cut-") and value in ("NS", "EW")
            }
            last = request.POST.get("last") == "1"
            try:
                rung = whole_number(request.POST.get("round", ""), "the bell's round", Column(1, 32767))
                bell.start_bell(
                    section, request.user, last=last, tied=tied, confirm=request.POST.get("confirm") == "yes",
                    round_number=rung,
                )  # fmt: skip
            except NeedsConfirmation as asked:  # tables that sent no tally: asked first, as the desk asks
                kept = (
                    {f"cut-{table}": side for table, side in tied.items()}
                    | ({"last": "1"} if last else {})
                    | {"round": str(rung)}
                )
                return render(request, "direct/confirm.html", {
                    "section": section, "label": asked.label, "missing": asked.missing, "results": asked.results,
                    "url": reverse("direct-party", args=[section.id]), "kept": kept,
                })  # fmt: skip
            except NumberError as error:
                messages.error(request, f"{error}: reload the page and ring again")
            else:
                messages.success(
                    request, f"The bell rings for round {rung}: every table is frozen as it stands."
                )
        return redirect("direct-party", section.id)
    tallies = {(t.round, t.table): t for t in section.tallies.all()}
    kind = party_kind(section.movement_kind)
    tie = kind.tie
    settings = party_settings(section)
    deals = settings.round_deals
    names = {e.number: e.name or f"Player {e.number}" for e in Entry.objects.filter(section=section)}
    hearts = section.game == "hearts"
    her = settings.ladies_of(len(names)) if hearts else frozenset()
    forts = _forts(section)
    rounds, tied = [], []
    for number in sorted(set(section.seatings.values_list("round", flat=True)), reverse=True):
        rows = []
        for seating in section.seatings.filter(round=number).order_by("table"):
            tally = tallies.get((number, seating.table))
            state = None
            if tally is not None and not tally.frozen:
                state = kind.state(
                    seating.table, tally.ns_points, tally.ew_points, bool(tally.hearts), tally.hands, deals
                )
                if state.state == "tied" and number == section.current_round:
                    tied.append(seating.table)
            rows.append({"seating": seating, "tally": tally, "state": state,
                         "players": [(seat, names.get(n, "")) for seat, n in seat_numbers(seating)],
                         "hearts": _hearts_hand(section, seating, tally, names, her) if hearts else None,
                         "forts": _sides(forts, seating)})  # fmt: skip
        rounds.append((number, rows, [names.get(n, "") for n in players.sitting_out(section, number)]))
    ending = _ending(section) if section.status == Status.FINISHED else {}
    ending["changes"] = [
        {"text": _change(section, tally, was, names), "reseat": tally.round == section.current_round - 1}
        for tally, was in bell.moves_changed(section)
    ]
    return render(request, "direct/party.html", ending | {
        "head_rule": kind.head_rule(settings.method), "kind": kind,
        "present": [(n, names[n]) for n in sorted(names) if n not in settings.left],
        "sides": kind.mixed,
        "section": section, "rounds": rounds, "party": standings.party_rows(section),
        "running": section.status == Status.RUNNING, "codes": section.table_codes.all(),
        "euchre": lone_hands_allowed(section.game, 2, section.movement_kind), "jobs": latest_jobs(section), "tied": tied, "tie": tie, "players": len(forts) or len(names), "deals": deals, "forts": list(forts.values()),
    })  # fmt: skip


def _change(section: Section, tally: Tally, was: dict, names: dict) -> str:
    """A correction that changed who moved, in words: "Round 1: this changes who moved at table 2: E-W (...) won,
    not N-S (...) as when round 2 was seated." (a hearts table: who takes the punch marks)."""
    seats = section.seatings.get(round=tally.round, table=tally.table).seats

    def who(numbers) -> str:
        return " & ".join(f"{n}. {names.get(int(n)) or 'Player'}" for n in numbers)

    if section.game == "hearts":
        now, then = who(sorted(tally.punches, key=int)), who(sorted(was.get("punches") or {}, key=int))
        moves = f"{now} take the punch marks, not {then or 'nobody'}"
    else:

        def side(winners: str) -> str:
            return (
                f"{winners[0]}-{winners[1]} ({who(seats[seat] for seat in winners)})" if winners else "no one"
            )

        moves = f"{side(tally.winners)} won, not {side(was.get('winners') or '')}"
    return (
        f"Round {tally.round}: this changes who moved at table {tally.table}: {moves} as when round "
        f"{tally.round + 1} was seated."
    )


@login_required
@require_POST
@refusals_shown(_host_again)
def party_reseat(request, section_id: int):
    """The host seats the round in play again from the corrected winners of the round before (parties.bell.reseat)."""
    section = _party(request, section_id)
    bell.reseat(section, request.user)
    messages.success(
        request, f"Round {section.current_round} is seated again by the corrected winners: see the projector."
    )
    return redirect("direct-party", section.id)


@login_required
@require_POST
@refusals_shown(_host_again)
def party_players(request, section_id: int):
    """The host adds a late arrival, withdraws a player who leaves or seats a substitute (parties.players)."""
    section = _party(request, section_id)
    action = request.POST.get("action", "")
    name, side = request.POST.get("name", ""), request.POST.get("side", "")
    try:
        if action == "add":
            entry, when = players.add_player(section, name, side)
            done = f"{entry.name} joins the party from {when}."
        elif action in ("withdraw", "substitute"):
            number = whole_number(request.POST.get("player", ""), "the player", Column(1, 32767))
            if action == "withdraw":
                entry, when = players.withdraw_player(section, number)
                done = f"{entry} leaves the party from {when}; what he or she won stays in the standings."
            else:
                entry, when = players.substitute_player(section, number, name, side)
                done = f"{entry.name} takes player {number}'s place from {when}."
        else:
            raise Refused("choose to add, withdraw or substitute a player")
    except NumberError:
        messages.error(request, "choose the player who leaves")
    else:
        messages.success(request, done)
    return redirect("direct-party", section.id)


def _forts(section: Section) -> dict[int, Fort]:
    """Military euchre's forts by number, named and flagged as set up (none for the other kinds)."""
    if party_kind(section.movement_kind).scoring != "flags":
        return {}
    forts = party_settings(section).forts_of(section.entries.count())
    return {fort.number: fort for fort in forts}


def _sides(forts: dict[int, Fort], seating: Seating) -> tuple[Fort, Fort] | None:
    """The forts meeting at a military euchre table: its home fort's N-S and the visiting fort's E-W (L11448–11451)."""
    north, east = seating.seats.get("N"), seating.seats.get("E")
    if not forts or north is None or east is None:
        return None
    return forts[fort_of(int(north))], forts[fort_of(int(east))]


def _hearts_hand(section: Section, seating: Seating, tally: Tally | None, names: dict, her) -> dict:
    """A hearts table's hand as the host sees it: each seat's player and the hearts taken, and the punch marks it
    won, "by the cut" where the two ladies or the two gentlemen tied (Hoyle 1940 L12252–12263); decided at the bell,
    and before it shown as they would be."""
    taken = {int(p): n for p, n in (tally.hearts if tally else {}).items()}
    punches = (tally.punches if tally.frozen else standings.decide_table(section, tally)[1]) if taken else {}
    cut = hearts_cut(taken, her)
    seats = seat_numbers(seating)
    return {
        "seats": [(seat, names.get(n, ""), taken.get(n)) for seat, n in seats],
        "punched": [
            f"{names.get(n, '')} ({'lady' if n in her else 'gentleman'}{', by the cut' if n in cut else ''})"
            for _, n in seats if str(n) in punches
        ],
    }  # fmt: skip


@login_required
@require_POST
@refusals_shown(_host_again)
def party_forts_named(request, section_id: int):
    """The host names military euchre's forts (parties.services.name_forts); the pages show the names at once."""
    section = _party(request, section_id)
    names = [request.POST.get(f"fort-{f}", "") for f in range(1, len(_forts(section)) + 1)]
    services.name_forts(section, names)
    messages.success(request, "The forts' names are saved.")
    return redirect("direct-party", section.id)


@login_required
@require_POST
@refusals_shown(_host_again)
def party_prizes(request, section_id: int):
    """The host's prizes: how many go by the kind's measure (games won, punch marks, points, net score; to the forts
    in military euchre) and whether the most lone hands win one (Hoyle 1940 L11413–11418); a setting changed with
    a reason, kept as a SectionVersion; the standings follow."""
    section = _party(request, section_id)
    forts = len(_forts(section))  # military euchre's prizes go to the forts (Hoyle 1940 L11463–11464)
    players = forts or section.entries.count()
    text = request.POST.get("prizes", "").strip()
    lone = request.POST.get("lone_hand_prize") == "1"
    reason = request.POST.get("reason", "")
    try:
        prizes = whole_number(text, "prizes", Column(0, players))
    except NumberError:
        raise Refused(
            f"give the number of prizes as a whole number from 0 to {players} (the {'forts' if forts else 'players'})"
        ) from None
    tournament_services.change_settings(
        section, {"prizes": prizes, "lone_hand_prize": lone}, request.user, reason
    )
    extra = " and the lone-hand prize" if lone else ""
    by = party_kind(section.movement_kind).prizes_by
    messages.success(request, f"{prizes} prize{pluralize(prizes)} {by}{extra}: the standings follow.")
    return redirect("direct-party", section.id)


def _tally_again(request, error: Refused, section_id: int, round_number: int, table: int) -> HttpResponse:
    """The tally's page again after a Refused (said by refusals_shown)."""
    return redirect("direct-tally", section_id, round_number, table)


@login_required
@refusals_shown(_tally_again)
def party_tally(request, section_id: int, round_number: int, table: int):
    """A table's tally for a round with its versions; once the bell froze it, the host corrects it with a reason
    (parties.tallies.correct_tally: a TallyVersion, the winners decided again, the standings follow)."""
    section = _party(request, section_id)
    seating = get_object_or_404(Seating, section=section, round=round_number, table=table)
    tally = get_object_or_404(Tally, section=section, round=round_number, table=table)
    if request.method == "POST":
        tallies.correct_tally(section, round_number, table, tallies.tally_form(request.POST),
                              request.user, request.POST.get("reason", ""))  # fmt: skip
        messages.success(
            request, f"Round {round_number}, table {table}: the correction is saved as a new version."
        )
        names = dict(Entry.objects.filter(section=section).values_list("number", "name"))
        for changed, was in bell.moves_changed(section):
            if (changed.round, changed.table) == (round_number, table):
                messages.warning(request, f"{_change(section, changed, was, names)} The host page offers to "
                                          f"seat round {section.current_round} again.")  # fmt: skip
        return redirect("direct-tally", section.id, round_number, table)
    names = {
        n: name or f"Player {n}"
        for n, name in Entry.objects.filter(section=section).values_list("number", "name")
    }
    hearts = section.game == "hearts"
    per_player = tally.hearts if hearts else tally.lone_hands
    seats = [
        (seat, number, names.get(number, ""), per_player.get(str(number), 0))
        for seat, number in seat_numbers(seating)
    ]
    versions = [(v, _snapshot_text(v.before, names, hearts), _snapshot_text(v.after, names, hearts))
                for v in tally.versions.select_related("changed_by")]  # fmt: skip
    return render(request, "direct/tally.html", {
        "section": section, "tally": tally, "seats": seats, "versions": versions, "hearts": hearts,
        "now": _snapshot_text(tallies.tally_snapshot(tally), names, hearts),
        "most": party_kind(section.movement_kind).max_points,
    })  # fmt: skip


def _snapshot_text(values: dict | None, names: dict, hearts: bool) -> str:
    """A tally's figures in words for its history: the points and winners, or a hearts hand's hearts taken and its
    punch marks."""
    if not values:
        return ""
    if hearts:
        taken = ", ".join(f"{names.get(int(p), p)} {n}" for p, n in (values.get("hearts") or {}).items())
        punched = ", ".join(names.get(int(p), p) for p in values.get("punches") or {})
        return f"hearts {taken or 'not given'}" + (f"; punch marks {punched}" if punched else "")
    won = f", {values['winners']} won" if values.get("winners") else ""
    return f"N-S {values.get('ns_points')}, E-W {values.get('ew_points')}{won}"


def party_seating(request, section_id: int):
    """The round's seating of a party for a projector: every table (the head table marked, each side's partners)
    and a "find your name" list, paged by the screen (projector.js), with the countdown of a timed round from the
    moment it began (the start for round 1, the bell of the round before for the others). After the last bell it
    ends on the standings and prizes."""
    section = page_section(request, section_id)
    if not section.is_party:
        raise Http404("not a progressive party")
    if section.status == Status.FINISHED:
        return render(request, "pages/party_end.html", _ending(section) | {"projector": True})
    seatings = list(section.seatings.filter(round=section.current_round).order_by("table"))
    names = {e.number: e.name or f"Player {e.number}" for e in section.entries.all()}
    forts = _forts(section)

    def who(number: int | None) -> str:
        return f"{number}. {names.get(number, '')}" if number is not None else "–"

    tables = [
        {"table": s.table, "head": s.table == HEAD_TABLE, "forts": _sides(forts, s),
         "pairs": [(side, who(s.seats.get(side[0])), who(s.seats.get(side[2]))) for side in ("N-S", "E-W")]}
        for s in seatings
    ]  # fmt: skip
    found: dict = places((s.table, s.seats) for s in seatings)
    found |= dict.fromkeys(players.sitting_out(section, section.current_round))  # no place: they sit it out
    finder = sorted(
        ({"name": names.get(n, ""), "number": n, "place": place,
          "partner": names.get(place.partner, "") if place else ""} for n, place in found.items()),
        key=lambda row: (row["name"].casefold(), row["number"]),
    )  # fmt: skip
    minutes = party_settings(section).minutes
    started = section.round_started if minutes and section.status == Status.RUNNING else None
    return render(request, "pages/party_seating.html", {
        "section": section, "tables": tables, "finder": finder, "minutes": minutes, "started": started,
        "party": standings.party_rows(section) if forts else [],
    })  # fmt: skip


def party_end(request, section_id: int):
    """A finished party's standings and prizes on a phone: where a table's phone goes after the last bell."""
    section = page_section(request, section_id)
    if not section.is_party:
        raise Http404("not a progressive party")
    return render(request, "pages/party_end.html", _ending(section) | {"projector": False})


def _ending(section: Section) -> dict:
    """What the end of a party shows: the prize winners (the forts' in military euchre), the kind's prize rule
    and the standings."""
    kind = party_kind(section.movement_kind)
    rows = standings.party_rows(section)
    forts = [f for f in standings.fort_board(section) if f.prize] if kind.scoring == "flags" else []
    return {"section": section, "kind": kind, "party": rows, "fort_winners": forts,
            "winners": [] if forts else sorted((row for row in rows if row["prize"]), key=_prize_order),
            "finished": section.status == Status.FINISHED}  # fmt: skip


def _prize_order(row: dict) -> tuple[int, int, str]:
    """Prize winners in the order of their prizes (players tied for a block of prizes rank alike: the cut gave
    them their prizes): "1st prize" first, the lone-hand and the star party's prizes after the numbered ones, the
    star party's in the book's order of the colours, gold, red and green (002 L677)."""
    number = re.match(r"\d+", row["prize"])
    colour = next((i for i, c in enumerate(STAR_COLOURS) if f"{c}-star" in row["prize"]), len(STAR_COLOURS))
    return (int(number.group()) if number else 10_000, colour, row["prize"])


def table_party_state(request):
    """What a party table's phone polls (party_phone.js): the round in play and its table's seating, so that it
    shows the bell's moves (or a new seating) at once; `running` false once the party ended (or the phone is signed
    out)."""
    code = table_code(request)
    if code is None:
        return JsonResponse({"running": False, "round": None})
    section = code.section
    seats = (
        Seating.objects.filter(section=section, round=section.current_round, table=code.table)
        .values_list("seats", flat=True)
        .first()
    )
    return JsonResponse({"running": True, "round": section.current_round, "seating": _seated(seats)})


def _seated(seats: dict | None) -> str:
    """A table's seating as one word ("7-2-11-4", N E S W), for the phone to see that its table was seated again
    (a late arrival, a leaver, a re-seat) without a bell."""
    return "-".join(str((seats or {}).get(seat, "")) for seat in "NESW")


@require_POST
def table_tally(request):
    """A party table's phone saves its tally for this round (parties.tallies.record_tally), then shows it again."""

    def save(code) -> str:
        tallies.record_tally(code.section, code.table, tallies.tally_form(request.POST))
        return "Tally saved."

    return at_table(request, save)


def table_page(request, code, seating: Seating):
    """A party table's phone (the table page, tournaments.views.table, once the table is logged in): its seating
    and its tally for this round as saved (hands, points of each side, lone hands or hearts by seat)."""
    section = code.section
    tally = Tally.objects.filter(section=section, round=seating.round, table=code.table).first()
    names = {e.number: e.name or f"Player {e.number}" for e in section.entries.all()}
    forts = _forts(section)
    lone = (tally.hearts if section.game == "hearts" else tally.lone_hands) if tally else {}
    seats = [(seat, n, names.get(n, ""), lone.get(str(n), 0)) for seat, n in seat_numbers(seating)]
    kept = tally.deals if tally else []
    deal_rows = [  # bridge parties: each deal as saved (its contract, declarer, tricks, points), blank until played
        (n, condition, kept[n - 1] if n <= len(kept) else {})
        for n, condition in enumerate(party_kind(section.movement_kind).deals, start=1)
    ]
    kind = party_kind(section.movement_kind)
    return render(request, "pages/table_tally.html", {
        "section": section, "code": code, "seating": seating, "tally": tally, "seats": seats,
        "lone_hands": lone_hands_allowed(section.game, code.table, section.movement_kind),
        "head_table_note": kind.lone_hands and code.table == HEAD_TABLE, "moves": _moves(section, code.table, names),
        "seated": _seated(seating.seats),
        "most": kind.max_points,
        "deals": party_settings(section).round_deals, "deal_rows": deal_rows,
        "forts": _sides(forts, seating), "party": standings.party_rows(section) if forts else [],
    })  # fmt: skip


def _moves(section: Section, table: int, names: dict) -> list[dict]:
    """After the bell, where each player of this table's last round goes: the table, seat and partner of the round
    now in play (or that the player sits this round out)."""
    number = section.current_round
    before = Seating.objects.filter(section=section, round=number - 1, table=table).first()
    if before is None:
        return []
    now = places(section.seatings.filter(round=number).values_list("table", "seats"))
    return [
        {"name": names.get(player, ""), "number": player, "place": now.get(player),
         "partner": names.get(now[player].partner, "") if player in now else ""}
        for _, player in seat_numbers(before) if player is not None
    ]  # fmt: skip
