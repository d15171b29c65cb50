"""The slow, independent references the tests check the library against: each written from
the rules (RULES.md) in plain Python, never importing `pokerlut`; their self-tests are
tests/test_reference*.py.

- `high`: standard high hands, the best five of 5 to 7 cards, and Omaha;
- `games`: the high, low and short-deck games;
- `wild`: wild cards (jokers, the bug, deuces) on top of `games`;
- `badugi`: Badugi hands, from docs/rules.md (Badugi);
- `equity`: exact equity of every deal (boards, stud, one draw), every completion enumerated,
  hands valued by `games`, `badugi` or `wild`;
- `allin_ev`: the pots of an all-in hand (side pots, dead money, the uncalled bet returned) and
  each player's exact all-in EV and realized result, every pot shared by `equity`, from issue
  56's definition (not RULES.md); its self-tests are tests/test_allin_ev_reference.py;
- `italian`: Italian closed poker's hand comparison;
- `video_poker`: video poker pay tables, every draw of every hold;
- `abstraction`: exact hand-strength features (HS, EHS, hand potential), with `high`'s keys;
- `made_hands`: made hands and draws on a flop or turn, from docs/made-hands.md (not RULES.md:
  the words are the project's, following Flopzilla's), with `games`' categories;
- `propokertools`: Omaha ranges in ProPokerTools' generic syntax (`AAxx`, `RRON:$ds`, `KK+`),
  from the specification of issue 55 (not RULES.md), every hand judged by trying every way of
  laying its cards on the pattern's symbols (numpy); its self-tests are in
  tests/test_generic_syntax.py;
- `icm`: the Independent Chip Model (Malmuth-Harville), every finishing order enumerated, from
  the model's definition (issue 56, not RULES.md); its self-tests, and pokerkit's
  `calculate_icm` against it, are in tests/test_icm_reference.py.

tests/conftest.py puts tests/ on sys.path: `from reference.high import best_key`.
"""
