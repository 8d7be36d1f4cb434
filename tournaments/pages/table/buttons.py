"""The table phone's entry as a Bridgemate takes it: level, strain, double, declarer and result (=, +1, −2) as
buttons, the lead as a suit and a rank; read into the traveller line games.services.enter_at_table checks.

The buttons are radio inputs, so the page is a plain form without JavaScript; the form that typed a contract
("4SX") and the tricks still posts. What the scorer chose is kept in the session when the entry is refused, so
the page shows it again beside the message instead of a blank form. Refusals here are the page's own, in plain
words ("Choose the declarer"): nothing was sent to the board's check, so none counts towards the lead lock-out.
"""

from __future__ import annotations

from config.refusals import Refused
from games.engine.cards import Card

LEVELS = tuple(str(level) for level in range(1, 8))
STRAINS = (("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠"), ("NT", "NT"))
DOUBLES = (("", "–"), ("X", "X"), ("XX", "XX"))
SEATS = ("N", "E", "S", "W")
RESULTS = ("=",) + tuple(f"+{n}" for n in range(1, 7)) + tuple(f"-{n}" for n in range(1, 14))
LEAD_SUITS = (("S", "♠"), ("H", "♥"), ("D", "♦"), ("C", "♣"))
LEAD_RANKS = ("A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2")
FIELDS = ("board", "level", "strain", "double", "declarer", "result", "lead_suit", "lead_rank", "lead",
          "contract", "tricks", "honors")  # fmt: skip


def choices(post) -> dict[str, str]:
    """The form's values as posted, trimmed: what is kept when the entry is refused."""
    return {name: post.get(name, "").strip() for name in FIELDS}


def line_values(chosen: dict[str, str], passed: bool = False) -> dict[str, str]:
    """The traveller line the buttons (or the typed form) give: board, contract, declarer, tricks, lead, honors.
    Refused, in plain words, when a choice is missing or the result is beyond the tricks there are."""
    values = {"board": chosen["board"], "honors": chosen["honors"], "lead": _lead(chosen)}
    if passed:
        return values | {"contract": "Pass", "declarer": "", "tricks": "", "lead": ""}
    typed = chosen["contract"].upper().replace(" ", "")
    if typed or (chosen["tricks"] and not (chosen["level"] or chosen["strain"] or chosen["result"])):  # typed
        return values | {
            "contract": typed,
            "declarer": chosen["declarer"].upper(),
            "tricks": chosen["tricks"],
        }
    missing = [name for key, name in (("level", "the level"), ("strain", "the suit or NT"),
                                      ("declarer", "the declarer"), ("result", "the result")) if not chosen[key]]  # fmt: skip
    if missing:
        raise Refused(f"Choose {_joined(missing)}")
    level, strain, double = chosen["level"], chosen["strain"], chosen["double"]
    if level not in LEVELS or strain not in dict(STRAINS) or double not in dict(DOUBLES):
        raise Refused("Choose the contract again: that one is not a bid")
    if chosen["declarer"] not in SEATS:
        raise Refused("Choose the declarer again: N, E, S or W")
    if chosen["result"] not in RESULTS and chosen["result"].replace("−", "-") not in RESULTS:
        raise Refused("Choose the result again: =, +1 to +6 or −1 to −13")
    result = chosen["result"].replace("−", "-")
    tricks = int(level) + 6 + (0 if result == "=" else int(result))
    shown = f"{level}{dict(STRAINS)[strain]}{double}"
    if tricks > 13:
        raise Refused(f"{shown} {result} would be {tricks} tricks: there are 13")
    if tricks < 0:
        raise Refused(f"{shown} {result.replace('-', '−')} would be fewer than no tricks")
    return values | {
        "contract": f"{level}{strain}{double}",
        "declarer": chosen["declarer"],
        "tricks": str(tricks),
    }


def _joined(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _lead(chosen: dict[str, str]) -> str:
    """The lead as a card ("SK"): from its suit and rank buttons, or typed ("SK", "KS", "♠K", "S10"). A lead that
    is not a card is refused here, before the board's hands are looked at: a slip of the finger is not a guess."""
    suit, rank = chosen["lead_suit"], chosen["lead_rank"]
    if suit or rank:
        if not (suit and rank):
            raise Refused("Choose the lead's suit and its rank, or neither")
        text = suit + rank
    else:
        text = chosen["lead"].upper().replace(" ", "")
        for sign, letter in (("♠", "S"), ("♥", "H"), ("♦", "D"), ("♣", "C")):
            text = text.replace(sign, letter)
        if len(text) >= 2 and text[0] not in "SHDC" and text[-1] in "SHDC":
            text = text[-1] + text[:-1]  # "KS", "10S"
    if not text:
        return ""
    try:
        card = Card.parse(text)
    except ValueError:
        card = None
    if card is None or card.suit is None:
        raise Refused(
            f"The lead {chosen['lead'] or text!r} is not a card: give its suit and rank, as SK or H10"
        )
    return str(card)
