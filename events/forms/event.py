"""Forms of the event and its players: settings, registration, start, rounds, staff, closing and import."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, cast

from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import scoring
from scoring import (
    MAX_ARCHIVE_BYTES,
    MAX_EMAIL_LENGTH,
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    MAX_POOL_SIZE,
    MAX_POOLS,
    MAX_RANKING,
    MAX_REASON_LENGTH,
    MAX_ROUNDS,
    MAX_USERNAME_LENGTH,
    read_json,
)

from ..i18n import say
from ..models import (
    DECK_CAPABILITY_CHOICES,
    ELIMINATION_CHOICES,
    FIRST_ROUND_CHOICES,
    FORMAT_CHOICES,
    GAME_TYPE_CHOICES,
    LANGUAGE_CHOICES,
    POLICY_CHOICES,
    SEEDING_CHOICES,
    STRUCTURE_CHOICES,
    TIE_CHOICES,
    TIME_ZONES,
    TOP_CUT_CHOICES,
    Player,
)
from ..roles import GIVEN_ROLES, STAFF
from .base import LongSelect, MarkedSelect, OptionList, PolicyGroupedSelect, form_field

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


RELEASED = frozenset(scoring.POLICIES)


def _by_policy(
    choices: Sequence[tuple[str, StrOrPromise]], offered: str
) -> list[tuple[str, list[tuple[str, StrOrPromise]]]]:
    """``choices`` grouped by the policies that offer them (``offered`` names the Policy field), titles as published.

    Formats and tie options belong to the policies that define them: the form shows
    which is whose, and the service refuses a mismatch (services.event).
    """
    groups: dict[tuple[str, ...], list[tuple[str, StrOrPromise]]] = {}
    for key, label in choices:
        titles = tuple(policy.title for policy in scoring.POLICIES.values() if key in getattr(policy, offered))
        groups.setdefault(titles, []).append((key, label))
    return [(" · ".join(titles), options) for titles, options in groups.items()]


class EventForm(forms.Form):
    name = forms.CharField(max_length=MAX_NAME_LENGTH, label=gettext_lazy("Name"))
    date = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}), label=gettext_lazy("Date"))
    place = forms.CharField(max_length=MAX_NAME_LENGTH, required=False, label=gettext_lazy("Place"))
    # Policy titles are the documents' published names (docs/i18n.md); the house policies the
    # account keeps are offered after them (__init__), their titles as their keepers wrote them.
    policy = forms.ChoiceField(
        choices=POLICY_CHOICES,
        initial="policy-4-2001",
        label=gettext_lazy("Policy"),
        widget=MarkedSelect(marks=lambda value: {"lang": "en"} if value in RELEASED else {}),
    )
    game_type = forms.ChoiceField(choices=GAME_TYPE_CHOICES, initial="two-deck", label=gettext_lazy("Game type"))
    format = forms.ChoiceField(
        choices=lambda: _by_policy(FORMAT_CHOICES, "formats"),
        initial="general-opponent",
        label=gettext_lazy("Format"),
        widget=PolicyGroupedSelect,
    )
    tie_resolution = forms.ChoiceField(
        choices=lambda: _by_policy(TIE_CHOICES, "tie_resolutions"),
        initial="playoff",
        label=gettext_lazy("If players tie for the lead (posted in advance)"),
        widget=PolicyGroupedSelect,
    )
    first_round_pairing = forms.ChoiceField(
        choices=FIRST_ROUND_CHOICES, initial="random", label=gettext_lazy("First-round pairing")
    )
    # Not required: a form posted without them (an older page, a script) means a plain Swiss event.
    structure = forms.ChoiceField(
        choices=STRUCTURE_CHOICES, initial="swiss", label=gettext_lazy("Structure"), required=False
    )
    top_cut = forms.TypedChoiceField(
        choices=[("", gettext_lazy("No top cut")), *TOP_CUT_CHOICES],
        coerce=int,
        empty_value=None,
        required=False,
        label=gettext_lazy("After the Swiss rounds"),
        help_text=gettext_lazy(
            "The best by the final standings play a bracket, seeded 1 against N (posted before the event)."
        ),
    )
    elimination = forms.ChoiceField(
        choices=ELIMINATION_CHOICES,
        initial="single",
        label=gettext_lazy("Bracket"),
        required=False,
        help_text=gettext_lazy(
            "For an elimination event or a top cut. A tied game goes to the dice (Policy #1, General 5 and 6)."
        ),
    )
    seeding = forms.ChoiceField(
        choices=SEEDING_CHOICES,
        initial="ranking",
        label=gettext_lazy("Seeding of an elimination event or of the pools"),
        required=False,
        help_text=gettext_lazy("By published ranking (players without one are drawn after), or at random."),
    )
    pools = forms.IntegerField(
        min_value=1,
        max_value=MAX_POOLS,
        required=False,
        label=gettext_lazy("Pools (an event of pools)"),
        help_text=gettext_lazy("Each of 3 to 8 players; the best are dealt into different pools."),
    )
    advance = forms.IntegerField(
        min_value=1,
        max_value=MAX_POOL_SIZE,
        required=False,
        label=gettext_lazy("Players of each pool going on to the knockout"),
        help_text=gettext_lazy("The pool winners are seeded first and meet runners-up of other pools."),
    )
    players_report = forms.BooleanField(
        required=False,
        label=gettext_lazy("Players report their own results"),
        help_text=gettext_lazy(
            "Each player enters the result on their phone with their own code (a code slip of "
            "their own, or their private link); when both agree from two devices it stands, otherwise the "
            "table is flagged for staff (Policy #1, General 17). Staff can always enter or correct a result."
        ),
    )
    language = forms.ChoiceField(
        choices=LANGUAGE_CHOICES,
        required=False,
        # Each language is named in itself ("Suomi"), marked as written in it.
        widget=MarkedSelect(marks=lambda value: {"lang": value} if value else {}),
        label=gettext_lazy("Language of the projector and printouts"),
        help_text=gettext_lazy(
            "Each phone shows the language its owner chooses; the screen and the paper are read by the whole room."
        ),
    )
    time_zone = forms.ChoiceField(
        choices=lambda: [(zone, zone) for zone in TIME_ZONES],
        required=False,
        widget=MarkedSelect(marks=lambda value: {"translate": "no"} if value else {}),
        label=gettext_lazy("Time zone of the venue"),
        help_text=gettext_lazy("The event's pages show its times, and take the times you enter, in this zone."),
    )
    expected_players = forms.IntegerField(
        min_value=2,
        max_value=MAX_PLAYERS,
        initial=16,
        required=False,
        label=gettext_lazy("Players expected"),
        help_text=gettext_lazy("Only to show what the policy implies; the real number is counted at the start."),
    )

    def __init__(self, *args: Any, house_policies: Sequence[tuple[str, str]], **kwargs: Any) -> None:
        """``house_policies`` are the (key, title) of the house policies offered beside the released texts."""
        super().__init__(*args, **kwargs)
        if house_policies:
            form_field(self, "policy", forms.ChoiceField).choices = [
                (_("Council of Lórien texts"), POLICY_CHOICES),
                (_("House policies"), list(house_policies)),
            ]

    def offer_only(self, policy: scoring.Policy | None) -> None:
        """Offer the format and tie options of ``policy`` alone, its first chosen when the one in the form
        is another policy's: what the form shows once the coordinator has picked a policy."""
        if policy is None:
            return
        for name, offered, labels in (
            ("format", policy.formats, dict(FORMAT_CHOICES)),
            ("tie_resolution", policy.tie_resolutions, dict(TIE_CHOICES)),
        ):
            form_field(self, name, forms.ChoiceField).choices = [(key, labels[key]) for key in offered]
            if self.is_bound and self.data.get(name) not in offered:
                data = cast(
                    "dict[str, Any]", self.data
                ).copy()  # request.POST: a QueryDict, a dict whose copy may change
                data[name] = offered[0]
                self.data = data
            elif not self.is_bound and self.initial.get(name, self.fields[name].initial) not in offered:
                self.initial[name] = offered[0]

    def values(self) -> dict[str, Any]:
        data = dict(self.cleaned_data)
        data.pop("expected_players", None)
        for name in ("structure", "elimination", "seeding"):
            data[name] = data.get(name) or self.fields[name].initial
        if data["structure"] != "pools":
            # The pools' numbers belong to an event of pools only.
            data["pools"] = data["advance"] = None
        return data


