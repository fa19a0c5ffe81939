"""The audit log's filter."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import MAX_ROUNDS, MAX_TABLE

from ..record_words import RENAMED, action_said
from ..roles import actor_said
from .base import form_field


class AuditFilterForm(forms.Form):
    """Narrows the audit log (queries/record.py); every field is optional and an empty one does not narrow."""

    action = forms.ChoiceField(required=False, label=gettext_lazy("Change"))
    # The families of changes, as the audit log's action codes begin ("deck.saved" is a deck change;
    # AuditAction in record_words.py). A registration is a player's change ("player.registered").
    KINDS = {
        "event": gettext_lazy("Every change to the event"),
        "player": gettext_lazy("Every change to a player"),
        "round": gettext_lazy("Every pairing"),
        "clock": gettext_lazy("Every change to a clock"),
        "result": gettext_lazy("Every result"),
        "deck": gettext_lazy("Every change to a deck list"),
        "snapshot": gettext_lazy("Every snapshot"),
        "staff": gettext_lazy("Every change to the staff"),
        "stage": gettext_lazy("Every playoff or bracket"),
    }
    round = forms.IntegerField(required=False, min_value=1, max_value=MAX_ROUNDS, label=gettext_lazy("Round"))
    table = forms.IntegerField(required=False, min_value=1, max_value=MAX_TABLE, label=gettext_lazy("Table"))
    actor = forms.ChoiceField(required=False, label=gettext_lazy("By"))

    def __init__(self, *args: Any, actions: Iterable[str], actors: Iterable[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # A filter bookmarked with a code as an earlier version spelled it ("players.registered")
        # finds the same entries under their spelling now; an old family ("players.") is refused.
        if self.is_bound and self.data.get("action") in RENAMED:
            data = cast("dict[str, Any]", self.data).copy()  # request.GET: a QueryDict, a dict whose copy may change
            data["action"] = RENAMED[data["action"]].value
            self.data = data
        kinds = sorted({action.split(".")[0] for action in actions})
        form_field(self, "action", forms.ChoiceField).choices = (
            [("", _("Every change"))]
            + [(f"{kind}.", self.KINDS.get(kind) or _("All %(kind)s") % {"kind": kind}) for kind in kinds]
            + [(_("One kind of change"), [(action, action_said(action)) for action in actions])]
        )
        form_field(self, "actor", forms.ChoiceField).choices = [("", _("Anyone"))] + [
            (label, actor_said(label)) for label in actors
        ]
