"""A club's members and the entries made from them: add, change, import from CSV and find members; give a
Section's entries their players. Every change is refused in words when it is wrong, and imports are all or nothing.
"""

from __future__ import annotations

import csv
import io

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction

from config.refusals import NotFound, Refused
from tournaments.models import Club, Entry, EntryKind, Player, Section, Status, collation_key


def _split_name(name: str) -> tuple[str, str]:
    """(given names, surname): the last word, or what comes before a comma ("Smith, John", as member lists
    write it)."""
    name = " ".join(name.split())
    if "," in name:
        last, _, first = name.partition(",")
        return first.strip(), last.strip()
    first, _, last = name.rpartition(" ")
    return first, last


def by_surname(players) -> list[Player]:
    """Members in the order a list shows them: by surname, then given names, accents and case set aside."""
    return sorted(players, key=lambda p: p.sort_key)


def _member_problem(name: str, number: str, email: str, guest: bool, numbers: dict[str, str]) -> str | None:
    """What is wrong with a member's details, in words, or None. `numbers`: member number → whose it is."""
    if not name:
        return "give the member's name"
    if any(len(part) > 60 for part in _split_name(name)):
        return f"the name {name[:20]!r}... is too long (60 characters for the given names, 60 for the last)"
    if guest and number:
        return f"a guest has no member number ({name}, {number})"
    if len(number) > 20:
        return f"member number {number[:20]}... is longer than 20 characters"
    if number in numbers:
        return f"member number {number} is already {numbers[number]}'s"
    if email:
        try:
            validate_email(email)
        except ValidationError:
            return f"{email!r} is not an email address"
    return None


def _club_numbers(club: Club, leave_out: Player | None = None) -> dict[str, str]:
    members = club.players.exclude(federation_number="")
    if leave_out is not None:
        members = members.exclude(id=leave_out.id)
    return {p.federation_number: str(p) for p in members}


@transaction.atomic
def save_member(club: Club, name: str, number: str = "", email: str = "", guest: bool = False,
                member: Player | None = None) -> Player:  # fmt: skip
    """Add a member (or a walk-in guest: no number) to the club, or change one; refused in words."""
    name, number, email = " ".join(name.split()), number.strip(), email.strip()
    problem = _member_problem(name, number, email, guest, _club_numbers(club, member))
    if problem:
        raise Refused(problem)
    player = member or Player(club=club)
    before = str(player)
    player.first_name, player.last_name = _split_name(name)
    player.federation_number, player.email, player.guest = number, email, guest
    player.save()
    if member is not None and str(player) != before:
        _rename_in_entries(player, before)
    return player


def namesakes(player: Player) -> list[Player]:
    """The club's other members of the same name, accents and case aside."""
    name = _name_key(str(player))
    return [p for p in player.club.players.exclude(id=player.id) if _name_key(str(p)) == name]


def _rename_in_entries(player: Player, before: str) -> None:
    """A renamed member's new name in the entries they play in, except where the results are published (those
    stay as they were published)."""
    entries = list(player.entries.exclude(section__status=Status.PUBLISHED))
    for entry in entries:
        if entry.kind == EntryKind.TEAM:
            entry.name = team_name([player]) if entry.name == team_name([before]) else entry.name
            continue
        entry.name = " & ".join(str(player) if name == before else name for name in entry.name.split(" & "))[
            :160
        ]
    Entry.objects.bulk_update(entries, ["name"])


SEPARATORS = ",;\t"
"""What Excel separates a CSV's cells with: a comma, a semicolon (its "CSV" where the decimal point is a comma,
much of Europe) or a tab ("Unicode text")."""


def members_text(data: str | bytes) -> str:
    """The file as text: UTF-8 (with or without the byte-order mark Excel's "CSV UTF-8" writes), UTF-16 with its
    mark (Excel's "Unicode text"), else Windows-1252 (Excel's plain "CSV" on Windows, which every Western European
    name fits)."""
    if isinstance(data, str):
        return data
    encodings = ["utf-16"] if data[:2] in (b"\xff\xfe", b"\xfe\xff") else ["utf-8-sig", "cp1252"]
    for encoding in encodings:
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        if "\x00" not in text:
            return text
    raise Refused("the members file is not text in UTF-8 or Windows-1252: save it from Excel as CSV")


