"""The web pages of tournaments, by whom they are for: the public and the players (`public`), a table's phone
(`table`), the director's desk running a session and putting its records right (`desk`), the set-up of a session
(`setup`), a club's members and the entries made from them (`members`), the teams' matches (`teams`), and the club
itself, its profile, directors and first run (`club`). Their routes are tournaments.page_urls."""
