"""A party's standings: who won each table (`decide_table`, by scoring.methods.books), the stars of a star party,
and the standings with the prizes, stored through scoring.services (registered in PartiesConfig.ready as the
standings of the "progressive" scoring method). `party_rows` is what the pages show of them."""

from __future__ import annotations

import secrets
from collections import Counter

from scoring.methods import books
from scoring.methods.books import Stars, TableGame, games_won
from scoring.methods.ranking import seeded_cut
from scoring.models import Standing
from scoring.services import store_standings
from tournaments.models import Section

from .core import (
    FortStanding,
    fort_of,
    fort_standings,
    lone_hands_allowed,
    party_kind,
    punch_marks,
    with_sit_outs,
)
from .models import Tally
from .settings import party_settings


def table_games(section: Section, round_number: int, tallies) -> list:
    """The round's tables as scoring.methods.books sees them: partnerships (N-S, E-W) and their points."""
    seats = {s.table: s.seats for s in section.seatings.filter(round=round_number)}
    games = []
    for tally in tallies:
        table = seats.get(tally.table, {})
        if all(seat in table for seat in "NESW"):
            pairs = ((table["N"], table["S"]), (table["E"], table["W"]))
            games.append(TableGame(tally.table, pairs, (tally.ns_points, tally.ew_points)))
    return games


def decide_table(section: Section, tally: Tally) -> tuple[str, dict]:
    """A progressive table's winners ("NS", "EW" or "") and punches per player, by scoring.methods.books."""
    if section.game == "hearts":  # the lady and the gentleman with fewer hearts: a punch each, ties cut
        if not tally.hearts:
            return "", {}
        cut = seeded_cut(f"{cut_seed(section)}:round {tally.round} table {tally.table}")
        her = party_settings(section).ladies_of(section.entries.count())
        won = books.hearts_hand_winners({int(p): n for p, n in tally.hearts.items()}, her, cut)
        return "", {str(player): 1 for player in won}
    games = table_games(section, tally.round, [tally])
    if not games:
        return "", {}
    game = games[0]
    if party_kind(section.movement_kind).head_table_game is None:  # bridge: the better score at every table
        a, b = game.points
        return ("NS" if a > b else "EW" if b > a else ""), {}
    won = games_won([[game]])
    side = next((i for i, pair in enumerate(game.pairs) if all(won[p] for p in pair)), None)
    return ("NS", "EW")[side] if side is not None else "", {str(p): won[p] for p in won}


def cut_seed(section: Section) -> str:
    """The seed the Section's prize ties are cut with: drawn (secrets) the first time it is wanted and kept, so
    every recompute cuts the same ties the same way. Two first recomputes at once keep whichever wrote first."""
    if not section.cut_seed:
        Section.objects.filter(id=section.id, cut_seed="").update(cut_seed=secrets.token_hex(16))
        section.cut_seed = Section.objects.values_list("cut_seed", flat=True).get(id=section.id)
    return section.cut_seed


def section_stars(section: Section, tallies: list[Tally] | None = None) -> dict[int, books.Stars]:
    """The star party's stars from each frozen table's winners (a cut's winners too: at a tie the most tricks
    toward the next hand decide, 002 L682, and the host gives that side); every frozen tally if none given."""
    if tallies is None:
        tallies = list(Tally.objects.filter(section=section, frozen=True))
    seats = {(s.round, s.table): s.seats for s in section.seatings.all()}
    tables = {r: sum(1 for key in seats if key[0] == r) for r, _ in seats}
    games = []
    for tally in tallies:
        table = seats.get((tally.round, tally.table), {})
        if tally.winners in ("NS", "EW") and all(seat in table for seat in "NESW"):
            won, lost = ("NS", "EW") if tally.winners == "NS" else ("EW", "NS")
            pair = {side: (table[side[0]], table[side[1]]) for side in ("NS", "EW")}
            games.append((tally.round, tally.table, pair[won], pair[lost]))
    counts: dict[int, books.Stars] = {}
    for number in sorted({g[0] for g in games}):
        round_games = [(t, w, lost) for r, t, w, lost in games if r == number]
        for player, stars in books.star_counts(round_games, tables[number]).items():
            old = counts.get(player, books.Stars())
            counts[player] = books.Stars(old.gold + stars.gold, old.red + stars.red, old.green + stars.green)
    return counts


