"""A party's tallies: each table's running tally for the round, entered on its phone and replaced until the bell
freezes it, and the host's corrections of a frozen one (a TallyVersion each, the winners decided again). The
figures are checked by the party's kind: lone hands where the book allows them, hearts adding up to 13, points up
to the kind's most."""

from __future__ import annotations

from django.db import transaction

from config.refusals import Conflict, NotFound, Refused
from games.formats.numbers import COUNT, Column, NumberError, quoted, whole_number
from games.versions import add_version
from scoring.services import standings_changed
from tournaments.models import Seating, Section, Status
from tournaments.rounds import table_seating

from .core import PartyKind, PlayedDeal, TypedDeal, lone_hands_allowed, party_kind, round_points
from .models import Tally
from .settings import party_settings
from .standings import decide_table

VERSION = Column(0, 2**31 - 1)
"""A tally's version as a phone or a program sends it back (Tally.version, a PositiveIntegerField)."""


def _tally_values(section: Section, table: int, seats: dict, values: dict) -> dict:
    """A tally's figures checked (numbers or their digits, as a form sends them): lone hands per seat turned into
    per player, and none where the book allows none (the head table, Hoyle 1940 L11381–11382)."""
    lone_hands = values.get("lone_hands") or {}
    if not isinstance(lone_hands, dict):
        raise Refused(f'table {table}: lone hands are given by seat, as in {{"N": 1}}')
    lone = {}
    for seat, given in lone_hands.items():
        if seat not in seats:
            raise Refused(f"table {table}: lone hands for {quoted(seat)}, which is not a seat (N, E, S, W)")
        count = _count(table, f"lone hands for {seat}", given)
        if count and not lone_hands_allowed(section.game, table, section.movement_kind):
            raise Refused(
                f"table {table}: no lone hands are allowed at the head table (Hoyle 1940 L11381–11382)"
                f"{' or in military euchre (L11446)' if section.movement_kind == 'military-euchre' else ''}; "
                f"{seat} cannot have played {count} alone"
            )
        if count:
            lone[str(seats[seat])] = count
    checked: dict = {"lone_hands": lone}
    if section.game == "hearts":
        checked["hearts"] = _hearts_taken(table, seats, values.get("hearts") or {})
    kind = party_kind(section.movement_kind)
    most = kind.max_points  # bridge tallies are in points (Hoyle 1940 L20376–20392)
    if kind.deals and values.get("deals") is not None:
        values = {**values, **_deal_by_deal(table, kind, values["deals"], most)}
        checked["deals"] = values["deals"]
    elif kind.deals:
        checked["deals"] = []  # the round's sums given whole (a host's correction)
    deals = party_settings(section).round_deals
    hands = values.get("hands", 0)
    if deals is not None and isinstance(hands, int) and hands > deals:
        raise Refused(
            f"table {table}: a round of this party is {deals} deals, so {hands} hands cannot be played"
        )
    for name, top in (("hands", 99), ("ns_points", most), ("ew_points", most)):
        checked[name] = _count(table, name, values.get(name, 0), top)
    return checked


def _deal_by_deal(table: int, kind: PartyKind, given, most: int) -> dict:
    """A bridge party's deals (Hoyle 1940: four deals a round, progressive contract L20376–20392, individual
    progressive bridge L5391–5401), each given as its contract, declarer and tricks, scored by the book's rules for
    the kind (parties.core.round_points), or as each side's points, checked against the book's limits. Kept per
    deal; the round's hands and points are their count and sums."""
    example = '{"contract": "4S", "declarer": "N", "tricks": 10} or {"ns": 420, "ew": 0}'
    if not isinstance(given, list) or not all(isinstance(deal, dict) for deal in given):
        raise Refused(f"table {table}: give the deals in order, each {example}")
    if len(given) > len(kind.deals):
        raise Refused(f"table {table}: a round is {len(kind.deals)} deals, not {len(given)}")
    played: list[PlayedDeal | TypedDeal] = []
    kept = []
    for n, deal in enumerate(given, start=1):
        if unknown := set(deal) - {*DEAL, "ns", "ew"}:
            raise Refused(f"table {table}: deal {n} has {', '.join(sorted(unknown))}: give {example}")
        declarer = str(deal.get("declarer") or "").strip().upper()
        if "contract" in deal or "tricks" in deal:
            if "ns" in deal or "ew" in deal:
                raise Refused(f"table {table}: deal {n} gives both its contract and its points: give one")
            contract = str(deal.get("contract") or "").strip()
            tricks = _count(table, f"deal {n} tricks", deal.get("tricks", 0), 13)
            honors = str(deal.get("honors") or "").strip()
            played.append(PlayedDeal(contract, declarer, tricks, honors))
            kept.append({"contract": contract, "declarer": declarer, "tricks": tricks} | (
                {"honors": honors} if honors else {}))  # fmt: skip
        else:
            ns, ew = (_count(table, f"deal {n} {name}", deal.get(side, 0), most)
                      for side, name in (("ns", "N-S"), ("ew", "E-W")))  # fmt: skip
            played.append(TypedDeal(ns, ew, declarer))
            kept.append({"declarer": declarer} if declarer else {})
    try:
        points = round_points(kind.rule_set, played)
    except ValueError as error:
        raise Refused(f"table {table}: {error}") from None
    deals = [{"ns": ns, "ew": ew} | deal for (ns, ew), deal in zip(points, kept, strict=True)]
    ns, ew = sum(d["ns"] for d in deals), sum(d["ew"] for d in deals)
    if max(ns, ew) > most:
        raise Refused(f"table {table}: the round's points, {ns} and {ew}, are more than {most}")
    return {"deals": deals, "hands": len(deals), "ns_points": ns, "ew_points": ew}


