"""Issue 12: schemathesis over the whole OpenAPI schema (/api/schema/), anonymously and as a director of a club with a
running section: no request gets a server error, and no anonymous write is accepted. Bounded (a few examples per
operation) so that `make test` runs it in both CI passes, on PostgreSQL and on SQLite."""

from __future__ import annotations

import json
import os
from urllib.parse import urlencode

import pytest
import schemathesis
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.core import NotSet

from games.models import Board, Result
from tests.integration.api_helpers import enter, make_director, running_section
from tournaments.models import Entry, TableCode

pytestmark = pytest.mark.django_db

EXAMPLES = int(
    os.environ.get("SCHEMA_FUZZ_EXAMPLES", "6")
)  # per operation and viewer: under a minute for both
WRITES = {"POST", "PUT", "PATCH", "DELETE"}


def _schema(client: Client) -> schemathesis.BaseSchema:
    answer = client.get(
        "/api/schema/", headers={"Accept": "application/json"}, query_params={"format": "json"}
    )
    assert answer.status_code == 200
    return schemathesis.openapi.from_dict(json.loads(answer.content))


@pytest.fixture
def world():
    alice, club = make_director("alice", "riverton")
    section = running_section(alice, club)
    code = TableCode.objects.get(section=section, table=1).code
    assert enter(Client(headers={"X-Forwarded-Proto": "https"}), code, 1).status_code == 201
    ids = {"sections": section.id, "sessions": section.session_id, "events": section.session.event_id,
           "clubs": club.id, "entries": Entry.objects.filter(section=section).first().id,
           "boards": Board.objects.filter(section=section).first().id,
           "results": Result.objects.filter(section=section).first().id}  # fmt: skip
    return {"alice": alice, "ids": ids}


def _send(client: Client, case) -> object:
    """The case through Django's test client (which re-raises a view's exception: a server error fails here)."""
    path = case.formatted_path
    query = urlencode(case.query or {}, doseq=True)
    body = case.body
    if isinstance(body, NotSet):
        return client.generic(case.method, path, QUERY_STRING=query)
    if case.media_type == "multipart/form-data" and case.method == "POST" and isinstance(body, dict):
        return client.post(
            f"{path}?{query}" if query else path, {k: v for k, v in body.items() if v is not None}
        )
    content_type = case.media_type or "application/json"
    if isinstance(body, bytes):
        data = body
    elif content_type.endswith("json"):
        data = json.dumps(body)
    elif content_type == "application/x-www-form-urlencoded" and isinstance(body, dict):
        data = urlencode(body, doseq=True)
    else:
        data = body if isinstance(body, str | bytes) else json.dumps(body)
    return client.generic(case.method, path, data, content_type=content_type, QUERY_STRING=query)


def _cases(operation):
    """Valid requests and, where the schema allows one, invalid ones (a string for a number, a missing field)."""
    try:
        negative = operation.as_strategy(GenerationMode.NEGATIVE)
    except Exception:  # nothing in this operation can be made invalid
        return operation.as_strategy()
    return st.one_of(operation.as_strategy(), negative)


def _real_ids(case, ids: dict, real: bool) -> None:
    """Point the path at club A's own objects (or keep the generated ids, which mostly miss)."""
    kind = case.operation.path.split("/")[2]
    if real and "id" in (case.path_parameters or {}) and kind in ids:
        case.path_parameters["id"] = ids[kind]


@pytest.mark.parametrize("viewer", ["anonymous", "director"])
def test_no_server_error_and_no_anonymous_write(world, viewer):
    client = Client(headers={"X-Forwarded-Proto": "https"})
    if viewer == "director":
        client.force_login(world["alice"])
    schema = _schema(client)
    failures = []
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) > 40, "the whole schema"
    for operation in operations:

        @settings(max_examples=EXAMPLES, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))  # fmt: skip
        @given(case=_cases(operation), real=st.booleans())
        def fuzz(case, real):
            _real_ids(case, world["ids"], real)
            answer = _send(client, case)
            where = f"{case.method} {case.formatted_path} query={case.query!r} body={case.body!r}"
            assert answer.status_code < 500, f"{where}: {answer.status_code}"
            if viewer == "anonymous" and case.method.upper() in WRITES:
                assert not 200 <= answer.status_code < 300, f"{where}: an anonymous write was accepted"

        try:
            fuzz()
        except AssertionError as error:
            failures.append(str(error).splitlines()[0])
        except Exception as error:  # a view's own exception, re-raised by the test client
            failures.append(f"{operation.label}: {type(error).__name__}: {str(error)[:300]}")
    assert not failures, "\n".join(failures)
