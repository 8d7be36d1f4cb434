"""How pages word what they show: a message from the desk or a set-up page starts with a capital, whichever view
wrote it (refusals are worded to follow "...: " in logs and API answers, so they start lower-case)."""

from __future__ import annotations

import re

from django import template

from tournaments.page_data import sentence as as_sentence

register = template.Library()


@register.filter
def sentence(value: object) -> str:
    """`value` (a message) with its first letter a capital."""
    return as_sentence(str(value))


CITATION = re.compile(r"\s*\([^()]*\bL\d+[^()]*\)|,?\s*(?:\(?\b\d{3}\)?\s+)?\bL\d+(?:[–-]L?\d+)?")
"""A book reference in brackets ("(Hoyle 1940 L12252–12266)", "(the older Hoyle, 002 L680)"), or a book's line
numbers after its name ("Hoyle 1940 L11376–11430", "the older Hoyle (002) L677–682")."""


@register.filter
def without_citations(value: object) -> str:
    """`value` (a rule or a book as the code words it, with the book's line numbers for the club's records) as a
    host and the members read it, without them: no page is a place for line numbers."""
    return CITATION.sub("", str(value))
