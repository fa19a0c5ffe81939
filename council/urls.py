"""The project's addresses: the events app's own (events/urls.py, namespace "events"), and the language switcher."""

from django.urls import include, path
from django.views.i18n import set_language

urlpatterns = [
    path("", include("events.urls")),
    # The language switcher's form posts here; the choice is kept in a cookie (docs/i18n.md).
    path("language/", set_language, name="set_language"),
]
