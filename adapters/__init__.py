"""Everything that touches the outside world: chat platforms, the terminal, and the command line."""
