"""What each process and the database cache keep so that pages are not built again for nothing.

``parts``: the costly parts of pages, built once per version of an event and shared by
every worker. ``versions``: each event's version, kept per process and forgotten when
PostgreSQL says an event changed, so that an unchanged poll asks the database nothing.
"""
