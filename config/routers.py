"""The API's router: each app routes its own API (`<app>/urls.py`, mounted at /api/ by config.urls) with one
of these, and config.urls serves one API root for them all."""

from rest_framework.routers import APIRootView, DefaultRouter


class AppRouter(DefaultRouter):
    """A DefaultRouter (format suffixes, trailing slashes) without a root view of its own."""

    include_root_view = False


def api_root(*routers: DefaultRouter):
    """The browsable API root at /api/, listing the list route of every app's viewsets."""
    listed = {prefix: f"{basename}-list" for router in routers for prefix, _, basename in router.registry}
    return APIRootView.as_view(api_root_dict=listed)
