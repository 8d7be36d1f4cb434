"""What the tournaments tests share: the hidden-boards Mitchell's deals and results (the `session` fixture,
tournaments/conftest.py), its viewers and the walk of every page route looking for a leak; and the room's Mitchell
(the `desk` fixture) with the director's grid."""

from __future__ import annotations

import io
import re

from django.contrib.auth.models import User
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils.http import urlsafe_base64_encode
from pypdf import PdfReader

from games.models import Result
from tests.integration.api_helpers import enter, https_client
from tournaments.models import Section

# Boards 3 and 5 get deals no random deal has (a 13-card suit in every hand), so any sight of them is found: as PBN
# ("AKQJT98765432") or as a page's and a PDF's hand diagram ("A K Q J T 9 8 7 6 5 4 3 2").
ONE_SUIT_EACH = {
    3: "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
    5: "N:.AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432 AKQJT98765432...",
}


HAND_NEEDLES = ("AKQJT98765432", "A K Q J T 9 8 7 6 5 4 3 2")


# The results of the Mitchell (N-S t stays at table t, E-W move up, boards down; mitchell(3, 2)):
# round 1: table 1 pairs 1-4 boards 1-2, table 2 pairs 2-5 boards 3-4, table 3 pairs 3-6 boards 5-6;
# round 2: table 1 pairs 1-6 boards 3-4, table 2 pairs 2-4 boards 5-6, table 3 pairs 3-5 boards 1-2.
PLAYED = [  # (round, table, board, contract, declarer, tricks, N-S score: found in any answer that shows it)
    (1, 1, 1, "5CX", "N", 11, 550),
    (1, 2, 3, "6NTXX", "S", 12, 1660),
    (1, 3, 5, "7NTXX", "N", 13, 2980),
    (2, 1, 4, "4H", "N", 10, 620),
]


def viewer_client(kind: str, world) -> tuple[Client, dict]:
    """A client for one kind of viewer, and the headers its API requests carry."""
    client = https_client()
    if kind == "table":
        code = world["codes"][1]
        assert client.post("/table/", {"code": code}).status_code == 302  # the phone's page session
        return client, {"X-Table-Code": code}
    if kind in ("player", "director", "other director"):
        client.force_login(
            {"player": world["ada"], "director": world["alice"], "other director": world["bob"]}[kind]
        )
    return client, {}


def leaks(body: str, hands: list[str], scores: set[int]) -> list[str]:
    found = [needle for needle in hands if needle in body]
    # A score stands alone (">550<", ": 550,", "−550"): the same digits inside a random token (a CSRF token on a
    # 404 page) are not a leak.
    found += [str(score) for score in scores if re.search(rf"(?<![\w.]){score}(?!\w)", body)]
    return found


def body_text(answer) -> str:
    """A page's whole body as text (a PDF's extracted), scripts and markup included: what a leak could hide in."""
    if answer.get("Content-Type", "").startswith("application/pdf"):
        return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(answer.content)).pages)
    return answer.content.decode(errors="replace")


PARAMETERS = {
    "section_id",
    "number",
    "kind",
    "slug",
    "result_id",
    "round_number",
    "table",
    "code",
    "member_id",
    "user_id",
    "uidb64",
    "token",
    "event_id",
    "session_id",
    "row_id",
}


def page_urls(world) -> list[str]:
    """Every page route of the resolver (the API is walked from its schema), with each parameter's real values."""
    section = world["section"]
    values = {
        "section_id": [section.id], "number": list(range(1, 7)), "kind": ["guide", "table", "session", "event", "member"],
        "slug": [world["club"].slug], "result_id": list(Result.objects.filter(section=section).values_list("id", flat=True)),
        "round_number": [1, 2], "table": [1, 2, 3],
        "code": ["NOPE99"],  # a table card's address: a real code would make the walker that table's scorer
        "member_id": list(world["club"].players.values_list("id", flat=True)) or [1],
        "user_id": list(User.objects.values_list("id", flat=True)),
        "uidb64": [urlsafe_base64_encode(str(pk).encode()) for pk in User.objects.values_list("id", flat=True)],
        "event_id": [section.session.event_id], "session_id": [section.session_id],
        "row_id": [section.session.event_id, section.session_id],
        "token": ["no-such-token"],  # a password-setting link's: a real one would let the walker set a password
    }  # fmt: skip
    urls = []

    def walk(patterns, prefix: str):
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                if route in ("api/", "admin/"):
                    continue  # the API from its schema below; the admin site is for staff (superusers) only
                walk(pattern.url_patterns, route)
                continue
            assert isinstance(pattern, URLPattern)
            names = re.findall(r"<(?:\w+:)?(\w+)>", route)
            assert set(names) <= PARAMETERS, (
                f"{route}: teach this walk the values of {set(names) - PARAMETERS}"
            )
            found = [route]
            for name in names:
                found = [
                    re.sub(rf"<(?:\w+:)?{name}>", str(value), url, count=1)
                    for url in found
                    for value in values[name]
                ]
            urls.extend("/" + url for url in found)

    walk(get_resolver().url_patterns, "")
    return urls


