"""PBN check mode, the tag values: each tag's value against §3.4 and §4 (dates, sides, deal, contract, result,
scores, the rubber's history), new tag names and scoring fields as warnings (§4.9, §3.4.12), inheritance (§4.8)."""

from __future__ import annotations

import re

from games.formats.pbn.check_syntax import Problem, Tag
from games.formats.pbn.tables import NO_INHERITANCE

# Tags PBN 2.1 defines (§3.4, §3.5-§3.6, §4, §5); any other is new (§4.9: skipped, perhaps with a warning).
KNOWN_TAGS = frozenset((
    "Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal",
    "Scoring", "Declarer", "Contract", "Result", "Auction", "Play", "Note", "Competition", "DealId",
    "Description", "FrenchMP", "Generator", "Hidden", "Room", "Termination", "Score", "ScoreIMP", "ScoreMP",
    "ScorePercentage", "ScoreRubber", "ScoreRubberHistory", "OptimumScore", "BidSystemEW", "BidSystemNS",
    "PairEW", "PairNS", "WestNA", "NorthNA", "EastNA", "SouthNA", "WestType", "NorthType", "EastType",
    "SouthType", "EventDate", "EventSponsor", "HomeTeam", "Round", "Section", "Stage", "Table", "VisitTeam",
    "Time", "UTCDate", "UTCTime", "TimeControl", "TimeCall", "TimeCard", "Annotator", "AnnotatorNA",
    "Application", "Mode", "ActionTable", "AuctionTimeTable", "InstantScoreTable", "OptimumPlayTable",
    "OptimumResultTable", "PlayTimeTable", "ScoreTable", "TotalScoreTable"
))  # fmt: skip
# §3.4.12's example fields: the list is open ended, so another field is a warning.
SCORING_FIELDS = frozenset((
    "MP", "MatchPoints", "IMP", "Cavendish", "Chicago", "Rubber", "BAM", "Instant", "Butler", "Butler-2",
    "Experts", "Cross", "Cross1", "Cross2", "Mean", "Median", "MP1", "MP2", "OldMP", "Mitchell2", "Mitchell3",
    "Mitchell4", "Ascherman", "Bastille", "EMP", "IMP_1948", "IMP_1961"
))  # fmt: skip
_SCORING_LOWER = frozenset(name.lower() for name in SCORING_FIELDS)
SEATS = "NESW"
STRAINS = ("C", "D", "H", "S", "NT")
RANKS = "23456789TJQKA"
_DATE = re.compile(r"(\?{4}|\d{4})\.(\?\?|\d\d)\.(\?\?|\d\d)")
_VULNERABLE_AFTER: dict[tuple[bool, ...], str] = {
    (False, False): "None",
    (True, False): "NS",
    (False, True): "EW",
}
"""A rubber's vulnerability from which sides have won a game."""
DEAL = re.compile(r"[NESWnesw]:(\S+)( \S+){3}")
_ROUND = re.compile(r"[0-9A-Za-z]+(\.[0-9A-Za-z]+)*")  # §4.4.4 allows "1.A.2"
_NUMBER = re.compile(r"[+-]?\d+(\.\d*)?")


def value_problems(tag: Tag, seen: dict[str, str]) -> list[Problem]:
    name, value, line = tag.name, tag.value, tag.line
    problems = []
    if name not in KNOWN_TAGS:
        problems.append(
            Problem("New tag name", f"[{name}] is not a tag of PBN 2.1 (§4.9)", line, warning=True)
        )
    if value is None:
        return problems + [Problem("No tag value", f"[{name}] has no value", line)]
    bad = [c for c in value if c == "\t" or ord(c) < 32 or 127 <= ord(c) <= 159]
    if bad:
        problems.append(
            Problem("Bad character", f"[{name}] holds character {ord(bad[0])} (§2.2, §2.3)", line)
        )
    if name != "Note":
        if name in seen:
            problems.append(Problem("Tag exists already", f"a second [{name}] (§3.4)", line))
        seen[name] = value
    if value.startswith("#"):
        if name in NO_INHERITANCE:
            return problems + [Problem("Bad inheritance", f'[{name} "{value}"] (§4.8)', line)]
        value = value.lstrip("#")
    if value in ("", "?"):
        return problems
    check = _VALUE_CHECKS.get(name)
    for kind, why in check(value) if check else ():
        if kind != "_vulnerable":  # compared with the Vulnerable tag once the game is read
            problems.append(Problem(kind, f'[{name} "{value}"]: {why}', line))
    return problems


