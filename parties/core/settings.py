"""A party's settings as set up and as play changes them: the draw's seed, how the winners move, how a round ends,
the ladies, the forts' names, and who sits out, comes and goes. Kept as JSON beside the movement the party was seated
with (`Section.movement["party"]`, read and written only through parties.settings); `PartySettings.from_json` is the
strict inverse of `as_json`, refusing with a `PartySettingsError` that names where the stored value is wrong. Pure
Python (no Django)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from tournaments.movements.progressive import Method

from .forts import FORT_FLAGS, Fort
from .kinds import ROUND_ENDS
from .seating import ladies

T = TypeVar("T")


class PartySettingsError(ValueError):
    """Stored party settings that are not what a party keeps, saying where ("party.sitting_out.2[0]: ...")."""


@dataclass(frozen=True, slots=True)
class PartySettings:
    """A party's settings. None (or nothing) where the party was set up without it, so that what was stored is
    written back as it was."""

    seed: str | None = None
    """The seed the first seating was drawn from (kept so the draw can be told again)."""
    method: Method | None = None
    """How the winners move, chosen at set-up (None: the kind's own way)."""
    ends: str | None = None
    """How a round ends (ROUND_ENDS): "bell", "deals" or "time"."""
    deals: int | None = None
    """The deals of a round that ends after a number of them (0 or None: not given)."""
    minutes: int | None = None
    """The minutes of a timed round (0 or None: not given)."""
    ladies: tuple[int, ...] | None = None
    """The ladies as entered (None: the odd numbers)."""
    forts: tuple[str, ...] | None = None
    """Military euchre: each fort's name as the host gave it, fort 1 first (a blank: "Fort 2" and so on)."""
    queue: tuple[int, ...] | None = None
    """The order the party sits out in (parties.core.sit_out_queue), late arrivals at its end."""
    sitting_out: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    """Who sits each round out, by round."""
    joined: Mapping[int, int] = field(default_factory=dict)
    """The round each late arrival (or substitute) joined in, by player."""
    left: Mapping[int, int] = field(default_factory=dict)
    """The round each player who left is gone from, by player."""

    @classmethod
    def from_json(cls, data: object) -> PartySettings:
        """The settings as stored (None: a party set up without any, such as one seated by hand)."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise PartySettingsError(f"party: an object of settings, not {data!r}")
        if unknown := sorted(set(data) - set(cls.__dataclass_fields__)):
            raise PartySettingsError(f"party.{unknown[0]}: not a setting a party keeps")
        method = _optional(data, "method", _text)
        if method is not None and method not in {m.value for m in Method}:
            raise PartySettingsError(f"party.method: together or split, not {method!r}")
        ends = _optional(data, "ends", _text)
        if ends is not None and ends not in ROUND_ENDS:
            raise PartySettingsError(f"party.ends: one of {', '.join(ROUND_ENDS)}, not {ends!r}")
        return cls(
            seed=_optional(data, "seed", _text),
            method=Method(method) if method is not None else None,
            ends=ends,
            deals=_optional(data, "deals", _count),
            minutes=_optional(data, "minutes", _count),
            ladies=_optional(data, "ladies", _numbers),
            forts=_optional(data, "forts", _names),
            queue=_optional(data, "queue", _numbers),
            sitting_out={
                _key(r, f"party.sitting_out.{r}"): _numbers(out, f"party.sitting_out.{r}")
                for r, out in _object(data, "sitting_out").items()
            },
            joined={
                _key(p, f"party.joined.{p}"): _number(n, f"party.joined.{p}")
                for p, n in _object(data, "joined").items()
            },  # fmt: skip
            left={
                _key(p, f"party.left.{p}"): _number(n, f"party.left.{p}")
                for p, n in _object(data, "left").items()
            },  # fmt: skip
        )

    def as_json(self) -> dict[str, Any]:
        """The settings as stored: what from_json reads back to the same value."""
        data: dict[str, Any] = {
            "seed": self.seed,
            "method": self.method.value if self.method is not None else None,
            "ends": self.ends,
            "deals": self.deals,
            "minutes": self.minutes,
            "ladies": list(self.ladies) if self.ladies is not None else None,
            "forts": list(self.forts) if self.forts is not None else None,
            "queue": list(self.queue) if self.queue is not None else None,
            "sitting_out": {str(r): list(out) for r, out in self.sitting_out.items()} or None,
            "joined": {str(p): n for p, n in self.joined.items()} or None,
            "left": {str(p): n for p, n in self.left.items()} or None,
        }
        return {key: value for key, value in data.items() if value is not None}

    @property
    def round_deals(self) -> int | None:
        """The deals of a round that ends after a number of deals (None: the round ends by the bell or the time)."""
        return self.deals if self.ends == "deals" and self.deals else None

    def ladies_of(self, players: int) -> frozenset[int]:
        """The ladies as entered, else (a party given by its number alone) the odd numbers of `players`."""
        return frozenset(self.ladies) if self.ladies is not None else ladies(players)

    def forts_of(self, players: int) -> tuple[Fort, ...]:
        """The forts of a military euchre party of `players`: named as the host named them, else "Fort 1",
        "Fort 2", ...; each with its own flag."""
        names = self.forts or ()
        return tuple(
            Fort(
                f,
                (names[f - 1] if f <= len(names) else "") or f"Fort {f}",
                FORT_FLAGS[(f - 1) % len(FORT_FLAGS)],
            )
            for f in range(1, players // 4 + 1)
        )

    def sitting_out_in(self, round_number: int) -> tuple[int, ...]:
        """The players who sit round `round_number` out, in the order they sit out."""
        return self.sitting_out.get(round_number, ())

    def here(self, player: int, round_number: int) -> bool:
        """Whether `player` is at the party for round `round_number`: already come and not yet gone."""
        return self.joined.get(player, 1) <= round_number < self.left.get(player, round_number + 1)


def _optional(data: dict[str, Any], name: str, read: Callable[[object, str], T]) -> T | None:
    value = data.get(name)
    return None if value is None else read(value, f"party.{name}")


def _object(data: dict[str, Any], name: str) -> dict[str, Any]:
    value = data.get(name) or {}
    if not isinstance(value, dict):
        raise PartySettingsError(f"party.{name}: an object by number, not {value!r}")
    return value


def _text(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise PartySettingsError(f"{where}: text, not {value!r}")
    return value


def _number(value: object, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise PartySettingsError(f"{where}: a number from 1, not {value!r}")
    return value


def _count(value: object, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise PartySettingsError(f"{where}: a number from 0, not {value!r}")
    return value


def _key(text: str, where: str) -> int:
    if not (text.isdecimal() and text.isascii()):
        raise PartySettingsError(f"{where}: keyed by a number, not {text!r}")
    return _number(int(text), where)


def _numbers(value: object, where: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise PartySettingsError(f"{where}: a list of numbers, not {value!r}")
    return tuple(_number(n, f"{where}[{i}]") for i, n in enumerate(value))


def _names(value: object, where: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise PartySettingsError(f"{where}: a list of names, not {value!r}")
    return tuple(_text(name, f"{where}[{i}]") for i, name in enumerate(value))
