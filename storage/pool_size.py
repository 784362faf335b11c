"""How many connections to a database server when QUIZ_DATABASE_POOL_SIZE doesn't say: in a module of its own,
without the database's libraries, because the settings name it and every command reads them (`validate` too)."""

DEFAULT_POOL_SIZE = 10