def _integer(value: str):
    if not re.fullmatch(r"-?\d+", value):
        yield "No integer tag value", "not a whole number"
    elif int(value) < 0:
        yield "No non-negative integer tag value", "negative"


def _round(value: str):
    """§4.4.4: a round number, or numbers and letters joined by dots ("1.A.2")."""
    if _ROUND.fullmatch(value):
        return
    if value.startswith("-") and _ROUND.fullmatch(value[1:]):
        yield "No non-negative integer tag value", "negative"
    else:
        yield "No integer tag value", "not a round such as 3 or 1.A.2"


def _date(value: str):
    if re.search(r"[^0-9?.]", value):
        yield "Bad date character", "only digits, '?' and '.'"
    elif not _DATE.fullmatch(value):
        yield "Bad date format", "YYYY.MM.DD"


def _side(value: str):
    if value.upper().lstrip("^") not in tuple(SEATS) or value.count("^") > 1:
        yield "Bad side", "not N, E, S or W"


def _declarer(value: str):
    if value.upper().lstrip("^") not in tuple(SEATS) or value.count("^") > 1:
        yield "Bad tag value", "not N, E, S or W (or ^ and one of them, §3.4.13)"


def _vulnerable(value: str):
    if value.lower() not in ("none", "love", "-", "ns", "ew", "all", "both"):
        yield "Wrong tag value", "not None, NS, EW or All (§3.4.10)"


def _deal(value: str):
    """§3.4.11: "<first>:<hand> <hand> <hand> <hand>", one space apart; no card twice; 13 cards at most."""
    if not DEAL.fullmatch(value):
        yield "Wrong tag value", "not four hands one space apart"
        return
    first = SEATS.index(value[0].upper())
    seen: dict[str, str] = {}
    sizes = []
    for i, hand in enumerate(value[2:].split(" ")):
        seat = SEATS[(first + i) % 4]
        suits = [] if hand == "-" else hand.split(".")
        if hand != "-" and len(suits) != 4:
            yield "Wrong tag value", f"{seat}'s hand {hand} is not four suits"
            return
        for suit, ranks in zip("SHDC", suits or ["", "", "", ""], strict=True):
            for rank in ranks.upper():
                if rank not in RANKS:
                    yield "Bad rank", f"{rank!r} in {seat}'s hand"
                    return
                card = suit + rank
                if card in seen:
                    yield "Wrong tag value", f"{card} in {seen[card]}'s and {seat}'s hands"
                seen[card] = seat
        sizes.append((seat, sum(len(s) for s in suits)))
    for seat, size in sizes:
        if size > 13:
            yield "Bad deal", f"{seat} has {size} cards"
    given = [size for _, size in sizes if size]
    if not given:
        yield "Bad deal", "no cards"
    elif len(set(given)) > 1:
        most = 13 if 13 in given else max(set(given), key=given.count)
        for seat, size in sizes:
            if size and size != most and size <= 13:
                yield "Bad deal", f"{seat} has {size} cards, others have {most} cards"


def _contract(value: str):
    """§3.4.14: Pass or <level><strain><risk>; an end position gives the strain only (§3.10)."""
    if value.lower() == "pass":
        return
    m = re.fullmatch(r"([1-7]?)([A-Za-z]*?)(x{0,2})", value, re.IGNORECASE)
    if not m or not m.group(1) and m.group(3):
        yield "Bad tag value", "not Pass or <level><strain><risk> (§3.4.14)"
    elif m.group(2).upper() not in STRAINS:
        name = m.group(2).upper()
        yield (
            ("Bad trump" if name.startswith("N") else "Bad tag value"),
            f"{m.group(2)!r} is not C, D, H, S or NT",
        )