def catch_up(phone: Client, session) -> None:
    """Table 1 enters its round-1 board 2, left behind: its phone goes on to round 2, where pairs 1 and 6 sit (until
    then it shows round 1, and whoever holds it may be pair 4 as well: it shows what all three have played)."""
    answer = enter(phone, session["codes"][1], 2, "2C", "N", 8)
    assert answer.status_code == 201 and (answer.json()["round"], answer.json()["score_ns"]) == (1, 90)
    assert phone.get("/api/table/", headers={"X-Table-Code": session["codes"][1]}).json()["round"] == 2


TABLES, PER_ROUND = 3, 2  # the room's Mitchell: 3 rounds of 2 boards, 6 boards, 18 results


def grid(client, section, number: int, rows: dict[tuple[int, int], str]) -> None:
    """Enter board `number` through the director's grid: (round, table) -> "3NT N 9"."""
    data = {}
    for (r, t), line in rows.items():
        contract, declarer, tricks = line.split()
        data |= {f"contract-{r}-{t}": contract, f"declarer-{r}-{t}": declarer, f"tricks-{r}-{t}": tricks}
    assert client.post(f"/direct/sections/{section.id}/boards/{number}/", data).status_code == 302


def plays(section, number: int) -> dict[tuple[int, int], str]:
    return {(s.round, s.table): "3NT N 9" for s in section.seatings.all() if number in s.boards}


def set_up(client, club, sections: int, field: str, size: int = 3, boards_per_round: int = 1, **more):
    """The set-up page's form sent with "Create": the sections made, A first."""
    data = {
        "name": "Tuesday pairs", "date": "2026-11-24", "kind": "mitchell", "size": str(size),
        "boards_per_round": str(boards_per_round), "scoring_method": "mp", "sections": str(sections),
        "field_scoring": field, "create": "1",
    } | more  # fmt: skip
    answer = client.post(f"/direct/clubs/{club.slug}/new/", data)
    assert answer.status_code == 302, answer.content.decode()
    made = list(
        Section.objects.filter(session__event__club=club, session__event__name=data["name"]).order_by("name")
    )
    assert answer["Location"] == f"/direct/sections/{made[0].id}/"
    return made


def deals(section: Section) -> dict[int, str]:
    return dict(section.boards.values_list("number", "deal"))


def play_section(
    client, user, section: Section, tricks: dict[int, int], upto: int | None = None
) -> list[int]:
    """Every table enters board-by-board 4S by N with `tricks[table]` tricks, round by round (to round `upto`),
    from its phone (the table API); returns the N-S scores in the order entered."""
    client.force_login(user)
    assert client.post(f"/direct/sections/{section.id}/action/", {"action": "start"}).status_code == 302
    codes = dict(section.table_codes.values_list("table", "code"))
    scores = []
    rounds = section.rounds if upto is None else upto
    for rnd in range(1, rounds + 1):
        for table, code in codes.items():
            state = client.get("/api/table/", headers={"X-Table-Code": code}).json()
            for board in state.get("boards", []):  # none at a table sitting out
                answer = client.post("/api/table/results/", {
                    "board": board["board"], "contract": "4S", "declarer": "N", "tricks": tricks[table],
                }, content_type="application/json", headers={"X-Table-Code": code})  # fmt: skip
                assert answer.status_code == 201, answer.content
                scores.append(answer.json()["score_ns"])
        if rnd < rounds:
            client.force_login(user)
            answer = client.post(f"/direct/sections/{section.id}/action/", {"action": "next-round"})
            assert answer.status_code == 302
    client.force_login(user)
    return scores
