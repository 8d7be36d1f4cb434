"""Import and export of whole sessions, a module for each format: PBN (games.exchange.pbn: hand records,
ScoreTable results or one game per table; export with ScoreTable and TotalScoreTable), USEBIO 1.2 XML
(games.exchange.usebio) and CSV of results and standings (games.exchange.csv).

Files are read and written by the pure formats (games.formats.pbn, games.formats.usebio); a reader maps their
values to an Imported (games.exchange.reading), and games.exchange.store stores it: one transaction, all or
nothing, the results through the services' one way in (games.services.enter_results), and a problem names the
file's line or element. Scores in a file are the record of what was scored; the engine checks each against the
contract and tricks by the section's rule set, and a disagreement is reported as a warning (the file's score
stands).
"""