def _sided(value: str, number, names: str = "score"):
    """The five forms of §4.2.1 ("<n>", "NS <n>", "EW <n>", both) with `number` checking each <n>."""
    parts = re.sub(r"\s*/\s*", "/", value.strip()).split()
    if (
        len(parts) in (2, 4)
        and all(p in ("NS", "EW") for p in parts[0::2])
        and len(set(parts[0::2])) == len(parts) // 2
    ):
        numbers = parts[1::2]
    elif len(parts) == 1:
        numbers = parts
    else:
        yield "Bad tag value", f"not <{names}>, NS <{names}>, EW <{names}> or both"
        return
    for text in numbers:
        yield from number(text)


def _result(value: str):
    text = value[1:] if value.startswith("^") else value

    def tricks(t):
        if not t.isdigit():
            yield "Bad number", "Bad result format"
        elif not 0 <= int(t) <= 13:
            yield "Bad number", "not 0 to 13 tricks"

    found = list(_sided(text, tricks, "result"))
    yield from found
    parts = text.split(" ")
    if not found and len(parts) == 4 and int(parts[1]) + int(parts[3]) != 13:
        yield "Bad number", "sum differs from 13"


def _points(decimal: bool, low: float | None = None, high: float | None = None):
    def number(text: str):
        if not re.match(r"[+-]?\d", text):
            yield "Bad number", f"{text!r} is not a number"
        elif not _NUMBER.fullmatch(text) or not decimal and "." in text.rstrip("."):
            yield "Bad tag value", f"{text!r} is not {'a decimal' if decimal else 'an integer'} number"
        elif low is not None and high is not None and not low <= float(text) <= high:
            yield "Bad tag value", f"{text} is not {low:g} to {high:g}"

    return lambda value: _sided(value, number)


def _rubber(value: str):
    def number(text: str):
        if not re.match(r"\d", text):
            yield "Bad number", f"{text!r} is not above/below"
        elif not re.fullmatch(r"\d+/\d+", text):
            yield "Bad tag value", f"{text!r} is not <above>/<below>"

    return _sided(value, number)


def _optimum(value: str):
    """§4.2.7: only the four sided forms, integer points."""
    parts = value.split(" ")
    if len(parts) == 1 and parts[0] not in ("NS", "EW"):
        yield "Bad tag value", "the side is missing (NS <score> or EW <score>)"
        return
    if len(parts) not in (2, 4) or any(p not in ("NS", "EW") for p in parts[0::2]):
        yield "Bad number", "not NS <score>, EW <score> or both"
        return
    yield from _points(False)(value)


def rubber_history(value: str):
    """§4.2.6: "NS <history> EW <history>", each "<above previous> <above current>/<below 1> [<below 2> [<below
    3>]]"; a finished game goes to the side with 100 below the line, and makes it vulnerable."""
    m = re.fullmatch(r"NS (.+) EW (.+)", re.sub(r"\s*/\s*", "/", value.strip()))
    histories = []
    for text in m.groups() if m else ():
        units = text.replace("/", " / ").split()
        if (
            not 4 <= len(units) <= 6
            or units[2:3] != ["/"]
            or not all(u.isdigit() for u in units[:2] + units[3:])
        ):
            break
        histories.append([int(u) for u in units[3:]])
    if len(histories) != 2 or len(histories[0]) != len(histories[1]):
        yield "Bad tag value", "not NS <above> <above>/<below> ... EW <above> <above>/<below> ..."
        return
    finished = len(histories[0]) - 1
    won = [any(h[game] >= 100 for game in range(finished)) for h in histories]
    yield (
        "_vulnerable",
        _VULNERABLE_AFTER.get(tuple(won), "All"),
    )


def _scoring(value: str):
    for name in value.split(";"):
        if name and name.lower() not in _SCORING_LOWER:
            yield "New Scoring fields", f"{name!r} (§3.4.12 lists examples only)"


_VALUE_CHECKS = {
    "Board": _integer, "Table": _integer, "Round": _round, "Date": _date, "EventDate": _date, "UTCDate": _date,
    "Dealer": _side, "Declarer": _declarer, "Vulnerable": _vulnerable, "Deal": _deal, "Contract": _contract,
    "Result": _result, "Score": _points(False), "ScoreIMP": _points(True), "ScoreMP": _points(True),
    "ScorePercentage": _points(True, 0, 100), "ScoreRubber": _rubber, "OptimumScore": _optimum,
    "Scoring": _scoring, "ScoreRubberHistory": rubber_history,
}  # fmt: skip
WARNINGS = frozenset({"New Scoring fields"})
