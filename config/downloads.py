"""A file as an answer: every download (exports, deal files, PDFs) is made here, so every file name is encoded
the one way."""

from __future__ import annotations

from django.http import HttpResponse
from django.utils.http import content_disposition_header


def download(data: bytes | str, name: str, content_type: str, *, inline: bool = False) -> HttpResponse:
    """`data` as the file `name`. Content-Disposition is written by RFC 6266 (Django's content_disposition_header):
    a plain ASCII name quoted with its quotes and backslashes escaped, any other as filename*=utf-8''... (RFC 5987),
    so a quote, a CR/LF or a U+2028 in a section's or an event's name neither breaks out of the name nor ends the
    header (a 500)."""
    response = HttpResponse(data, content_type=content_type)
    response["Content-Disposition"] = content_disposition_header(not inline, name)
    return response
