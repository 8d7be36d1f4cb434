"""A member's one-time sign-in links. Only the link's digest is kept: whoever reads the database cannot sign in
with it."""

from django.conf import settings
from django.db import models

from tournaments.models import Player


class SignInLink(models.Model):
    """A link a director gave a member (or `manage.py invite` printed): it signs the member in once, before
    `expires`."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="sign_in_links")
    digest = models.CharField(max_length=64, unique=True, help_text="SHA-256 of the link's token, in hex.")
    created = models.DateTimeField(auto_now_add=True)
    expires = models.DateTimeField()
    used = models.DateTimeField(null=True, blank=True)
    made_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)

    def __str__(self) -> str:
        return f"sign-in link for {self.player}"
