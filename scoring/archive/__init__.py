"""An event as data, and the ``council-archive`` document that holds it.

``event`` holds the event's settings and its players, ``rounds`` its rounds and games;
``document`` reads and checks the document (format, event, players, the app's record),
``document_rounds`` its rounds and stages, with the field checks of ``fields``.
``archive.schema.json`` beside them is the document's JSON Schema
(docs/archive-format.md). The stages themselves are ``scoring.finals.stages``.
"""
