"""Group games: a whole chat plays one quiz together, with a lobby, a timer, a scoreboard and leaderboards."""
