-- audit_batch: the hands of one (site, month) partition the audit works on, numbered in
-- hand-id order, and the players of each, numbered in odd-chip order (the first seat left
-- of the button first; seat order in stud; players with no seat last). Two temporary
-- tables that the other audit_*.sql queries join to.
CREATE OR REPLACE TEMP TABLE audit_batch AS
SELECT row_number() OVER (ORDER BY hand_id) - 1 AS hand_index,
       hand_id, game, button_seat, total_pot, rake, jackpot_fee, main_pot, side_pots,
       cancelled, started_at, month, chips_consistent, inconsistency,
       CASE WHEN game LIKE 'stud%' THEN 7 WHEN game LIKE 'omaha-%' THEN 4 ELSE 5 END
           AS hole_card_count
FROM hands
WHERE site = $site AND month = $month;

CREATE OR REPLACE TEMP TABLE audit_people AS
WITH chips AS (
    SELECT hand_id, player,
           coalesce(sum(amount) FILTER (WHERE kind IN
               ('post_small_blind', 'post_big_blind', 'post_small_and_big_blind')), 0) AS blinds,
           coalesce(sum(amount) FILTER (WHERE kind = 'post_ante'), 0) AS antes,
           coalesce(sum(amount) FILTER (WHERE kind = 'post_dead'), 0) AS dead,
           coalesce(sum(amount) FILTER (WHERE kind = 'bring_in'), 0) AS bring_in,
           coalesce(sum(amount) FILTER (WHERE kind IN ('call', 'bet', 'raise', 'complete')), 0)
               AS bets,
           bool_or(kind = 'fold') AS folded,
           bool_or(kind = 'cash_out') AS cashed_out
    FROM actions
    WHERE site = $site AND month = $month
    GROUP BY hand_id, player
),
paid AS (
    SELECT hand_id, player, sum(amount) AS collected
    FROM collections
    WHERE site = $site AND month = $month
    GROUP BY hand_id, player
),
back AS (
    SELECT hand_id, player, sum(amount) AS returned
    FROM returned
    WHERE site = $site AND month = $month
    GROUP BY hand_id, player
),
known AS (
    -- the last whole hand shown, mucked or summarised; else every card dealt face up
    SELECT k.hand_id, k.player,
           arg_max(k.card_indexes, k.sequence) FILTER (WHERE k.source IN
               ('shown', 'mucked', 'summary') AND len(k.card_indexes) = b.hole_card_count)
               AS whole_hand,
           flatten(list(k.card_indexes ORDER BY k.sequence) FILTER (WHERE k.source = 'dealt'))
               AS dealt
    FROM cards k JOIN audit_batch b USING (hand_id)
    WHERE k.site = $site AND k.month = $month
    GROUP BY k.hand_id, k.player
),
people AS (
    SELECT hand_id, player FROM chips UNION SELECT hand_id, player FROM paid
),
seated AS (
    SELECT hand_id, player, seat FROM seats WHERE site = $site AND month = $month
)
SELECT b.hand_index, p.hand_id, p.player, coalesce(s.seat, 0) AS seat,
       coalesce(c.blinds, 0) AS blinds, coalesce(c.antes, 0) AS antes,
       coalesce(c.dead, 0) AS dead, coalesce(c.bring_in, 0) AS bring_in,
       coalesce(c.bets, 0) AS bets, coalesce(r.returned, 0) AS returned,
       coalesce(c.folded, false) AS folded, coalesce(c.cashed_out, false) AS cashed_out,
       coalesce(m.collected, 0) AS collected,
       coalesce(k.whole_hand,
                CASE WHEN len(k.dealt) = b.hole_card_count THEN k.dealt END) AS cards,
       CASE WHEN s.seat IS NULL THEN 1000000
            WHEN b.button_seat IS NULL OR s.seat > b.button_seat THEN s.seat
            ELSE s.seat + 1000 END AS chip_order
FROM people p
JOIN audit_batch b USING (hand_id)
LEFT JOIN seated s USING (hand_id, player)
LEFT JOIN chips c USING (hand_id, player)
LEFT JOIN paid m USING (hand_id, player)
LEFT JOIN back r USING (hand_id, player)
LEFT JOIN known k USING (hand_id, player)
ORDER BY b.hand_index, chip_order, p.player;
