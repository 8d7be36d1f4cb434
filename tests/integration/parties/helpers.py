"""What the party tests share: test_api_progressive's three-table euchre party (its two rounds' seatings and
tallies), and the host's and the tables' requests: set up a party, ring the bell, read a round's seating, send a
tally."""

import time

from tests.integration.api_helpers import make_director

ROUND_1 = [(1, {"N": 1, "E": 2, "S": 3, "W": 4}), (2, {"N": 5, "E": 6, "S": 7, "W": 8}),
           (3, {"N": 9, "E": 10, "S": 11, "W": 12})]  # fmt: skip


ROUND_2 = [(1, {"N": 1, "E": 5, "S": 4, "W": 8}), (2, {"N": 2, "E": 9, "S": 6, "W": 12}),
           (3, {"N": 3, "E": 10, "S": 7, "W": 11})]  # fmt: skip


TALLIES = {1: {1: (5, 3, {}), 2: (2, 4, {"E": 1}), 3: (4, 4, {})},
           2: {1: (2, 5, {}), 2: (6, 1, {"N": 2}), 3: (3, 1, {"W": 1})}}  # fmt: skip
# No lone hands at the head table (Hoyle 1940 L11381–11382): table 1 has none.


def seats(rows):
    return [{"table": t, "seats": {k: str(v) for k, v in s.items()}} for t, s in rows]


PARTY = {"movement": {"kind": "progressive", "rounds": [{"round": 1, "tables": seats(ROUND_1)}]}}


def bell(client, sid, body=None) -> str:
    """Ring the bell; with the next seating left to the book it is a job: its final state once it has run."""
    answer = client.post(f"/api/sections/{sid}/bell/", body or {}, content_type="application/json")
    if answer.status_code == 200:
        return "done"
    job = answer.json()["job"]
    for _ in range(600):
        state = client.get(f"/api/jobs/{job}/").json()["state"]
        if state in ("done", "failed"):
            return state
        time.sleep(0.1)
    return state


def post(client, **body):
    return client.post("/api/parties/", body, content_type="application/json")


def running(client, **party):
    """A party set up through the API and started; answers (section id, table codes)."""
    user, club = make_director()
    client.force_login(user)
    sid = post(client, club=club.id, name="Party", **party).json()["party"]
    client.post(f"/api/sections/{sid}/status/", {"status": "running"})
    codes = {t["table"]: t["code"] for t in client.get(f"/api/sections/{sid}/tables/").json()}
    return sid, codes


def seated(client, sid, number) -> dict[int, dict[str, int]]:
    rows = client.get(f"/api/sections/{sid}/seating/").json()
    return {r["table"]: {k: int(v) for k, v in r["seats"].items()} for r in rows if r["round"] == number}


def tally(client, code, body):
    return client.post(
        "/api/table/tally/", body, content_type="application/json", headers={"X-Table-Code": code}
    )
