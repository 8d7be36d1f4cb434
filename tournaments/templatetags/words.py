"""How pages word what they show: a message from the desk or a set-up page starts with a capital, whichever view
wrote it (refusals are worded to follow "...: " in logs and API answers, so they start lower-case)."""

from __future__ import annotations

from django import template

from tournaments.page_data import sentence as as_sentence

register = template.Library()


@register.filter
def sentence(value: object) -> str:
    """`value` (a message) with its first letter a capital."""
    return as_sentence(str(value))
