-- stats_player_hands: the rows every stat is counted from, one per player per hand.

-- The hands a stats run covers: not cancelled, of the game asked (NULL: every game),
-- started in [since_at, until_at) (NULL: open), and with `new_only` only those not yet
-- in the stats summary (tracker.stats.summary). `big_unit` is the big bet in limit, the
-- big blind otherwise; `first_street` is the street of the first betting round;
-- `money_unit` says what the amounts count: cents of a currency ('USD'; 'cash' when the
-- site names none), whole chips of 'play' money or tournament 'chips'.
CREATE OR REPLACE MACRO stats_hands(game_wanted, since_at, until_at, new_only) AS TABLE
SELECT
    site, hand_id, game, structure, table_name, started_at, month, button_seat,
    coalesce(rake, 0) AS rake,
    CASE WHEN structure = 'limit' THEN big_bet ELSE big_blind END AS big_unit,
    starts_with(game, 'stud') AS stud,
    CASE WHEN starts_with(game, 'stud') THEN 'third' ELSE 'preflop' END AS first_street,
    CASE WHEN tournament_id IS NOT NULL THEN 'chips'
         WHEN currency IS NOT NULL THEN currency
         WHEN play_money THEN 'play'
         ELSE 'cash' END AS money_unit,
    structure || ' '
        || stats_money_text(
            CASE WHEN structure = 'limit' THEN small_bet ELSE small_blind END,
            tournament_id IS NOT NULL OR play_money)
        || '/'
        || stats_money_text(
            CASE WHEN structure = 'limit' THEN big_bet ELSE big_blind END,
            tournament_id IS NOT NULL OR play_money)
        || CASE WHEN tournament_id IS NOT NULL THEN ' tournament'
                WHEN currency IS NOT NULL THEN ' ' || currency
                WHEN play_money THEN ' play money'
                ELSE '' END AS stakes
FROM hands
WHERE NOT cancelled
    AND (game_wanted IS NULL OR game = game_wanted)
    AND (since_at IS NULL OR started_at >= since_at)
    AND (until_at IS NULL OR started_at < until_at)
    AND (NOT new_only OR NOT EXISTS (
        SELECT 1 FROM player_hands AS summary
        WHERE summary.site = hands.site AND summary.hand_id = hands.hand_id));

-- One row per player per hand dealt in, from the hand tables: what the player did, put
-- in and got back. The columns of the `player_hands` summary table.
CREATE OR REPLACE MACRO stats_player_hands_raw(
    game_wanted, since_at, until_at, player_wanted, new_only) AS TABLE
