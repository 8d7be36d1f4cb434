"""Tricks transferred for established revokes, under each rule set.

- duplicate-2017, Law 64: if the offender won the revoke trick, that trick and one more if his side won a later
  trick; otherwise one trick if his side won the revoke trick or a later one. No transfer for a revoke on the 12th
  trick, for dummy's revoke (64B4: a card faced on the table), or for a second revoke in the same suit by the
  same player (64B2).
- contract-1935 and progressive-contract, Hoyle 1940 L21602–21619: two tricks for a side's first revoke, one for
  each later one, taken only from the tricks the side won from its first revoke on; none from dummy, none for
  the 12th trick ("never becomes established").
- auction-1926, Laws 117 and 122–125 (L6626–6691): two tricks from the side in error, one for each further
  revoke, from any tricks it won; dummy has no revoke penalty; revokes by both sides cancel, the difference
  being transferred. (Law 124, not enough tricks to pay, gives the other side a grand slam: the transfer is
  capped at what the side won.)
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.bridge.scoring import AUCTION_1926, DUPLICATE_2017, Rules


def revoke_laws(rule_set: Rules) -> tuple[str, str]:
    """The laws a replay cites under `rule_set`: the one defining the revoke and the one fixing its penalty.

    The 1935 contract laws (Hoyle 1940 L21465–21681) are printed without numbers: they are cited by heading.
    """
    if rule_set.name == DUPLICATE_2017:
        return "61", "64"
    if rule_set.name == AUCTION_1926:
        return "1926 §114", "1926 §122"  # L6614–6615, L6674–6677
    return "1935 Revoke", "1935 Established Revoke"  # L21582, L21609–21619


def revoke_transfer(
    rule_set: Rules,
    revokes: Sequence[tuple[int, int, int]],
    winners: Sequence[int],
    declarer: int,
    claimed: tuple[int, int] = (0, 0),
) -> int:
    """Tricks to move to declarer's side at the end of play (negative: to the defenders).

    `revokes` are (trick 1-based, seat index, suit) in order; `winners` the seat index winning each trick played;
    `claimed` the tricks each side (0 = North-South, 1 = East-West) takes by the claim after the last trick played,
    which count as won after any revoke.
    """
    dummy = (declarer + 2) & 3
    owed = [0, 0]  # tricks each side must give up
    counted = [0, 0]  # established revokes per side (1935 / 1926: two for the first, one for each further)
    first_at = [0, 0]  # trick of each side's first established revoke
    seen: set[tuple[int, int]] = set()
    for trick, seat, suit in revokes:
        side = seat & 1
        if seat == dummy:
            continue
        if rule_set.name != AUCTION_1926 and trick == 12:
            continue
        if rule_set.name == DUPLICATE_2017:
            if (seat, suit) in seen:
                continue
            seen.add((seat, suit))
            later = sum(1 for winner in winners[trick:] if winner & 1 == side) + claimed[side]
            revoke_trick = winners[trick - 1] if trick <= len(winners) else -1
            if revoke_trick == seat:
                owed[side] += 1 + (later > 0)
            elif (revoke_trick >= 0 and revoke_trick & 1 == side) or later:
                owed[side] += 1
        else:
            owed[side] += 1 if counted[side] else 2
            counted[side] += 1
            first_at[side] = first_at[side] or trick
    if (
        rule_set.name != DUPLICATE_2017
    ):  # Law 64 takes only tricks the side won, so it never owes more than it has
        for side in (0, 1):
            since = 0 if rule_set.name == AUCTION_1926 else first_at[side] - 1
            available = sum(1 for winner in winners[since:] if winner & 1 == side) + claimed[side]
            owed[side] = min(owed[side], available)
    # Revokes by both sides: each side pays, so only the difference moves (Auction Law 125 says so outright).
    return owed[1 - (declarer & 1)] - owed[declarer & 1]
