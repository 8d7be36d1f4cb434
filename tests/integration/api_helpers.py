"""What the integration tests share: a club with its director, movements written out as test data, running sections
and request helpers."""

from __future__ import annotations

import html
import random
import re

from django.contrib.auth.models import User
from django.test import Client

from games.engine.cards import Deal, Seat
from tournaments import services
from tournaments.models import Club, Event, Section, Session


def make_director(name: str = "alice", club_slug: str = "riverton") -> tuple[User, Club]:
    user = User.objects.create_user(name)  # no password: tests log in with force_login, and hashing is slow
    club, _ = Club.objects.get_or_create(
        slug=club_slug, defaults={"name": f"{club_slug.title()} Bridge Club"}
    )
    club.directors.add(user)
    return user, club


def https_client() -> Client:
    """A client arriving over HTTPS, as production requests do (tests/conftest.py's `client`): a second phone."""
    return Client(headers={"X-Forwarded-Proto": "https"})


def running_section(user, club, name="Monday pairs", tables=3) -> Section:
    """A running Mitchell of `tables` tables and two boards a round, dealt here, in an event of its own."""
    event = Event.objects.create(club=club, name=name, date="2026-11-23")
    section = Section.objects.create(session=Session.objects.create(event=event), name="A")
    services.install_movement(section, mitchell(tables, 2), user)
    services.deal_boards(section)
    return services.set_status(section, "running", user)


def enter(client, code, board, contract="4S", declarer="N", tricks=10, lead=""):
    """A table's scorer enters a result through the API with the table's code."""
    return client.post("/api/table/results/", {"board": board, "contract": contract, "declarer": declarer,
                       "tricks": tricks, "lead": lead}, content_type="application/json",
                       headers={"X-Table-Code": code})  # fmt: skip


def mitchell(tables: int, boards_per_round: int) -> dict:
    """A two-winner Mitchell for an odd number of tables, in issue 4's JSON, written out as test data:
    N-S pair t stays at table t, E-W pairs (tables+1 ...) move up one table, board sets down one."""
    rounds = []
    for r in range(tables):
        rows = []
        for t in range(1, tables + 1):
            ew = tables + (t - 1 - r) % tables + 1
            first = ((t - 1 + r) % tables) * boards_per_round + 1
            rows.append(
                {
                    "table": t,
                    "ns": str(t),
                    "ew": str(ew),
                    "boards": list(range(first, first + boards_per_round)),
                }
            )
        rounds.append({"round": r + 1, "tables": rows})
    return {"kind": "mitchell", "rounds": rounds}


CONTRACTS = ["1NT", "2S", "3NT", "4H", "4S", "3C", "2D", "5DX", "6NT", "Pass"]


def random_result(rng: random.Random, board: dict, deal: str | None) -> dict:
    """A well-formed result for `board` ({"board", ...}) with a lead held by the leader when the deal is known."""
    contract = rng.choice(CONTRACTS)
    if contract == "Pass":
        return {"board": board["board"], "contract": "Pass"}
    declarer = rng.choice("NESW")
    level = int(contract[0])
    tricks = max(0, min(13, 6 + level + rng.choice([-2, -1, 0, 0, 0, 1, 1])))
    values = {"board": board["board"], "contract": contract, "declarer": declarer, "tricks": tricks}
    if deal:
        leader = Seat.parse(declarer).next
        values["lead"] = str(sorted(Deal.from_pbn(deal).hands[leader])[rng.randrange(13)])
    return values


def play_all_rounds(client, director, section_id: int, codes: dict[int, str], deals: dict[int, str], rng,
                    each_result=None) -> dict:  # fmt: skip
    """Every table's scorer enters its boards round by round (the director moves the rounds on); returns
    (board, ns, ew) → the N-S score the engine gave. `each_result(client, code, table, board, values, answer)`
    is called after each entry, with the client still acting as that table."""
    sent = {}
    rounds = client.get(f"/api/sections/{section_id}/").json()["rounds"]
    for rnd in range(1, rounds + 1):
        for table, code in codes.items():
            answer = client.get("/api/table/", headers={"X-Table-Code": code})
            if answer.status_code == 404:  # no seating at this table this round
                continue
            state = answer.json()
            assert (state["round"], state["table"]) == (rnd, table)
            for board in state["boards"]:
                assert board["result"] is None
                values = random_result(rng, board, deals[board["board"]])
                answer = client.post("/api/table/results/", values, content_type="application/json",
                                     headers={"X-Table-Code": code})  # fmt: skip
                assert answer.status_code == 201, answer.content
                sent[(board["board"], state["ns"], state["ew"])] = answer.json()["score_ns"]
                if each_result:
                    each_result(client, code, table, board, values, answer)
        client.force_login(director)
        if rnd < rounds:
            assert client.post(f"/api/sections/{section_id}/next-round/").json()["current_round"] == rnd + 1
        client.logout()
    return sent


