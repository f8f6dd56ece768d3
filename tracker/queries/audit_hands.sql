-- audit_hands: the batch's hands (audit_batch.sql) in hand-index order.
SELECT hand_index, hand_id, game, button_seat, total_pot, rake, jackpot_fee, main_pot,
       side_pots, cancelled, started_at, month, chips_consistent, inconsistency
FROM audit_batch
ORDER BY hand_index;
