"""Hypothesis: whatever games the writer is given, reading its output gives the same games back."""

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.cards import SEATS, STANDARD_DECK, Deal
from games.formats import pbn

# Printable text as PBN strings may hold it: no line breaks or tabs (§3.2), Latin-1 and beyond.
TEXT = st.text(
    st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"), max_codepoint=0x2FF)
    | st.sampled_from('"\\;{}[]%#'),
    max_size=20,
)
VALUE = TEXT.filter(lambda v: not v.startswith("#"))  # a leading "#" is inheritance (§4.8)

# Supplemental tag names: some real ones, and made-up ones that cannot meet a reserved or checked name.
NAME = st.sampled_from(["Table", "Competition", "Room", "DealId", "ScoreIMP", "Annotator"]) | st.from_regex(
    r"X[a-z0-9_]{0,8}", fullmatch=True
)
CALLS = sorted({v for v in pbn.tables.CALLS.values() if v != "+"}) + ["^S"]
CARDS = sorted(set(pbn.tables.CARDS.values()) - {"+"})


@st.composite
def deals(draw):
    cards = draw(st.permutations(STANDARD_DECK))
    return Deal({seat: frozenset(cards[13 * k : 13 * k + 13]) for k, seat in enumerate(SEATS)})


def annotations(draw, count: int, irregularities: str) -> tuple[pbn.Annotation, ...]:
    indexes = draw(st.lists(st.integers(0, count - 1), unique=True, max_size=4)) if count else []
    out = []
    for i in sorted(indexes):
        out.append(
            pbn.Annotation(
                i,
                note=draw(st.none() | st.integers(1, 32)),
                suffix=draw(st.sampled_from(["", "!", "?", "!!", "??", "!?", "?!"])),
                nags=tuple(draw(st.lists(st.integers(0, 255), max_size=2))),
                irregularity=draw(st.sampled_from(["", *irregularities])),
            )
        )
    return tuple(a for a in out if a != pbn.Annotation(a.index))  # an empty annotation is not written


NOTES = st.dictionaries(st.integers(1, 32), TEXT, max_size=3)


@st.composite
def auctions(draw):
    calls = tuple(draw(st.lists(st.sampled_from(CALLS), max_size=12)))
    anns = annotations(draw, len(calls), "I")
    anns = tuple(a for a in anns if not (a.irregularity and calls[a.index] == "^S"))
    return pbn.Auction(draw(st.sampled_from(SEATS)), calls, anns, draw(NOTES), draw(st.booleans()))


@st.composite
def plays(draw):
    rows = tuple(
        tuple(draw(st.lists(st.sampled_from(CARDS), min_size=4, max_size=4)))
        for _ in range(draw(st.integers(0, 13)))
    )
    return pbn.Play.of(
        draw(st.sampled_from(SEATS)),
        rows,
        annotations(draw, 4 * len(rows), "RL"),
        draw(NOTES),
        draw(st.booleans()),
    )


@st.composite
def tables(draw):
    names = draw(
        st.lists(
            st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,7}", fullmatch=True), min_size=1, max_size=4, unique=True
        )
    )
    columns = tuple(
        pbn.Column(
            name,
            draw(st.sampled_from(["", "+", "-"])),
            width := draw(st.none() | st.integers(1, 12)),
            draw(st.sampled_from(["", "L", "R"])) if width else "",
        )
        for name in names
    )
    cells = tuple(
        draw(
            st.lists(
                TEXT, min_size=len(columns) * (rows := draw(st.integers(0, 4))), max_size=len(columns) * rows
            )
        )
    )
    return pbn.Table(draw(st.sampled_from(sorted(pbn.TABLES))), columns, cells)


