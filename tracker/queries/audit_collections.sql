-- audit_collections: every payment the site reports in the batch's hands
-- (audit_batch.sql), in the order of the hand, with the player's place in audit_players.
WITH numbered AS (
    SELECT hand_id, player,
           row_number() OVER (ORDER BY hand_index, chip_order, player) - 1 AS player_index
    FROM audit_people
)
SELECT b.hand_index, n.player_index, c.player, c.amount, c.pot, c.board
FROM collections c
JOIN audit_batch b USING (hand_id)
JOIN numbered n USING (hand_id, player)
WHERE c.site = $site AND c.month = $month
ORDER BY b.hand_index, c.sequence;
