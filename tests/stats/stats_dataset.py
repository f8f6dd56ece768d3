# ruff: noqa: E501  (hand-history lines are kept as the site writes them, however long)
"""A small hand-built history for the stats tests: thirteen PokerStars hands.

Eleven Omaha Hi/Lo limit hands ($0.10/$0.20, so the big bet, the unit of bb/100, is 20
cents) at 'Test Omaha I', six players (Hero in seat 1, Alice 2, Bob 3, Cara 4, Dave 5,
Erin 6), the button moving one seat a hand; then two seven-card stud hi/lo hands at
'Test Stud II'. Times are Eastern (EDT, UTC-4): the Omaha hands from 12:00 to 12:18 and one
at 12:48 (exactly 30 minutes after the one before: the same session), the stud hands at
13:30 and 13:33 (a gap of 42 minutes: a new session).

Hero's hands, worked out by hand (in cents; "agg" counts bets and raises after the first
round, "calls" the calls after it; "3b?" a 3-bet chance):

| hand | pos | VPIP | PFR | 3b? | 3b | agg | calls | flop | SD | collected | in | back | net | rake | outcome |
|------|-----|------|-----|-----|----|-----|-------|------|----|-----------|----|------|-----|------|---------|
| 1001 | BTN | y | y | y | y | 2 | 0 | y | y | 129 | 60 | 0 | +69 | 6 | scoop both ways |
| 1002 | CO  | y | n | n | n | 0 | 3 | y | y |  45 | 60 | 0 | -15 | 2 | quartered |
| 1003 | HJ  | y | y | n | n | 1 | 0 | y | n |  43 | 30 | 10 | +23 | 2 | won without showdown |
| 1004 | UTG | y | n | n | n | 1 | 0 | y | y |  54 | 30 | 0 | +24 | 3 | three-quarters |
| 1005 | BB  | y | n | y | n | 0 | 2 | y | y |  50 | 50 | 0 |   0 | 2 | low only |
| 1006 | SB  | y | n | n | n | 1 | 0 | y | y |  34 | 30 | 0 |  +4 | 1 | split (no low) |
| 1007 | BTN | y | y | n | n | 2 | 0 | y | y | 138 | 70 | 0 | +68 | 7 | scoop, no low |
| 1008 | CO  | y | n | n | n | 0 | 0 | y | y |  17 | 10 | 0 |  +7 | 0 | high only |
| 1009 | HJ  | y | n | n | n | 0 | 3 | y | y |   0 | 60 | 0 | -60 | 0 | lost |
| 1010 | UTG | y | n | n | n | 2 | 0 | y | y | 121 | 40 | 0 | +81 | 5 | scoop both ways (all in: main pot only) |
| 1011 | BB  | n | n | y | n | 0 | 0 | n | n |   0 | 10 | 0 | -10 | 0 | - |
| 2001 | -   | y | n | n | n | 0 | 2 | y | y |  41 | 42 | 0 |  -1 | 2 | low only (stud) |
| 2002 | -   | n | n | n | n | 0 | 0 | n | n |   0 |  2 | 0 |  -2 | 0 | - |

Rake shares (the hand's rake in proportion to what each winner collected, rounded down,
the units left to the biggest winner, the first name on a tie): 1002: rake 9 over 181
collected: Bob 91 -> 4 (+1 left over = 5), Hero 45 -> 2, Dave 45 -> 2; 1004: rake 3 over
72: Hero 54 -> 2 (+1 = 3), Alice 18 -> 0; 1005: rake 5 over 100: Bob 2 (+1 = 3, "Bob" <
"Hero"), Hero 2; 1006: rake 2 over 68: 1 each; 1008: rake 1 over 34: 0 each, the unit to
Erin ("Erin" < "Hero"); 1010: rake 5 over 160: Hero 121 -> 3 (+2 = 5), Bob 20 -> 0, Erin
19 -> 0; 2001: rake 4 over 82: 2 each.

Hand 1010 has a side pot: Hero is all in on the turn for 40 (main pot 125, side pot 40
between Bob and Erin; rake 5 spread 4 + 1, so 121 and 39 are shared). Hero scoops the
main pot, Bob wins the side pot's high (20), Erin its low (19): each of them took part of
the pots they could win and won nothing outright in all of them: "split".
"""