class RegisterForm(forms.Form):
    names = forms.CharField(
        label=gettext_lazy("Player name"),
        max_length=60_000,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autofocus": True}),
    )


class PasteForm(forms.Form):
    names = forms.CharField(
        label=gettext_lazy("Paste a list, one player per line"),
        max_length=60_000,
        widget=forms.Textarea(attrs={"rows": 6}),
    )


class PlayerForm(forms.Form):
    name = forms.CharField(max_length=MAX_NAME_LENGTH, label=gettext_lazy("Name"))
    deck_capability = forms.ChoiceField(
        choices=DECK_CAPABILITY_CHOICES,
        label=gettext_lazy("Deck capability"),
        help_text=gettext_lazy("Sets the points an opponent's forfeit gives (Policy #1, General 18)."),
    )
    avatar = forms.CharField(
        max_length=MAX_NAME_LENGTH, required=False, label=gettext_lazy("Fallen-wizard (Fallen-wizard-only events)")
    )
    ranking = forms.IntegerField(
        min_value=1, max_value=MAX_RANKING, required=False, label=gettext_lazy("Published ranking (1 is best)")
    )
    online_name = forms.CharField(
        max_length=MAX_NAME_LENGTH,
        required=False,
        label=gettext_lazy("Name on the online client"),
        help_text=gettext_lazy("Shown to the player's opponents on their private pages."),
    )
    email = forms.EmailField(
        max_length=MAX_EMAIL_LENGTH,
        required=False,
        label=gettext_lazy("E-mail address"),
        help_text=gettext_lazy(
            "Seen by the coordinators; by the player's opponents only when the box below is ticked; never by staff "
            "or on the public pages."
        ),
    )
    share_email = forms.BooleanField(
        required=False,
        label=gettext_lazy("The player shows their e-mail address to their opponents"),
        help_text=gettext_lazy("Tick it only when the player asked to."),
    )


