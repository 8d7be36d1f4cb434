"""The director's desk: a section run (`room`), results entered in rows (`entry`), and what the director made put
right (`records`)."""