from __future__ import annotations

HERO_SESSION_ONE = ("1001", "1002", "1003", "1004", "1005", "1006", "1007", "1008",
                    "1009", "1010", "1011")  # fmt: skip

_SIX_SEATS = """\
Seat 1: Hero ({hero} in chips)
Seat 2: Alice ($10 in chips)
Seat 3: Bob ($10 in chips)
Seat 4: Cara ($10 in chips)
Seat 5: Dave ($10 in chips)
Seat 6: Erin ($10 in chips)
"""


def _omaha(number: int, clock: str, button: int, body: str, hero: str = "$10") -> str:
    header = (
        f"PokerStars Hand #{number}:  Omaha Hi/Lo Limit ($0.10/$0.20 USD) - "
        f"2020/06/01 {clock} ET\n"
        f"Table 'Test Omaha I' 6-max Seat #{button} is the button\n"
    )
    return header + _SIX_SEATS.format(hero=hero) + body


# Hero (BTN) 3-bets Dave's open raise and scoops: a wheel is both the best high (a
# straight) and the best low. Pot 135, rake 6: 129 in halves of 65 and 64.
HAND_1001 = _omaha(1001, "12:00:00", 1, """\
Alice: posts small blind $0.05
Bob: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [Ah 4d Kd Ks]
Cara: folds
Dave: raises $0.10 to $0.20
Erin: folds
Hero: raises $0.10 to $0.30
Alice: folds
Bob: folds
Dave: calls $0.10
*** FLOP *** [2c 5d Kh]
Dave: checks
Hero: bets $0.10
Dave: calls $0.10
*** TURN *** [2c 5d Kh] [9s]
Dave: checks
Hero: bets $0.20
Dave: calls $0.20
*** RIVER *** [2c 5d Kh 9s] [3h]
Dave: checks
Hero: checks
*** SHOW DOWN ***
Dave: shows [Qc Qd Jh Tc] (HI: a pair of Queens)
Hero: shows [Ah 4d Kd Ks] (HI: a straight, Ace to Five; LO: 5,4,3,2,A)
Hero collected $0.65 from pot
Hero collected $0.64 from pot
*** SUMMARY ***
Total pot $1.35 | Rake $0.06
Board [2c 5d Kh 9s 3h]
Seat 1: Hero (button) showed [Ah 4d Kd Ks] and won ($1.29) with HI: a straight, Ace to Five; LO: 5,4,3,2,A
Seat 2: Alice (small blind) folded before Flop
Seat 3: Bob (big blind) folded before Flop
Seat 4: Cara folded before Flop (didn't bet)
Seat 5: Dave showed [Qc Qd Jh Tc] and lost with HI: a pair of Queens
Seat 6: Erin folded before Flop (didn't bet)
""")  # fmt: skip

