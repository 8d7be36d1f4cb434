from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from tournaments import views as tournament_views

from .health import healthz

urlpatterns = [
    path("", tournament_views.home, name="home"),
    path("clubs/<slug:slug>/", tournament_views.club, name="club"),
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("api/", include("tournaments.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="swagger-ui"),
]
