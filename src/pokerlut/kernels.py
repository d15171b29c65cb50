"""The numba kernels under `pokerlut.evaluate`, to call from your own `@numba.njit` code.

Each is an ordinary numba function, inlined into the function that calls it. Those that read
a table take a game's tables (`pokerlut.load_tables`) as their first argument (`hand_empty`
and `hand_merge` read none). They check nothing: validate cards at the boundary
(`pokerlut.parse_cards`) and pass distinct cards of the game's deck. `pokerlut.evaluate`
itself can be called from numba code too, checked, its tables frozen in. The numba tour
(docs/tour-numba.md) shows more.

- `hand_empty()`: the hand with no cards; `hand_add(t, hand, card)`: the hand plus one card;
  `hand_merge(a, b)`: the union of two hands with no card in common.
- `hand_strength(t, hand, five=False)`: the strength of a hand of 5, 6 or 7 cards, on the
  game's scale (as `evaluate` gives it).
- `eval5(t, a, b, c, d, e)`: the strength of five cards, by Cactus Kev's method.
- `omaha_strength(t, hole, board)`: the best of two hole cards and three board cards.

(Until this release they were at the package root, `pokerlut.hand_strength` and so on; those
names still work, with a `DeprecationWarning`, for one more release.)

>>> import numba, numpy as np, pokerlut
>>> from pokerlut import kernels
>>> @numba.njit(_nrt=False)
... def strengths(t, hands, out):
...     for i in range(hands.shape[0]):
...         hand = kernels.hand_empty()
...         for j in range(7):
...             hand = kernels.hand_add(t, hand, hands[i, j])
...         out[i] = kernels.hand_strength(t, hand)
>>> hands = np.array([[51, 47, 43, 39, 35, 0, 1], [0, 5, 9, 13, 20, 24, 30]], dtype=np.uint8)
>>> out = np.zeros(2, dtype=np.uint16)
>>> strengths(pokerlut.load_tables(), hands, out)
>>> out, pokerlut.evaluate_batch(hands)
(array([7462,   49], dtype=uint16), array([7462,   49], dtype=uint16))
"""

from ._kernels.core import eval5, hand_add, hand_empty, hand_merge, hand_strength
from ._kernels.omaha import omaha_strength

__all__ = ["eval5", "hand_add", "hand_empty", "hand_merge", "hand_strength", "omaha_strength"]
