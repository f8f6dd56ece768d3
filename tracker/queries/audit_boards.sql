-- audit_boards: the boards of the batch's hands (audit_batch.sql), in order.
SELECT b.hand_index, d.board, d.card_indexes
FROM boards d JOIN audit_batch b USING (hand_id)
WHERE d.site = $site AND d.month = $month
ORDER BY b.hand_index, d.board;
