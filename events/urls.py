"""The app's addresses, under the namespace ``events``: ``reverse("events:desk", args=[slug])``.

Every view here is checked by role in tests/events/views/test_access.py. The addresses are
printed on QR codes, slips and tournament cards: a path here never changes.
"""

from django.contrib.auth import views as auth_views
from django.urls import URLPattern, URLResolver, include, path, register_converter

from .views import (
    decks,
    desk,
    gatherings,
    home,
    member_links,
    members,
    policies,
    printouts,
    public,
    publishing,
    record,
    results,
    rounds,
    signups,
    staff,
    standings,
)
from .views.sign_in import SignInView


class TokenConverter:
    """A staff or deck link's token as ``secrets.token_urlsafe`` writes it; anything else is not found."""

    regex = "[A-Za-z0-9_-]{1,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(TokenConverter, "token")

app_name = "events"

# /e/<slug>/: what players and spectators open without an account.
public_pages = [
    path("", public.public, name="public"),
    path("me/", public.public_me, name="public_me"),
    path("pairings/", public.public_pairings, name="public_pairings"),
    path("standings/", public.public_standings, name="public_standings"),
    path("rounds/<int:number>/", public.public_round, name="public_round"),
    path("projector/", public.projector, name="projector"),
    path("report/", public.public_report, name="public_report"),
    path("sign-up/", signups.sign_up, name="sign_up"),
    path("deck/<token:deck_token>/", decks.deck_link, name="deck_link"),
    path("decks/<int:player_id>/", decks.public_deck, name="public_deck"),
]

# /events/<slug>/players/<player_id>/: one player, as the coordinator changes them.
player_pages = [
    path("", desk.player_edit, name="player_edit"),
    path("remove/", desk.player_remove, name="player_remove"),
    path("drop/", desk.player_drop, name="player_drop"),
    path("deck/", decks.deck_of_player, name="player_deck"),
    path("capability/", decks.player_capability, name="player_capability"),
    path("deck-link/", decks.player_deck_link, name="player_deck_link"),
    path("product/", decks.player_product, name="player_product"),
    path("member/", members.player_member, name="player_member"),
]

# /events/<slug>/players/: registering players, and each one.
players: list[URLPattern | URLResolver] = [
    path("", desk.register, name="register"),
    path("<int:player_id>/", include(player_pages)),
]

# /events/<slug>/decks/: the deck lists of the event.
deck_lists = [
    path("", decks.decks, name="decks"),
    path("links/", decks.deck_links, name="deck_links"),
    path("publish/", decks.publish_decks, name="publish_decks"),
]

# /events/<slug>/rounds/<number>/: one round, its pairings and its clock.
round_pages = [
    path("", rounds.round_view, name="round"),
    path("swap/", rounds.round_swap, name="round_swap"),
    path("undo/", rounds.round_undo, name="round_undo"),
    path("clock/", rounds.round_clock, name="round_clock"),
    path("deck-check/<int:player_id>/", decks.spot_check, name="spot_check"),
]

# /events/<slug>/rounds/: how many rounds, and each round.
event_rounds: list[URLPattern | URLResolver] = [
    path("", desk.rounds_change, name="rounds_change"),
    path("<int:number>/", include(round_pages)),
]

# /events/<slug>/games/<game_id>/: one game's result, as staff enter it.
game_pages = [
    path("confirm/", rounds.game_confirm, name="game_confirm"),
    path("result/", results.game_result, name="game_result"),
    path("preview/", results.game_result_preview, name="game_result_preview"),
    path("council/", results.game_council, name="game_council"),
]

# /events/<slug>/stages/: the playoffs and brackets after the Swiss rounds.
stages = [
    path("start/", standings.start_stage, name="start_stage"),
    path("<int:number>/cancel/", standings.cancel_stage, name="cancel_stage"),
]

# /events/<slug>/staff/: who helps run the event, and the staff link.
event_staff = [
    path("", staff.staff, name="staff"),
    path("<int:user_id>/remove/", staff.staff_remove, name="staff_remove"),
    path("link/", staff.staff_link, name="staff_link"),
]

# /events/<slug>/snapshots/: the event as it was, kept to download or go back to.
snapshots = [
    path("", record.snapshots, name="snapshots"),
    path("<int:snapshot_id>/download/", record.snapshot_download, name="snapshot_download"),
    path("<int:snapshot_id>/restore/", record.snapshot_restore, name="snapshot_restore"),
]

# /events/<slug>/publishing/: publishing to a hosted site (a venue), or the keys a venue publishes with (hosted).
publishing_pages = [
    path("", publishing.publishing, name="publishing"),
    path("stop/", publishing.publishing_stop, name="publishing_stop"),
    path("keys/", publishing.publishing_key_issue, name="publishing_key_issue"),
    path("keys/<int:key_id>/revoke/", publishing.publishing_key_revoke, name="publishing_key_revoke"),
    path("run-here/", publishing.publishing_run_here, name="publishing_run_here"),
]