# Bob's three kings take the high (91 of 181); Hero and Dave tie the low with
# 8-7-3-2-A and get 45 each: both quartered, each losing 15.
HAND_1002 = _omaha(1002, "12:02:00", 2, """\
Bob: posts small blind $0.05
Cara: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [As 3s 4c Jd]
Dave: calls $0.10
Erin: folds
Hero: calls $0.10
Alice: folds
Bob: calls $0.05
Cara: checks
*** FLOP *** [2d 7c 8h]
Bob: checks
Cara: checks
Dave: bets $0.10
Hero: calls $0.10
Bob: calls $0.10
Cara: folds
*** TURN *** [2d 7c 8h] [Kc]
Bob: bets $0.20
Dave: calls $0.20
Hero: calls $0.20
*** RIVER *** [2d 7c 8h Kc] [Ks]
Bob: bets $0.20
Dave: calls $0.20
Hero: calls $0.20
*** SHOW DOWN ***
Bob: shows [Kd 9h 9c Qs] (HI: three of a kind, Kings)
Dave: shows [Ad 3h Qh Jc] (HI: a pair of Kings; LO: 8,7,3,2,A)
Hero: shows [As 3s 4c Jd] (HI: a pair of Kings; LO: 8,7,3,2,A)
Bob collected $0.91 from pot
Dave collected $0.45 from pot
Hero collected $0.45 from pot
*** SUMMARY ***
Total pot $1.90 | Rake $0.09
Board [2d 7c 8h Kc Ks]
Seat 1: Hero showed [As 3s 4c Jd] and won ($0.45) with HI: a pair of Kings; LO: 8,7,3,2,A
Seat 2: Alice (button) folded before Flop (didn't bet)
Seat 3: Bob (small blind) showed [Kd 9h 9c Qs] and won ($0.91) with HI: three of a kind, Kings
Seat 4: Cara (big blind) folded on the Flop
Seat 5: Dave showed [Ad 3h Qh Jc] and won ($0.45) with HI: a pair of Kings; LO: 8,7,3,2,A
Seat 6: Erin folded before Flop (didn't bet)
""")  # fmt: skip

# Hero opens from the hijack and wins when Dave folds on the flop: no showdown.
HAND_1003 = _omaha(1003, "12:04:00", 3, """\
Cara: posts small blind $0.05
Dave: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [Ks Kh Qd Jd]
Erin: folds
Hero: raises $0.10 to $0.20
Alice: folds
Bob: folds
Cara: folds
Dave: calls $0.10
*** FLOP *** [Jh Tc 4s]
Dave: checks
Hero: bets $0.10
Dave: folds
Uncalled bet ($0.10) returned to Hero
Hero collected $0.43 from pot
*** SUMMARY ***
Total pot $0.45 | Rake $0.02
Board [Jh Tc 4s]
Seat 1: Hero collected ($0.43)
Seat 2: Alice folded before Flop (didn't bet)
Seat 3: Bob (button) folded before Flop (didn't bet)
Seat 4: Cara (small blind) folded before Flop
Seat 5: Dave (big blind) folded on the Flop
Seat 6: Erin folded before Flop (didn't bet)
""")  # fmt: skip

# Hero's three queens win the high (36 of 72); the low 6-4-3-2-A is tied with Alice
# (18 each): three-quarters for Hero, quartered for Alice.
HAND_1004 = _omaha(1004, "12:06:00", 4, """\
Dave: posts small blind $0.05
Erin: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [Qd 3c 4h 9s]
Hero: calls $0.10
Alice: calls $0.10
Bob: folds
Cara: folds
Dave: folds
Erin: checks
*** FLOP *** [Ac 2h 6d]
Erin: checks
Hero: checks
Alice: checks
*** TURN *** [Ac 2h 6d] [Qs]
Erin: checks
Hero: checks
Alice: checks
*** RIVER *** [Ac 2h 6d Qs] [Qh]
Erin: checks
Hero: bets $0.20
Alice: calls $0.20
Erin: folds
*** SHOW DOWN ***
Hero: shows [Qd 3c 4h 9s] (HI: three of a kind, Queens; LO: 6,4,3,2,A)
Alice: shows [Kd 3d 4s 8c] (HI: a pair of Queens; LO: 6,4,3,2,A)
Hero collected $0.36 from pot
Hero collected $0.18 from pot
Alice collected $0.18 from pot
*** SUMMARY ***
Total pot $0.75 | Rake $0.03
Board [Ac 2h 6d Qs Qh]
Seat 1: Hero showed [Qd 3c 4h 9s] and won ($0.54) with HI: three of a kind, Queens; LO: 6,4,3,2,A
Seat 2: Alice showed [Kd 3d 4s 8c] and won ($0.18) with HI: a pair of Queens; LO: 6,4,3,2,A
Seat 3: Bob folded before Flop (didn't bet)
Seat 4: Cara (button) folded before Flop (didn't bet)
Seat 5: Dave (small blind) folded before Flop
Seat 6: Erin (big blind) folded on the River
""")  # fmt: skip

