"""The site's URLs. The API comes first, the table scorers' routes at its head: Django tries the patterns in
order, and every score entry paid for trying each page's pattern before it (bench/api.py)."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from games import urls as games_urls
from jobs import urls as jobs_urls
from parties import urls as parties_urls
from players import urls as players_urls
from scoring import urls as scoring_urls
from tournaments import urls as tournaments_urls

from .health import healthz
from .routers import api_root

urlpatterns = [
    path("api/", include(games_urls)),
    path(
        "api/",
        api_root(tournaments_urls.router, games_urls.router, scoring_urls.router, jobs_urls.router),
        name="api-root",
    ),
    path("api/", include(tournaments_urls)),
    path("api/", include(scoring_urls)),
    path("api/", include(jobs_urls)),
    path("api/", include(parties_urls)),
    path("api/", include(players_urls)),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="swagger-ui"),
    path("", include("tournaments.page_urls")),
    path("", include("parties.page_urls")),
    path("", include("players.page_urls")),
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
]
