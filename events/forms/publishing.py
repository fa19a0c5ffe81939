"""The form a venue's coordinator fills to publish an event to a hosted site."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from ..models.publishing import ADDRESS_LENGTH, KEY_LENGTH


class PublishingForm(forms.Form):
    # Checked as an address by the service, which says what it wants: a form's URL check would
    # take an address with a user name or a query the job must not post to.
    address = forms.CharField(
        max_length=ADDRESS_LENGTH,
        label=gettext_lazy("Hosted site's address"),
        help_text=gettext_lazy("As its coordinators open it, such as https://council.example.org."),
        widget=forms.URLInput(attrs={"inputmode": "url", "autocomplete": "url"}),
    )
    key = forms.CharField(
        max_length=KEY_LENGTH,
        label=gettext_lazy("Publishing key"),
        help_text=gettext_lazy("Issued on the hosted site's page of this event; it starts with council-pub-."),
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false", "autocapitalize": "off"}),
    )
