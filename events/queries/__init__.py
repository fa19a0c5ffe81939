"""The read models: what each page shows, built from the rows in a fixed number of queries.

One module per page family (public, desk, round, standings, printouts, record) and what
they share (search, cards). Nothing here writes; the costly parts are kept per version
of the event (events/caching/parts.py).
"""
