"""Helpers more than one suite uses."""
