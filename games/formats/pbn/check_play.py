"""PBN check mode, the auction and the play: calls legal in turn from the dealer, with their annotations, notes and
irregularity marks (§3.5, §3.7, §3.9); cards held, followed and led in turn against the deal (§3.6, §3.9); the
Declarer, Contract and Result tags against both."""

from __future__ import annotations

import re
from dataclasses import dataclass

from games.formats.pbn.check_syntax import Element, Problem, Tag, read_elements
from games.formats.pbn.check_values import DEAL, RANKS, SEATS, STRAINS

SUFFIXES = frozenset({"!", "?", "!!", "??", "!?", "?!"})  # §3.5.3, §3.6.3


_CALL_NAGS = (frozenset(range(1, 7)), 13)  # §3.7: the suffixes' NAGs and "corrected manually"
_CARD_NAGS = (frozenset(range(7, 13)), 14)


def _annotation_problems(
    element: Element, own: tuple[frozenset[int], int], problems: list[Problem], used: set[int]
) -> None:
    """§3.5.2: at most one suffix, at most one note, NAGs 0-255 of the section's own kind (§3.7)."""
    where = element.text
    if len(element.suffixes) > 1 or any(s not in SUFFIXES for s in element.suffixes):
        problems.append(Problem("Double suffix", f"{where} {' '.join(element.suffixes)}", element.line))
    values = []
    for nag in element.nags:
        if not nag[1:].isdigit():
            problems.append(Problem("Bad number", f"{where} {nag}", element.line))
            continue
        value = int(nag[1:])
        if value > 255 or value in range(1, 15) and value not in own[0] | {own[1]}:
            problems.append(Problem("Bad nag", f"{where} {nag} (§3.7)", element.line))
        values.append(value)
    suffix_like = len(element.suffixes) + sum(v in own[0] for v in values)
    if suffix_like > 1 and (element.suffixes and values or len(values) > 1):
        problems.append(
            Problem("Double nag", f"{where}: a suffix and its NAG, or two (§3.5.2)", element.line)
        )
    if len(element.notes) > 1:
        problems.append(Problem("Double note", f"{where} {' '.join(element.notes)}", element.line))
    for note in element.notes:
        if not re.fullmatch(r"=\d+=", note):
            problems.append(Problem("Bad note", f"{where} {note}", element.line))
        elif not 1 <= int(note[1:-1]) <= 32:
            problems.append(
                Problem("Bad note", f"{where} {note}: note numbers are 1 to 32 (§3.5.4)", element.line)
            )
        else:
            used.add(int(note[1:-1]))


def _note_problems(notes: list[Tag], used: set[int], problems: list[Problem], line: int) -> None:
    defined = {}
    for note in notes:
        m = re.fullmatch(r"(\d+):(.*)", note.value or "", re.S)
        if not m:
            problems.append(
                Problem("Bad number", f'[Note "{note.value}"] is not "<number>:<text>"', note.line)
            )
        elif not 1 <= int(m.group(1)) <= 32:
            problems.append(
                Problem("Bad note", f'[Note "{note.value}"]: note numbers are 1 to 32', note.line)
            )
        else:
            defined[int(m.group(1))] = note.line
    for number in sorted(used - set(defined)):
        problems.append(Problem("No note", f"No note for ={number}=", line))
    for number in sorted(set(defined) - used):
        problems.append(Problem("Unused note", f"Unused note [{number}]", defined[number]))


@dataclass
class Auction:
    declarer: str | None = None
    contract: str | None = None  # "Pass", "4SX"
    ended: bool = False


