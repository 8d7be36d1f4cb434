"""The director's members and the entries made from them (issue 14, "Members"), through the Django test client:
add, edit, search, walk-in guests, a CSV imported with a preview and refused whole naming the line; pairs made from
members on the set-up page, the desk and the API, a member in two pairs or a pair of one refused naming them.
Issue 29: the member list kept to the directors (or the members, if the club chooses), Excel's CSVs read with
their doubtful lines named, members listed by surname accents aside."""

import html
import re

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile

from config.refusals import Refused
from tests.club import NAMES, four_members, member, members
from tests.integration.api_helpers import mitchell, new_section
from tournaments import membership, services
from tournaments.models import Club, Entry, EntryKind, Event, Player, Section, Session
from tournaments.pages import members as member_pages

pytestmark = pytest.mark.django_db

MEMBERS_CSV = """name,number,email
Ann Smith,1234,ann@example.org
Bob Jones,1235
Cath Brown,1236,cath@example.org
Dan White,1237
Eve Black,1238
Fay Green,1234,fay@example.org
"""


@pytest.fixture
def director(director):
    """The signed-in director's club (the director of tests/integration/conftest.py)."""
    return director[1]


def test_members_page_adds_edits_searches_and_takes_walk_in_guests(client, director):
    url = f"/direct/clubs/{director.slug}/members/"
    added = client.post(
        url, {"name": " Ann   Smith ", "number": "1234", "email": "ann@example.org"}, follow=True
    )
    assert "Ann Smith (1234) added." in added.content.decode()
    ann = Player.objects.get(club=director, federation_number="1234")
    assert (ann.first_name, ann.last_name, ann.email, ann.guest) == ("Ann", "Smith", "ann@example.org", False)

    again = client.post(url, {"name": "Bob Jones", "number": "1234"})
    assert again.status_code == 400
    assert "Member number 1234 is already Ann Smith&#x27;s" in again.content.decode()
    assert client.post(url, {"name": "Bob Jones", "email": "not an address"}).status_code == 400
    refused = client.post(url, {"name": "Walk In", "number": "99", "guest": "1"})
    assert "A guest has no member number (Walk In, 99)" in refused.content.decode()
    assert Player.objects.filter(club=director).count() == 1

    guest = client.post(url, {"name": "Gus Visitor", "guest": "1"}, follow=True).content.decode()
    assert "Gus Visitor (guest) added." in guest and 'class="status setup">guest</span>' in guest
    client.post(url, {"name": "Bob Jones", "number": "1235"})

    edit = f"/direct/clubs/{director.slug}/members/{ann.id}/"
    assert 'value="Ann Smith"' in client.get(edit).content.decode()
    assert client.post(edit, {"name": "Ann Smith-Jones", "number": "1235"}).status_code == 400, "Bob's number"
    client.post(edit, {"name": "Ann Smith-Jones", "number": "1234", "email": ""})
    ann.refresh_from_db()
    assert (str(ann), ann.email) == ("Ann Smith-Jones", "")

    page = client.get(url, {"q": "jon"}).content.decode()
    assert "Ann Smith-Jones" in page and "Bob Jones" in page and "Gus Visitor" not in page


def test_members_are_their_club_directors_only(client, director):
    member(director, "Ann Smith", "1234")
    client.force_login(User.objects.create_user("stranger"))
    assert client.get(f"/direct/clubs/{director.slug}/members/").status_code == 403
    assert client.post(f"/direct/clubs/{director.slug}/members/", {"name": "X Y"}).status_code == 403


def upload(client, club, text: str, name: str = "members.csv"):
    return client.post(f"/direct/clubs/{club.slug}/members/import/",
                       {"file": SimpleUploadedFile(name, text.encode(), "text/csv")})  # fmt: skip


