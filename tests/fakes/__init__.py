"""In-memory stand-ins that implement the core's real interfaces (no mocks)."""
