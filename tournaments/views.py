"""Public pages: the clubs and each club's home."""

from django.shortcuts import get_object_or_404, render

from .models import Club


def home(request):
    return render(request, "tournaments/home.html", {"clubs": Club.objects.all()})


def club(request, slug: str):
    club = get_object_or_404(Club, slug=slug)
    return render(request, "tournaments/club.html", {"club": club, "players": club.players.all()})
