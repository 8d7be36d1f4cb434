"""One date format on every page (issue 29: "dates appear three ways"): a template writes a date a reader sees with
the `day` or `moment` filter; Django's `date` filter only in a form's value or a script's data, for a machine."""

import re
from pathlib import Path

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
MACHINE = {"'Y-m-d'", "'c'"}  # an <input type="date">'s value; an ISO time a script counts down from


def test_templates_write_dates_for_readers_with_day_or_moment():
    uses = [
        (path.relative_to(TEMPLATES).as_posix(), fmt)
        for path in sorted(TEMPLATES.rglob("*.html"))
        for fmt in re.findall(r"\|date:(\S+?)\s*\}\}", path.read_text())
    ]
    assert uses, "the form and the countdown still write machine dates"
    assert [use for use in uses if use[1] not in MACHINE] == []
    assert not [
        p for p in TEMPLATES.rglob("*.html") if re.search(r"\|(time|naturalday|naturaltime)\b", p.read_text())
    ]
