"""A player's contacts, as the sign-up and the coordinator's page of a player keep them (docs/rules.md, reading 95).

Their name on the online client and their e-mail address, and whether their opponents
may see the address. ``players.update_player`` and ``sign_up.sign_up`` check them here;
the audit log keeps ``contacts_record``, never the address.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, name_problem, text_problem

from ..i18n import say
from .base import ServiceError


def clean_contacts(online_name: str, email: str, share_email: bool) -> tuple[str, str, bool]:
    """A player's contacts as they are kept: the online client's name with single spaces, the address trimmed.

    Refuses, naming its field, an online name a name could not be, or an address that is
    not one. Sharing goes with an address: without one there is nothing to share, and a
    later address is shared only when the player says so again (docs/rules.md, reading 95).
    """
    online_name = " ".join(online_name.split())  # as players.clean_name does a player's name
    if len(online_name) > MAX_NAME_LENGTH:
        raise ServiceError(
            ngettext(
                "An online name has at most %(count)s character.",
                "An online name has at most %(count)s characters.",
                MAX_NAME_LENGTH,
            )
            % {"count": MAX_NAME_LENGTH},
            field="online_name",
        )
    if online_name and name_problem(online_name):
        raise ServiceError(
            # Translators: %(problem)s completes the sentence, such as "has nothing visible in it".
            _("The online name %(problem)s.") % {"problem": say(name_problem(online_name))},
            field="online_name",
        )
    email = email.strip()
    if email:
        if len(email) > MAX_EMAIL_LENGTH:
            raise ServiceError(
                _("An e-mail address has at most %(count)s characters.") % {"count": MAX_EMAIL_LENGTH}, field="email"
            )
        try:
            validate_email(email)
        except ValidationError:
            valid = False
        else:
            valid = text_problem(email) is None
        if not valid:
            raise ServiceError(_("Give an e-mail address such as name@example.org, or leave it empty."), field="email")
    return online_name, email, share_email and bool(email)


def contacts_record(online_name: str, email: str, share_email: bool) -> dict[str, object]:
    """A player's contacts as the audit log keeps them: whether an address was given, never the address."""
    return {"online_name": online_name, "email": bool(email), "share_email": share_email}