def expected_standings(sent: dict, pairs: list[int], expected: int, fields: list | None):
    """Totals, percentages, ranks and line matchpoints computed here with the scoring functions."""
    import numpy as np

    from scoring.methods.matchpoints import BoardOptions, score_board
    from scoring.methods.ranking import field_places

    totals = dict.fromkeys(pairs, 0.0)
    tops = dict.fromkeys(pairs, 0.0)
    lines = {}
    for board in sorted({b for b, _, _ in sent}):
        played = [(ns, ew, score) for (b, ns, ew), score in sorted(sent.items()) if b == board]
        scored = score_board([score for _, _, score in played], BoardOptions(), expected=expected)
        for (ns, ew, _), mp_ns, mp_ew in zip(played, scored.ns, scored.ew, strict=True):
            totals[ns] += mp_ns
            totals[ew] += mp_ew
            tops[ns] += scored.top
            tops[ew] += scored.top
            lines[(board, ns, ew)] = (mp_ns, mp_ew)
    _, ranks = field_places(np.array([[totals[p]] for p in pairs]), fields)
    return {
        p: (totals[p], totals[p] * 100 / tops[p], rank) for p, rank in zip(pairs, ranks, strict=True)
    }, lines


def new_section(client, club, event_name: str, movement: dict, **fields) -> tuple[int, dict, dict[int, str]]:
    """As the logged-in director, through the API: an event, its session, a section with `fields` and its movement
    (the body: {"movement": ...} or {"kind": ..., "sizes": ...}); returns the section's id, the section as the
    movement call answered it, and the table codes."""
    event = client.post("/api/events/", {"club": club.id, "name": event_name, "date": "2026-11-23"}).json()
    session = client.post("/api/sessions/", {"event": event["id"]}).json()
    sid = client.post("/api/sections/", {"session": session["id"], **fields}).json()["id"]
    answer = client.post(f"/api/sections/{sid}/movement/", movement, content_type="application/json")
    assert answer.status_code == 200, answer.content
    codes = {t["table"]: t["code"] for t in client.get(f"/api/sections/{sid}/tables/").json()}
    return sid, answer.json(), codes


def board_one_played(client, tricks: tuple[int, ...]) -> Section:
    """A Mitchell of len(tricks) tables, one board a round, with board 1 played round by round (4S by N, none
    vulnerable, taking `tricks`), entered by each table's scorer; the director is logged in at the end."""
    from tournaments.models import TableCode

    user, club = make_director()
    section = Section.objects.create(session=Session.objects.create(
        event=Event.objects.create(club=club, name="Tuesday", date="2026-11-24")))  # fmt: skip
    services.install_movement(section, mitchell(len(tricks), 1), user)
    services.set_status(section, "running", user)
    codes = dict(TableCode.objects.filter(section=section).values_list("table", "code"))
    for rnd, taken in enumerate(tricks, start=1):
        table = next(s.table for s in section.seatings.filter(round=rnd) if 1 in s.boards)
        answer = client.post("/api/table/results/", {"board": 1, "contract": "4S", "declarer": "N", "tricks": taken},
                             headers={"X-Table-Code": codes[table]})  # fmt: skip
        assert answer.status_code == 201, answer.content
        if rnd < len(tricks):
            services.next_round(section, user, confirm=True)  # only board 1 is played
    client.force_login(user)
    return section


def text_of(answer) -> str:
    """What a reader sees of a page: its text, without scripts, styles and tags (a word's emphasis or link in its
    line, a block on its own), its spaces collapsed."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", answer.content.decode(), flags=re.S)
    page = re.sub(r"</?(?:strong|em|span|a)\b[^>]*>", "", page)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())
