"""A duplicate whist event end to end (issue 25): set up from the set-up page as "Duplicate whist", results entered
as the tricks N-S took (a table's phone, then the director's grid), each board scored as straight whist counts a
deal (each trick above six one point, 1940 L18279-18281; the difference recorded, L5341-5344) and matchpointed
into the standings. Through the Django test client; the figures are worked by hand below."""

from __future__ import annotations

import pytest

from scoring.models import Standing
from tournaments.models import Section

pytestmark = pytest.mark.django_db(transaction=True)

FORM = {"name": "Whist drive", "kind": "mitchell", "size": "3", "boards_per_round": "1", "scoring_method": "mp",
        "sections": "1", "rules": "whist:hoyle-1940"}  # fmt: skip

# Tricks N-S took, by board and N-S pair (N-S pair t sits at table t all night).
TRICKS = {1: {1: 9, 2: 7, 3: 4}, 2: {1: 6, 2: 6, 3: 8}, 3: {1: 13, 2: 5, 3: 7}}


def test_a_duplicate_whist_section_scores_tricks_into_matchpoints(client, director):
    user, club = director
    page = client.get(f"/direct/clubs/{club.slug}/new/").content.decode()
    assert '<option value="whist:hoyle-1940">Duplicate whist: the tricks N-S took' in page
    refused = client.get(f"/direct/clubs/{club.slug}/new/", FORM | {"scoring_method": "butler"})
    assert refused.status_code == 400
    assert "a whist board scores a few odd tricks, not IMPs or VPs: score it by matchpoints or compass" in (
        refused.content.decode()
    )
    answer = client.post(f"/direct/clubs/{club.slug}/new/", FORM | {"create": "1"})
    assert answer.status_code == 302, answer.content.decode()
    section = Section.objects.get(id=answer["Location"].split("/")[-2])
    assert (section.game, section.rule_set, section.boards.count()) == ("whist", "hoyle-1940", 3)
    answer = client.patch(f"/api/sections/{section.id}/", {"scoring_method": "cross-imp", "reason": "IMPs"},
                          content_type="application/json")  # fmt: skip
    assert (answer.status_code, answer.json()["detail"]) == (
        400,
        "scoring_method: a whist board scores a few odd "
        "tricks, not IMPs or VPs: score it by matchpoints or compass",
    )
    client.post(f"/direct/sections/{section.id}/action/", {"action": "start"})
    seated = {(s.round, s.table): (s.ns.number, s.ew.number, s.boards[0]) for s in section.seatings.all()}
    assert seated == {
        (1, 1): (1, 4, 1), (1, 2): (2, 5, 2), (1, 3): (3, 6, 3),
        (2, 1): (1, 6, 2), (2, 2): (2, 4, 3), (2, 3): (3, 5, 1),
        (3, 1): (1, 5, 3), (3, 2): (2, 6, 1), (3, 3): (3, 4, 2),
    }  # fmt: skip

    # Round 1 from the tables' phones (table 3 a program, through the API): the tricks N-S took, no contract.
    client.logout()
    answer = client.post("/api/table/results/", {"board": 3, "tricks": TRICKS[3][3]}, content_type="application/json",
                         headers={"X-Table-Code": section.table_codes.get(table=3).code})  # fmt: skip
    assert (answer.status_code, answer.json()["score_ns"], answer.json()["contract"]) == (201, 1, "")
    for table in (1, 2):
        client.post(f"/t/{section.table_codes.get(table=table).code}/")  # the QR address asks first
        phone = client.get("/table/").content.decode()
        assert "Tricks by N-S" in phone and 'name="contract"' not in phone
        board = seated[(1, table)][2]
        if table == 1:
            client.post("/table/result/", {"board": board, "contract": "4S", "tricks": "9"})
            refused = client.get("/table/").content.decode()
            assert "contract &#x27;4S&#x27; given for a whist board (give the tricks N-S took)" in refused
        answer = client.post("/table/result/", {"board": board, "tricks": str(TRICKS[board][table])})
        done = client.get(answer["Location"]).content.decode()
        score = TRICKS[board][table] - 6 if TRICKS[board][table] > 6 else TRICKS[board][table] - 7
        assert f"Board {board}: N-S {TRICKS[board][table]} tricks, N-S {score:+d} entered." in done
    # Rounds 2 and 3 from the director's grid, board by board.
    client.force_login(user)
    grid = client.get(f"/direct/sections/{section.id}/boards/1/").content.decode()
    assert "Tricks by N-S" in grid and "contract-" not in grid
    for board in (1, 2, 3):
        form = {f"tricks-{r}-{t}": str(TRICKS[board][ns]) for (r, t), (ns, _, b) in seated.items() if b == board
                and r > 1}  # fmt: skip
        answer = client.post(f"/direct/sections/{section.id}/boards/{board}/", form)
        assert answer.status_code == 302
    scores = {
        (r.board.number, r.ns.number): (r.tricks, r.score_ns, r.contract) for r in section.results.all()
    }
    assert scores == {
        (1, 1): (9, 3, ""), (1, 2): (7, 1, ""), (1, 3): (4, -3, ""),
        (2, 1): (6, -1, ""), (2, 2): (6, -1, ""), (2, 3): (8, 2, ""),
        (3, 1): (13, 7, ""), (3, 2): (5, -2, ""), (3, 3): (7, 1, ""),
    }  # fmt: skip

    # Matchpoints, 2 for each result beaten and 1 for each tie, a top of 4:
    # board 1: +3, +1, -3 -> N-S 1: 4, 2: 2, 3: 0; board 2: -1, -1, +2 -> 1, 1, 4; board 3: +7, -2, +1 -> 4, 0, 2.
    # N-S 1: 9 of 12 (75 %), N-S 2: 3 (25 %), N-S 3: 6 (50 %).
    # E-W take the rest: pair 4 met N-S 1 on board 1 (0), N-S 2 on 3 (4), N-S 3 on 2 (0): 4;
    # pair 5 met N-S 2 on 2 (3), N-S 3 on 1 (4), N-S 1 on 3 (0): 7; pair 6 N-S 3 on 3 (2), N-S 1 on 2 (3),
    # N-S 2 on 1 (2): 7.
    standings = {s.entry.number: (s.total, s.rank) for s in Standing.objects.filter(entry__section=section)}
    assert standings == {1: (9, "1"), 3: (6, "2"), 2: (3, "3"), 5: (7, "1="), 6: (7, "1="), 4: (4, "3")}
    page = client.get(f"/sections/{section.id}/").content.decode()
    assert "Duplicate whist" in page
    assert "Tricks by N-S</th>" in client.get(f"/sections/{section.id}/boards/1/").content.decode()

    # The director corrects N-S 2's board 1 to ten tricks (+4) from the result's page: board 1 reads +3, +4, -3,
    # so N-S 1 has 2 there (7 in all) and E-W 4, their opponents, 2 (6); N-S 2 has 4 (5) and E-W 6 0 (5).
    result = section.results.get(board__number=1, ns__number=2)
    form = client.get(f"/direct/results/{result.id}/").content.decode()
    assert "N-S took 7 tricks" in form and 'name="contract"' not in form
    answer = client.post(
        f"/direct/results/{result.id}/", {"what": "correct", "tricks": "10", "reason": "miscounted"}
    )
    assert answer.status_code == 302
    standings = {s.entry.number: (s.total, s.rank) for s in Standing.objects.filter(entry__section=section)}
    assert standings == {1: (7, "1"), 3: (6, "2"), 2: (5, "3"), 5: (7, "1"), 4: (6, "2"), 6: (5, "3")}