class StartForm(forms.Form):
    # Empty: the policy's number for the players present; an elimination event has none.
    rounds = forms.IntegerField(min_value=1, max_value=MAX_ROUNDS, label=gettext_lazy("Swiss rounds"), required=False)
    note = forms.CharField(
        max_length=MAX_REASON_LENGTH, required=False, label=gettext_lazy("Reason, if you depart from the policy")
    )
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)


class StaffForm(forms.Form):
    username = forms.CharField(max_length=MAX_USERNAME_LENGTH, label=gettext_lazy("User name"))
    password = forms.CharField(
        required=False,
        label=gettext_lazy("Password (only to create a new account)"),
        widget=forms.PasswordInput(render_value=False, attrs={"autocomplete": "new-password"}),
    )
    role = forms.ChoiceField(choices=GIVEN_ROLES, initial=STAFF, label=gettext_lazy("Role"))


def _account_choices(accounts: list[tuple[int, str, str]]) -> list[tuple[str, str]]:
    return [(str(pk), name) for pk, name, _role in accounts]


class ArbiterForm(forms.Form):
    """The second person who rules on the games of those who run the event and play (docs/rules.md, reading 78)."""

    arbiter = forms.TypedChoiceField(
        coerce=int,
        empty_value=None,
        required=False,
        label=gettext_lazy("Arbiter"),
        help_text=gettext_lazy("Rules on the games that coordinators and staff play; does not play."),
    )

    def __init__(self, *args: Any, accounts: list[tuple[int, str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        form_field(self, "arbiter", forms.TypedChoiceField).choices = [
            ("", _("No arbiter")),
            *_account_choices(accounts),
        ]


class OrganiserPlayerForm(forms.Form):
    """Register an account that runs the event, or staffs it, as one of its players."""

    account = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Account"))
    name = forms.CharField(max_length=MAX_NAME_LENGTH, label=gettext_lazy("Name as a player"))

    def __init__(self, *args: Any, accounts: list[tuple[int, str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        form_field(self, "account", forms.TypedChoiceField).choices = _account_choices(accounts)


class RoundsForm(forms.Form):
    rounds = forms.IntegerField(min_value=1, max_value=MAX_ROUNDS, label=gettext_lazy("Swiss rounds"))
    note = forms.CharField(max_length=MAX_REASON_LENGTH, required=False, label=gettext_lazy("Reason"))


class CloseForm(forms.Form):
    playoff_winner = forms.ModelChoiceField(
        queryset=Player.objects.none(), required=False, label=gettext_lazy("Winner of the playoff"), widget=LongSelect
    )
    co_champions_agreed = forms.BooleanField(
        required=False,
        label=gettext_lazy("The tied players and I agree: they are co-champions, with no playoff"),
        help_text=gettext_lazy(
            "Version 3 and Policy Number 4: “If both players and the tournament coordinator "
            "agree, however, no tie breaker actions are taken”."
        ),
    )
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(
        self, *args: Any, players: QuerySet[Player], offered: list[tuple[int, str]] | None = None, **kwargs: Any
    ) -> None:
        """``players`` are those the winner may be; ``offered`` (pk, name) the choices shown, when not all of them."""
        super().__init__(*args, **kwargs)
        winner = form_field(self, "playoff_winner", forms.ModelChoiceField)
        winner.queryset = players
        self.offer(players.values_list("pk", "name") if offered is None else offered)

    def offer(self, choices: Iterable[tuple[int, str]]) -> None:
        """Show ``choices`` (pk, name) as the possible winners: the players sharing first place."""
        # Before a round is played every player is tied for the lead: at 20,000 players Django's select,
        # an option template per player, took nine seconds of the standings page.
        winner = form_field(self, "playoff_winner", forms.ModelChoiceField)
        winner.widget.option_list = OptionList(lambda: [("", winner.empty_label), *choices])


class ImportForm(forms.Form):
    # The form is its one upload: a refusal of the archive's content is shown at it.
    refusals_at = "archive"

    archive = forms.FileField(label=gettext_lazy("Archive file (council-archive JSON)"))

    def clean_archive(self) -> Any:
        upload = self.cleaned_data["archive"]
        if upload.size > MAX_ARCHIVE_BYTES:
            raise forms.ValidationError(
                _("The file is larger than %(size)s MB.") % {"size": MAX_ARCHIVE_BYTES // (1024 * 1024)}
            )
        try:
            return read_json(upload.read().decode("utf-8"), "it")
        except UnicodeDecodeError:
            raise forms.ValidationError(_("This is not a JSON file: it is not UTF-8 text.")) from None
        except scoring.RuleError as error:
            raise forms.ValidationError(
                _("This is not a JSON file Council can read: %(reason)s.") % {"reason": say(error.message)}
            ) from None
