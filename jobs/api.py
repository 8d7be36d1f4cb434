"""GET /api/jobs/ and /api/jobs/<id>/: a job's state and progress, for the director's progress bars. POST
/api/jobs/ {"kind": "analyse" or "audit", "section": id} starts a section's double-dummy analysis or replay
audit (202, the job); the other kinds start from their own actions (the bell) and commands (rotate). A director
sees and starts the jobs of their clubs' sections; whoever started a job sees that one, but the result (and the
reason it failed, which may quote a deal) of a section's job only when they may see every board of the section
(tournaments.visibility): an analysis's result holds the par of every board, played or not."""

from django.db.models import Q
from rest_framework import mixins, permissions, serializers, status, viewsets
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response

from config.api import list_filters, number_param
from games.formats.numbers import ID
from games.serializers import Number
from tournaments.models import Section
from tournaments.permissions import directed_club_ids, is_director, section_club_id
from tournaments.visibility import Viewer

from . import services
from .models import Job


class JobSerializer(serializers.ModelSerializer):
    class Meta:
        model = Job
        fields = [
            "id", "kind", "section", "arguments", "state", "progress",
            "started", "finished", "error", "result", "created",
        ]  # fmt: skip
        read_only_fields = fields

    def to_representation(self, job: Job) -> dict:
        data = super().to_representation(job)
        sees = self.context.get("sees_result")
        if sees is not None and not sees(job):
            data["result"], data["error"] = None, ""
        return data


class StartSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["analyse", "audit"])
    section = Number(ID)


@list_filters(section=int, kind=str)
class JobViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
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
        section = number_param(self.request, "section")
        if section is not None:
            jobs = jobs.filter(section=section)
        kind = self.request.query_params.get("kind")
        return jobs.filter(kind=kind) if kind else jobs

    def get_serializer_context(self) -> dict:
        """With `sees_result(job)`: may this user see the job's result (every board of its section; a job without
        a section is its starter's own)? Asked once per section of a list."""
        seen: dict[int, bool] = {}

        def sees_result(job: Job) -> bool:
            if job.section_id is None:
                return True
            if job.section_id not in seen:
                seen[job.section_id] = Viewer(job.section, self.request.user).sees_every_board
            return seen[job.section_id]

        return {**super().get_serializer_context(), "sees_result": sees_result}

    def get_serializer_class(self):
        return StartSerializer if self.action == "create" else JobSerializer

    def create(self, request, *args, **kwargs):
        """Start a section's double-dummy analysis or replay audit; the answer is the job, to follow."""
        data = StartSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        section = Section.objects.filter(id=data.validated_data["section"]).first()
        if section is None or not is_director(request.user, section_club_id(section)):
            raise PermissionDenied("only a director of the section's club starts its jobs")
        job = services.start(data.validated_data["kind"], section, user=request.user)
        return Response(JobSerializer(job).data, status=status.HTTP_202_ACCEPTED)
