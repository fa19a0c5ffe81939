"""Signing in: Django's own view, with guessing stopped (events/throttle.py, docs/security.md)."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.utils.translation import ngettext

from scoring import MAX_USERNAME_LENGTH

from .. import throttle


class SignInView(auth_views.LoginView):
    """Django's sign-in, refusing further guesses once a name, an address or a browser failed too often.

    Someone sent here from a page they may not see signed out (access.sign_in_first) is
    taken back to it: Django's view follows ``next`` only to an address of this site
    (``url_has_allowed_host_and_scheme``), and to the home page otherwise.
    """

    template_name = "registration/login.html"

    def _limits(self) -> list[tuple[str, throttle.Limit]]:
        return throttle.sign_in_limits(self.request, throttle.sign_in_name(self.request.POST.get("username", "")))

    def post(self, request, *args, **kwargs):
        wait = throttle.attempt(self._limits())
        if wait:
            # The password is not even checked, so guessing gains nothing while refused.
            typed = request.POST.get("username", "")[:MAX_USERNAME_LENGTH]
            form = self.get_form_class()(request, initial={"username": typed})
            refused = ngettext(
                "Too many failed sign-ins. Try again in %(count)s minute.",
                "Too many failed sign-ins. Try again in %(count)s minutes.",
                wait,
            ) % {"count": wait}
            return self.render_to_response(self.get_context_data(form=form, refused=refused), status=429)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form):
        limits = self._limits()
        for key, _ in limits:
            # The name's counts start afresh; the address keeps its failures but not this success.
            if key.startswith("login-address:"):
                throttle.succeeded(key)
            else:
                throttle.forget(key)
        response = super().form_valid(form)
        throttle.remember_device(self.request, response, throttle.sign_in_name(self.request.POST.get("username", "")))
        return response

    def form_invalid(self, form):
        # The failure was counted before the password was checked (throttle.attempt).
        return self.render_to_response(self.get_context_data(form=form), status=422)