def read_auction(tag: Tag, notes: list[Tag], values: dict[str, str], problems: list[Problem]) -> Auction:
    """§3.5: the calls from the dealer, each legal after the calls before it, '+' last."""
    elements = read_elements(tag.data, "auction", problems)
    used: set[int] = set()
    first = (tag.value or "").upper()
    dealer = values.get("Dealer", "").upper()
    if not dealer:
        problems.append(Problem("No dealer", "[Auction] needs [Dealer]", tag.line))
    if first not in tuple(SEATS):
        problems.append(Problem("Bad side", f'[Auction "{tag.value}"] is not N, E, S or W', tag.line))
        return Auction()
    seat = SEATS.index(first)
    last_bid: tuple[int, int, int] | None = None  # (level, strain index, bidder)
    doubled = 0  # 0, 1 (X), 2 (XX)
    passes, started, plus = 0, False, False
    strain_first: dict[tuple[int, int], int] = {}
    outcome = Auction()
    for element in elements:
        _annotation_problems(element, _CALL_NAGS, problems, used)
        call = element.text.upper()
        if outcome.ended and call not in ("*",):
            problems.append(Problem("Bad call", f"{element.text} after the auction ended", element.line))
            break
        if call == "+" and not plus:
            plus = True
            continue
        if call == "*":
            outcome.ended = True
            break
        if plus:
            problems.append(Problem("Call after '+'", f"{element.text} after '+' (§3.5)", element.line))
            break
        if call == "-":
            if started:
                problems.append(Problem("Bad call", "'-' after the first call", element.line))
            seat += 1
            continue
        if not started:
            started = True
            if dealer and SEATS[seat % 4] != dealer[-1:]:
                problems.append(Problem("Bad side", f"Dealer {dealer} must bid first", element.line))
        bidder = seat % 4
        seat += 1
        if call == "^S":
            continue
        insufficient = "^I" in [c.upper() for c in element.carets]
        if call == "AP":
            outcome.ended = True
            continue
        if call == "PASS":
            passes += 1
            if passes == (4 if last_bid is None else 3):
                outcome.ended = True
            continue
        passes = 0
        if call in ("X", "XX"):
            need = 0 if call == "X" else 1
            side = (last_bid[2] - bidder) % 2 if last_bid else None  # 1: the bid was the opponents'
            if last_bid is None or doubled != need or side != (1 if call == "X" else 0):
                problems.append(Problem("Bad call", f"{call} (§3.5.1: Law 19)", element.line))
            doubled = need + 1
            continue
        m = re.fullmatch(r"([1-7])(.*)", call)
        if not m or m.group(2) not in STRAINS:
            kind = "Bad trump" if m else "Bad call"
            problems.append(Problem(kind, f"{element.text} is not a call (§3.5.1)", element.line))
            continue
        bid = (int(m.group(1)), STRAINS.index(m.group(2)), bidder)
        sufficient = last_bid is None or bid[:2] > last_bid[:2]
        if not sufficient and not insufficient:
            problems.append(
                Problem("Bad call", f"{element.text} is not higher than the last bid", element.line)
            )
        elif sufficient and insufficient:
            # ^I marks a bid the opponents accepted although it was not enough (§3.9 (A)); a sufficient bid so
            # marked is not that call, and the PBN Verifier reads the auction without it (the next call is the
            # same player's), so the Declarer and Result are checked against that auction.
            problems.append(
                Problem(
                    "Sufficient",
                    f"^I {element.text} is a sufficient bid (§3.9): read without it",
                    element.line,
                )
            )
            seat -= 1
            continue
        last_bid, doubled = bid, 0
        strain_first.setdefault((bidder % 2, bid[1]), bidder)
    _note_problems(notes, used, problems, tag.line)
    if outcome.ended:
        if last_bid is None:
            outcome.contract = "Pass"
        else:
            outcome.declarer = SEATS[strain_first[(last_bid[2] % 2, last_bid[1])]]
            outcome.contract = f"{last_bid[0]}{STRAINS[last_bid[1]]}{'X' * doubled}"
    return outcome


def auction_against_tags(
    outcome: Auction, values: dict[str, str], line: int, problems: list[Problem]
) -> None:
    """The Declarer and Contract tags are what the auction made (§3.4.13, §3.4.14)."""
    if outcome.contract is None:
        return
    contract = values.get("Contract", "").upper().replace("PASS", "Pass")
    declarer = values.get("Declarer", "").upper()
    if "Contract" in values and contract:
        made = outcome.contract
        if (
            contract.rstrip("X")[:1] != made.rstrip("X")[:1]
            or contract.rstrip("X")[1:] != made.rstrip("X")[1:]
        ):
            problems.append(Problem("Bad trump", f"[Contract] {contract}, the auction made {made}", line))
        elif len(contract) - len(contract.rstrip("X")) != len(made) - len(made.rstrip("X")):
            problems.append(Problem("Bad risk", f"[Contract] {contract}, the auction made {made}", line))
    if outcome.declarer and "Declarer" in values and declarer:
        swapped = declarer.startswith("^")
        real = declarer.lstrip("^")
        partner = SEATS[(SEATS.index(outcome.declarer) + 2) % 4]
        if (real, swapped) not in ((outcome.declarer, False), (partner, True)):
            problems.append(
                Problem("Bad declarer", f"[Declarer] {declarer}, the auction made {outcome.declarer}", line)
            )