def test_a_members_csv_is_previewed_then_imported_whole_or_refused_naming_the_line(client, director):
    refused = upload(client, director, MEMBERS_CSV)
    assert refused.status_code == 400
    assert (
        "Nothing was imported: line 7: member number 1234 is already Ann Smith&#x27;s"
        in refused.content.decode()
    )
    assert not Player.objects.exists()

    member(director, "Zoe Old", "1236")
    text = MEMBERS_CSV.replace("Fay Green,1234", "Fay Green,1239") + "Gil Gray,,gil@\n"
    both = upload(client, director, text).content.decode()
    assert (
        "line 4: member number 1236 is already Zoe Old&#x27;s; line 8: &#x27;gil@&#x27; is not an email"
        in both
    )

    Player.objects.all().delete()
    text = MEMBERS_CSV.replace("Fay Green,1234", "Fay Green,1239")
    preview = upload(client, director, text)
    page = preview.content.decode()
    assert (
        preview.status_code == 200 and "Import 6 members" in page and "<td>7</td><td>Fay Green</td>" in page
    )
    assert not Player.objects.exists(), "a preview adds nobody"
    done = client.post(
        f"/direct/clubs/{director.slug}/members/import/", {"data": text, "confirm": "1"}, follow=True
    )
    assert "6 members imported." in done.content.decode()
    assert dict(Player.objects.values_list("federation_number", "email"))["1239"] == "fay@example.org"
    again = client.post(f"/direct/clubs/{director.slug}/members/import/", {"data": text, "confirm": "1"})
    assert again.status_code == 400 and Player.objects.count() == 6, (
        "a second import of the same file is refused"
    )


def test_the_api_refuses_one_player_in_two_pairs_and_a_pair_of_one(client, director):
    """Before issue 14 the API took both."""
    ann, bob, cath, dan = four_members(director)
    sid, _, _ = new_section(client, director, "Tuesday", {"movement": mitchell(3, 2)})
    entries = {e.number: e.id for e in Entry.objects.filter(section_id=sid)}
    ok = client.patch(
        f"/api/entries/{entries[1]}/", {"players": [ann.id, bob.id]}, content_type="application/json"
    )
    assert ok.status_code == 200 and ok.json()["name"] == "Ann Smith & Bob Jones"

    twice = client.patch(
        f"/api/entries/{entries[4]}/", {"players": [bob.id, cath.id]}, content_type="application/json"
    )
    assert twice.status_code == 400
    assert twice.json()["detail"] == "Bob Jones is in pair 1 and in pair 4"
    alone = client.patch(
        f"/api/entries/{entries[4]}/", {"players": [dan.id]}, content_type="application/json"
    )
    assert alone.status_code == 400
    assert alone.json()["detail"] == "pair 4 needs 2 players, not 1 (Dan White)"
    assert not Entry.objects.get(id=entries[4]).players.exists()

    stranger = member(Club.objects.create(name="Other", slug="other"), "Olga Other", "1")
    other = client.patch(
        f"/api/entries/{entries[4]}/", {"players": [stranger.id, dan.id]}, content_type="application/json"
    )
    assert other.json()["detail"] == "Olga Other is not a member of Riverton Bridge Club"


SETUP = {"name": "Tuesday pairs", "date": "2026-11-24", "kind": "mitchell", "size": "3", "boards_per_round": "2",
         "scoring_method": "mp", "create": "1"}  # fmt: skip


def test_the_set_up_page_makes_pairs_from_members(client, director):
    four_members(director)
    member(director, "Gus Visitor", guest=True)
    url = f"/direct/clubs/{director.slug}/new/"
    preview = client.get(url, {k: v for k, v in SETUP.items() if k != "create"}).content.decode()
    assert (
        '<option value="Ann Smith (1000)">' in preview and '<option value="Gus Visitor (guest)">' in preview
    )
    assert 'name="players-1" list="members"' in preview and "Pair 4 E-W" in preview

    refused = client.post(url, SETUP | {"players-1": ["Ann Smith (1000)", "Bob Jones"],
                                        "players-4": ["Bob Jones (1001)", "Gus Visitor (guest)"]})  # fmt: skip
    assert refused.status_code == 400 and "Bob Jones is in pair 1 and in pair 4" in refused.content.decode()
    assert 'value="Gus Visitor (guest)"' in refused.content.decode(), "what was typed stays"
    assert not Section.objects.exists(), "nothing is created"
    unknown = client.post(url, SETUP | {"players-1": ["Ann Smith", "Bob Smyth"]})
    assert "has no member &#x27;Bob Smyth&#x27;" in unknown.content.decode() and not Section.objects.exists()

    made = client.post(url, SETUP | {"players-1": ["Ann Smith (1000)", "1001"],
                                     "players-4": ["cath brown", "Gus Visitor (guest)"]})  # fmt: skip
    section = Section.objects.get()
    assert made.status_code == 302 and made["Location"] == f"/direct/sections/{section.id}/"
    names = dict(section.entries.values_list("number", "name"))
    assert (names[1], names[4], names[2]) == ("Ann Smith & Bob Jones", "Cath Brown & Gus Visitor", "")


