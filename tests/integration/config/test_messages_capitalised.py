"""Every page's messages start with a capital (issue 29): refusals are worded lower-case to follow "...: " in the
API's answers and logs, and the pages show them as sentences."""

import re

import pytest

from tests.integration.api_helpers import make_director, mitchell, new_section
from tournaments.page_data import sentence

pytestmark = pytest.mark.django_db


def shown(page: str) -> list[str]:
    return re.findall(r'<li class="(?:error|success|warning)">(.*?)</li>', page)


def test_a_refusal_from_the_desk_is_shown_capitalised(client):
    user, club = make_director()
    client.force_login(user)
    sid, _, _ = new_section(client, club, "Tuesday pairs", {"movement": mitchell(3, 2)}, scoring_method="mp")
    act = f"/direct/sections/{sid}/action/"
    client.post(act, {"action": "start"})
    for _ in range(2):
        client.post(act, {"action": "next-round", "confirm": "yes"})
    page = client.post(act, {"action": "next-round", "confirm": "yes"}, follow=True).content.decode()
    assert shown(page)[-1] == "Round 3 is the last round of Tuesday pairs, session 1, section A"
    page = client.post(act, {"action": "no-such"}, follow=True).content.decode()
    assert shown(page) == ["Unknown action"]


def test_a_message_opening_with_a_file_name_keeps_it_as_written():
    assert sentence("club.dlm: file checksum 18, expected 17 for boards 1-16") == (
        "club.dlm: file checksum 18, expected 17 for boards 1-16"
    )
    assert (
        sentence("round 1 table 2: a correction needs a reason")
        == "Round 1 table 2: a correction needs a reason"
    )
