"""The shipped quiz content and UI translations (data only)."""

from pathlib import Path


def default_content_dir() -> Path:
    """Where the shipped content lives, in a checkout and in an installed wheel alike."""
    return Path(__file__).resolve().parent