def _separator(first_line: str) -> str:
    """The separator that splits the first line (the column names, or the first member) into most cells; a comma
    when none does ("Smith, John;1234" is two cells separated by a semicolon)."""
    cells = {sep: len(next(csv.reader([first_line], delimiter=sep), [])) for sep in SEPARATORS}
    best = max(SEPARATORS, key=lambda sep: cells[sep])
    return best if cells[best] > 1 else ","


def _is_header(cells: list[str]) -> bool:
    """Whether the first line names the columns: "name" first, or a "number" without a digit ("Numéro")."""
    return cells[0].lower() == "name" or (
        len(cells) > 1 and bool(cells[1]) and not any(map(str.isdigit, cells[1]))
    )


def read_members(club: Club, data: str | bytes) -> list[dict]:
    """A CSV of members (name, number[, email]; a first line naming the columns is skipped; separated and encoded
    as Excel writes it) checked line by line: the rows to add, each with its doubts in words (no number, a name
    the file or the club has already: added if the director agrees), or Refused naming every line that is wrong
    (nothing is added then)."""
    lines = members_text(data).splitlines(keepends=True)
    start = 0
    if lines and lines[0].strip().lower().startswith("sep=") and len(lines[0].strip()) == 5:
        separator, start = lines[0].strip()[4], 1  # Excel's own hint: "sep=;"
    else:
        separator = _separator(next((line for line in lines if line.strip()), ""))
    numbers = _club_numbers(club)
    names = {
        _name_key(str(p)): f"already a member ({'guest' if p.guest else p.federation_number or 'no number'})"
        for p in club.players.all()
    }
    rows, problems = [], []
    reader = csv.reader(io.StringIO("".join(lines[start:])), delimiter=separator)
    try:
        records = [([c.strip() for c in cells], reader.line_num + start) for cells in reader]
    except csv.Error as error:
        raise Refused(f"line {reader.line_num + start}: {error}") from None
    records = [(cells, line) for cells, line in records if any(cells)]
    if records and _is_header(records[0][0]):
        records.pop(0)
    for cells, line in records:
        if len(cells) > 3:
            problems.append(f"line {line}: {len(cells)} columns; give name, number and optionally email")
            continue
        name, number, email = (cells + ["", ""])[:3]
        name = " ".join(name.split())
        problem = _member_problem(name, number, email, False, numbers)
        if problem:
            problems.append(f"line {line}: {problem}")
            continue
        doubts = [] if number else ["no member number"]
        if _name_key(name) in names:
            doubts.append(f"{name} is {names[_name_key(name)]}")
        names.setdefault(_name_key(name), f"on line {line} too")
        if number:
            numbers[number] = name
        rows.append({"line": line, "name": name, "number": number, "email": email, "doubts": doubts})
    if problems:
        raise Refused(
            "; ".join(problems[:10]) + (f"; and {len(problems) - 10} more" if len(problems) > 10 else "")
        )
    if not rows:
        raise Refused("the members file has no member in it")
    return rows


def _name_key(name: str) -> str:
    return collation_key(" ".join(reversed(_split_name(name))))


@transaction.atomic
def import_members(club: Club, data: str | bytes) -> list[Player]:
    """Every member of the CSV added, or none (read_members names the wrong lines)."""
    rows = read_members(club, data)
    return [save_member(club, row["name"], row["number"], row["email"]) for row in rows]


def find_member(club: Club, text: str) -> Player:
    """The member an entry form names: as the list offers it ("Ann Smith (1234)", "Bob Jones (guest)"), a member
    number, or a name only one member of the club has."""
    text = " ".join(text.split())
    name, _, tag = text.partition(" (")
    tag = tag.removesuffix(")")
    members = club.players.all()
    if tag == "guest":
        found = list(members.filter(guest=True))
    elif tag:
        found = list(members.filter(federation_number=tag))
    elif text.isdigit():
        found = list(members.filter(federation_number=text))
        name = f"member number {text}"
    else:
        found = list(members.filter(guest=False))
    if not text.isdigit():
        found = [p for p in found if str(p).casefold() == name.casefold()]
    if not found:
        raise Refused(f"{club} has no member {name!r}: add them on the members page first")
    if len(found) > 1:
        raise Refused(
            f"{club} has {len(found)} members named {name}: pick one with their number from the list"
        )
    return found[0]


