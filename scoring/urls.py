"""The scoring API's routes (mounted at /api/ by config.urls): a section's standings and its entries' scorecards,
under the tournaments API's sections."""

from config.routers import AppRouter
from scoring import api

router = AppRouter()
router.register("sections", api.SectionScoresViewSet, basename="section")

urlpatterns = router.urls
