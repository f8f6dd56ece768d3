-- stats_player_outcomes: how each hi/lo showdown ended for each player still in, from the
-- engine's awards (tracker.stats.outcomes defines the outcomes). Built on
-- stats_player_hands (the summary table when it is up to date).

-- One row per player per hi/lo hand they took to showdown and the audit paid: the
-- outcome, whether a low was possible (the board allowed one; always in stud, which has
-- no shared board) and whether the player made one.
CREATE OR REPLACE MACRO stats_showdown_outcomes(game_wanted, since_at, until_at, player_wanted)
AS TABLE
WITH
at_showdown AS (
    SELECT site, month, hand_id, player, game, started_at, stud, pots_eligible, known_cards
    FROM stats_player_hands(game_wanted, since_at, until_at, player_wanted)
    WHERE showdown AND ends_with(game, '-hilo')
),
halves AS (
    -- each half of each pot on each board, and who was paid it
    SELECT award.site, award.hand_id, award.board, award.pot, award.half,
           list(DISTINCT award.player) AS winners
    FROM awards AS award SEMI JOIN at_showdown USING (site, hand_id)
    GROUP BY ALL
),
shares AS (
    -- the player's share of each half of the pots they could win ('whole' counts on
    -- both sides): 'won' alone, 'halved' with one other, 'part' with more, 'none'
    SELECT
        player.site, player.hand_id, player.player, half.board, half.pot, half.half,
        CASE WHEN NOT list_contains(half.winners, player.player) THEN 'none'
             WHEN len(half.winners) = 1 THEN 'won'
             WHEN len(half.winners) = 2 THEN 'halved'
             ELSE 'part' END AS share
    FROM at_showdown AS player
    JOIN halves AS half
        ON half.site = player.site AND half.hand_id = player.hand_id
        AND half.pot < player.pots_eligible
),
sides AS (
    SELECT
        site, hand_id, player,
        bool_or(half = 'lo') AS any_low,
        stats_side(
            count(*) FILTER (half <> 'lo'),
            count(*) FILTER (half <> 'lo' AND share = 'won'),
            count(*) FILTER (half <> 'lo' AND share = 'halved'),
            count(*) FILTER (half <> 'lo' AND share <> 'none')) AS high,
        stats_side(
            count(*) FILTER (half <> 'hi'),
            count(*) FILTER (half <> 'hi' AND share = 'won'),
            count(*) FILTER (half <> 'hi' AND share = 'halved'),
            count(*) FILTER (half <> 'hi' AND share <> 'none')) AS low
    FROM shares
    GROUP BY ALL
),
boards AS (
    SELECT board.site, board.hand_id, list(board.card_indexes) AS boards
    FROM boards AS board SEMI JOIN at_showdown USING (site, hand_id)
    GROUP BY ALL
)
SELECT
    player.site, player.month, player.hand_id, player.player, player.game, player.started_at,
    stats_outcome(sides.high, sides.low, sides.any_low) AS outcome,
    player.stud OR coalesce(list_bool_or(list_transform(
        boards.boards, lambda board: stats_board_allows_low(board))), false) AS low_possible,
    coalesce(CASE WHEN player.stud THEN stats_stud_makes_low(player.known_cards)
                  ELSE list_bool_or(list_transform(boards.boards,
                      lambda board: stats_omaha_makes_low(player.known_cards, board))) END,
             false) AS made_low
FROM at_showdown AS player
JOIN sides USING (site, hand_id, player)
LEFT JOIN boards USING (site, hand_id);

-- What the outcome query reads: the rows above (stats_source.sql points it at the
-- summary table, when that is up to date).
CREATE OR REPLACE MACRO stats_player_outcomes(game_wanted, since_at, until_at, player_wanted)
AS TABLE FROM stats_showdown_outcomes(game_wanted, since_at, until_at, player_wanted);
