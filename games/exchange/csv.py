"""CSV of a section's results (one row per result, with what each line earned) and of its standings."""

from __future__ import annotations

import io

from games.formats import spreadsheet
from games.models import Result
from scoring.models import LineScore, Standing
from tournaments.models import Section


def results_csv(section: Section) -> str:
    """One row per result. An adjusted line has no score_ns and its code in `adjusted`: "A6040", a weighted
    "60% +420, 40% -50" or a split "N-S +420 / E-W -50" (N-S scores, as on the traveller)."""
    out = io.StringIO()
    writer = spreadsheet.Writer(out)
    writer.writerow(["board", "round", "table", "ns", "ew", "contract", "declarer", "lead", "tricks", "score_ns",
                     "adjusted", "mp_ns", "mp_ew", "pct_ns", "pct_ew"])  # fmt: skip
    rows = Result.objects.filter(section=section).select_related("board", "ns", "ew")
    scores = {s.result_id: s for s in LineScore.objects.filter(section=section)}
    for r in rows.order_by("board__number", "table", "id"):
        s = scores.get(r.id)
        writer.writerow([r.board.number, r.round or "", r.table or "", r.ns.tag, r.ew.tag, r.contract, r.declarer,
                         r.lead, "" if r.tricks is None else r.tricks, "" if r.score_ns is None else r.score_ns,
                         r.adjusted, *(_csv_number(getattr(s, k, None)) for k in ("ns", "ew", "pct_ns", "pct_ew"))])  # fmt: skip
    return out.getvalue()


def standings_csv(section: Section) -> str:
    """The standings; a progressive party's also give each player's prize and how a tie for it was cut."""
    party = section.is_party
    out = io.StringIO()
    writer = spreadsheet.Writer(out)
    writer.writerow(
        ["rank", "entry", "direction", "name", "total", "percentage", "boards"] + ["prize", "cut"] * party
    )
    for s in (
        Standing.objects.filter(section=section)
        .select_related("entry")
        .order_by("field", "place", "entry__number")
    ):
        writer.writerow([s.rank, s.entry.tag, s.field, s.entry.name, _csv_number(s.total), _csv_number(s.percentage),
                         s.boards] + [s.prize, s.cut] * party)  # fmt: skip
    return out.getvalue()


def _csv_number(value: float | None) -> str:
    return "" if value is None else f"{value:.2f}"
