"""The table companion's core: game sessions, the event store, rules engines and their views.

Nothing in this package imports `hardware` or `ui`; they import it.
"""
