from django.contrib import admin

from .models import Job, Outbox


@admin.register(Job)
class JobAdmin(admin.ModelAdmin):
    list_display = ("id", "kind", "section", "state", "progress", "started", "finished")
    list_filter = ("kind", "state")
    readonly_fields = ("started", "finished", "created")


@admin.register(Outbox)
class OutboxAdmin(admin.ModelAdmin):
    list_display = ("id", "task", "key", "created", "sent")
