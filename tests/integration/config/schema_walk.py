"""The API walked from its OpenAPI schema: every operation, with real ids of the `world` fixture's club A in its
path (the access tests and the hostile-input tests walk it)."""

from drf_spectacular.generators import SchemaGenerator

from games.models import Board, Result, ResultConflict
from tests.integration.api_helpers import enter
from tournaments.models import Entry

WRITES = ("post", "put", "patch", "delete")


def schema_operations():
    """(path, method) of every operation the schema lists."""
    paths = SchemaGenerator().get_schema(request=None, public=True)["paths"]
    return [(path, method) for path, operations in paths.items() for method in operations]


def concrete(path: str, world) -> str:
    """The schema path with real ids of club A's objects in it."""
    section = world["a"]
    result = Result.objects.filter(section=section).first()
    conflict = ResultConflict.objects.first()
    ids = {"sections": section.id, "sessions": section.session_id, "events": section.session.event_id,
           "entries": Entry.objects.filter(section=section).first().id, "clubs": section.session.event.club_id,
           "boards": Board.objects.filter(section=section).first().id, "results": result.id,
           "conflicts": conflict.id}  # fmt: skip
    kind = path.split("/")[2]
    path = path.replace("{section_id}", str(section.id))
    return path.replace("{id}", str(ids.get(kind, 1))).replace("{number}", "1")


def with_results_and_conflict(client, world):
    """Board 1 at section a's table 1 entered, then entered again differently: a result and a conflict."""
    assert enter(client, world["code"][1], 1).status_code == 201
    assert enter(client, world["code"][1], 1, tricks=11).status_code == 409
