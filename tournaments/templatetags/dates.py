"""The one way pages and PDFs write a date, the section page's: "Thursday 3 December 2026" (`day`), and with the
time of day where a record needs it ("Thursday 3 December 2026, 14:05:09", `moment`)."""

from __future__ import annotations

import datetime

from django import template
from django.utils import dateformat, timezone

DAY = "l j F Y"
MOMENT = "l j F Y, H:i:s"

register = template.Library()


@register.filter
def day(value: datetime.date | str | None) -> str:
    """A date (or a datetime, on its local day) as "Thursday 3 December 2026"; "" for none."""
    if not value:
        return ""
    if isinstance(value, str):  # the string a model was just made with
        value = datetime.date.fromisoformat(value)
    if isinstance(value, datetime.datetime) and timezone.is_aware(value):
        value = timezone.localtime(value)
    return dateformat.format(value, DAY)


@register.filter
def moment(value: datetime.datetime | None) -> str:
    """A time something was done, as "Thursday 3 December 2026, 14:05:09"."""
    if not value:
        return ""
    return dateformat.format(timezone.localtime(value) if timezone.is_aware(value) else value, MOMENT)
