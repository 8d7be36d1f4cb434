"""Clubs and their players: who runs events and who plays in them."""

from django.db import models
from django.urls import reverse


class Club(models.Model):
    """A card club: it owns its players, events and directors."""

    name = models.CharField(max_length=120, unique=True)
    slug = models.SlugField(max_length=60, unique=True)
    city = models.CharField(max_length=120, blank=True)
    website = models.URLField(blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("club", args=[self.slug])


class Player(models.Model):
    """A person who plays; the federation number (ACBL, EBU, ABF ...) identifies them across clubs."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="players")
    first_name = models.CharField(max_length=60)
    last_name = models.CharField(max_length=60)
    federation_number = models.CharField(max_length=20, blank=True)
    email = models.EmailField(blank=True)
    phone = models.CharField(max_length=30, blank=True)

    class Meta:
        ordering = ["last_name", "first_name"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "federation_number"],
                condition=~models.Q(federation_number=""),
                name="unique_federation_number_per_club",
            )
        ]

    def __str__(self) -> str:
        return f"{self.first_name} {self.last_name}"
