"""The app's addresses. Every view here is checked by role in tests/events/views/test_access.py."""

from django.contrib.auth import views as auth_views
from django.urls import path, register_converter

from .views import decks, desk, home, printouts, public, record, results, rounds, staff, standings
from .views.sign_in import SignInView


class TokenConverter:
    """A staff or deck link's token as ``secrets.token_urlsafe`` writes it; anything else is not found."""

    regex = "[A-Za-z0-9_-]{1,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(TokenConverter, "token")

urlpatterns = [
    # The load balancer's health check and the public pages first: Django tries the patterns
    # in order, and these are most of the requests.
    path("healthz", home.health, name="health"),
    path("e/<slug:slug>/", public.public, name="public"),
    path("e/<slug:slug>/me/", public.public_me, name="public_me"),
    path("e/<slug:slug>/pairings/", public.public_pairings, name="public_pairings"),
    path("e/<slug:slug>/standings/", public.public_standings, name="public_standings"),
    path("e/<slug:slug>/rounds/<int:number>/", public.public_round, name="public_round"),
    path("e/<slug:slug>/projector/", public.projector, name="projector"),
    path("e/<slug:slug>/report/", public.public_report, name="public_report"),
    path("e/<slug:slug>/sign-up/", decks.sign_up, name="sign_up"),
    path("e/<slug:slug>/deck/<token:deck_token>/", decks.deck_link, name="deck_link"),
    path("e/<slug:slug>/decks/<int:player_id>/", decks.public_deck, name="public_deck"),
    path("", home.home, name="home"),
    path("accounts/login/", SignInView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("events/new/", home.event_new, name="event_new"),
    path("events/new/policy/", home.policy_preview, name="policy_preview"),
    path("events/import/", home.event_import, name="event_import"),
    path("events/<slug:slug>/", desk.desk, name="desk"),
    path("events/<slug:slug>/settings/", desk.event_edit, name="event_edit"),
    path("events/<slug:slug>/players/", desk.register, name="register"),
    path("events/<slug:slug>/players/<int:player_id>/", desk.player_edit, name="player_edit"),
    path("events/<slug:slug>/players/<int:player_id>/remove/", desk.player_remove, name="player_remove"),
    path("events/<slug:slug>/players/<int:player_id>/drop/", desk.player_drop, name="player_drop"),
    path("events/<slug:slug>/players/<int:player_id>/deck/", decks.deck_of_player, name="player_deck"),
    path("events/<slug:slug>/players/<int:player_id>/capability/", decks.player_capability, name="player_capability"),
    path("events/<slug:slug>/players/<int:player_id>/deck-link/", decks.player_deck_link, name="player_deck_link"),
    path("events/<slug:slug>/players/<int:player_id>/product/", decks.player_product, name="player_product"),
    path("events/<slug:slug>/decks/", decks.decks, name="decks"),
    path("events/<slug:slug>/decks/links/", decks.deck_links, name="deck_links"),
    path("events/<slug:slug>/decks/publish/", decks.publish_decks, name="publish_decks"),
    path("events/<slug:slug>/break-clock/", desk.break_clock, name="break_clock"),
    path("events/<slug:slug>/start/", desk.start, name="start"),
    path("events/<slug:slug>/rounds/", desk.rounds_change, name="rounds_change"),
    path("events/<slug:slug>/pair/", desk.pair, name="pair"),
    path("events/<slug:slug>/rounds/<int:number>/", rounds.round_view, name="round"),
    path("events/<slug:slug>/rounds/<int:number>/swap/", rounds.round_swap, name="round_swap"),
    path("events/<slug:slug>/rounds/<int:number>/undo/", rounds.round_undo, name="round_undo"),
    path("events/<slug:slug>/rounds/<int:number>/clock/", rounds.round_clock, name="round_clock"),
    path("events/<slug:slug>/rounds/<int:number>/deck-check/<int:player_id>/", decks.spot_check, name="spot_check"),
    path("events/<slug:slug>/games/<int:game_id>/confirm/", rounds.game_confirm, name="game_confirm"),
    path("events/<slug:slug>/games/<int:game_id>/result/", results.game_result, name="game_result"),
    path("events/<slug:slug>/games/<int:game_id>/preview/", results.game_result_preview, name="game_result_preview"),
    path("events/<slug:slug>/games/<int:game_id>/council/", results.game_council, name="game_council"),
    path("events/<slug:slug>/tables/", results.staff_tables, name="tables"),
    path("events/<slug:slug>/standings/", standings.standings, name="standings"),
    path("events/<slug:slug>/close/", standings.close, name="close"),
    path("events/<slug:slug>/stages/start/", standings.start_stage, name="start_stage"),
    path("events/<slug:slug>/stages/<int:number>/cancel/", standings.cancel_stage, name="cancel_stage"),
    path("events/<slug:slug>/staff/", staff.staff, name="staff"),
    path("events/<slug:slug>/staff/<int:user_id>/remove/", staff.staff_remove, name="staff_remove"),
    path("events/<slug:slug>/staff/link/", staff.staff_link, name="staff_link"),
    path("events/<slug:slug>/export.json", record.export, name="export"),
    path("events/<slug:slug>/audit/", record.audit, name="audit"),
    path("events/<slug:slug>/snapshots/", record.snapshots, name="snapshots"),
    path(
        "events/<slug:slug>/snapshots/<int:snapshot_id>/download/", record.snapshot_download, name="snapshot_download"
    ),
    path("events/<slug:slug>/snapshots/<int:snapshot_id>/restore/", record.snapshot_restore, name="snapshot_restore"),
    path("events/<slug:slug>/print/pairings/", printouts.print_pairings, name="print_pairings"),
    path("events/<slug:slug>/print/slips/", printouts.print_slips, name="print_slips"),
    path("events/<slug:slug>/print/codes/", printouts.print_codes, name="print_codes"),
    path("events/<slug:slug>/print/cards/", printouts.print_cards, name="print_cards"),
    path("events/<slug:slug>/print/standings/", printouts.print_standings, name="print_standings"),
    path("events/<slug:slug>/print/bracket/", printouts.print_bracket, name="print_bracket"),
    path("events/<slug:slug>/print/deck-sheet/", printouts.print_deck_sheet, name="print_deck_sheet"),
    path("events/<slug:slug>/print/deck-lists/", printouts.print_deck_lists, name="print_deck_lists"),
    path("events/<slug:slug>/print/deck-links/", printouts.print_deck_links, name="print_deck_links"),
    path("staff/<token:token>/", staff.staff_link_open, name="staff_link_open"),
]
