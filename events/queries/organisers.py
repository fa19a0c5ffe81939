"""Who runs the event and plays in it, and who rules on their games: for the desk, the staff page and a table."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from ..models import Event, Game
from ..roles import COORDINATOR, OWNER, RANK


@dataclass(frozen=True)
class OrganiserAtPlay:
    """An account with a role in the event, registered as one of its players."""

    player: str
    account: str
    role: str
    runs_the_event: bool


@dataclass(frozen=True)
class Organisers:
    """Those who run the event and play, the arbiter who rules on their games, and the accounts forms may offer."""

    playing: list[OrganiserAtPlay]
    arbiter: str | None
    # (account id, user name, role) of every account with a role in the event, owner first.
    accounts: list[tuple[int, str, str]]
    you_play: bool

    @property
    def without_arbiter(self) -> bool:
        """A coordinator plays and no one is named to rule on their games (an older event; reading 78)."""
        return self.arbiter is None and any(organiser.runs_the_event for organiser in self.playing)


def event_accounts(event: Event) -> list[tuple[int, str, str]]:
    """(id, user name, role) of the owner and of every account given a role in ``event``."""
    owner = get_user_model().objects.get(pk=event.owner_id)
    given = event.roles.select_related("user").order_by("user__username")
    return [(owner.pk, owner.get_username(), OWNER), *((r.user_id, r.user.get_username(), r.role) for r in given)]


def organisers(event: Event, user_id: int | None) -> Organisers:
    """Who of the event's accounts plays in it, and who rules on their games, as ``user_id`` sees it."""
    accounts = event_accounts(event)
    role_of = {pk: (name, role) for pk, name, role in accounts}
    playing = [
        OrganiserAtPlay(
            player=player.name,
            account=role_of[player.account_id][0],
            role=role_of[player.account_id][1],
            runs_the_event=RANK[role_of[player.account_id][1]] >= RANK[COORDINATOR],
        )
        for player in event.players.exclude(account=None).order_by("name")
        if player.account_id in role_of
    ]
    arbiter = role_of.get(event.arbiter_id, (None,))[0] if event.arbiter_id else None
    you_play = user_id is not None and event.players.filter(account_id=user_id).exists()
    return Organisers(playing=playing, arbiter=arbiter, accounts=accounts, you_play=you_play)


@dataclass(frozen=True)
class GameRuling:
    """Who may rule on one game: not the reader if they play at it; the arbiter if an organiser does."""

    plays_here: bool
    arbiter_rules: bool
    arbiter: str


def game_ruling(event: Event, game: Game, user_id: int | None) -> GameRuling:
    """How ``game`` is ruled on, as the account ``user_id`` (None for the staff link) sees it."""
    arbiter = None
    if event.arbiter_id:
        arbiter = get_user_model().objects.filter(pk=event.arbiter_id).first()
    name = arbiter.get_username() if arbiter else _("another coordinator")
    return GameRuling(plays_here=game.played_by(user_id), arbiter_rules=game.has_organiser, arbiter=name)
