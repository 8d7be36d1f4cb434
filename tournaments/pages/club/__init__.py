"""The club's own pages: its profile, directors and passwords (`profile`), and a new installation's first run,
which makes the club and its first director (`welcome`)."""
