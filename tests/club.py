"""A club as tests of every kind set it up (the test client's and the browser's alike): members made from names,
teams of four, and a round of results that differ table by table (so that matches differ)."""

from __future__ import annotations

from pathlib import Path

from games.services import enter_at_table
from tournaments import membership, services
from tournaments.models import Club, Event, Player, Section, Session

NAMES = ["Ann Smith", "Bob Jones", "Cath Brown", "Dan White", "Eve Black", "Fay Green", "Gil Gray", "Hal Hart",
         "Ivy Irons", "Jon Jay", "Kim Kerr", "Len Long", "Meg Moss", "Ned North", "Ola Oak", "Pat Pike",
         "Quin Quay", "Rae Rowe", "Sam Stone", "Tom Tate"]  # fmt: skip
MORE_NAMES = ["Una Upton", "Val Vine", "Wes Wood", "Xena Yale", "Yves Young", "Zoe Zane", "Abe Archer", "Bea Bond",
              "Cal Cole", "Dee Dale", "Eli Eden", "Flo Ford", "Guy Gale", "Hope Hill", "Ian Isle", "Joy Judd",
              "Kay Kent", "Lee Lamb", "Mia Marsh", "Nat Noble", "Otto Owen", "Pia Pratt", "Ray Reed", "Sue Sharp",
              "Ted Todd", "Uma Urwin", "Vic Vale", "Wyn West"]  # fmt: skip
"""More members: with NAMES, a club of 48, enough to name every pair of a two-section, 12-table Mitchell."""
TEAMS = {
    1: ["Ann Lee", "Bob Hart", "Cy Moss", "Di Vance"],
    2: ["Ed Shaw", "Flo Kerr", "Gus Pike", "Hal Roe"],
    3: ["Ida Wren", "Jo Dunn", "Kit Amos", "Lou Baird"],
    4: ["Max Quill", "Nia Rusk", "Oz Tate", "Pam Ulm"],
    5: ["Quinn Vale", "Rex Webb", "Sue Yates", "Tom Zell"],
}
RESULTS = [
    ("4S", "N", 10),
    ("4S", "N", 8),
    ("3NT", "S", 9),
    ("1NT", "W", 9),
    ("6NT", "S", 12),
    ("2H", "E", 8),
]
"""(contract, declarer, tricks) to take in turn: made, down, a slam, a part score."""


def member(club: Club, name: str, number: str = "", guest: bool = False) -> Player:
    first, _, last = name.rpartition(" ")
    return Player.objects.create(
        club=club, first_name=first, last_name=last, federation_number=number, guest=guest
    )


def members(club: Club, names: list[str], first_number: int | None = None) -> list[Player]:
    """A member of `club` for each name, numbered on from `first_number` (no numbers when None)."""
    return [
        member(club, name, "" if first_number is None else str(first_number + i))
        for i, name in enumerate(names)
    ]


def four_members(club: Club) -> list[Player]:
    """Ann Smith, Bob Jones, Cath Brown and Dan White, members 1000 to 1003."""
    return members(club, NAMES[:4], 1000)


def members_csv(folder: Path, names: list[str], first_number: int = 3000) -> Path:
    """The members page's CSV of `names`, numbered on from `first_number`."""
    path = folder / "members.csv"
    path.write_text(
        "name,number,email\n" + "".join(f"{n},{first_number + i},\n" for i, n in enumerate(names))
    )
    return path


def play_rounds(section, user, rounds: int, tricks: dict[tuple[int, int], int]) -> None:
    """Every seated table's boards of the section's first `rounds` rounds entered through the results service, in
    one transaction (one standings refresh once it commits): 4S by North making 10 tricks, or tricks[(round,
    board)]. Every line of a board but those has the same score, so its matchpoints can be worked by hand."""
    from django.db import transaction

    from games.lines import score_line
    from games.models import Board
    from games.services import enter_result

    boards = {b.number: b for b in Board.objects.filter(section=section)}
    with transaction.atomic():
        for seating in section.seatings.filter(round__lte=rounds).select_related("ns", "ew"):
            if seating.ns is None or seating.ew is None:
                continue
            for number in seating.boards:
                line = score_line(section, boards[number], "4S", "N", tricks.get((seating.round, number), 10))
                enter_result(section, boards[number], seating.ns, seating.ew, line, round=seating.round,
                             table=seating.table, by="test", user=user)  # fmt: skip


def round_robin_two_rounds_in(club) -> Section:
    """A 5-team round robin of 3-board matches, its teams named, rounds 1 and 2 scored from the tables."""
    event = Event.objects.create(club=club, name="Winter Teams", date="2026-11-24")
    section = Section.objects.create(
        session=Session.objects.create(event=event), name="A", scoring_method="vp"
    )
    movement = services.generate_movement("teams-round-robin", teams=5, boards_per_round=3)
    services.install_movement(section, movement, None)
    services.deal_boards(section)
    membership.name_entries(section, {number: members(club, names) for number, names in TEAMS.items()})
    section = services.set_status(section, "running", None)
    for rnd in (1, 2):
        for seating in section.seatings.filter(round=rnd):
            for board in seating.boards:
                contract, declarer, tricks = RESULTS[(seating.table * 5 + board * 3 + rnd) % len(RESULTS)]
                values = {"board": board, "contract": contract, "declarer": declarer, "tricks": tricks}
                enter_at_table(section, seating.table, values)
        if rnd == 1:
            section = services.next_round(section, None)
    return section
