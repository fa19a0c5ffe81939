"""The project's addresses: the events app's own (events/urls.py)."""

from django.urls import include, path

urlpatterns = [
    path("", include("events.urls")),
]
