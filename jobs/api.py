"""GET /api/jobs/ and /api/jobs/<id>/: a job's state and progress (read only; jobs are started by the commands
and the actions that need them). A director sees the jobs of their clubs' sections; whoever started a job
without a section (a file audit) sees that one."""

from django.db.models import Q
from rest_framework import permissions, serializers, viewsets

from tournaments.permissions import directed_club_ids

from .models import Job


class JobSerializer(serializers.ModelSerializer):
    class Meta:
        model = Job
        fields = [
            "id", "kind", "section", "arguments", "state", "progress",
            "started", "finished", "error", "result", "created",
        ]  # fmt: skip
        read_only_fields = fields


class JobViewSet(viewsets.ReadOnlyModelViewSet):
    """Background jobs (double-dummy analysis, replay audit, seating rotation, the bell, standings).

    Filter with ?section=<id> and ?kind=<kind>. `progress` is 0–100; `state` is pending, running, done or
    failed; a failed job's `error` says what to do about it."""

    queryset = Job.objects.all()  # for the schema; get_queryset narrows it to what the user may see
    serializer_class = JobSerializer
    permission_classes = [permissions.IsAuthenticated]

    def get_queryset(self):
        user = self.request.user
        jobs = Job.objects.all()
        clubs = directed_club_ids(user)
        if clubs is not None:
            jobs = jobs.filter(Q(section__session__event__club_id__in=clubs) | Q(created_by=user))
        for name in ("section", "kind"):
            value = self.request.query_params.get(name)
            if value:
                jobs = jobs.filter(**{name: value})
        return jobs