def test_the_desk_names_the_pairs_all_or_nothing(client, director):
    ann, bob, cath, dan = four_members(director)
    sid, _, _ = new_section(client, director, "Tuesday", {"movement": mitchell(3, 2)})
    desk = client.get(f"/direct/sections/{sid}/").content.decode()
    assert 'aria-label="Pair 1 N-S, player 1"' in desk and '<option value="Dan White (1003)">' in desk
    url = f"/direct/sections/{sid}/entries/"
    saved = client.post(url, {"players-1": ["Ann Smith", "Bob Jones"], "players-2": ["Cath Brown", "Dan White"]},
                        follow=True).content.decode()  # fmt: skip
    assert "The entries&#x27; players are saved." in saved and 'value="Cath Brown (1002)"' in saved
    refused = client.post(url, {"players-3": ["Ann Smith"], "players-5": ["Dan White", "Dan White"]})
    page = refused.content.decode()
    assert refused.status_code == 400
    assert "Pair 3 needs 2 players, not 1 (Ann Smith); Ann Smith is in pair 1 and in pair 3; " in page
    assert "Dan White is in pair 2 and in pair 5; Dan White is twice in pair 5" in page
    assert dict(Entry.objects.filter(section_id=sid).values_list("number", "name"))[3] == ""
    moved = client.post(
        url, {"players-1": ["Ann Smith", "Cath Brown"], "players-2": ["Bob Jones", "Dan White"]}
    )
    assert moved.status_code == 302, "players swapped between pairs in one form"
    client.post(
        f"/direct/clubs/{director.slug}/members/{ann.id}/", {"name": "Ann Smith-Jones", "number": "1000"}
    )
    assert Entry.objects.get(section_id=sid, number=1).name == "Ann Smith-Jones & Cath Brown", (
        "a renamed member"
    )


def test_a_members_file_that_is_no_csv_is_refused_in_words(client, director):
    url = f"/direct/clubs/{director.slug}/members/import/"
    workbook = client.post(url, {"file": SimpleUploadedFile("m.xlsx", b"PK\x03\x04\x14\x00\x06\x00")})
    assert workbook.status_code == 400
    assert "the members file is not text in UTF-8 or Windows-1252: save it from Excel as CSV" in (
        workbook.content.decode()
    )
    empty = client.post(url, {"data": "name,number\n\n"})
    assert "the members file has no member in it" in empty.content.decode()
    long = client.post(url, {"data": f"Ann Smith,1\nAnn {'x' * 61},2\nBob,3,b@x.org,extra\n"})
    page = long.content.decode()
    assert "line 2: the name &#x27;Ann xxxxxxxxxxxxxxxx&#x27;... is too long" in page
    assert "line 3: 4 columns; give name, number and optionally email" in page
    quoted = client.post(url, {"data": 'name,number\n"Ann\nSmith",1\nBob Jones,1\n'})
    assert "line 4: member number 1 is already Ann Smith&#x27;s" in quoted.content.decode(), (
        "lines as the file has them"
    )
    assert not Player.objects.exists()


def test_individual_and_team_entries_take_their_own_number_of_players(client, director):
    """An individual entry is one player; a team four to six (a pair two, above)."""
    user = User.objects.get(username="alice")
    ann, bob, cath, dan = four_members(director)
    eve, fay, gil = members(director, NAMES[4:7], 2000)
    whist = {
        "rounds": [
            {"round": 1, "tables": [{"table": 1, "seats": {"N": 1, "E": 2, "S": 3, "W": 4}, "boards": [1]}]}
        ]
    }
    section = Section.objects.create(session=Session.objects.create(
        event=Event.objects.create(club=director, name="Whist", date="2026-11-24")))  # fmt: skip
    services.install_movement(section, whist, user)
    with pytest.raises(Refused, match=r"^individual 1 needs 1 player, not 2 \(Ann Smith & Bob Jones\)$"):
        membership.name_entries(section, {1: [ann, bob]})
    membership.name_entries(section, {1: [ann], 2: [bob], 3: [cath], 4: [dan]})
    assert list(section.entries.values_list("name", flat=True)) == [
        "Ann Smith",
        "Bob Jones",
        "Cath Brown",
        "Dan White",
    ]

    section.entries.filter(number__in=(1, 2)).update(kind=EntryKind.TEAM)
    section.entries.filter(number__in=(3, 4)).delete()
    with pytest.raises(
        Refused, match=r"^team 2 needs 4 to 6 players, not 3 \(Eve Black & Fay Green & Gil Gray\)$"
    ):
        membership.name_entries(section, {1: [ann, bob, cath, dan], 2: [eve, fay, gil]})
    with pytest.raises(Refused, match=r"^Ann Smith is in team 1 and in team 2$"):
        membership.name_entries(section, {1: [ann, bob, cath, dan], 2: [eve, fay, gil, ann]})
    membership.name_entries(section, {1: [ann, bob, cath, dan], 2: []})
    # A team is named after its captain, the first player given, not four to six names joined (#29); renaming
    # the captain renames the team, another player leaves it as it is.
    assert section.entries.get(number=1).name == "Ann Smith's team"
    membership.save_member(director, "Ann Smyth", ann.federation_number, member=ann)
    membership.save_member(director, "Bob Jonas", bob.federation_number, member=bob)
    assert section.entries.get(number=1).name == "Ann Smyth's team"


