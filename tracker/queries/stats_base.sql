-- stats_base: the scalar macros the stat queries share (docs/stats.md defines each
-- figure). tracker.stats.run loads this file, then stats_player_hands.sql and
-- stats_player_outcomes.sql, once per connection.

-- A condition as a count of 0 or 1 (NULL counts 0): the per-hand form of the counters
-- the stat queries add up.
CREATE OR REPLACE MACRO stats_flag(condition) AS CAST(coalesce(condition, false) AS INTEGER);

-- Money as the site writes it: cents as "0.25" in cash games, chips (tournament and
-- play money) as "25".
CREATE OR REPLACE MACRO stats_money_text(amount, in_chips) AS
    CASE WHEN in_chips THEN CAST(amount AS VARCHAR)
         ELSE printf('%d.%02d', amount // 100, amount % 100) END;

-- The position of the player `after_button` seats clockwise after the button (0 = the
-- first), among `players` dealt in; the same rule as tracker.stats.positions.
CREATE OR REPLACE MACRO stats_position(after_button, players) AS
    CASE WHEN after_button = players - 1 THEN 'BTN'
         WHEN players = 2 THEN 'BB'
         WHEN after_button = 0 THEN 'SB'
         WHEN after_button = 1 THEN 'BB'
         WHEN players - 2 - after_button = 0 THEN 'CO'
         WHEN players - 2 - after_button = 1 THEN 'HJ'
         WHEN after_button = 2 THEN 'UTG'
         WHEN players - 2 - after_button = 2 THEN 'LJ'
         ELSE 'UTG+' || CAST(after_button - 2 AS VARCHAR) END;

-- Omaha starting-hand classes of hole cards given as engine indexes (rank = index // 4
-- + 2, suit = index % 4); the same rule as tracker.stats.hand_classes.
CREATE OR REPLACE MACRO stats_hand_classes(hole) AS
    coalesce(nullif(list_filter([
        CASE WHEN list_contains(list_transform(hole, lambda c: c // 4), 12)
              AND list_contains(list_transform(hole, lambda c: c // 4), 0) THEN 'A2xx' END,
        CASE WHEN list_contains(list_transform(hole, lambda c: c // 4), 12)
              AND list_contains(list_transform(hole, lambda c: c // 4), 1)
              AND NOT list_contains(list_transform(hole, lambda c: c // 4), 0) THEN 'A3xx' END,
        CASE WHEN list_has_any(
                list_transform(list_filter(hole, lambda c: c // 4 = 12), lambda c: c % 4),
                list_transform(list_filter(hole, lambda c: c // 4 = 0), lambda c: c % 4))
             THEN 'A2 suited' END,
        CASE WHEN len(list_filter(hole, lambda c: c // 4 = 12)) >= 2 THEN 'AAxx' END,
        CASE WHEN len(list_filter(hole, lambda c: c // 4 <= 6 OR c // 4 = 12)) >= 4
             THEN 'four low' END,
        CASE WHEN len(list_distinct(list_transform(
                list_filter(hole, lambda c: c // 4 <= 6 OR c // 4 = 12), lambda c: c // 4))) < 2
             THEN 'high only' END,
        CASE WHEN len(list_distinct(list_transform(hole, lambda c: c // 4))) < len(hole)
             THEN 'pair' END
    ], lambda name: name IS NOT NULL), []), ['other']);

-- The distinct low ranks (A to 8) among cards given as engine indexes.
CREATE OR REPLACE MACRO stats_low_ranks(cards) AS
    list_distinct(list_transform(
        list_filter(cards, lambda c: c // 4 <= 6 OR c // 4 = 12), lambda c: c // 4));

-- A board allows a low when it holds three different ranks A to 8.
CREATE OR REPLACE MACRO stats_board_allows_low(board) AS len(stats_low_ranks(board)) >= 3;

-- Omaha: a low takes two hole cards and three board cards of five different ranks A to 8.
-- With H the hole's low ranks and B the board's, it exists when H has two and B keeps
-- three once the two are taken out: best with hole ranks not on the board.
CREATE OR REPLACE MACRO stats_omaha_makes_low(hole, board) AS
    len(stats_low_ranks(hole)) >= 2
    AND len(stats_low_ranks(board)) - greatest(0, 2 - len(list_filter(
        stats_low_ranks(hole), lambda r: NOT list_contains(stats_low_ranks(board), r)))) >= 3;

-- Stud: a low takes five different ranks A to 8 among the seven cards.
CREATE OR REPLACE MACRO stats_stud_makes_low(cards) AS len(stats_low_ranks(cards)) >= 5;

-- A player's result on one side (high or low) over the halves of the pots they could
-- win; tracker.stats.outcomes defines it.
CREATE OR REPLACE MACRO stats_side(halves, won, halved, shared) AS
    CASE WHEN halves = 0 THEN NULL
         WHEN won = halves THEN 'won'
         WHEN shared = 0 THEN 'none'
         WHEN halved = halves THEN 'halved'
         ELSE 'part' END;

-- The outcome of a showdown from the two sides; the same rule as tracker.stats.outcomes.
CREATE OR REPLACE MACRO stats_outcome(high, low, any_low) AS
    CASE WHEN high IS NULL OR low IS NULL THEN NULL
         WHEN high = 'won' AND low = 'won'
         THEN CASE WHEN any_low THEN 'scoop_both_ways' ELSE 'scoop_no_low' END
         WHEN high = 'won' AND low = 'none' THEN 'high_only'
         WHEN low = 'won' AND high = 'none' THEN 'low_only'
         WHEN high = 'won' OR low = 'won' THEN 'three_quarters'
         WHEN high = 'none' AND low = 'none' THEN 'lost'
         WHEN (high = 'none' AND low = 'halved') OR (high = 'halved' AND low = 'none')
         THEN 'quartered'
         ELSE 'split' END;