def _party_totals(section: Section, rounds: list[list[TableGame]], tallies: list[Tally]) -> Counter:
    """What a party ranks by: games won (euchre, hearts), each player's side's points (progressive contract,
    L20376–20392), plus less minus (individual progressive bridge, L5408–5411), or the stars (gold, then red,
    then fewest green, 002 L681, as one number that sorts alike)."""
    scoring = party_kind(section.movement_kind).scoring
    if scoring == "stars":
        stars = section_stars(section, tallies)
        return Counter({p: s.gold * 1_000_000 + s.red * 1_000 - s.green for p, s in stars.items()})
    games = [game for round_ in rounds for game in round_]
    if scoring == "punches":
        return punch_marks(tally.punches for tally in tallies)
    if scoring == "flags":  # each game's winners take a flag; a fort's four share its flags (L11452–11464)
        flags = Counter(winner for winner, _ in _fort_games(games))
        return Counter({p: flags[fort_of(p)] for game in games for pair in game.pairs for p in pair})
    if scoring == "points":
        return _points(games)
    if scoring == "net":
        results = [(g.pairs[side], g.points[side] - g.points[1 - side]) for g in games for side in (0, 1)]
        return Counter({p: n.net for p, n in books.net_by_player(results).items()})
    return games_won(rounds)


def _fort_games(games: list[TableGame]) -> list[tuple[int, int]]:
    """Military euchre's games as (winning fort, losing fort): a game is won by the side that made five
    (L11451–11453), or the better score when the host rang before it was finished."""
    results = []
    for game in games:
        won = games_won([[game]])
        side = next((i for i, pair in enumerate(game.pairs) if won[pair[0]]), None)
        if side is not None:
            results.append((fort_of(game.pairs[side][0]), fort_of(game.pairs[1 - side][0])))
    return results


def fort_board(section: Section, tallies: list[Tally] | None = None) -> list[FortStanding]:
    """Military euchre's leaderboard: the forts by the flags they captured over the frozen games, with the Section's
    prizes theirs (L11463–11464: "The winners are the forts that have captured the most trophies"), a tie for a
    prize cut from the Section's cut seed."""
    if tallies is None:
        tallies = list(Tally.objects.filter(section=section, frozen=True))
    games = [
        game for number in sorted({t.round for t in tallies})
        for game in table_games(section, number, [t for t in tallies if t.round == number])
    ]  # fmt: skip
    forts = party_settings(section).forts_of(section.entries.count())
    seed = cut_seed(section) if section.prizes else ""
    return fort_standings(forts, _fort_games(games), section.prizes, seeded_cut(f"{seed}:forts"))


def _points(games: list[TableGame]) -> Counter:
    totals: Counter = Counter()
    for game in games:
        for pair, points in zip(game.pairs, game.points, strict=True):
            totals.update({p: points for p in pair})
    return totals


def progressive_standings(section: Section, computed: int) -> None:
    """A progressive party's standings: games won (punches) over the frozen rounds and lone hands, ranked by
    scoring.methods.books (Hoyle 1940 L11413–11430), with the Section's prizes and the lone-hand prize awarded
    and every tie cut by a draw from the Section's cut seed."""
    tallies = list(Tally.objects.filter(section=section, frozen=True).order_by("round", "table"))
    rounds = [
        table_games(section, number, [t for t in tallies if t.round == number])
        for number in sorted({t.round for t in tallies})
    ]
    scoring = party_kind(section.movement_kind).scoring
    won = _party_totals(section, rounds, tallies)
    if scoring not in ("stars", "flags"):  # a fort has no sit-outs; stars are counted bare (see sit_outs)
        played, sat = sit_outs(section, {t.round for t in tallies})
        won = Counter({n: with_sit_outs(won.get(n, 0), played[n], sat[n]) for n in won.keys() | sat.keys()})
    stars = section_stars(section, tallies) if scoring == "stars" else None
    forts = {f.fort.number: f for f in fort_board(section, tallies)} if scoring == "flags" else None
    lone: Counter = Counter()
    for tally in tallies:
        lone.update({int(player): count for player, count in tally.lone_hands.items()})
    entries = dict(section.entries.values_list("number", "id"))
    seed = cut_seed(section) if section.prizes or section.lone_hand_prize or stars is not None else ""
    # the star party's prizes go by colour and side, military euchre's to the forts
    by_players = section.prizes if stars is None and forts is None else 0
    ranking = books.progressive_standings(
        {n: won.get(n, 0) for n in entries},
        prizes=by_players,
        lone_hands=lone if section.lone_hand_prize else None,
        cut=seeded_cut(seed),
        lone_hand_cut=seeded_cut(f"{seed}:lone hands"),
    )
    awards = books.prize_awards(ranking)
    if stars is not None:
        her = party_settings(section).ladies_of(len(entries))
        by_stars = books.star_prizes(
            {n: stars.get(n, books.Stars()) for n in entries}, her, seeded_cut(f"{seed}:stars")
        )
        awards = {  # with the lone-hand prize, if one is offered
            n: books.Award(
                " and ".join(a.prize for a in (by_stars.get(n), awards.get(n)) if a and a.prize),
                "; ".join(a.cut for a in (by_stars.get(n), awards.get(n)) if a and a.cut),
            )
            for n in by_stars.keys() | awards.keys()
        }
    if forts is not None:  # each of a fort's four takes home the fort's prize
        awards = {
            n: books.Award(
                f"{fort.prize}, {fort.fort.name}" if fort.prize else "",
                f"{fort.fort.name} {fort.cut}" if fort.cut else "",
            )
            for n in entries
            if (fort := forts[fort_of(n)]).prize or fort.cut
        }
    store_standings(
        [
            Standing(
                section=section,
                entry_id=entries[number],
                total=float(games) if stars is None else stars.get(number, books.Stars()).gold,
                percentage=None,
                boards=len(rounds),
                place=int(rank.rstrip("=")),
                rank=rank,
                field="",
                computed=computed,
                prize=awards.get(number, books.Award()).prize,
                cut=awards.get(number, books.Award()).cut,
            )  # fmt: skip
            for number, games, rank in ranking.ranking
        ],
        prizes=True,
    )