EXCEL_EUROPE = (
    "Name;Member number;Email\r\n"
    "Amélie Poulain;3003;amelie@example.org\r\n"
    "Åström, Lars;3004;\r\n"
    "Bo Young;;\r\n"
    "Amélie Poulain;3005;\r\n"
).encode("cp1252")
"""What Excel saves as "CSV" on Windows in much of Europe: semicolons, Windows-1252, CR LF."""


def test_a_semicolon_windows_1252_csv_from_excel_previews_each_doubtful_line_then_imports(client, director):
    """Issue 29: this file was refused (not UTF-8); saved as UTF-8 it previewed "without a problem" as members
    named "Amélie Poulain;3003;amelie@example.org"."""
    member(director, "Bo Young", "17")
    preview = client.post(f"/direct/clubs/{director.slug}/members/import/",
                          {"file": SimpleUploadedFile("members.csv", EXCEL_EUROPE, "text/csv")})  # fmt: skip
    page = preview.content.decode()
    assert preview.status_code == 200 and "Import 4 members" in page
    assert '<td>2</td><td>Amélie Poulain</td><td>3003</td><td class="small">amelie@example.org</td>' in page
    assert "<td>3</td><td>Åström, Lars</td><td>3004</td>" in page
    assert "without a problem" not in page and "2 lines to check before you import" in page
    assert "<li>line 4: no member number; Bo Young is already a member (17)</li>" in page
    assert "<li>line 5: Amélie Poulain is on line 2 too</li>" in page
    assert Player.objects.count() == 1, "a preview adds nobody"

    data = re.search(r'<textarea name="data" hidden>(.*?)</textarea>', page, re.S).group(1)
    done = client.post(f"/direct/clubs/{director.slug}/members/import/",
                       {"data": html.unescape(data), "confirm": "1"}, follow=True)  # fmt: skip
    assert "4 members imported." in done.content.decode()
    lars = Player.objects.get(federation_number="3004")
    assert (lars.first_name, lars.last_name) == ("Lars", "Åström")
    assert Player.objects.get(federation_number="3003").email == "amelie@example.org"


@pytest.mark.parametrize(
    "data",
    [
        "\ufeffname,number\r\nAnn Smith,1\r\nBob Jones,1\r\n".encode(),
        "name\tnumber\nAnn Smith\t1\nBob Jones\t1\n".encode("utf-16"),
        "sep=;\nAnn Smith;1\nBob Jones;1\n".encode("cp1252"),
        b"name;number\nAnn Smith;1\nBob Jones;1\n",
        "Nom;Numéro\r\nAnn Smith;1\r\nBob Jones;1\r\n".encode("cp1252"),
    ],
    ids=[
        "utf-8 with BOM, commas",
        "Excel's Unicode text, tabs",
        "Excel's sep= line",
        "utf-8, semicolons",
        "French column names",
    ],  # fmt: skip
)
def test_excel_s_other_csvs_are_read_and_a_number_twice_is_refused_naming_the_line(client, director, data):
    refused = membership.read_members
    with pytest.raises(Refused, match=r"^line 3: member number 1 is already Ann Smith's$"):
        refused(director, data)
    assert [r["name"] for r in membership.read_members(director, data.replace(b"1", b"2", 1))] == [
        "Ann Smith", "Bob Jones",
    ]  # fmt: skip