DEAL = ("contract", "declarer", "tricks", "honors")
"""What a deal's own figures are, as a program sends one deal alone ({"contract": "4S", "declarer": "N", ...})."""


def _next_deal(section: Section, round_number: int, table: int, values: dict) -> dict:
    """One deal sent alone, its contract, declarer and tricks in the body, is the round's next deal after those
    saved: the tally's deals so far with it, so it is scored, never dropped for a 0–0 tally."""
    given = {name: values[name] for name in DEAL if name in values}
    if not given:
        return values
    if not party_kind(section.movement_kind).deals or "deals" in values:
        raise Refused(
            f"table {table}: a deal's {', '.join(given)} are given in the deals of a bridge party's tally"
            if "deals" in values else f"table {table}: {section} keeps no tally deal by deal"
        )  # fmt: skip
    tally = Tally.objects.filter(section=section, round=round_number, table=table).first()
    saved = [
        {k: v for k, v in deal.items() if k not in ("ns", "ew") or "contract" not in deal}
        for deal in (tally.deals if tally else [])
    ]
    return {name: value for name, value in values.items() if name not in DEAL} | {"deals": [*saved, given]}


def _hearts_taken(table: int, seats: dict, taken: dict) -> dict:
    """Progressive hearts: each player's hearts this hand, 0 to 13, all four adding up to 13 (Hoyle 1940 L12252)."""
    if not isinstance(taken, dict):
        raise Refused(
            f'table {table}: give the hearts taken by seat, e.g. {{"N": 3, "E": 0, "S": 6, "W": 4}}'
        )
    checked = {}
    for seat, count in taken.items():
        if seat not in seats:
            raise Refused(f"table {table}: hearts for {quoted(seat)}, which is not a seat (N, E, S, W)")
        checked[str(seats[seat])] = _count(table, f"hearts for {seat}", count, 13)
    if checked and (len(checked) != 4 or sum(checked.values()) != 13):
        raise Refused(f"table {table}: the four players' hearts add up to 13, not {sum(checked.values())}")
    return checked


def _version_read(table: int, values: dict) -> int | None:
    """The version of the tally the sender read, if it says (a count: 0 for none yet)."""
    read = values.get("version")
    return None if read is None else _count(table, "version", read, VERSION.high)


def describe_tally(values: dict, seats: dict) -> str:
    """A tally's figures in words, seat by seat where they are a hearts hand: "5 hands, N-S 3, E-W 2" or "hearts N
    2, E 7, S 4, W 0"."""
    if values.get("hearts"):
        return "hearts " + ", ".join(
            f"{seat} {values['hearts'].get(str(seats.get(seat)), 0)}" for seat in "NESW"
        )
    return (
        f"{values.get('hands', 0)} hands, N-S {values.get('ns_points', 0)}, E-W {values.get('ew_points', 0)}"
    )


def _count(table: int, name: str, value, top: int = COUNT.high) -> int:
    """A tally's count from 0 to `top`, or Refused naming the table and the figure."""
    try:
        return whole_number(value, name, Column(0, top))
    except NumberError as error:
        raise Refused(f"table {table}: {error}") from None


def tally_snapshot(tally: Tally) -> dict:
    return {"round": tally.round, "table": tally.table, "hands": tally.hands, "ns_points": tally.ns_points,
            "ew_points": tally.ew_points, "winners": tally.winners, "lone_hands": tally.lone_hands,
            "punches": tally.punches, "hearts": tally.hearts, "deals": tally.deals, "frozen": tally.frozen}  # fmt: skip


def tally_version(tally: Tally, kind: str, before: dict | None, by: str, user=None, reason: str = "") -> None:
    """A saved change of the tally kept as its next TallyVersion; the tally's version is that version's number."""
    tally.version += 1
    tally.save(update_fields=["version"])
    add_version(
        tally, tally_snapshot(tally), before, number=tally.version, kind=kind, by=by, user=user, reason=reason
    )