# /events/<slug>/print/: the sheets printed for the hall.
printed = [
    path("pairings/", printouts.print_pairings, name="print_pairings"),
    path("slips/", printouts.print_slips, name="print_slips"),
    path("codes/", printouts.print_codes, name="print_codes"),
    path("cards/", printouts.print_cards, name="print_cards"),
    path("standings/", printouts.print_standings, name="print_standings"),
    path("bracket/", printouts.print_bracket, name="print_bracket"),
    path("deck-sheet/", printouts.print_deck_sheet, name="print_deck_sheet"),
    path("deck-lists/", printouts.print_deck_lists, name="print_deck_lists"),
    path("deck-links/", printouts.print_deck_links, name="print_deck_links"),
]

# /g/<slug>/: a gathering's pages for everyone: its events, its sign-up, each entrant's own page.
gathering_public_pages = [
    path("", gatherings.gathering_public, name="gathering_public"),
    path("sign-up/", gatherings.gathering_sign_up, name="gathering_sign_up"),
    path("you/<token:entrant_token>/", gatherings.entrant, name="entrant"),
]

# /gatherings/<slug>/: the owner's pages of a gathering: its events and its registrations.
gathering_pages = [
    path("", gatherings.gathering, name="gathering"),
    path("register/", gatherings.gathering_register, name="gathering_register"),
    path("enter/", gatherings.gathering_enter, name="gathering_enter"),
    path("events/", gatherings.gathering_add_event, name="gathering_add_event"),
    path("events/<int:event_id>/remove/", gatherings.gathering_remove_event, name="gathering_remove_event"),
    path("entrants/<int:entrant_id>/link/", gatherings.gathering_entrant_link, name="gathering_entrant_link"),
]

# /players/: the players known across this server's events, each by their player number.
known_players = [
    path("", members.members, name="members"),
    path("rankings/", members.rankings_page, name="rankings"),
    path("rankings.<str:kind>", members.rankings_export, name="rankings_export"),
    path("<int:player_number>/", members.member, name="member"),
    path("<int:player_number>/edit/", members.member_edit, name="member_edit"),
    path("<int:player_number>/merge/", members.member_merge, name="member_merge"),
    path("<int:player_number>/unmerge/", members.member_unmerge, name="member_unmerge"),
    path("<int:player_number>/forget/", members.member_forget, name="member_forget"),
    path("<int:player_number>/link/", member_links.member_link_make, name="member_link_make"),
    path("you/<token:link_token>/", member_links.member_link, name="member_link"),
]

# /policies/: the house policies an account keeps, each built from a released text.
house_policies = [
    path("", policies.policies, name="policies"),
    path("new/", policies.policy_new, name="policy_new"),
    path("<slug:key>/edit/", policies.policy_edit, name="policy_edit"),
]

# /events/<slug>/: the coordinator's and staff's pages of one event.
event_pages: list[URLPattern | URLResolver] = [
    path("", desk.desk, name="desk"),
    path("settings/", desk.event_edit, name="event_edit"),
    path("players/", include(players)),
    path("decks/", include(deck_lists)),
    path("break-clock/", desk.break_clock, name="break_clock"),
    path("start/", desk.start, name="start"),
    path("pair/", desk.pair, name="pair"),
    path("rounds/", include(event_rounds)),
    path("games/<int:game_id>/", include(game_pages)),
    path("tables/", results.staff_tables, name="tables"),
    path("standings/", standings.standings, name="standings"),
    path("close/", standings.close, name="close"),
    path("stages/", include(stages)),
    path("staff/", include(event_staff)),
    path("export.json", record.export, name="export"),
    path("audit/", record.audit, name="audit"),
    path("snapshots/", include(snapshots)),
    path("publishing/", include(publishing_pages)),
    path("print/", include(printed)),
]

urlpatterns = [
    # The load balancer's health check and the public pages first: Django tries the patterns
    # in order, and these are most of the requests.
    path("healthz", home.health, name="health"),
    path("e/<slug:slug>/", include(public_pages)),
    path("", home.home, name="home"),
    path("accounts/login/", SignInView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    # Before the event's pages: "new" and "import" would be read as an event's slug.
    path("events/new/", home.event_new, name="event_new"),
    path("events/new/policy/", home.policy_preview, name="policy_preview"),
    path("events/import/", home.event_import, name="event_import"),
    path("events/<slug:slug>/", include(event_pages)),
    path("policies/", include(house_policies)),
    path("g/<slug:slug>/", include(gathering_public_pages)),
    path("gatherings/new/", gatherings.gathering_new, name="gathering_new"),
    path("gatherings/<slug:slug>/", include(gathering_pages)),
    path("players/", include(known_players)),
    path("staff/<token:token>/", staff.staff_link_open, name="staff_link_open"),
    # A venue's server pushes its event here, under the key of the hosted copy (docs/operations.md, "Publishing").
    path("publish/", publishing.receive, name="publish_receive"),
]
