"""The jobs API's routes (mounted at /api/ by config.urls): a job's state and progress."""

from config.routers import AppRouter
from jobs import api

router = AppRouter()
router.register("jobs", api.JobViewSet, basename="job")

urlpatterns = router.urls
