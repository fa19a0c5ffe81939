"""The project's addresses. Every view here is checked by role in tests/events/test_access.py."""

from django.contrib.auth import views as auth_views
from django.urls import path, register_converter

from events import views


class TokenConverter:
    """A staff link's token as ``secrets.token_urlsafe`` writes it; anything else is not found."""

    regex = "[A-Za-z0-9_-]{1,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(TokenConverter, "token")

urlpatterns = [
    # The load balancer's health check and the public pages first: Django tries the patterns
    # in order, and these are most of the requests.
    path("healthz", views.health, name="health"),
    path("e/<slug:slug>/", views.public, name="public"),
    path("e/<slug:slug>/me/", views.public_me, name="public_me"),
    path("e/<slug:slug>/rounds/<int:number>/", views.public_round, name="public_round"),
    path("e/<slug:slug>/projector/", views.projector, name="projector"),
    path("e/<slug:slug>/report/", views.public_report, name="public_report"),
    path("", views.home, name="home"),
    path("accounts/login/", views.SignInView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("events/new/", views.event_new, name="event_new"),
    path("events/new/policy/", views.policy_preview, name="policy_preview"),
    path("events/import/", views.event_import, name="event_import"),
    path("events/<slug:slug>/", views.desk, name="desk"),
    path("events/<slug:slug>/settings/", views.event_edit, name="event_edit"),
    path("events/<slug:slug>/players/", views.register, name="register"),
    path("events/<slug:slug>/players/<int:player_id>/", views.player_edit, name="player_edit"),
    path("events/<slug:slug>/players/<int:player_id>/remove/", views.player_remove, name="player_remove"),
    path("events/<slug:slug>/players/<int:player_id>/drop/", views.player_drop, name="player_drop"),
    path("events/<slug:slug>/start/", views.start, name="start"),
    path("events/<slug:slug>/rounds/", views.rounds_change, name="rounds_change"),
    path("events/<slug:slug>/pair/", views.pair, name="pair"),
    path("events/<slug:slug>/rounds/<int:number>/", views.round_view, name="round"),
    path("events/<slug:slug>/rounds/<int:number>/swap/", views.round_swap, name="round_swap"),
    path("events/<slug:slug>/rounds/<int:number>/undo/", views.round_undo, name="round_undo"),
    path("events/<slug:slug>/rounds/<int:number>/clock/", views.round_clock, name="round_clock"),
    path("events/<slug:slug>/games/<int:game_id>/confirm/", views.game_confirm, name="game_confirm"),
    path("events/<slug:slug>/games/<int:game_id>/result/", views.game_result, name="game_result"),
    path("events/<slug:slug>/games/<int:game_id>/preview/", views.game_result_preview, name="game_result_preview"),
    path("events/<slug:slug>/games/<int:game_id>/council/", views.game_council, name="game_council"),
    path("events/<slug:slug>/tables/", views.staff_tables, name="tables"),
    path("events/<slug:slug>/standings/", views.standings, name="standings"),
    path("events/<slug:slug>/close/", views.close, name="close"),
    path("events/<slug:slug>/staff/", views.staff, name="staff"),
    path("events/<slug:slug>/staff/<int:user_id>/remove/", views.staff_remove, name="staff_remove"),
    path("events/<slug:slug>/staff/link/", views.staff_link, name="staff_link"),
    path("events/<slug:slug>/export.json", views.export, name="export"),
    path("events/<slug:slug>/audit/", views.audit, name="audit"),
    path("events/<slug:slug>/snapshots/", views.snapshots, name="snapshots"),
    path("events/<slug:slug>/snapshots/<int:snapshot_id>/download/", views.snapshot_download,
         name="snapshot_download"),
    path("events/<slug:slug>/snapshots/<int:snapshot_id>/restore/", views.snapshot_restore,
         name="snapshot_restore"),
    path("events/<slug:slug>/print/pairings/", views.print_pairings, name="print_pairings"),
    path("events/<slug:slug>/print/slips/", views.print_slips, name="print_slips"),
    path("events/<slug:slug>/print/cards/", views.print_cards, name="print_cards"),
    path("events/<slug:slug>/print/standings/", views.print_standings, name="print_standings"),
    path("staff/<token:token>/", views.staff_link_open, name="staff_link_open"),
]
