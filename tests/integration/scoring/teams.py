"""Teams figures computed apart from scoring.methods (Law 78B's IMPs, the WBF 2013 VP scale) and the worked
3-board match between teams 1 and 2, set up on the set-up page and entered on the director's grid (the `match`
fixture)."""

from __future__ import annotations

import math

from tests.club import TEAMS, members
from tests.integration.api_helpers import make_director
from tournaments import membership
from tournaments.models import Section

LAW_78B = [20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750, 2000, 2250,
           2500, 3000, 3500, 4000]  # fmt: skip


def law_78b_imps(difference: int) -> int:
    return (
        int(math.copysign(sum(difference_abs >= t for t in LAW_78B), difference))
        if (difference_abs := abs(difference))
        else 0
    )


def wbf_2013(margin: int, boards: int) -> tuple[float, float]:
    tau = (math.sqrt(5) - 1) / 2
    blitz = 15 * math.sqrt(boards)
    winner = 20.0 if abs(margin) >= blitz else 10 + 10 * (1 - tau ** (3 * abs(margin) / blitz)) / (1 - tau**3)
    winner = round(winner, 2)
    return (winner, round(20 - winner, 2)) if margin >= 0 else (round(20 - winner, 2), winner)


# A 3-board match, home (team 1) N-S in the open room (table 1), away (team 2) N-S in the closed room (table 2).
# Law 2: board 1 none vulnerable, board 2 N-S vulnerable, board 3 E-W vulnerable.
#   board 1: open 4S by N, 10 tricks: +420; closed 4S by N, 9 tricks: -50.      420 - (-50) = 470 → +10 IMPs
#   board 2: open 3NT by S, 11 tricks (vul): +660; closed 3NT by S, 8 (vul): -100.  760 → +13 IMPs
#   board 3: open 4H by E, 10 tricks (E-W vul): -620; closed 2H by E, 9: -140.  -480 → -10 IMPs
# Home wins by 13 IMPs over 3 boards: blitz 15·√3 = 25.98; 10 + 10·(1 − τ^(3·13/25.98)) / (1 − τ³) = 16.733 → 16.73,
# the away team 20 − 16.73 = 3.27.
MATCH = {
    (1, 1): ("4S", "N", 10, 420), (1, 2): ("4S", "N", 9, -50),
    (2, 1): ("3NT", "S", 11, 660), (2, 2): ("3NT", "S", 8, -100),
    (3, 1): ("4H", "E", 10, -620), (3, 2): ("2H", "E", 9, -140),
}  # fmt: skip


def set_up(client, club, kind: str, teams: int, boards: int) -> Section:
    """A teams section made on the set-up page, started."""
    setup = {"kind": kind, "size": str(teams), "boards_per_round": str(boards), "scoring_method": "vp",
             "name": f"{kind} of {teams}", "date": "2026-11-24"}  # fmt: skip
    answer = client.post(f"/direct/clubs/{club.slug}/new/", setup)
    assert answer.status_code == 302, answer.content.decode()[-2000:]
    section = Section.objects.get(session__event__name=setup["name"])
    assert client.post(f"/direct/sections/{section.id}/action/", {"action": "start"}).status_code == 302
    return section


def name_teams(club, section: Section, count: int = 2) -> None:
    """Teams 1 and 2 get four members each (their names shown on every page)."""
    membership.name_entries(section, {number: members(club, TEAMS[number]) for number in range(1, count + 1)})


def grid(client, section: Section, board: int, results: dict[int, tuple[str, str, int]]) -> None:
    """The director enters one Board on the entry grid: {table: (contract, declarer, tricks)}."""
    rnd = (board - 1) // section.boards_per_round + 1  # round r plays board set r in every match
    data = {}
    for table, (contract, declarer, tricks) in results.items():
        key = f"{rnd}-{table}"
        data |= {f"contract-{key}": contract, f"declarer-{key}": declarer, f"tricks-{key}": str(tricks)}
    answer = client.post(f"/direct/sections/{section.id}/boards/{board}/", data, follow=True)
    entered = f"Board {board}: {len(results)} result{'s' if len(results) != 1 else ''} entered."
    assert entered in answer.content.decode(), answer.content.decode()[-2000:]


def worked_match(client) -> Section:
    """The worked 3-board match between teams 1 and 2, every result entered on the grid."""
    user, club = make_director()
    client.force_login(user)
    section = set_up(client, club, "teams-match", 2, 3)
    name_teams(club, section)
    for board in (1, 2, 3):
        grid(client, section, board, {t: MATCH[(board, t)][:3] for t in (1, 2)})
    return section
