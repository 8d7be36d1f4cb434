"""The replay auditor: every irregularity found at the right trick and seat; nothing crashes."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.bridge import Auction, ColumnPlay, OrderedPlay, Vulnerability, replay, rules
from games.engine.bridge.play import CARD_NAMES, winning_index
from games.engine.cards import SEATS, Deal
from games.engine.report import IrregularityKind as K
from tests.unit.engine.bridge.speedball import AUCTION, DEAL, ROWS, revoked_rows

DUP = rules("duplicate-2017")


def audit(rows=ROWS, first="S", **kw):
    args = dict(contract="6NT", declarer="E", recorded_result=10)
    args.update(kw)
    return replay(
        args.pop("rule_set", DUP),
        args.pop("deal", DEAL),
        args.pop("auction", AUCTION),
        ColumnPlay.of(first, rows),
        **args,
    )


def found(report):
    return [(i.kind, i.trick, i.seat, i.card) for i in report.irregularities]


def test_a_clean_board_replays_clean():
    report = audit(recorded_score=100)
    assert found(report) == []
    assert (report.contract, report.declarer, report.tricks_computed, report.complete, report.score) == (
        "6NT",
        "E",
        10,
        True,
        100,
    )


def test_revoke_card_not_held_and_played_twice():
    rows = [list(r) for r in ROWS]
    rows[0][3] = "S9"  # columns run S, W, N, E: at trick 1 East plays S9 instead of his singleton CA
    report = audit(rows)
    assert found(report)[0] == (K.REVOKE, 1, "E", "S9")
    assert (K.CARD_PLAYED_TWICE, 3, "E", "S9") in found(report)  # East's S9 again
    rows = [list(r) for r in ROWS]
    rows[1][1] = "C4"  # trick 2: West plays C4 to a diamond lead; C4 was dealt to South
    assert found(audit(rows))[0] == (K.CARD_NOT_HELD, 2, "W", "C4")
    rows = [list(r) for r in ROWS]
    rows[1][1], rows[6][1] = "S4", "D5"  # trick 2: West discards S4 while holding DA and D5
    assert found(audit(rows))[0] == (K.REVOKE, 2, "W", "S4")


def test_opening_lead_out_of_turn():
    # East declares, so South leads; a record led by West is irregular.
    rows = [[r[1], r[2], r[3], r[0]] for r in ROWS]
    report = audit(rows, first="W")
    assert found(report)[0][:3] == (K.LEAD_OUT_OF_TURN, 1, "W")


def test_claims():
    report = audit(ROWS[:9], recorded_result=10)
    assert found(report) == [] and not report.complete and report.tricks_computed == 10
    report = audit(ROWS[:9], recorded_result=13)
    assert found(report)[0][:3] == (K.IMPOSSIBLE_CLAIM, 10, "E")
    report = audit(ROWS[:9], claim=11, recorded_result=10)
    assert [i.kind for i in report.irregularities] == [K.RESULT_MISMATCH]


def test_result_score_and_contract_mismatches():
    assert [i.kind for i in audit(recorded_result=11).irregularities] == [K.RESULT_MISMATCH]
    assert [i.kind for i in audit(recorded_score=-100).irregularities] == [K.SCORE_MISMATCH]
    report = audit(contract="6NTX")
    assert report.irregularities[0].kind is K.CONTRACT_MISMATCH and report.contract == "6NTX"
    assert audit(vulnerability=Vulnerability.BOTH).score == 200


def test_malformed_records_never_crash():
    rows = [list(r) for r in ROWS]
    rows[4][2] = "Q7"
    assert (K.MALFORMED_RECORD, 5, "N", "Q7") in found(audit(rows))
    assert found(audit(deal="N:AKQ"))[0][0] is K.MALFORMED_RECORD
    assert found(audit(contract="9Z"))[0][0] is K.MALFORMED_RECORD
    report = replay(DUP, None, None, ColumnPlay.of("S", ROWS), recorded_result=10)
    assert [i.kind for i in report.irregularities] == [K.MALFORMED_RECORD]
    report = replay(DUP, None, Auction.of("N", "AP"), None)
    assert report.contract == "Pass" and report.score == 0 and not report.irregularities


def test_wrong_card_count():
    rows = [list(r) for r in ROWS]
    rows[2][1] = "-"
    assert (K.WRONG_CARD_COUNT, 3, None, None) in found(audit(rows))
    short = "N:KJ3.J7.T742.T65 AQ9.AT42.KQJ96.A T62.Q86.83.K8732 8754.K953.A5.QJ9"
    assert (K.WRONG_CARD_COUNT, None, "N", None) in found(audit(deal=short))


def test_revoke_by_an_unknown_hand_is_found_when_the_suit_is_shown():
    # Only North's and South's hands are known: West's revoke shows when West later plays the suit.
    partial = "N:KJ3.J7.T742.T654 - T62.Q86.83.K8732 -"
    rows = [list(r) for r in ROWS]
    rows[1][1], rows[6][1] = "S4", "D5"
    report = audit(rows, deal=partial)
    revokes = [i for i in report.irregularities if i.kind is K.REVOKE]
    assert (revokes[0].trick, revokes[0].seat, revokes[0].card) == (2, "W", "S4")
    assert "shown at trick 5" in revokes[0].message


def test_ordered_play_checks_turns():
    tricks = [[("S", "C3"), ("W", "C9"), ("N", "CT"), ("E", "CA")], [("S", "D3"), ("E", "D6")]]
    report = replay(
        DUP, DEAL, AUCTION, OrderedPlay.of(tricks), recorded_result=10, contract="6NT", declarer="E"
    )
    assert found(report)[:2] == [(K.LEAD_OUT_OF_TURN, 2, "S", None), (K.PLAY_OUT_OF_TURN, 2, "E", "D6")]


# --- hypothesis: random legal deals and plays ------------------------------------------------------------------


def random_game(rng: random.Random):
    cards = list(range(52))
    rng.shuffle(cards)
    hands = [set(cards[i * 13 : (i + 1) * 13]) for i in range(4)]
    deal = Deal.from_pbn(
        "N:"
        + " ".join(
            ".".join(
                "".join(CARD_NAMES[c][1] for c in sorted(h, reverse=True) if c // 13 == suit)
                for suit in (3, 2, 1, 0)
            )
            for h in hands
        )
    )
    declarer = rng.randrange(4)
    strain = rng.choice(["C", "D", "H", "S", "NT"])
    trump = -1 if strain == "NT" else "CDHS".index(strain)
    leader = (declarer + 1) % 4
    remaining = [set(h) for h in hands]
    ordered = []
    won = 0
    for _ in range(13):
        trick = []
        for step in range(4):
            seat = (leader + step) % 4
            if trick:
                follow = [c for c in remaining[seat] if c // 13 == trick[0][1] // 13]
                choice = rng.choice(sorted(follow or remaining[seat]))
            else:
                choice = rng.choice(sorted(remaining[seat]))
            remaining[seat].discard(choice)
            trick.append((seat, choice))
        leader = trick[winning_index([c for _, c in trick], trump)][0]
        won += leader % 2 == declarer % 2
        ordered.append(trick)
    first = (declarer + 1) % 4
    rows = [[CARD_NAMES[dict(trick)[(first + col) % 4]] for col in range(4)] for trick in ordered]
    return deal, hands, SEATS[declarer], strain, first, rows, ordered, won


def audit_random(deal, declarer, strain, first, rows, won):
    return replay(
        DUP,
        deal,
        None,
        ColumnPlay.of(SEATS[first], rows),
        None,
        won,
        contract=f"1{strain}",
        declarer=declarer,
    )


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False))
def test_random_legal_games_replay_clean(rng):
    deal, _, declarer, strain, first, rows, _, won = random_game(rng)
    report = audit_random(deal, declarer, strain, first, rows, won)
    assert report.irregularities == () and report.tricks_computed == won and report.complete


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 12), st.integers(0, 3), st.booleans())
def test_any_broken_card_is_reported_at_its_trick_and_seat(rng, t, step, try_revoke):
    deal, hands, declarer, strain, first, rows, ordered, won = random_game(rng)
    seat, original = ordered[t][step]
    held_now = set(hands[seat]) - {c for trick in ordered[:t] for s, c in trick if s == seat}
    led = ordered[t][0][1] // 13
    revokes = (
        [c for c in held_now if c // 13 != led] if step and any(c // 13 == led for c in held_now) else []
    )
    if try_revoke and revokes:
        replacement, kind = rng.choice(sorted(revokes)), K.REVOKE
    else:
        replacement = rng.choice(sorted(set(range(52)) - hands[seat]))
        before = {c for trick in ordered[:t] for _, c in trick} | {c for _, c in ordered[t][:step]}
        kind = K.CARD_PLAYED_TWICE if replacement in before else K.CARD_NOT_HELD
    column = (seat - first) % 4
    rows[t][column] = CARD_NAMES[replacement]
    report = audit_random(deal, declarer, strain, first, rows, won)
    assert (kind, t + 1, SEATS[seat].value, CARD_NAMES[replacement]) in found(report)
    # Nothing is reported before the broken card.
    assert all(i.trick is None or i.trick >= t + 1 for i in report.irregularities)


def test_a_result_with_or_without_the_revoke_penalty_is_accepted_and_scored_with_it():
    # Declarer East takes 10 tricks in play; Law 64 gives him 11 (North-South won a later trick, North did not win
    # trick 1). The score is 6NT one down (N-S +50), whichever the record shows.
    rows = revoked_rows()
    for recorded in (10, 11):
        report = audit(rows, recorded_result=recorded)
        assert [(i.kind, i.law) for i in report.irregularities] == [(K.REVOKE, "61")]
        assert report.extra == {"tricks_after_revoke_penalty": 11, "revoke_penalty_law": "64"}
        assert (report.tricks_computed, report.score) == (11, 50)
    assert [i.kind for i in audit(rows, recorded_result=12).irregularities] == [K.REVOKE, K.RESULT_MISMATCH]


def test_the_revoke_penalty_under_each_rule_set_cites_its_own_law():
    """1935 contract laws (Hoyle 1940 L21609–21619): two tricks for the first revoke, from the tricks the side won
    since it; auction laws 1926 §114 (L6614–6615) and §122 (L6674–6677): two tricks from the side in error."""
    rows = revoked_rows()
    for name, law, penalty_law, score in (
        # 6NT made not vulnerable: 190 + the small slam 500.
        ("contract-1935", "1935 Revoke", "1935 Established Revoke", -690),
        # 60 trick points, 50 for twelve tricks (Law 60), four aces between East and West 40 (Law 59).
        ("auction-1926", "1926 §114", "1926 §122", -150),
    ):
        report = audit(rows, recorded_result=10, rule_set=rules(name))
        assert [(i.kind, i.law) for i in report.irregularities] == [(K.REVOKE, law)], name
        assert report.extra == {"tricks_after_revoke_penalty": 12, "revoke_penalty_law": penalty_law}, name
        assert (report.tricks_computed, report.score) == (12, score), name