# Hero defends the big blind against Bob's open raise (a 3-bet chance not taken) and
# wins the low (50) while Bob's kings win the high (50).
HAND_1005 = _omaha(1005, "12:08:00", 5, """\
Erin: posts small blind $0.05
Hero: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [As 2s 8d 9c]
Alice: folds
Bob: raises $0.10 to $0.20
Cara: folds
Dave: folds
Erin: folds
Hero: calls $0.10
*** FLOP *** [3d 4c Kh]
Hero: checks
Bob: bets $0.10
Hero: calls $0.10
*** TURN *** [3d 4c Kh] [7s]
Hero: checks
Bob: bets $0.20
Hero: calls $0.20
*** RIVER *** [3d 4c Kh 7s] [Th]
Hero: checks
Bob: checks
*** SHOW DOWN ***
Hero: shows [As 2s 8d 9c] (HI: high card Ace; LO: 7,4,3,2,A)
Bob: shows [Kd Ks Jh Qc] (HI: three of a kind, Kings)
Bob collected $0.50 from pot
Hero collected $0.50 from pot
*** SUMMARY ***
Total pot $1.05 | Rake $0.05
Board [3d 4c Kh 7s Th]
Seat 1: Hero (big blind) showed [As 2s 8d 9c] and won ($0.50) with HI: high card Ace; LO: 7,4,3,2,A
Seat 2: Alice folded before Flop (didn't bet)
Seat 3: Bob showed [Kd Ks Jh Qc] and won ($0.50) with HI: three of a kind, Kings
Seat 4: Cara folded before Flop (didn't bet)
Seat 5: Dave (button) folded before Flop (didn't bet)
Seat 6: Erin (small blind) folded before Flop
""")  # fmt: skip

# No low is possible on K-Q-J-9-9; Hero and Cara both hold the ace-high straight and
# split the whole pot, 34 each.
HAND_1006 = _omaha(1006, "12:10:00", 6, """\
Hero: posts small blind $0.05
Alice: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [Ad Th 5c 6c]
Bob: folds
Cara: calls $0.10
Dave: folds
Erin: folds
Hero: calls $0.05
Alice: checks
*** FLOP *** [Kc Qd Js]
Hero: checks
Alice: checks
Cara: checks
*** TURN *** [Kc Qd Js] [9h]
Hero: bets $0.20
Alice: folds
Cara: calls $0.20
*** RIVER *** [Kc Qd Js 9h] [9d]
Hero: checks
Cara: checks
*** SHOW DOWN ***
Hero: shows [Ad Th 5c 6c] (HI: a straight, Ten to Ace)
Cara: shows [Ah Tc 3s 2d] (HI: a straight, Ten to Ace)
Hero collected $0.34 from pot
Cara collected $0.34 from pot
*** SUMMARY ***
Total pot $0.70 | Rake $0.02
Board [Kc Qd Js 9h 9d]
Seat 1: Hero (small blind) showed [Ad Th 5c 6c] and won ($0.34) with HI: a straight, Ten to Ace
Seat 2: Alice (big blind) folded on the Turn
Seat 3: Bob folded before Flop (didn't bet)
Seat 4: Cara showed [Ah Tc 3s 2d] and won ($0.34) with HI: a straight, Ten to Ace
Seat 5: Dave folded before Flop (didn't bet)
Seat 6: Erin (button) folded before Flop (didn't bet)
""")  # fmt: skip