@st.composite
def games(draw):
    tags = {
        "Board": str(draw(st.integers(1, 99))),
        "Dealer": draw(st.sampled_from("NESW")),
        "Vulnerable": draw(st.sampled_from(["None", "NS", "EW", "All"])),
    }
    tags |= draw(st.dictionaries(NAME, VALUE, max_size=4))
    if draw(st.booleans()):
        tags["Declarer"] = draw(st.sampled_from("NESW"))
        tags["Contract"] = draw(st.sampled_from(["Pass", "1C", "3NT", "4SX", "7HXX"]))
        tags["Result"] = str(draw(st.integers(0, 13)))
    table_list = draw(st.lists(tables(), max_size=2, unique_by=lambda t: t.name))
    sections = ()
    if draw(st.booleans()):
        section_name = draw(NAME.filter(lambda n: n not in tags))
        sections = (
            pbn.Section(section_name, draw(VALUE), tuple(draw(st.lists(TEXT, min_size=1, max_size=10)))),
        )
    comments = tuple(
        pbn.Comment(text, brace)
        for brace, text in draw(
            st.lists(st.tuples(st.booleans(), TEXT), max_size=2).map(
                lambda cs: [(b, t.replace("}", "") if b else t.rstrip()) for b, t in cs]
            )
        )
    )
    return pbn.Game.build(
        tags,
        deal=draw(st.none() | deals()),
        auction=draw(st.none() | auctions()),
        play=draw(st.none() | plays()),
        tables=table_list,
        sections=sections,
        comments=comments,
    )


@settings(max_examples=100, deadline=None)
@given(st.lists(games(), min_size=1, max_size=3))
def test_parse_of_write_gives_the_games_back(games_in):
    assert pbn.parse(pbn.write(games_in, export=False)) == games_in


@settings(max_examples=60, deadline=None)
@given(st.lists(games(), min_size=1, max_size=3))
def test_export_format_round_trips_with_unknown_mandatory_tags_as_question_marks(games_in):
    out = pbn.parse(pbn.write(games_in))
    assert [g.tags for g in out] == [
        {name: "?" for name in pbn.MANDATORY_TAGS} | dict(g.tags) for g in games_in
    ]
    assert [(g.deal, g.play, g.tables, g.sections) for g in out] == [
        (g.deal, g.play, g.tables, g.sections) for g in games_in
    ]
    assert [g.auction and (g.auction.made(), g.auction.notes) for g in out] == [
        g.auction and (g.auction.made(), g.auction.notes) for g in games_in
    ]


@settings(max_examples=200, deadline=None)
@given(VALUE)
def test_tag_values_survive_escaping(value):
    game = pbn.Game.build({"Event": value})
    assert pbn.parse(pbn.write([game], export=False))[0].tags["Event"] == value


def test_text_strategy_reaches_the_awkward_characters():
    assert set('"\\;{}[]%#') <= set(string.printable)


SAMPLE = (
    '% PBN 2.1\n[Event "Club"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
    '[Deal "N:AKQ2.K54.A87.Q93 J85.QJ92.KQ3.J86 T976.A83.J54.AK2 43.T76.T962.T754"]\n'
    '[Declarer "S"]\n[Contract "4S"]\n[Result "10"]\n[Auction "N"]\n1C =1= Pass 1S! Pass\n4S AP\n'
    '[Note "1:could be short"]\n[Play "W"]\nH6 HK HA H2\nS3 S2 SA S4\n- S5 - *\n{ claimed }\n'
    '[ScoreTable "PairId_NS\\\\2R;Names\\\\9L;Score_NS"]\n 1 "A - B" 420\n'
)


def test_the_sample_to_damage_is_whole():
    (game,) = pbn.parse(SAMPLE)
    assert (game.contract, game.result, game.auction.calls[-1]) == ("4S", 10, "AP")
    assert game.play.tricks[-1] == ("-", "S5", "-", "-") and game.play.ended
    assert game.tables["ScoreTable"].records() == [{"PairId_NS": "1", "Names": "A - B", "Score_NS": "420"}]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, len(SAMPLE)), st.integers(0, 3), st.sampled_from('[]{};"%#\\^=!?$*+-\n\t AZ19:.é')
        ),
        max_size=6,
    )
)
def test_damaged_files_give_a_pbn_error_or_games_never_a_crash(edits):
    text = SAMPLE
    for at, how, ch in edits:
        text = text[:at] + (ch if how else "") + text[at + (how != 1) :]
    try:
        pbn.parse(text)
    except pbn.PBNError as error:
        assert error.line is None or 1 <= error.line <= text.count("\n") + 1
    for game in pbn.parse(text, strict=False):  # the auditor's mode: problems are data, not exceptions
        assert isinstance(game.errors, tuple)
        assert game.board is None or game.board > 0
        assert game.result is None or 0 <= game.result <= 13
        if game.auction:
            game.auction.made()
        if game.play:
            list(game.play.cards())
