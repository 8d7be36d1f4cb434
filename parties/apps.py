from django.apps import AppConfig


class PartiesConfig(AppConfig):
    """Progressive parties: the kinds the books describe, their set-up, seating, tallies and prizes."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "parties"
