"""A table's entry is validated by games.serializers.entry_values, a lean check of the usual JSON object, with the
serializer behind it: whatever is sent, it gives the serializer's values or the serializer's refusal."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st
from rest_framework.exceptions import ValidationError

from games.serializers import ResultEntrySerializer, entry_values

TEXTS = st.one_of(
    st.sampled_from(["4S", " 3NT ", "Pass", "", "   ", "N", "e", "SK", "N-S 30", "N-S 100X", "4S\x00", "\ud800",
                     "4S\n", "\u00e9", "123456789"]),
    st.text(max_size=10),
)  # fmt: skip
VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 40_000), st.floats(allow_nan=False), TEXTS,
    st.lists(st.integers(), max_size=2), st.sampled_from(["7", " 12 ", "+3", "-1", "0", "x"]),
)  # fmt: skip
FIELDS = ["board", "contract", "declarer", "tricks", "lead", "honors", "other"]
USUAL = st.fixed_dictionaries(
    {"board": st.integers(0, 40), "contract": TEXTS},
    optional={"declarer": TEXTS, "tricks": st.one_of(st.none(), st.integers(-1, 14)), "lead": TEXTS,
              "honors": TEXTS},
)  # fmt: skip


def _serializer(data):
    serializer = ResultEntrySerializer(data=data)
    if serializer.is_valid():
        return dict(serializer.validated_data)
    return ValidationError, serializer.errors


def _lean(data):
    try:
        return dict(entry_values(data))
    except ValidationError as error:
        return ValidationError, error.detail


@given(
    st.one_of(USUAL, st.dictionaries(st.sampled_from(FIELDS), VALUES), st.lists(VALUES, max_size=2), VALUES)
)
@example({"board": 1, "contract": " 3NT\t"})
@example({"board": 1, "contract": "4S", "declarer": "   ", "lead": None})
@example({"board": 1, "contract": "4S", "honors": "N-S 100X "})
@example({"board": 1, "contract": "4S", "honors": "123456789"})
@example({"board": True, "contract": "4S"})
@example({"board": 0, "contract": "4S", "tricks": 32768})
@example({"board": 1, "contract": "4S\x00"})
@example({"board": 1, "contract": "\ud800"})
@example({"board": 1, "contract": 4})
@example({"board": 1, "contract": ""})
def test_the_lean_check_gives_what_the_serializer_gives(data):
    assert _lean(data) == _serializer(data)


def test_the_usual_entry_is_checked_without_the_serializer(monkeypatch):
    """Else the lean check would never be the one answering (and this file would test the serializer twice)."""
    monkeypatch.setattr(ResultEntrySerializer, "is_valid", None)
    data = {"board": 3, "contract": " 4S", "declarer": "N", "tricks": 10, "lead": "", "other": [1]}
    assert entry_values(data) == {"board": 3, "contract": "4S", "declarer": "N", "tricks": 10, "lead": ""}
    assert entry_values({"board": 1, "contract": "Pass", "tricks": None}) == {
        "board": 1, "contract": "Pass", "tricks": None,
    }  # fmt: skip
