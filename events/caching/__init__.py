"""What the database cache and each process keep so that an event's data is not computed again for nothing.

``parts``: the costly parts of pages (the engine's standings, rendered tables), built once
per version of an event and shared by every worker. ``versions``: each event's version,
kept per process and forgotten when PostgreSQL says an event changed, so that an unchanged
poll asks the database nothing. Both are stores: what is kept, and when it is rendered, is
decided by the read models (data) and by the presentation layer (``events/pages``: HTML).
"""
