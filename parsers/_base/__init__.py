"""What every site parser builds on.

- `text`: bytes to text in every encoding the sites use, a file cut into hands, money
  in the smallest unit, the sites' time zones;
- `site`: `SiteParser`, the interface every site implements, with its audit conventions;
- `builder`: `HandBuilder`, the bookkeeping of one hand (seats, posts, street
  contributions, raises, uncalled bets, cards, boards, collections, rake) that a
  line-by-line site feeds with what its lines say;
- `lines`: `LineSite`, a line-by-line text site: a header pattern, and line rules
  dispatched by prefix and pattern to the site's handlers;
- `columns`: Arrow and numpy tools for readers that read many hands at once.
"""
