"""Background jobs as rows: what was asked, how far it got, how it ended; and the outbox of tasks still to send.

A job app of its own rather than a corner of tournaments/ or games/: a job reaches across them (a double-dummy
analysis writes boards, a rotation writes a movement, an audit reads play records or a file), and the job rows,
their steps and the outbox are the machinery every job shares.

The API shape (GET /api/jobs/<id>/, what the director's progress bars read):
    {"id": 7, "kind": "analyse", "section": 3, "arguments": {...}, "state": "running", "progress": 40,
     "started": "...", "finished": null, "error": "", "result": null, "created": "..."}
`state` goes pending → running → done or failed (a transient failure waiting to be tried again shows as
running, with the attempt counted); `progress` is 0–100; `error` is written for a director to act on.
"""

from django.conf import settings
from django.db import models

from tournaments.models import Section


class Kind(models.TextChoices):
    ANALYSE = "analyse", "Double-dummy analysis"
    AUDIT = "audit", "Replay audit"
    ROTATE = "rotate", "Seating rotation"
    BELL = "bell", "Progressive round (the bell)"
    STANDINGS = "standings", "Standings"


class State(models.TextChoices):
    PENDING = "pending", "Waiting for a worker"
    RUNNING = "running", "Running"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"


class Job(models.Model):
    """One piece of background work and everything a director sees of it."""

    kind = models.CharField(max_length=12, choices=Kind.choices)
    section = models.ForeignKey(Section, null=True, blank=True, on_delete=models.CASCADE, related_name="jobs")
    arguments = models.JSONField(default=dict, blank=True)
    state = models.CharField(max_length=8, choices=State.choices, default=State.PENDING)
    progress = models.PositiveSmallIntegerField(default=0, help_text="0–100.")
    total = models.PositiveIntegerField(default=0, help_text="Steps in all (boards, games ...).")
    attempts = models.PositiveSmallIntegerField(default=0)
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)
    error = models.TextField(blank=True, help_text="Why it failed, in words a director can act on.")
    result = models.JSONField(null=True, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["section", "kind"])]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} job {self.id} ({self.state})"


class Step(models.Model):
    """A part of a job that is finished (a board analysed, a game audited). Written once per (job, key): a task
    delivered twice after a worker died counts its step once, so progress is exact and never passes 100."""

    job = models.ForeignKey(Job, on_delete=models.CASCADE, related_name="steps")
    key = models.CharField(max_length=40)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["job", "key"], name="unique_job_step")]

    def __str__(self) -> str:
        return f"job {self.job_id} step {self.key}"


class Outbox(models.Model):
    """A task to send to the broker, written in the same transaction as the change that needs it, so it is sent
    even when the broker was down at commit time (jobs.outbox sends it on commit, on the next successful send and
    from the beat task). It is deleted when the task has done its work, not when it is sent: a broker restarted
    without persistence loses queued messages, and a row sent long ago and still here is sent again."""

    task = models.CharField(max_length=80)
    key = models.CharField(max_length=80, help_text='What the task is for, e.g. "standings:12".')
    args = models.JSONField(default=list)
    created = models.DateTimeField(auto_now_add=True)
    sent = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["key"])]

    def __str__(self) -> str:
        return f"{self.task} {self.key}"


class Lease(models.Model):
    """A task of a job at work on a worker, beating while it runs (jobs.leases): a lease whose beat stops is work
    lost with its worker, sent again within seconds."""

    job = models.ForeignKey(Job, on_delete=models.CASCADE, related_name="leases")
    key = models.CharField(max_length=120, help_text="The task and its arguments.")
    task = models.CharField(max_length=80)
    args = models.JSONField(default=list)
    holder = models.CharField(max_length=120, help_text="The worker process at work on it.")
    beat = models.DateTimeField()
    resent = models.DateTimeField(null=True, blank=True, help_text="When it was last sent again.")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["job", "key"], name="unique_job_lease")]

    def __str__(self) -> str:
        return f"{self.key} on {self.holder}"
