"""The engine's use cases, grouped by theme: playing, answering, the learner's profile, admin, time limits.

Each runs as a learner's turn (bot/turns.py) and is the only place that commits.
"""
