"""Views: parse the request, check the role, call one service or read model, render.

One module per page family; ``access`` is the role check every protected view goes
through, ``regions`` the htmx regions and their polling, ``confirm`` the one flow of
forms whose change may need confirming. Addresses are in events/urls.py.
"""
