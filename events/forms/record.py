"""The audit log's filter."""

from __future__ import annotations

from django import forms

from scoring.limits import (
    MAX_ROUNDS,
    MAX_TABLE,
)


class AuditFilterForm(forms.Form):
    """Narrows the audit log (queries/record.py); every field is optional and an empty one does not narrow."""

    action = forms.ChoiceField(required=False, label="Change")
    round = forms.IntegerField(required=False, min_value=1, max_value=MAX_ROUNDS, label="Round")
    table = forms.IntegerField(required=False, min_value=1, max_value=MAX_TABLE, label="Table")
    actor = forms.ChoiceField(required=False, label="By")

    def __init__(self, *args, actions, actors, **kwargs):
        super().__init__(*args, **kwargs)
        kinds = sorted({action.split(".")[0] for action in actions})
        self.fields["action"].choices = (
            [("", "Every change")] + [(f"{kind}.", f"All {kind}") for kind in kinds]
            + [(action, action) for action in actions]
        )
        self.fields["actor"].choices = [("", "Anyone")] + [(label, label) for label in actors]
