"""`draw_chance`: one player's exact chance to make a hand by the last draw."""

from __future__ import annotations

import math
import time
from dataclasses import asdict, dataclass
from typing import Any

import numba
import numpy as np

from ..._cards import CardsLike
from ..._docs import shared_parameters
from ..._kernels.draw_chance import MAX_ROUNDS, chance_kernel
from ..._kernels.draw_hands import TOO_MUCH, all_subsets
from ..._parallel import on_threads, share_of
from ..._parallel import parallel_section
from ..deal import resolve_deal
from .setup import DrawSetup
from .policy import BUILTINS, bad_keep, resolve, target_of

CHANCE_LIMIT = 2_000_000_000  # hands that draw_chance values at most (a few seconds)


@dataclass(frozen=True)
class DrawChance:
    """What `pokerlut.draw_chance` returns: the chance that a hand reaches a target by the
    last draw, exactly.

    Attributes
    ----------
    hand : str
        The cards kept for the next draw, as given ("draws 5": none).
    target : str
        The target, as a hand of that category or better ("7-low or better").
    deal : str
        The draw deal (`pokerlut.deals()`).
    draw_rounds : int
        The draws to come.
    policy : str
        The policy that plays the draws after the first.
    probability : float
        The chance to reach the target by the last draw.
    by_draw : tuple of float
        The chance to have reached it after each draw (the last is `probability`).
    hands : int
        The hands valued to find it.
    elapsed : float
        Seconds.

    >>> import pokerlut
    >>> r = pokerlut.draw_chance("7s6d3c2h", "7-low", "Kd", deal="2-7-triple-draw")
    >>> r
    DrawChance(2-7-triple-draw, 7s6d3c2h to 7-low or better in 3 draws: 43.6386%)
    >>> [round(p, 4) for p in r.by_draw]
    [0.1702, 0.3145, 0.4364]
    """

    hand: str
    target: str
    deal: str
    draw_rounds: int
    policy: str
    probability: float
    by_draw: tuple[float, ...]
    hands: int
    elapsed: float

    def __repr__(self) -> str:
        draws = f"{self.draw_rounds} draw{'s' if self.draw_rounds > 1 else ''}"
        return f"DrawChance({self.deal}, {self.hand} to {self.target} in {draws}: {self.probability:.4%})"

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        data = asdict(self)
        data["by_draw"] = list(self.by_draw)
        return data