def names_in(page: str, names: list[str]) -> list[str]:
    return sorted(names, key=page.index)


def test_members_are_listed_by_surname_accents_aside(client, director):
    """Issue 29: "Smith, John" was listed under J, "Lars Åström" after "Yves Young"."""
    for name, number in [("Yves Young", "1"), ("Smith, John", "2"), ("Lars Åström", "3"), ("ann adams", "4")]:
        membership.save_member(director, name, number)
    order = ["ann adams", "Lars Åström", "John Smith", "Yves Young"]
    assert names_in(client.get(f"/direct/clubs/{director.slug}/members/").content.decode(), order) == order
    assert membership.by_surname(director.players.all())[2].last_name == "Smith"
    choices = member_pages.member_choices(director)
    assert choices == ["ann adams (4)", "Lars Åström (3)", "John Smith (2)", "Yves Young (1)"]
    assert names_in(client.get(f"/clubs/{director.slug}/").content.decode(), order) == order
    found = client.get(f"/direct/clubs/{director.slug}/members/", {"q": "ASTROM"}).content.decode()
    assert "Lars Åström" in found and "Yves Young" not in found, "searched accents aside"

    again = client.post(
        f"/direct/clubs/{director.slug}/members/", {"name": "Lars Astrom", "number": "5"}, follow=True
    )
    assert "The club has another Lars Astrom: Lars Åström (3)." in again.content.decode()


def test_the_member_list_and_numbers_are_the_directors_unless_the_club_lets_its_members_see_them(
    client, director
):
    """Issue 29: the club's public page listed every member with their number ("Federation number")."""
    member(director, "Ann Smith", "1234")
    bob = member(director, "Bob Jones", "1235")
    bob.user = User.objects.create_user("bob")
    bob.save()
    url = f"/clubs/{director.slug}/"
    own = client.get(url).content.decode()
    assert (
        "Members (2)" in own and "<td>Ann Smith</td><td>1234</td>" in own and "Federation number" not in own
    )
    assert "Member number" in own

    client.logout()
    public = client.get(url).content.decode()
    assert "1234" not in public and "Ann Smith" not in public and "Members (" not in public
    client.force_login(bob.user)
    assert "1234" not in client.get(url).content.decode(), "members do not see it unless the club chooses"
    assert (
        client.post(
            f"/direct/clubs/{director.slug}/members/privacy/", {"members_see_members": "1"}
        ).status_code
        == 403
    )

    client.force_login(User.objects.get(username="alice"))
    chosen = client.post(
        f"/direct/clubs/{director.slug}/members/privacy/", {"members_see_members": "1"}, follow=True
    )
    assert "The member list is now for the directors and the members signed in." in chosen.content.decode()
    client.force_login(bob.user)
    assert "<td>Ann Smith</td><td>1234</td>" in client.get(url).content.decode()
    client.force_login(User.objects.create_user("stranger"))
    assert "1234" not in client.get(url).content.decode(), "a login that is not the club's member"
    client.logout()
    assert "1234" not in client.get(url).content.decode()


def test_the_api_gives_the_member_list_to_whom_the_page_does(client, director):
    """Issue 29: entries are named by member ids through the API, so programs read the list there; the public
    does not."""
    Player.objects.filter(id=member(director, "Ann Smith", "1234").id).update(email="ann@example.org")
    bob = member(director, "Bob Jones", "1235")
    bob.user = User.objects.create_user("bob")
    bob.save()
    url = f"/api/clubs/{director.id}/members/"
    listed = client.get(url).json()
    assert [(m["first_name"], m["member_number"], m["email"]) for m in listed] == [
        ("Bob", "1235", ""), ("Ann", "1234", "ann@example.org"),
    ]  # fmt: skip
    director.members_see_members = True
    director.save()
    client.force_login(bob.user)
    assert client.get(url).json()[1] == {
        "id": listed[1]["id"], "first_name": "Ann", "last_name": "Smith", "member_number": "1234", "guest": False,
    }, "no contact details for fellow members"  # fmt: skip
    client.force_login(User.objects.create_user("stranger"))
    assert client.get(url).status_code == 403
    client.logout()
    refused = client.get(url)
    assert refused.status_code in (401, 403) and "1234" not in refused.content.decode()
    assert "1234" not in client.get(f"/api/clubs/{director.id}/").content.decode()