def record_tally(section: Section, table: int, values: dict) -> Tally:
    """A progressive table's running tally for the current round, replaced until the bell freezes it.

    `values["version"]` is the version of the tally the phone read (0: none yet). Two phones at a table must not
    overwrite each other in silence: a save over a version that is no longer the tally's is refused (409) with
    the stored tally, as a different second result for a board is (games.services.enter_result); so is a save
    without a version that differs from a tally already saved (the same figures again change nothing)."""
    if section.status != Status.RUNNING or not section.is_party:
        raise Conflict(f"{section} is not a running progressive party")
    seating = table_seating(section, table)
    read = _version_read(table, values)
    values = _next_deal(section, seating.round, table, values)
    checked = _tally_values(section, table, seating.seats, values)
    with transaction.atomic():
        tally, created = Tally.objects.select_for_update(no_key=True).get_or_create(
            section=section, round=seating.round, table=table
        )
        if tally.frozen:
            raise Conflict(f"table {table}: the bell has rung for round {seating.round}; the tally is frozen")
        stored = tally_snapshot(tally)
        if read is None and not created and all(stored.get(name) == value for name, value in checked.items()):
            return tally  # the same tally again
        if (read is None and not created) or (read is not None and read != tally.version):
            raise Conflict(
                f"table {table}: round {seating.round}'s tally was saved by another phone meanwhile "
                f"({describe_tally(stored, seating.seats)}, version {tally.version}); nothing was saved: "
                "look at it and save again if yours is right",
                stored=stored | {"version": tally.version}, sent=checked,
            )  # fmt: skip
        before = None if created else stored
        for name, value in checked.items():
            setattr(tally, name, value)
        tally.save()
        tally_version(tally, "entered", before, f"table {table} scorer")
    return tally


def correct_tally(section: Section, round_number: int, table: int, values: dict, user, reason: str) -> Tally:
    """A director's correction of a frozen tally: the table's winners are decided again, the standings follow."""
    if not (reason or "").strip():
        raise Refused(f"round {round_number} table {table}: a correction needs a reason")
    seating = Seating.objects.filter(section=section, round=round_number, table=table).first()
    if seating is None:
        raise NotFound(f"round {round_number} has no table {table}")
    if alone := [name for name in DEAL if name in values]:
        raise Refused(
            f"round {round_number} table {table}: a correction gives the round's points (or its deals), "
            f"not one deal's {', '.join(alone)}"
        )
    needed = ("hearts",) if section.game == "hearts" else ("ns_points", "ew_points")
    if missing := [name for name in needed if values.get(name) in (None, {})]:
        raise Refused(f"round {round_number} table {table}: a correction gives the {' and '.join(missing)}")
    read = _version_read(table, values)
    checked = _tally_values(section, table, seating.seats, values)
    with transaction.atomic():
        tally = (
            Tally.objects.select_for_update(no_key=True)
            .filter(section=section, round=round_number, table=table)
            .first()
        )
        if tally is None or not tally.frozen:
            raise Conflict(
                f"round {round_number} table {table}: only a tally frozen by the bell is corrected"
            )
        before = tally_snapshot(tally)
        if read is not None and read != tally.version:
            raise Conflict(
                f"round {round_number} table {table}: the tally was changed meanwhile "
                f"({describe_tally(before, seating.seats)}, version {tally.version}); nothing was saved: look at "
                "it and correct it again if it is still wrong",
                stored=before | {"version": tally.version},
            )  # fmt: skip
        for name, value in checked.items():
            setattr(tally, name, value)
        tally.winners, tally.punches = decide_table(section, tally)
        tally.save()
        tally_version(tally, "corrected", before, f"director {user.get_username()}", user, reason.strip())
        standings_changed(section.id)
    return tally


def tally_form(data) -> dict:
    """A tally form's figures (hands, N-S and E-W points, lone hands and hearts by seat) as the tally use cases
    take them: the text as typed, a blank as 0; they parse it and name a figure that is not a count."""
    values = {name: data.get(name, "").strip() or 0 for name in ("hands", "ns_points", "ew_points")}
    values["lone_hands"] = {seat: data.get(f"lone-{seat}", "").strip() or 0 for seat in "NESW"}
    if "version" in data:  # the version of the tally the page showed (parties.tallies.record_tally)
        values["version"] = data.get("version", "").strip() or 0
    played = [n for n in range(1, 9) if f"deal-{n}-ns" in data or f"deal-{n}-contract" in data]
    if played:  # deal by deal: the rows up to the last one with a figure (a blank figure is 0)
        rows = {n: {f: data.get(f"deal-{n}-{f}", "").strip() for f in ("contract", "declarer", "tricks", "ns", "ew")}
                for n in played}  # fmt: skip
        filled = [n for n, row in rows.items() if any(row.values())]
        values["deals"] = [_form_deal(rows[n]) for n in played if filled and n <= max(filled)]
    if any(f"hearts-{seat}" in data for seat in "NESW"):
        values["hearts"] = {seat: data.get(f"hearts-{seat}", "").strip() or 0 for seat in "NESW"}
    return values


def _form_deal(row: dict) -> dict:
    """A deal's row of the tally form: its contract, declarer and tricks where the contract is given, else each
    side's points as typed (with the declarer, if chosen, so a penalty is checked as one)."""
    if row["contract"] or row["tricks"]:
        return {"contract": row["contract"], "declarer": row["declarer"], "tricks": row["tricks"] or 0}
    typed = {side: row[side] or 0 for side in ("ns", "ew")}
    return typed | ({"declarer": row["declarer"]} if row["declarer"] else {})
