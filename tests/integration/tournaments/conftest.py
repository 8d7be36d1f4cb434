"""The tournaments tests' fixtures: the hidden-boards Mitchell in round 2 (`session`) and the room's running
Mitchell with its director signed in (`desk`)."""

import pytest
from django.contrib.auth.models import User

from parties.standings import cut_seed
from tests.integration.api_helpers import enter, https_client, make_director, mitchell
from tests.integration.tournaments.helpers import ONE_SUIT_EACH, PER_ROUND, PLAYED, TABLES
from tournaments import services
from tournaments.models import Event, Player, Section, Session, Status, TableCode


@pytest.fixture
def session():
    """Round 2 of a running Mitchell: table 1 (pairs 1 and 6) has played board 4 together; pair 1 played board 1
    in round 1, pair 6 board 5; nobody has played boards 2 and 6, and board 3 only pairs 2 and 5."""
    alice, club = make_director("alice", "riverton")
    bob, _ = make_director("bob", "lakeside")
    event = Event.objects.create(club=club, name="Hidden boards", date="2026-11-24")
    section = Section.objects.create(session=Session.objects.create(event=event), name="A")
    services.install_movement(section, mitchell(3, 2), alice)
    services.deal_boards(section)
    pbn = "".join(f'[Board "{n}"]\n[Deal "{deal}"]\n\n' for n, deal in ONE_SUIT_EACH.items())
    services.import_hand_records(section, pbn, "hidden.pbn")
    section = services.set_status(section, "running", alice)
    cut_seed(section)  # the seed prize ties are cut with, drawn as a party's first recompute draws it
    section.refresh_from_db()
    codes = dict(TableCode.objects.filter(section=section).values_list("table", "code"))
    client = https_client()
    for round_number, table, board, contract, declarer, tricks, score in PLAYED:
        if round_number == 2 and section.current_round == 1:
            section = services.next_round(section, alice, confirm=True)  # the other tables play on
        answer = enter(client, codes[table], board, contract, declarer, tricks)
        assert (answer.status_code, answer.json()["score_ns"]) == (201, score), answer.content
    ada = User.objects.create_user("ada")
    player = Player.objects.create(club=club, first_name="Ada", last_name="Abbott", user=ada)
    section.entries.get(number=1).players.add(player)
    return {"section": section, "alice": alice, "bob": bob, "ada": ada, "codes": codes, "club": club}


@pytest.fixture
def desk(client):
    user, club = make_director()
    event = Event.objects.create(club=club, name="Tuesday Pairs", date="2026-11-24")
    section = Section.objects.create(session=Session.objects.create(event=event), name="A")
    services.install_movement(section, mitchell(TABLES, PER_ROUND), user)
    section = services.deal_boards(section, "5eed" * 8)
    section = services.set_status(section, Status.RUNNING, user)
    client.force_login(user)
    return client, section, user
