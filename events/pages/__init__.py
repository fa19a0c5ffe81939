"""The presentation layer: everything between a read model and the bytes sent.

Views parse the request, check the role, call one service or read model, and hand the
result here. ``rendering`` turns a read model (a dataclass) into a template's context;
``regions`` renders the htmx regions and answers polls with their versions (ETag/304,
``Vary``); ``rendered`` holds the parts of pages rendered once per state of an event and
kept for every worker; ``kept`` holds whole pages every phone shares, compressed, in this
process; ``public`` is the one decorator the public pages wear. Nothing below this layer
(read models, services, models, ``scoring``) renders a template or knows of HTTP.
"""
