"""The project's URLs plus the floor of the stack (bench/api.py): one view that reads one row and inserts one row
through the ORM, with no DRF and no validation. What score entry costs above it is what our own code adds."""

from django.http import HttpResponse
from django.urls import path
from django.views.decorators.csrf import csrf_exempt

from config.urls import urlpatterns as project
from jobs.models import Outbox
from tournaments.models import TableCode


@csrf_exempt
def floor(request) -> HttpResponse:
    """Read the table's code row, insert one row: the least a score entry can do."""
    table = TableCode.objects.only("id").get(code=request.headers["X-Table-Code"])
    Outbox.objects.create(task="floor", key=f"floor:{table.id}", args=[])
    return HttpResponse(b'{"ok": true}', content_type="application/json", status=201)


urlpatterns = [*project, path("bench/floor/", floor)]
