"""What the API tests share: a club with its director, movements written out as test data, and request helpers."""

from __future__ import annotations

import random

from django.contrib.auth.models import User

from games.engine.cards import Deal, Seat
from tournaments.models import Club


def make_director(name: str = "alice", club_slug: str = "riverton") -> tuple[User, Club]:
    user = User.objects.create_user(name)  # no password: tests log in with force_login, and hashing is slow
    club, _ = Club.objects.get_or_create(
        slug=club_slug, defaults={"name": f"{club_slug.title()} Bridge Club"}
    )
    club.directors.add(user)
    return user, club


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
