"""Running a match: the session in this process, the table a front end plays on (local or
joined), the match flow every front end drives, and the one bot driver. No terminal code."""
