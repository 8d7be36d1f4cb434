"""Board 1 of the ACBL speedball file as the replay tests play it: the deal, the tricks as played, the auction."""

from games.engine.bridge import Auction

# Board 1 of the ACBL speedball file (../shared/data/pbn), East declares 6NT, South leads.
DEAL = "N:KJ3.J7.T742.T654 AQ9.AT42.KQJ96.A T62.Q86.83.K8732 8754.K953.A5.QJ9"


ROWS = [
    row.split()
    for row in [
        "C3 C9 CT CA",
        "D3 DA D2 D6",
        "CK CQ C4 S9",
        "C2 CJ C5 H2",
        "D8 D5 D4 DK",
        "S2 S4 D7 DQ",
        "C7 S5 DT DJ",
        "S6 S7 S3 D9",
        "H6 H3 H7 HA",
        "H8 H5 HJ HT",
        "C8 H9 C6 SQ",
        "ST S8 SJ SA",
        "HQ HK SK H4",
    ]
]


AUCTION = Auction.of("N", "Pass 2C Pass 2D Pass 2NT Pass 3C Pass 3H Pass 6NT Pass Pass Pass")


def revoked_rows():
    """ROWS with a revoke: North's DT to trick 1 (clubs led) while holding clubs, and CT at trick 7 instead."""
    # North plays DT to trick 1 (clubs led) while holding clubs, and CT at trick 7 instead.
    rows = [list(r) for r in ROWS]
    rows[0][2], rows[6][2] = rows[6][2], rows[0][2]
    return rows
