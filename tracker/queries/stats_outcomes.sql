-- stats_outcomes: hi/lo outcomes at showdown per player and group, from the engine's
-- awards (tracker.stats.outcomes defines them): scoops (no low / both ways),
-- three-quarters, high only, low only, split, quartered, lost; the net of quartered
-- hands; how often the board allowed a low (always, in stud) and the player made one
-- then; the hands won without a showdown. Hi/lo games only. {source} and {group_key} as in stats_standard.
WITH
played AS (
    SELECT *, {group_key} AS group_key FROM {source}
    WHERE ends_with(game, '-hilo')
),
at_showdown AS (FROM played WHERE showdown AND group_key IS NOT NULL),
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
        player.site, player.hand_id, player.player, player.group_key,
        half.board, half.pot, half.half,
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
        site, hand_id, player, group_key,
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
),
showdowns AS (
    SELECT
        player.site, player.hand_id, player.player, player.group_key,
        stats_outcome(sides.high, sides.low, sides.any_low) AS outcome,
        -- stud has no shared board: any seven cards could have made a low
        player.stud OR list_bool_or(list_transform(
            boards.boards, lambda board: stats_board_allows_low(board))) AS low_possible,
        CASE WHEN player.stud THEN stats_stud_makes_low(player.known_cards)
             ELSE list_bool_or(list_transform(boards.boards,
                 lambda board: stats_omaha_makes_low(player.known_cards, board))) END
            AS made_low
    FROM at_showdown AS player
    LEFT JOIN sides USING (site, hand_id, player, group_key)
    LEFT JOIN boards USING (site, hand_id)
)
SELECT
    played.player,
    played.group_key,
    count(*) AS hands,
    CASE WHEN count(DISTINCT played.money_unit) = 1 THEN min(played.money_unit)
         ELSE 'mixed' END AS money_unit,
    CAST(count_if(outcome IS NOT NULL) AS BIGINT) AS showdowns,
    CAST(count_if(played.showdown AND outcome IS NULL) AS BIGINT) AS unaudited,
    CAST(count_if(outcome LIKE 'scoop%') AS BIGINT) AS scoops,
    CAST(count_if(outcome = 'scoop_no_low') AS BIGINT) AS scoop_no_low,
    CAST(count_if(outcome = 'scoop_both_ways') AS BIGINT) AS scoop_both_ways,
    CAST(count_if(outcome = 'three_quarters') AS BIGINT) AS three_quarters,
    CAST(count_if(outcome = 'high_only') AS BIGINT) AS high_only,
    CAST(count_if(outcome = 'low_only') AS BIGINT) AS low_only,
    CAST(count_if(outcome = 'split') AS BIGINT) AS split,
    CAST(count_if(outcome = 'quartered') AS BIGINT) AS quartered,
    CAST(count_if(outcome = 'lost') AS BIGINT) AS lost,
    CAST(coalesce(sum(played.net) FILTER (outcome = 'quartered'), 0) AS BIGINT)
        AS quartered_net,
    CAST(count_if(low_possible AND outcome IS NOT NULL) AS BIGINT) AS low_possible,
    CAST(count_if(low_possible AND made_low AND outcome IS NOT NULL) AS BIGINT) AS made_low,
    CAST(count_if(NOT played.showdown AND played.collected > 0) AS BIGINT)
        AS won_without_showdown
FROM played
LEFT JOIN showdowns USING (site, hand_id, player, group_key)
WHERE played.group_key IS NOT NULL
GROUP BY played.player, played.group_key
HAVING count(*) >= $min_hands
ORDER BY played.player, played.group_key;
