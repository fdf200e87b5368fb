"""uno-tui: UNO in the terminal, for hot-seat play, solo play against bots, and listening."""

__version__ = "0.1.0"
