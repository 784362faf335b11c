"""The engine's use cases, grouped by theme: playing, answering, reviewing, reminders and the learner's calendar,
the learner's profile and progress, admin, time limits, and group games (games/).

Each runs its work through bot/turns.py and commits it itself: a learner's action as their turn (their lock, one
transaction); what belongs to no one learner (a sweep, a game's moves, a content follow-up) as a unit of work of
its own (``run_unlocked``).
"""