# Kings full beat Bob's straight on a board with no low: a scoop with no low possible.
HAND_1007 = _omaha(1007, "12:12:00", 1, """\
Alice: posts small blind $0.05
Bob: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [Ks Kh 4c 5d]
Cara: folds
Dave: folds
Erin: folds
Hero: raises $0.10 to $0.20
Alice: folds
Bob: calls $0.10
*** FLOP *** [Kd 9c 9h]
Bob: checks
Hero: bets $0.10
Bob: calls $0.10
*** TURN *** [Kd 9c 9h] [Jd]
Bob: checks
Hero: checks
*** RIVER *** [Kd 9c 9h Jd] [Qs]
Bob: bets $0.20
Hero: raises $0.20 to $0.40
Bob: calls $0.20
*** SHOW DOWN ***
Hero: shows [Ks Kh 4c 5d] (HI: a full house, Kings full of Nines)
Bob: shows [Ac Tc 8s 7d] (HI: a straight, Ten to Ace)
Hero collected $1.38 from pot
*** SUMMARY ***
Total pot $1.45 | Rake $0.07
Board [Kd 9c 9h Jd Qs]
Seat 1: Hero (button) showed [Ks Kh 4c 5d] and won ($1.38) with HI: a full house, Kings full of Nines
Seat 2: Alice (small blind) folded before Flop
Seat 3: Bob (big blind) showed [Ac Tc 8s 7d] and lost with HI: a straight, Ten to Ace
Seat 4: Cara folded before Flop (didn't bet)
Seat 5: Dave folded before Flop (didn't bet)
Seat 6: Erin folded before Flop (didn't bet)
""")  # fmt: skip

# A checked-down three-way pot: Hero's kings win the high (17), Erin the low (17), Cara
# nothing.
HAND_1008 = _omaha(1008, "12:14:00", 2, """\
Bob: posts small blind $0.05
Cara: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [Ks Qs Jc Td]
Dave: folds
Erin: calls $0.10
Hero: calls $0.10
Alice: folds
Bob: folds
Cara: checks
*** FLOP *** [4h 5h Kc]
Cara: checks
Erin: checks
Hero: checks
*** TURN *** [4h 5h Kc] [8d]
Cara: checks
Erin: checks
Hero: checks
*** RIVER *** [4h 5h Kc 8d] [Kd]
Cara: checks
Erin: checks
Hero: checks
*** SHOW DOWN ***
Cara: shows [Qc Jh Tc 3s] (HI: a pair of Kings)
Erin: shows [As 2c 9h 9s] (HI: two pair, Kings and Nines; LO: 8,5,4,2,A)
Hero: shows [Ks Qs Jc Td] (HI: three of a kind, Kings)
Hero collected $0.17 from pot
Erin collected $0.17 from pot
*** SUMMARY ***
Total pot $0.35 | Rake $0.01
Board [4h 5h Kc 8d Kd]
Seat 1: Hero showed [Ks Qs Jc Td] and won ($0.17) with HI: three of a kind, Kings
Seat 2: Alice (button) folded before Flop (didn't bet)
Seat 3: Bob (small blind) folded before Flop
Seat 4: Cara (big blind) showed [Qc Jh Tc 3s] and lost with HI: a pair of Kings
Seat 5: Dave folded before Flop (didn't bet)
Seat 6: Erin showed [As 2c 9h 9s] and won ($0.17) with HI: two pair, Kings and Nines; LO: 8,5,4,2,A
""")  # fmt: skip

# Hero calls down with a low (6-5-3-2-A) that loses to Dave's 6-4-3-2-A; Dave's jacks win
# the high too. Hero mucks.
HAND_1009 = _omaha(1009, "12:16:00", 3, """\
Cara: posts small blind $0.05
Dave: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [Ac 5s Qh Qd]
Erin: folds
Hero: calls $0.10
Alice: folds
Bob: folds
Cara: folds
Dave: checks
*** FLOP *** [3c 6h Td]
Dave: bets $0.10
Hero: calls $0.10
*** TURN *** [3c 6h Td] [Jc]
Dave: bets $0.20
Hero: calls $0.20
*** RIVER *** [3c 6h Td Jc] [2s]
Dave: bets $0.20
Hero: calls $0.20
*** SHOW DOWN ***
Dave: shows [Ad 4d Jh Js] (HI: three of a kind, Jacks; LO: 6,4,3,2,A)
Hero: mucks hand
Dave collected $0.60 from pot
Dave collected $0.59 from pot
*** SUMMARY ***
Total pot $1.25 | Rake $0.06
Board [3c 6h Td Jc 2s]
Seat 1: Hero mucked [Ac 5s Qh Qd]
Seat 2: Alice folded before Flop (didn't bet)
Seat 3: Bob (button) folded before Flop (didn't bet)
Seat 4: Cara (small blind) folded before Flop
Seat 5: Dave (big blind) showed [Ad 4d Jh Js] and won ($1.19) with HI: three of a kind, Jacks; LO: 6,4,3,2,A
Seat 6: Erin folded before Flop (didn't bet)
""")  # fmt: skip