def play_problems(
    tag: Tag, notes: list[Tag], values: dict[str, str], problems: list[Problem], made: str | None = None
) -> None:
    """§3.6: four cards a row in the seat columns of the Play tag, each held and not played before; a revoke
    and a lead out of turn only where ^R and ^L mark them (§3.9); nothing after '+' but '-' and '*'. The tricks
    are declarer's side's: of the declarer the auction ``made`` when it made one, else of the Declarer tag."""
    elements = read_elements(tag.data, "play", problems)
    used: set[int] = set()
    for needed in ("Deal", "Contract") + (
        ("Declarer",) if re.match(r"\d", values.get("Contract", "")) else ()
    ):
        if values.get(needed, "") in ("", "?"):
            problems.append(Problem(f"No {needed.lower()}", f"[Play] needs [{needed}]", tag.line))
    first = (tag.value or "").upper()
    hands = _hands(values.get("Deal", ""))
    trump = re.sub(r"^\d|X+$", "", values.get("Contract", "").upper())[:1]
    declarer = made or values.get("Declarer", "").upper().lstrip("^")
    cards: list[Element] = []
    ended = False
    for element in elements:
        _annotation_problems(element, _CARD_NAGS, problems, used)
        text = element.text.upper()
        if text == "*":
            ended = True
            break
        if text not in ("-", "+") and (len(text) != 2 or text[0] not in "SHDC" or text[1] not in RANKS):
            kind = "Bad suit" if text[:1] not in "SHDC" else "Bad rank"
            problems.append(Problem(kind, f"{element.text} is not a card (§3.6.1)", element.line))
            element = Element("?", element.line, element.carets)
        cards.append(element)
    _note_problems(notes, used, problems, tag.line)
    if first not in tuple(SEATS):
        return
    hands = hands or {seat: set() for seat in range(4)}
    column = SEATS.index(first)
    seen: set[str] = set()
    leader = column
    won = tricks = 0
    plus = False
    for trick in range(0, len(cards), 4):
        played = {(column + i) % 4: e for i, e in enumerate(cards[trick : trick + 4])}
        led = played.get(leader)
        for seat in [(leader + i) % 4 for i in range(4)]:  # in the order played
            placed = played.get(seat)
            if placed is None:
                continue
            text = placed.text.upper()
            carets = [c.upper() for c in placed.carets]
            if text == "+":
                if plus:
                    problems.append(Problem("Double '+'", "a second '+' (§3.6)", placed.line))
                plus = True
                continue
            if plus and text != "-":
                problems.append(Problem("Card after '+'", f"{placed.text} after '+' (§3.6)", placed.line))
                continue
            if "^L" in carets and seat == leader:
                problems.append(
                    Problem("Bad lead", f"^L {placed.text}: {SEATS[seat]} was to lead", placed.line)
                )
            if len(text) != 2:
                continue
            if text in seen or hands[seat] and text not in hands[seat]:
                problems.append(
                    Problem("Bad card", f"{SEATS[seat]} plays {placed.text}, not in the hand", placed.line)
                )
                continue
            seen.add(text)
            suit = led.text[0].upper() if led is not None and len(led.text) == 2 else None
            if seat != leader and suit and hands[seat] and suit != text[0]:
                follows = any(c[0] == suit and c not in seen for c in hands[seat])
                if follows and "^R" not in carets:
                    problems.append(Problem("Revoke", f"Revoke: {placed.text}", placed.line))
                if not follows and "^R" in carets:
                    problems.append(Problem("Bad revoke", f"^R {placed.text}: a legal discard", placed.line))
            elif "^R" in carets:
                problems.append(Problem("Bad revoke", f"^R {placed.text}: no revoke", placed.line))
        full = [played.get(seat) for seat in range(4)]
        if led is not None and all(
            e is not None and len(e.text) == 2 and e.text.upper() in seen for e in full
        ):
            suit = led.text[0].upper()

            def power(e, suit=suit):
                t = e.text.upper()
                return (2 if t[0] == trump else 1 if t[0] == suit else 0, RANKS.index(t[1]))

            winner = max(range(4), key=lambda seat: power(full[seat]))
            if declarer in tuple(SEATS) and winner % 2 == SEATS.index(declarer) % 2:
                won += 1
            tricks += 1
            leader = winner
    if not any(element.carets for element in cards):  # a revoke's penalty tricks are the director's (§3.9)
        _result_against_play(values, declarer, won, tricks, ended, tag.line, problems)


def _result_against_play(
    values: dict[str, str], declarer: str, won: int, tricks: int, ended: bool, line: int, problems
) -> None:
    """§3.4.15: the Result is declarer's tricks: the tricks won when all 13 are played, at least those won and at
    most those plus the rest when the play ends with '*' (a claim), those won so far when it goes on. A "^9" the
    players agreed although it differs from the play is still a number of tricks the claim leaves possible."""
    result = values.get("Result", "")
    agreed = result.startswith("^")
    result = result.removeprefix("^")
    if not result.isdigit() or declarer not in tuple(SEATS) or not tricks:
        return
    taken = int(result)
    if agreed:
        if ended and not won <= taken <= won + 13 - tricks:
            problems.append(Problem(
                "Bad result", f"[Result] ^{taken}, declarer won {won} of the {tricks} tricks played", line
            ))  # fmt: skip
        return
    if (
        tricks == 13
        and taken != won
        or ended
        and not won <= taken <= won + 13 - tricks
        or not ended
        and tricks < 13
        and taken < won
    ):
        problems.append(
            Problem("Bad result", f"[Result] {taken}, declarer won {won} of the {tricks} tricks played", line)
        )


def _hands(deal: str) -> dict[int, set[str]] | None:
    if not DEAL.fullmatch(deal):
        return None
    first = SEATS.index(deal[0].upper())
    hands = {}
    for i, hand in enumerate(deal[2:].split(" ")):
        suits = [] if hand == "-" else hand.upper().split(".")
        hands[(first + i) % 4] = {s + r for s, ranks in zip("SHDC", suits, strict=False) for r in ranks}
    return hands
