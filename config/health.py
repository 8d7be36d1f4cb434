"""Liveness of the parts Traveller needs: the database and, when one is configured, the Celery broker."""

import os

import redis
from celery import shared_task
from django.conf import settings
from django.db import connection
from django.http import JsonResponse


def database_status() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any driver error means "down"; the message says which
        return f"error: {exc.__class__.__name__}: {exc}"
    return "ok"


def broker_status() -> str:
    """'eager' when no broker is configured (tasks run in-process), else whether Redis answers a PING."""
    if not settings.REDIS_URL:
        return "eager"
    try:
        redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=1).ping()
    except redis.RedisError as exc:
        return f"error: {exc}"
    return "ok"


def healthz(request):
    status = {"database": database_status(), "broker": broker_status()}
    healthy = status["database"] == "ok" and status["broker"] in {"ok", "eager"}
    return JsonResponse(
        {"status": "ok" if healthy else "unavailable", **status}, status=200 if healthy else 503
    )


@shared_task(name="traveller.ping")
def ping() -> dict:
    """A round trip through the broker: says which process ran it and that it reached the database."""
    # config loads before the apps (the Celery app, CELERY_IMPORTS): the models only once the task runs
    from tournaments.models import Club

    return {"pong": True, "pid": os.getpid(), "parent": os.getppid(), "clubs": Club.objects.count()}