WITH
chosen AS (FROM stats_hands(game_wanted, since_at, until_at, new_only)),
acting AS (
    -- the players the site dealt in whatever their seat line says: a player marked
    -- sitting out whom the site still deals in (tournaments: it posts and folds for
    -- them) has actions in the hand, or is paid
    SELECT DISTINCT action.site, action.hand_id, action.player
    FROM actions AS action JOIN chosen USING (site, hand_id)
    UNION
    SELECT DISTINCT collection.site, collection.hand_id, collection.player
    FROM collections AS collection JOIN chosen USING (site, hand_id)
),
dealt_in AS (
    SELECT seat.site, seat.hand_id, seat.player, seat.seat
    FROM seats AS seat JOIN chosen USING (site, hand_id)
    LEFT JOIN acting USING (site, hand_id, player)
    WHERE NOT seat.sitting_out OR acting.player IS NOT NULL
),
blind_seats AS (
    -- the seats that posted the small and the big blind (the first of each)
    SELECT action.site, action.hand_id,
           arg_min(seat.seat, action.sequence) FILTER (action.kind = 'post_small_blind')
               AS small_blind_seat,
           arg_min(seat.seat, action.sequence) FILTER (action.kind = 'post_big_blind')
               AS big_blind_seat
    FROM actions AS action
    JOIN chosen USING (site, hand_id)
    JOIN seats AS seat USING (site, hand_id, player)
    WHERE action.kind IN ('post_small_blind', 'post_big_blind')
    GROUP BY ALL
),
ordered AS (
    -- the players dealt in clockwise from the first seat after the button (the button
    -- unknown: from the small blind's seat, or the big blind's heads-up or with no
    -- small blind)
    SELECT
        dealt_in.site, dealt_in.hand_id, dealt_in.player, dealt_in.seat, chosen.stud,
        blind_seats.small_blind_seat, blind_seats.big_blind_seat,
        count(*) OVER by_hand AS players,
        (dealt_in.seat - coalesce(
            chosen.button_seat + 1,
            CASE WHEN count(*) OVER by_hand = 2 THEN blind_seats.big_blind_seat END,
            blind_seats.small_blind_seat,
            blind_seats.big_blind_seat) + 1000) % 1000 AS after_button
    FROM dealt_in
    JOIN chosen USING (site, hand_id)
    LEFT JOIN blind_seats USING (site, hand_id)
    WINDOW by_hand AS (PARTITION BY dealt_in.site, dealt_in.hand_id)
),
dealt AS (
    -- positions are named among every player dealt in, all of them: the player filter
    -- comes after. With no small blind posted and the first player after the button
    -- posting the big blind (the small blind's player left), that player is the BB:
    -- the names are those of one more player, the missing small blind.
    SELECT site, hand_id, player,
           CASE WHEN NOT stud AND after_button IS NOT NULL THEN stats_position(
               row_number() OVER by_order - 1 + missing_small_blind,
               players + missing_small_blind) END AS position
    FROM (
        SELECT *,
               CASE WHEN players >= 3 AND small_blind_seat IS NULL
                         AND first_value(seat) OVER by_order = big_blind_seat
                    THEN 1 ELSE 0 END AS missing_small_blind
        FROM ordered
        WINDOW by_order AS (PARTITION BY site, hand_id ORDER BY after_button)
    )
    WINDOW by_order AS (PARTITION BY site, hand_id ORDER BY after_button)
),
first_raises AS (
    -- the aggressive actions of the first round, in order. The first bet is the big
    -- blind in flop games, the completion in stud (which PokerStars writes as a raise of
    -- the bring-in), so the 2-bet (the open raise) is the first of them in flop games and
    -- the second in stud, and the 3-bet the one after it.
    SELECT action.site, action.hand_id,
           list(action.sequence ORDER BY action.sequence) AS raises
    FROM actions AS action JOIN chosen USING (site, hand_id)
    WHERE action.street = chosen.first_street
        AND action.kind IN ('bet', 'raise', 'complete')
    GROUP BY ALL
),
acted AS (
    SELECT
        action.site, action.hand_id, action.player,
        CAST(sum(action.amount) AS BIGINT) AS put_in,
        bool_or(action.kind = 'fold') AS folded,
        bool_or(first_round AND action.kind = 'fold') AS folded_first,
        bool_or(first_round AND action.kind IN ('call', 'bet', 'raise', 'complete')) AS vpip,
        bool_or(first_round AND action.kind IN ('bet', 'raise', 'complete')) AS pfr,
        bool_or(first_round AND action.kind IN ('fold', 'check', 'call', 'raise')
                AND action.sequence > two_bet_at
                AND (three_bet_at IS NULL OR action.sequence <= three_bet_at)) AS three_bet_chance,
        bool_or(first_round AND action.sequence = three_bet_at) AS three_bet,
        count(*) FILTER (NOT first_round AND action.kind IN ('bet', 'raise', 'complete'))
            AS later_aggressive,
        count(*) FILTER (NOT first_round AND action.kind = 'call') AS later_calls,
        bool_or(action.kind = 'bring_in') AS brought_in
    FROM (
        SELECT action.*, action.street = chosen.first_street AS first_round,
               first_raises.raises[CASE WHEN chosen.stud THEN 2 ELSE 1 END] AS two_bet_at,
               first_raises.raises[CASE WHEN chosen.stud THEN 3 ELSE 2 END] AS three_bet_at
        FROM actions AS action
        JOIN chosen USING (site, hand_id)
        LEFT JOIN first_raises USING (site, hand_id)
    ) AS action
    GROUP BY ALL
),
returned_to AS (
    SELECT back.site, back.hand_id, back.player, CAST(sum(back.amount) AS BIGINT) AS returned
    FROM returned AS back JOIN chosen USING (site, hand_id)
    GROUP BY ALL
),
in_hand AS (
    -- the counts of players still in, and the pots each could win: one per distinct
    -- level of what the players still in put in (the main pot at the lowest)
    SELECT
        acted.*,
        coalesce(returned_to.returned, 0) AS returned,
        count(*) FILTER (NOT folded_first) OVER by_hand AS past_first_round,
        count(*) FILTER (NOT folded) OVER by_hand AS not_folded,
        CASE WHEN NOT folded THEN dense_rank() OVER (
            by_hand ORDER BY CASE WHEN NOT folded
                                  THEN put_in - coalesce(returned_to.returned, 0) END
            NULLS LAST) END AS pots_eligible
    FROM acted LEFT JOIN returned_to USING (site, hand_id, player)
    WINDOW by_hand AS (PARTITION BY acted.site, acted.hand_id)
),
collected AS (
    SELECT collection.site, collection.hand_id, collection.player,
           CAST(sum(collection.amount) AS BIGINT) AS collected
    FROM collections AS collection JOIN chosen USING (site, hand_id)
    GROUP BY ALL
),
rake_floor AS (
    -- each winner's share of the rake, in proportion to what they collected, rounded
    -- down; the units left over go to the biggest winner (first name on a tie)
    SELECT
        collected.*,
        chosen.rake * collected.collected
            // nullif(sum(collected.collected) OVER by_hand, 0) AS share,
        chosen.rake,
        row_number() OVER (by_hand ORDER BY collected.collected DESC, collected.player)
            AS payee_rank
    FROM collected JOIN chosen USING (site, hand_id)
    WINDOW by_hand AS (PARTITION BY collected.site, collected.hand_id)
),
rake_paid AS (
    SELECT site, hand_id, player, collected,
           CAST(share + CASE WHEN payee_rank = 1
                             THEN rake - sum(share) OVER (PARTITION BY site, hand_id)
                             ELSE 0 END AS BIGINT) AS rake_collected
    FROM rake_floor
),
contributed_floor AS (
    -- "weighted contributed": each player's share of the rake in proportion to what
    -- they put in (less what was returned to them), rounded down; the units left over
    -- go to the biggest contributor (first name on a tie)
    SELECT
        in_hand.site, in_hand.hand_id, in_hand.player, chosen.rake,
        chosen.rake * (in_hand.put_in - in_hand.returned)
            // nullif(sum(in_hand.put_in - in_hand.returned) OVER by_hand, 0) AS share,
        row_number() OVER (by_hand ORDER BY in_hand.put_in - in_hand.returned DESC,
                                            in_hand.player) AS payer_rank
    FROM in_hand JOIN chosen USING (site, hand_id)
    WINDOW by_hand AS (PARTITION BY in_hand.site, in_hand.hand_id)
),
rake_contributed AS (
    SELECT site, hand_id, player,
           CAST(coalesce(share, 0) + CASE WHEN payer_rank = 1
                 THEN rake - coalesce(sum(share) OVER (PARTITION BY site, hand_id), 0)
                 ELSE 0 END AS BIGINT) AS rake_paid
    FROM contributed_floor
),
known AS (
    -- hole cards of flop games (the hero's, or shown); stud's door card: the up card of
    -- third street (the third of the three the hero is dealt)
    SELECT
        card.site, card.hand_id, card.player,
        arg_min(card.card_indexes, card.sequence)
            FILTER (NOT chosen.stud AND len(card.card_indexes) >= 4) AS hole_cards,
        min(CASE WHEN card.street = 'third' AND card.source = 'up' THEN card.card_indexes[1]
                 WHEN card.street = 'third' AND len(card.card_indexes) = 3
                 THEN card.card_indexes[3] END) FILTER (chosen.stud) AS door_card,
        -- stud: the seven cards shown, or the hero's cards as dealt street by street
        coalesce(
            arg_min(card.card_indexes, card.sequence)
                FILTER (chosen.stud AND len(card.card_indexes) = 7),
            flatten(list(card.card_indexes ORDER BY card.sequence)
                FILTER (chosen.stud AND card.source = 'dealt'))) AS stud_cards
    FROM cards AS card JOIN chosen USING (site, hand_id)
    GROUP BY ALL
)
SELECT
    dealt.site, dealt.hand_id, dealt.player, dealt.position,
    chosen.game, chosen.structure, chosen.stakes, chosen.table_name, chosen.started_at,
    chosen.month, chosen.stud, chosen.big_unit, chosen.money_unit,
    coalesce(in_hand.put_in, 0) AS put_in,
    coalesce(in_hand.returned, 0) AS returned,
    coalesce(rake_paid.collected, 0) AS collected,
    coalesce(rake_paid.collected, 0) - coalesce(in_hand.put_in, 0)
        + coalesce(in_hand.returned, 0) AS net,
    coalesce(rake_contributed.rake_paid, 0) AS rake_paid,
    coalesce(rake_paid.rake_collected, 0) AS rake_collected,
    coalesce(in_hand.vpip, false) AS vpip,
    coalesce(in_hand.pfr, false) AS pfr,
    coalesce(in_hand.three_bet_chance, false) AS three_bet_chance,
    coalesce(in_hand.three_bet, false) AS three_bet,
    coalesce(in_hand.later_aggressive, 0) AS later_aggressive,
    coalesce(in_hand.later_calls, 0) AS later_calls,
    coalesce(in_hand.brought_in, false) AS brought_in,
    coalesce(NOT in_hand.folded_first AND in_hand.past_first_round >= 2, false) AS saw_flop,
    coalesce(NOT in_hand.folded AND in_hand.not_folded >= 2, false) AS showdown,
    in_hand.pots_eligible,
    CASE WHEN chosen.stud THEN known.stud_cards ELSE known.hole_cards END AS known_cards,
    CASE WHEN known.hole_cards IS NOT NULL THEN stats_hand_classes(known.hole_cards) END
        AS hand_classes,
    CASE WHEN known.door_card IS NOT NULL
         THEN substr('23456789TJQKA', known.door_card // 4 + 1, 1) END AS door_rank
FROM dealt
JOIN chosen USING (site, hand_id)
LEFT JOIN in_hand USING (site, hand_id, player)
LEFT JOIN rake_paid USING (site, hand_id, player)
LEFT JOIN rake_contributed USING (site, hand_id, player)
LEFT JOIN known USING (site, hand_id, player)
WHERE player_wanted IS NULL OR dealt.player = player_wanted;

-- What the stat queries read: these rows from the hand tables (stats_source.sql points
-- it at the summary table, when that is up to date).
CREATE OR REPLACE MACRO stats_player_hands(game_wanted, since_at, until_at, player_wanted)
AS TABLE FROM stats_player_hands_raw(game_wanted, since_at, until_at, player_wanted, false);
