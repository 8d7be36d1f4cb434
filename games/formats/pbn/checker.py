"""PBN check mode: every problem of every game, named as Tis Veugen's PBN Verifier names it, without raising.

``check(data) -> list[Report]`` keeps what ``parse(data, strict=False)`` finds in each game and adds what
PBN 2.1 asks of a file that ordinary parsing has no reason to check, because a hand record or a result can be
used without it. It reads the game token by token (§3.1-§3.3) and checks: line length and characters (§2.2,
§2.3), tag pairs and their values (§3.4, §4), inheritance (§4.8), the auction against the dealer and the rules
of bidding, with its annotations and irregularity marks (§3.5, §3.7, §3.9), the play against the deal (a card not
held or played twice, a revoke, a lead, '+', §3.6, §3.9), the Declarer, Contract and Result tags against the
auction and the play, notes (§3.5.4-§3.5.5, §3.6.4-§3.6.5), table sections (§5.2) and export format (§2.4, §3.3).

Each finding is a ``Problem(kind, message, line, warning)``; ``kind`` is the verifier's wording ("Bad date
format", "Line too long", "No dealer", "Revoke" ...), so that its reference tests compare game by game. A new tag
name or scoring field is a warning only: §4.9 and §3.4.12 leave both open. Ordinary parsing is unchanged.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

from games.formats.pbn.check_play import auction_against_tags, play_problems, read_auction
from games.formats.pbn.check_syntax import Problem, Tag, read_tags, read_tokens, split_games, table_problems
from games.formats.pbn.check_values import WARNINGS, rubber_history, value_problems
from games.formats.pbn.decoding import decode
from games.formats.pbn.game import Game
from games.formats.pbn.reader import parse
from games.formats.pbn.tables import NO_INHERITANCE, PBNError, heads_table

__all__ = ["Problem", "Report", "check"]

MAX_LINE = 255  # §2.3: "including the non-visible characters, especially the end-of-line indicator"


@dataclass
class Report:
    """One game's problems, in the order found."""

    label: str
    first_line: int
    problems: list[Problem] = field(default_factory=list)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if not p.warning]

    @property
    def ok(self) -> bool:
        return not self.errors


def _game(lines, inherited: dict[str, str], export: bool) -> list[Problem]:
    """One game's problems; `inherited` holds the tag values a "#" takes (§4.8) and is updated."""
    problems: list[Problem] = []
    for number, line, length in lines:
        if length > MAX_LINE:
            problems.append(
                Problem(
                    "Line too long",
                    f"{length} characters with its line end, at most {MAX_LINE} (§2.3)",
                    number,
                )
            )
        if export and line.startswith("[") and re.sub(r'"(?:[^"\\]|\\.)*"', "", line).count("[") > 1:
            problems.append(Problem("EXPORT", "export format: one tag pair a line (§3.3)", number))
    tags = read_tags(read_tokens(lines, problems), problems)
    seen: dict[str, str] = {}
    for tag in tags:
        problems.extend(value_problems(tag, seen))
        if tag.value is not None and tag.value.startswith("#") and tag.name not in NO_INHERITANCE:
            tag.value = inherited.get(tag.name, "") if tag.value == "#" else tag.value[2:]
            if not tag.value.startswith("#"):
                inherited[tag.name] = tag.value
        elif tag.value is not None and tag.name != "Note":
            inherited[tag.name] = tag.value
    values = {t.name: (t.value or "") for t in reversed(tags) if t.name != "Note"}
    values = {k: v for k, v in values.items() if not v.startswith("#")}
    section = None
    notes: dict[str, list[Tag]] = {"Auction": [], "Play": []}
    for tag in tags:
        if tag.name in notes:
            section = tag.name
        elif tag.name == "Note":
            if section:
                notes[section].append(tag)
            else:
                problems.append(
                    Problem("Bad section", f'[Note "{tag.value}"] outside the auction and play', tag.line)
                )
            continue
        else:
            section = None
        if heads_table(tag.name):
            table_problems(tag, problems)
        elif tag.data and tag.name not in notes:
            problems.append(
                Problem("Wrong character", f"data after [{tag.name}], which has no section", tag.data[0].line)
            )
    history = (
        dict(rubber_history(values.get("ScoreRubberHistory", ""))) if "ScoreRubberHistory" in values else {}
    )
    vulnerable = values.get("Vulnerable", "").lower()
    vulnerable = {"love": "none", "-": "none", "both": "all"}.get(vulnerable, vulnerable)
    if "_vulnerable" in history and vulnerable and vulnerable != history["_vulnerable"].lower():
        problems.append(Problem(
            "Vulnerable tag and ScoreRubberHistory tag are inconsistent",
            f"[Vulnerable] {values['Vulnerable']}, the rubber makes {history['_vulnerable']} vulnerable (§4.2.6)",
            tags[0].line,
        ))  # fmt: skip
    outcome = None
    for tag in tags:
        if tag.name == "Auction" and not (tag.value or "").startswith("#"):
            outcome = read_auction(tag, notes["Auction"], values, problems)
            auction_against_tags(outcome, values, tag.line, problems)
        if tag.name == "Play" and not (tag.value or "").startswith("#"):
            play_problems(tag, notes["Play"], values, problems, outcome.declarer if outcome else None)
    if outcome is None and values.get("Contract", "").lower() == "pass" and values.get("Result"):
        problems.append(Problem("No declarer", "a result for a passed-out board", None))
    elif values.get("Result") and values.get("Declarer", "x") == "":
        problems.append(Problem("No declarer", "a result with no declarer", None))
    return [Problem(p.kind, p.message, p.line, True) if p.kind in WARNINGS else p for p in problems]


def check(data: str | bytes, *, source: str | None = None) -> list[Report]:
    """Every game of a PBN file with its problems: the reader's own (lenient mode) and the check mode's."""
    text = decode(data) if isinstance(data, bytes) else data
    reports = []
    export = False
    inherited: dict[str, str] = {}
    runs = split_games(text)
    try:  # the whole file at once, so that inheritance (§4.8) reaches across games
        whole = parse(text, source=source, strict=False)
    except PBNError:
        whole = []
    starts = [lines[0][0] for lines in runs]
    by_run: dict[int, list[Game]] = {}
    for game in whole:
        by_run.setdefault(bisect.bisect_right(starts, game.line) - 1, []).append(game)
    for index, lines in enumerate(runs, start=1):
        report = Report(label=f"game {index}", first_line=lines[0][0])
        games = by_run.get(index - 1)
        if games is None:  # the reader saw no game here (a comment left open before it): read it alone
            body = "\n" * (lines[0][0] - 1) + "\n".join(line for _, line, _ in lines) + "\n"
            try:
                games = parse(body, source=source, strict=False)
            except PBNError as error:
                report.problems.append(Problem("Syntax", str(error), lines[0][0]))
                games = []
        for game in games:
            report.problems.extend(Problem("Reader", str(message)) for message in game.errors)
        export = export or any(line.startswith("% EXPORT") for _, line, _ in lines)
        report.problems.extend(_game(lines, inherited, export))
        reports.append(report)
    return reports