# Hero is all in for 40 on the turn and scoops the main pot (121 after rake: 61 + 60);
# the side pot (39) goes high to Bob (20) and low to Erin (19).
HAND_1010 = _omaha(1010, "12:18:00", 4, """\
Dave: posts small blind $0.05
Erin: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [Ac 3c Qd Qs]
Hero: calls $0.10
Alice: folds
Bob: calls $0.10
Cara: folds
Dave: folds
Erin: checks
*** FLOP *** [2s 4d 7c]
Erin: checks
Hero: bets $0.10
Bob: calls $0.10
Erin: calls $0.10
*** TURN *** [2s 4d 7c] [Jh]
Erin: checks
Hero: bets $0.20 and is all-in
Bob: raises $0.20 to $0.40
Erin: calls $0.40
*** RIVER *** [2s 4d 7c Jh] [Kh]
Erin: checks
Bob: checks
*** SHOW DOWN ***
Erin: shows [9c 9d 6h 5d] (HI: a pair of Nines; LO: 7,6,5,4,2)
Bob: shows [Jc Td 9s 8s] (HI: a pair of Jacks)
Hero: shows [Ac 3c Qd Qs] (HI: a pair of Queens; LO: 7,4,3,2,A)
Bob collected $0.20 from side pot
Erin collected $0.19 from side pot
Hero collected $0.61 from main pot
Hero collected $0.60 from main pot
*** SUMMARY ***
Total pot $1.65 Main pot $1.21. Side pot $0.39. | Rake $0.05
Board [2s 4d 7c Jh Kh]
Seat 1: Hero showed [Ac 3c Qd Qs] and won ($1.21) with HI: a pair of Queens; LO: 7,4,3,2,A
Seat 2: Alice folded before Flop (didn't bet)
Seat 3: Bob showed [Jc Td 9s 8s] and won ($0.20) with HI: a pair of Jacks
Seat 4: Cara (button) folded before Flop (didn't bet)
Seat 5: Dave (small blind) folded before Flop
Seat 6: Erin (big blind) showed [9c 9d 6h 5d] and won ($0.19) with HI: a pair of Nines; LO: 7,6,5,4,2
""", hero="$0.40")  # fmt: skip

# Thirty minutes later (not more: the same session) Hero folds the big blind to Cara's
# raise: a 3-bet chance not taken.
HAND_1011 = _omaha(1011, "12:48:00", 5, """\
Erin: posts small blind $0.05
Hero: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [9h 8h 7d 6d]
Alice: folds
Bob: folds
Cara: raises $0.10 to $0.20
Dave: folds
Erin: folds
Hero: folds
Uncalled bet ($0.10) returned to Cara
Cara collected $0.25 from pot
Cara: doesn't show hand
*** SUMMARY ***
Total pot $0.25 | Rake $0
Seat 1: Hero (big blind) folded before Flop
Seat 2: Alice folded before Flop (didn't bet)
Seat 3: Bob folded before Flop (didn't bet)
Seat 4: Cara collected ($0.25)
Seat 5: Dave (button) folded before Flop (didn't bet)
Seat 6: Erin (small blind) folded before Flop
""")  # fmt: skip

