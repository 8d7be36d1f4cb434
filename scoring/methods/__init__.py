"""Pure scoring functions (no Django): call them from the standings service with plain values.

- matchpoints: one Board's matchpoints (Law 78A, both scales), Neuberg/simple factoring, artificial, weighted and
  split scores, fouled Boards; Traveller is the columnar form of a Board's results.
- imps: Law 78B IMPs, cross-IMPs, Butler datums, teams; vp: WBF 2013 continuous VPs as published (two decimals).
- session: a session's Boards and per-pair totals kept up to date one Board at a time; presets COMPSCORE and
  MAGIC_CONTEST; ranking: places, "3=" ties, tie-breaks, prizes shared by block.
- books: Hoyle's compass, progressive, individual, pivot, military euchre and hearts standings.
- rescore: re-score a USEBIO or PBN session and compare with what its program published; publishers: those
  programs' conventions, which an imported Section keeps.
"""
