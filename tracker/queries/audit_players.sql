-- audit_players: every player of the batch's hands (audit_batch.sql), in hand then
-- odd-chip order, with what they put in, got back, collected, and their known cards.
SELECT hand_index, player, seat, blinds, antes, dead, bring_in, bets, returned, folded,
       cashed_out, collected, cards
FROM audit_people
ORDER BY hand_index, chip_order, player;