# Stud: Hero's door card is the 2c, so Hero brings in; Alice completes (PokerStars
# writes it as a raise of the bring-in). Hero's 6-5-4-2-A takes the low (41), Alice's
# kings the high (41).
HAND_2001 = """\
PokerStars Hand #2001:  7 Card Stud Hi/Lo Limit ($0.10/$0.20 USD) - 2020/06/01 13:30:00 ET
Table 'Test Stud II' 8-max
Seat 1: Hero ($10 in chips)
Seat 2: Alice ($10 in chips)
Seat 3: Bob ($10 in chips)
Hero: posts the ante $0.02
Alice: posts the ante $0.02
Bob: posts the ante $0.02
*** 3rd STREET ***
Dealt to Hero [Ah 4h 2c]
Dealt to Alice [Kd]
Dealt to Bob [5s]
Hero: brings in for $0.05
Alice: raises $0.05 to $0.10
Bob: folds
Hero: calls $0.05
*** 4th STREET ***
Dealt to Hero [Ah 4h 2c] [5d]
Dealt to Alice [Kd] [Kc]
Alice: bets $0.10
Hero: calls $0.10
*** 5th STREET ***
Dealt to Hero [Ah 4h 2c 5d] [6s]
Dealt to Alice [Kd Kc] [9h]
Alice: bets $0.20
Hero: calls $0.20
*** 6th STREET ***
Dealt to Hero [Ah 4h 2c 5d 6s] [Js]
Dealt to Alice [Kd Kc 9h] [8c]
Alice: checks
Hero: checks
*** RIVER ***
Dealt to Hero [Ah 4h 2c 5d 6s Js] [Qh]
Alice: checks
Hero: checks
*** SHOW DOWN ***
Alice: shows [Ks Qs Kd Kc 9h 8c 7d] (HI: three of a kind, Kings)
Hero: shows [Ah 4h 2c 5d 6s Js Qh] (HI: high card Ace; LO: 6,5,4,2,A)
Alice collected $0.41 from pot
Hero collected $0.41 from pot
*** SUMMARY ***
Total pot $0.86 | Rake $0.04
Seat 1: Hero showed [Ah 4h 2c 5d 6s Js Qh] and won ($0.41) with HI: high card Ace; LO: 6,5,4,2,A
Seat 2: Alice showed [Ks Qs Kd Kc 9h 8c 7d] and won ($0.41) with HI: three of a kind, Kings
Seat 3: Bob folded on the 3rd Street (didn't bet)
"""  # fmt: skip

# Bob's 2s brings in; everyone folds. Hero's door card is a king.
HAND_2002 = """\
PokerStars Hand #2002:  7 Card Stud Hi/Lo Limit ($0.10/$0.20 USD) - 2020/06/01 13:33:00 ET
Table 'Test Stud II' 8-max
Seat 1: Hero ($10 in chips)
Seat 2: Alice ($10 in chips)
Seat 3: Bob ($10 in chips)
Hero: posts the ante $0.02
Alice: posts the ante $0.02
Bob: posts the ante $0.02
*** 3rd STREET ***
Dealt to Hero [7d 8d Ks]
Dealt to Alice [9c]
Dealt to Bob [2s]
Bob: brings in for $0.05
Hero: folds
Alice: folds
Uncalled bet ($0.05) returned to Bob
Bob collected $0.06 from pot
Bob: doesn't show hand
*** SUMMARY ***
Total pot $0.06 | Rake $0
Seat 1: Hero folded on the 3rd Street (didn't bet)
Seat 2: Alice folded on the 3rd Street (didn't bet)
Seat 3: Bob collected ($0.06)
"""  # fmt: skip

OMAHA_HANDS = (HAND_1001, HAND_1002, HAND_1003, HAND_1004, HAND_1005, HAND_1006,
               HAND_1007, HAND_1008, HAND_1009, HAND_1010, HAND_1011)  # fmt: skip
STUD_HANDS = (HAND_2001, HAND_2002)


def history_text() -> str:
    """Every hand, as one PokerStars file holds them (three blank lines between)."""
    return "\n\n\n".join(OMAHA_HANDS + STUD_HANDS)