@shared_parameters
def draw_chance(
    hand: CardsLike | int,
    target: str | int,
    dead: CardsLike = "",
    *,
    deal: str,
    draw_rounds: int | None = None,
    policy: str | Any = None,
    threads: int | None = None,
) -> DrawChance:
    """One player's exact chance to make a target hand by the last draw.

    Every replacement of the cards not kept is dealt from the stub (52 cards less the hand
    and the dead cards), then before each later draw the policy says what to keep, until the
    hand reaches the target (the player stands pat there) or the draws run out. Exact: every
    path is followed, each weighted by its chance; cards once drawn and thrown away are out.

    Parameters
    ----------
    hand : cards, "" or int
        The cards kept for the next draw ("7s6d3c2h" draws one in a five-card deal); the
        whole hand stands pat; "" or the hand's size draws a new hand.
    target : str or int
        A category of the deal's game, "or better": "two pair", "flush" (five-card draw),
        "8-low", "J-low" (lowball); a hand ("8s6d5c4h3s": that hand or better); or a
        strength of the deal's game.
    dead : cards, optional
        Cards seen out of play: the hand's discards, others' exposed cards.
    deal : str
        A draw deal of `pokerlut.deals()`: "five-card-draw", "2-7-single-draw",
        "2-7-triple-draw", "a-5-triple-draw", "badugi", "badeucy", "badacey" (a split deal's
        target is a category of either of its games, or a hand or strength of its high one).
    draw_rounds : int, optional
        The draws to come, 1 up to the deal's (the default).
    policy : str or numba function, optional
        Who keeps what on the later draws (as in `pokerlut.equity`). A built-in policy draws
        to the target: it stands pat on the target and keeps the cards that can be part of
        it (default: the built-in of the target's game). A numba function plays as written,
        the player standing pat once the target is made.
    {threads}

    Returns
    -------
    DrawChance
        The chance, and after each draw the chance to have made it.

    Raises
    ------
    TypeError
        A target or policy of the wrong type.
    ValueError
        An unknown deal, target or policy; a bad card or a card given twice, more cards than
        a hand holds; a policy that keeps what the hand cannot.

    Examples
    --------
    >>> r = draw_chance("7s6d3c2h", "7-low", "Kd", deal="2-7-single-draw")  # a 4 or a 5 of 47
    >>> round(r.probability, 4), round(8 / 47, 4)
    (0.1702, 0.1702)
    >>> r = draw_chance("AsAh", "two pair", "Kd 7c 2s", deal="five-card-draw")  # of 16,215 draws
    >>> round(r.probability * 16_215)                  # two pair 2,592, trips 1,854, more 210
    4656
    """
    start = time.perf_counter()
    setup = DrawSetup([hand], dead, resolve_deal(deal, kind="draw"), draw_rounds, one_player=True)
    part, strength, top, name = target_of(target, setup.deal)
    if policy is None:
        game = setup.deal.low if part and setup.deal.low else setup.deal.high
        policy = game.name if game.name in BUILTINS else None
    chosen = resolve(policy, setup.deal, (part, strength, top))
    h, k0, rounds = setup.h, int(setup.n_kept[0]), setup.rounds
    assert rounds <= MAX_ROUNDS
    m, d0 = len(setup.live), h - k0
    first = np.zeros((math.comb(m, d0), max(d0, 1)), np.uint8)
    all_subsets(m, d0, first)
    high, low = setup.tables()
    n_threads: int = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
    made = np.zeros((n_threads, 8), np.float64)
    work = np.zeros((n_threads, 8), np.int64)
    errors = np.zeros((n_threads, 2 + h), np.int64)
    hands = np.zeros((n_threads, 3, 8), np.uint8)
    pools = np.zeros((n_threads, 3, 64), np.uint8)
    idx = np.zeros((n_threads, 3, 8), np.int64)
    goal = np.array([part, strength], np.int64)
    kernel = chance_kernel(chosen.function)
    kept = np.ascontiguousarray(setup.kept[0, :k0])

    def share(k: int, shares: int) -> None:
        kernel(
            high,
            low,
            setup.live,
            kept,
            h,
            rounds,
            chosen.rule,
            goal,
            first[share_of(len(first), k, shares)],
            CHANCE_LIMIT // shares,
            made[k],
            work[k],
            errors[k],
            hands[k],
            pools[k],
            idx[k],
        )

    with parallel_section(threads):
        on_threads(share)
    failed = np.flatnonzero(errors[:, 0])
    if len(failed):
        code, value, *cards = errors[failed[0]].tolist()
        if code == TOO_MUCH:
            raise ValueError(
                f"too much work for an exact chance: more than {CHANCE_LIMIT:,} hands to value "
                f"({len(first):,} first draws, each branching into the later ones); keep more "
                "cards, fewer draws (draw_rounds), or simulate the hand with equity"
            )
        raise bad_keep(chosen, value, np.array(cards, np.uint8))
    first_made = made.sum(axis=0)[:rounds] / len(first)
    by_draw = tuple(float(x) for x in np.cumsum(first_made))
    return DrawChance(
        hand=setup.labels[0],
        target=name,
        deal=setup.deal.name,
        draw_rounds=rounds,
        policy=chosen.name,
        probability=by_draw[-1],
        by_draw=by_draw,
        hands=int(work.sum()),
        elapsed=time.perf_counter() - start,
    )
