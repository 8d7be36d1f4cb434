"""Queries the API and the pages of every app share, apart from the views: which rows a user may know of."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.shortcuts import get_object_or_404

from tournaments.models import Section, Status
from tournaments.permissions import directed_club_ids, is_director


def visible_sections(user):
    """Sections a user may know of: all of their clubs', and everyone else's once they are running."""
    clubs = directed_club_ids(user)
    if clubs is None:
        return Section.objects.all()
    return Section.objects.filter(Q(session__event__club_id__in=clubs) | ~Q(status=Status.SETUP))


def directed_section(user, section_id: int) -> Section:
    """A section its club's directors work on from the pages: 404 when there is none, 403 for anyone else."""
    section = get_object_or_404(Section.objects.select_related("session__event__club"), id=section_id)
    if not is_director(user, section.session.event.club_id):
        raise PermissionDenied("only a director of this club may do this")
    return section


def section_field(section: Section) -> list[Section]:
    """The sections scored as one field with this one: every section of its session when the session is scored
    across the field (same deals, one matchpointing, one ranking), else the section alone."""
    if not section.session.scored_across:
        return [section]
    return list(Section.objects.filter(session_id=section.session_id).order_by("name"))