def sit_outs(section: Section, rounds: set[int]) -> tuple[Counter, Counter]:
    """Of `rounds` (the frozen ones), how many each player played and how many he sat out: a round sat out is
    scored at his average over the rounds he played (parties.core.with_sit_outs), in games won, points, net score
    and punch marks alike. The star party's stars are counted as won, a sitter's round bringing none: the older
    Hoyle's prizes go by stars of each colour (002 L681), and a fraction of a star is no star."""
    played: Counter = Counter()
    for seats in section.seatings.filter(round__in=rounds).values_list("seats", flat=True):
        played.update(int(p) for p in seats.values())
    settings = party_settings(section)
    sat = Counter(p for r in rounds for p in settings.sitting_out_in(r))
    return played, sat


def party_rows(section: Section) -> list[dict]:
    """A progressive party's standings (games won are the punches on the tally cards) with each player's lone
    hands from the frozen tallies, prize and how a tie for it was cut."""
    lone: dict[str, int] = {}
    for tally in Tally.objects.filter(section=section, frozen=True):
        for player, count in tally.lone_hands.items():
            lone[player] = lone.get(player, 0) + count
    rows = []
    kind = party_kind(section.movement_kind)
    measure = kind.measure
    stars = section_stars(section) if kind.scoring == "stars" else None
    lone_play = lone_hands_allowed(section.game, 2, section.movement_kind)  # away from the head table
    forts = {f.fort.number: f for f in fort_board(section)} if kind.scoring == "flags" else {}
    frozen = set(Tally.objects.filter(section=section, frozen=True).values_list("round", flat=True))
    played, sat = sit_outs(section, frozen)
    for standing in Standing.objects.filter(section=section).select_related("entry").order_by("place"):
        number = standing.entry.number
        key = str(number)
        rows.append({
            "rank": standing.rank, "entry": standing.entry, "games": standing.total, "lone_hands": lone.get(key, 0),
            "prize": standing.prize, "cut": standing.cut, "measure": measure, "lone": lone_play,
            "stars": None if stars is None else stars.get(standing.entry.number, Stars()),
            "fort": forts.get(fort_of(standing.entry.number)),
            "sat_out": sat[standing.entry.number], "played": played[standing.entry.number],
            "figure": figure(standing.total),  # the star party's prize list counts each colour (stars)
            "said": "" if stars is not None else prize_figure(kind.scoring, standing.total, played[number], sat[number]),
        })  # fmt: skip
    if forts:  # a fort's four together, so that the forts' leaderboard can be read off them in order
        board = list(forts)
        rows.sort(key=lambda row: (board.index(row["fort"].fort.number), row["entry"].number))
    return rows


FIGURE_WORDS = {"games": "{} games won", "punches": "{} punch marks", "points": "{} points", "net": "net score {}",
                "flags": "{} flags captured"}  # fmt: skip
"""A prize winner's figure in words, by the kind's scoring."""


def figure(value: float) -> str:
    """A party's figure as members read it: a whole number whole, an average (a sit-out's round) to one decimal at
    most, "1.5", never "1.50"."""
    return f"{round(value, 1) + 0:.1f}".removesuffix(".0")


def prize_figure(scoring: str, total: float, played: int, sat_out: int) -> str:
    """A prize winner's figure as the prize list says it ("3 games won", "net score 471"), saying how a figure made
    up for rounds sat out was averaged: "3 punch marks (2 in the 2 rounds played, the round sat out at the
    average)" (sit_outs)."""
    said = FIGURE_WORDS[scoring].format(figure(total))
    if not sat_out or not played:
        return said
    bare = figure(total * played / (played + sat_out))
    out = "the round sat out" if sat_out == 1 else f"the {sat_out} rounds sat out"
    return f"{said} ({bare} in the {played} round{'s' if played > 1 else ''} played, {out} at the average)"


def party_game(section: Section) -> str:
    """The party's kind as a list of sections names it ("Progressive hearts")."""
    return party_kind(section.movement_kind).title


def party_summary(section: Section) -> str:
    """The party's kind and how its standings are ranked, for the section's heading: "Progressive hearts, 16
    players · ranked by punch marks, ..." (each kind its own method)."""
    kind = party_kind(section.movement_kind)
    return f"{(section.plan.name if section.plan else '') or kind.title} · ranked by {kind.ranking}"
