"""Persistence: SQLite by default, PostgreSQL by URL; the schema's migrations; the log.

Import it only in commands that need the store: SQLAlchemy costs a plain roll its start-up.
"""