PLAYERS_PER_ENTRY = {EntryKind.PAIR: (2, 2), EntryKind.TEAM: (4, 6), EntryKind.PLAYER: (1, 1)}
"""How many players an entry of each kind holds (a team: four, five or six)."""


def team_name(players: list) -> str:
    """A team is named after its captain, the first player given ("Ann Smith's team"), as clubs call their teams:
    four to six names joined would not fit a line of the standings."""
    return f"{players[0]}'s team"[:160]


def entry_players(entry: Entry) -> list[Player]:
    """An entry's players in the order they were given (a team's captain first), not the members' order."""
    through = Entry.players.through.objects.filter(entry=entry).select_related("player").order_by("id")
    return [row.player for row in through]


def _entry_words(entry: Entry) -> str:
    return f"{entry.get_kind_display().lower()} {entry.tag}"


@transaction.atomic
def name_entries(
    section: Section, players: dict[int, list[Player]], team_names: dict[int, str] | None = None
) -> list[Entry]:
    """Give entries of a Section their players (entry number → players; none leaves the entry unnamed); the
    entry's name becomes theirs ("Ann Smith & Bob Jones"), a team's the name the director typed (`team_names`)
    or else its captain's. All or nothing: a player in two entries of the Section or of its session's other
    sections, a player of another club, or an entry with the wrong number of players is refused, naming them."""
    team_names = {n: " ".join(name.split()) for n, name in (team_names or {}).items()}  # "": the captain's
    entries = {e.number: e for e in section.entries.select_for_update().prefetch_related("players")}
    unknown = sorted((set(players) | set(team_names)) - set(entries))
    if unknown:
        raise NotFound(f"{section} has no entry {', '.join(map(str, unknown))}")
    club_id = section.session.event.club_id
    seated: dict[int, Entry] = {}
    problems = [f"{_entry_words(entries[n])} is not a team: it takes no team name"
                for n, name in team_names.items() if name and entries[n].kind != EntryKind.TEAM]  # fmt: skip
    team_names = {n: name for n, name in team_names.items() if entries[n].kind == EntryKind.TEAM}
    problems += [f"the name of team {n} is {len(name)} characters long: at most 160, please"
                 for n, name in team_names.items() if len(name) > 160]  # fmt: skip
    for number, entry in entries.items():
        chosen = players.get(number, list(entry.players.all()))
        low, high = PLAYERS_PER_ENTRY[EntryKind(entry.kind)]
        if number in players and chosen and not low <= len(chosen) <= high:
            wanted = f"{low} player{'s' * (low > 1)}" if low == high else f"{low} to {high} players"
            problems.append(f"{_entry_words(entry)} needs {wanted}, not {len(chosen)}"
                            f" ({' & '.join(map(str, chosen))})")  # fmt: skip
        for player in chosen:
            if player.club_id != club_id:
                problems.append(f"{player} is not a member of {section.club}")
            elif player.id in seated:
                where = seated[player.id]
                again = "twice in" if where is entry else f"in {_entry_words(where)} and in"
                problems.append(f"{player} is {again} {_entry_words(entry)}")
            seated[player.id] = entry
    elsewhere = Entry.objects.filter(section__session_id=section.session_id, players__id__in=[
        p.id for number, chosen in players.items() for p in chosen
    ]).exclude(section=section).select_related("section").prefetch_related("players")  # fmt: skip
    for entry in elsewhere:  # one sitting: nobody plays in two sections at once
        for player in entry.players.all():
            if any(p.id == player.id for chosen in players.values() for p in chosen):
                problems.append(f"{player} is already in section {entry.section.name}, {_entry_words(entry)}")
    if problems:
        raise Refused("; ".join(dict.fromkeys(problems)))
    named = []
    for number in sorted(set(players) | set(team_names)):
        entry = entries[number]
        chosen = players[number] if number in players else entry_players(entry)
        if number in players:
            entry.players.clear()  # then added one by one: the through rows keep the order they were given in
            through = Entry.players.through
            through.objects.bulk_create([through(entry=entry, player=player) for player in chosen])
        if entry.kind == EntryKind.TEAM:
            entry.name = team_names.get(number) or (team_name(chosen) if chosen else "")
        else:
            entry.name = " & ".join(map(str, chosen))[:160]
        entry.save(update_fields=["name"])
        named.append(entry)
    return named
