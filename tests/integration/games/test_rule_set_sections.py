"""A section scores a deal as its rule set's book does (issue 25): a progressive-contract section's boards take
the book's vulnerability (Hoyle 1940, 001 L20379-20387), and contract-1935 is offered on the set-up page as the
book prints it (no game bonus on a deal) or with duplicate bonuses, each saying so. Through the Django test client."""

from __future__ import annotations

import pytest

from games.models import Board
from tests.integration.api_helpers import mitchell
from tournaments import services
from tournaments.models import Event, Section, Session

# Results and bells act once their transaction commits (the standings, the next seating): the tests that read
# what follows them commit (transaction=True); the rest roll back.
pytestmark = pytest.mark.django_db

FORM = {"name": "Contract", "kind": "mitchell", "size": "3", "boards_per_round": "2", "scoring_method": "mp",
        "sections": "1"}  # fmt: skip


def create(client, club, rules: str) -> Section:
    answer = client.post(f"/direct/clubs/{club.slug}/new/", FORM | {"rules": rules, "create": "1"})
    assert answer.status_code == 302, answer.content.decode()
    return Section.objects.get(id=answer["Location"].split("/")[-2])


# Board 2 dealt so that no hand holds four spade honors (the books' rule sets count honors from the dealt board).
DEAL = "N:A98.AKQJ.AKQ.AKQ K76543.T98.JT9.J Q2.7654.876.T987 JT.32.5432.65432"


def east_4s_made_on_board_2(client, section: Section) -> int:
    Board.objects.filter(section=section, number=2).update(deal=DEAL)
    client.post(f"/direct/sections/{section.id}/action/", {"action": "start"})
    table = next(s.table for s in section.seatings.filter(round=1) if 2 in s.boards)
    answer = client.post(f"/direct/sections/{section.id}/boards/2/", {f"contract-1-{table}": "4S",
                         f"declarer-1-{table}": "E", f"tricks-1-{table}": "10"})  # fmt: skip
    assert answer.status_code == 302
    return section.results.get(board__number=2).score_ns


@pytest.mark.django_db(transaction=True)
def test_progressive_contract_board_2_is_the_dealers_side_vulnerable(client, director):
    # 001 L20379-20390: deal 2 of a round "Dealer's side Vulnerable"; East deals board 2, so East 4S made is
    # 120 + 500 = 620 (the duplicate cycle would make N-S vulnerable on board 2 and East's game 420).
    _, club = director
    section = create(client, club, "bridge:progressive-contract")
    assert list(section.boards.values_list("number", "dealer", "vulnerability")[:4]) == [
        (1, "N", "None"), (2, "E", "EW"), (3, "S", "NS"), (4, "W", "All"),
    ]  # fmt: skip
    assert east_4s_made_on_board_2(client, section) == -620


@pytest.mark.django_db(transaction=True)
def test_a_rule_set_changed_to_progressive_contract_before_results_redeals_the_vulnerability(director):
    user, club = director
    session = Session.objects.create(event=Event.objects.create(club=club, name="Plain", date="2026-12-03"))
    section = services.install_movement(Section.objects.create(session=session), mitchell(3, 2), user)
    assert section.boards.get(number=2).vulnerability == "NS"
    services.change_settings(section, {"rule_set": "progressive-contract"}, user, "a progressive night")
    assert section.boards.get(number=2).vulnerability == "EW"
    services.change_settings(section, {"rule_set": "duplicate-2017"}, user, "back to duplicate")
    assert section.boards.get(number=2).vulnerability == "NS"


def test_a_dealing_machines_file_keeps_progressive_contracts_vulnerability(client, director):
    _, club = director
    section = create(client, club, "bridge:progressive-contract")
    deal = section.boards.get(number=2).deal
    services.import_hand_records(
        section, f'[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n[Deal "{deal}"]\n\n', "m.pbn"
    )
    assert section.boards.get(number=2).vulnerability == "EW", "the book's, not the file's Law 2 cycle"


@pytest.mark.django_db(transaction=True)
def test_contract_1935_in_a_duplicate_section_as_the_book_prints_it_or_with_duplicate_bonuses(
    client, director
):
    _, club = director
    page = client.get(f"/direct/clubs/{club.slug}/new/").content.decode()
    assert (
        '<option value="bridge:contract-1935">Contract bridge, 1935 scoring as the book prints it (Hoyle 1940): '
        "no game bonus on a deal, so 4S made is 120 and at matchpoints a game is worth a part-score</option>"
    ) in page
    assert (
        '<option value="bridge:contract-1935-duplicate">Contract bridge, 1935 scoring (Hoyle 1940) with'
        in page
    )
    # board 2 is N-S vulnerable in the duplicate cycle: East's 4S is not vulnerable
    book = create(client, club, "bridge:contract-1935")
    assert book.rule_set == "contract-1935" and east_4s_made_on_board_2(client, book) == -120
    bonuses = create(client, club, "bridge:contract-1935-duplicate")
    assert east_4s_made_on_board_2(client, bonuses) == -(120 + 300)
