"""SQLAlchemy implementation of the engine's storage interfaces (SQLite by default, PostgreSQL to scale)."""
