"""The table endpoints answer what a phone asks for without DRF's matching (games.api.PhoneNegotiation), and
choose exactly what DRF's own negotiation chooses, whatever is asked."""

from __future__ import annotations

import pytest
from django.http import Http404
from rest_framework import exceptions
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.test import APIRequestFactory

from games.api import PhoneNegotiation

ASKED = [
    ({}, ""), ({"HTTP_ACCEPT": "*/*"}, ""), ({"HTTP_ACCEPT": "application/json"}, ""),
    ({"HTTP_ACCEPT": "text/html"}, ""), ({"HTTP_ACCEPT": "application/json; indent=4"}, ""),
    ({"HTTP_ACCEPT": "text/html, */*;q=0.8"}, ""), ({}, "?format=api"), ({"HTTP_ACCEPT": "*/*"}, "?format=json"),
    ({"HTTP_ACCEPT": "image/png"}, ""), ({}, "?format=xml"),
]  # fmt: skip


def _choice(negotiation, meta: dict, query: str):
    request = Request(APIRequestFactory().post(f"/api/table/results/{query}", **meta))
    renderers = [renderer() for renderer in api_settings.DEFAULT_RENDERER_CLASSES]
    try:
        renderer, media_type = negotiation.select_renderer(request, renderers)
    except (exceptions.APIException, Http404) as error:
        return type(error)
    return type(renderer), media_type


@pytest.mark.parametrize(("meta", "query"), ASKED)
def test_a_phone_gets_what_drf_would_choose(meta, query):
    assert _choice(PhoneNegotiation(), meta, query) == _choice(DefaultContentNegotiation(), meta, query)


def test_the_usual_ask_is_answered_without_drf_matching(monkeypatch):
    monkeypatch.setattr(DefaultContentNegotiation, "select_renderer", None)
    assert _choice(PhoneNegotiation(), {"HTTP_ACCEPT": "*/*"}, "")[1] == "application/json"
