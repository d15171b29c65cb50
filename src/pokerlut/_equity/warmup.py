"""The warm-up calls of equity's engines (`pokerlut warm`): one small `equity()` call (or
`draw_chance`, `draw_keep`) per distinct kernel, as `Job`s for `pokerlut._warm` to run.

The engines' kernels are compiled per kind of tables, exact or Monte Carlo, and in hold'em's
Monte Carlo (`kernels.draws.simulate_kernel`) and the draw games' per number of players
(`MC_PLAYERS`); Omaha's and stud's Monte Carlo kernels serve any number. A deal of each kind
of tables is enough (2-7 single draw shares triple draw's).

>>> [job.name for job in warm_jobs() if job.name.startswith("equity omaha")]
['equity omaha exact', 'equity omaha monte-carlo', 'equity omaha-hi-lo exact', 'equity omaha-hi-lo monte-carlo']
"""

from __future__ import annotations

from .._warmup import Job

MC_PLAYERS = range(2, 7)  # Monte Carlo kernels are compiled per number of players: these
TRIALS = 2_000  # Monte Carlo trials per warm-up call
STUD = ("stud", "razz", "stud-hi-lo")  # the stud games: each pair of tables kinds
# The board and stud deals warmed: (deal, wild cards, seconds exact, seconds Monte Carlo), each
# a rough time with an empty cache, for the order only
SHOWDOWN_DEALS: tuple[tuple[str, str | None, float, float], ...] = (
    ("holdem", None, 3.2, 2.2),
    ("omaha", None, 2.2, 2.7),
    ("omaha-hi-lo", None, 3.4, 3.9),
    ("holdem", "jokers", 2.0, 2.8),
    *((game, None, 2.0, 2.0) for game in STUD),
)
DRAW_HANDS = {  # a spot of each draw deal whose kernels `pokerlut warm` compiles
    "five-card-draw": (["AsAh", "KsKhQd"], "two pair"),
    "2-7-triple-draw": (["7s6d3c2h", "8c5h4d"], "8-low"),
    "a-5-triple-draw": (["8d7c6h5s", "4c3d2h"], "8-low"),
    "badugi": (["As2d3h", "Kc2h3s"], "badugi"),
    "badeucy": (["2s3d4h5c", "7c6h4d"], "badugi"),
    "badacey": (["As2d3h4c", "8s7h6d"], "8-low"),
}


def warm_jobs() -> list[Job]:
    """Every warm-up job of the equity engines: exact and Monte Carlo of each deal of
    `SHOWDOWN_DEALS` (hold'em's Monte Carlo once per number of players), then each draw deal
    of `DRAW_HANDS`."""
    out = []
    for game, wild, exact_cost, cost in SHOWDOWN_DEALS:
        name = f"equity {game}" + (f"+{wild}" if wild else "")
        out.append(Job(f"{name} exact", _showdown, (game, 2, True, wild), exact_cost))
        if game in STUD or game.startswith("omaha"):  # one kernel for any number of players
            out.append(Job(f"{name} monte-carlo", _showdown, (game, 2, False, wild), cost))
        else:  # `kernels.draws.simulate_kernel`: one per number of players
            out += [
                Job(f"{name} monte-carlo {n} players", _showdown, (game, n, False, wild), cost)
                for n in MC_PLAYERS
            ]
    out += [Job(f"equity {deal}", _draw_game, (deal,), 10.0) for deal in DRAW_HANDS]
    return out


def _showdown(game: str, players: int, exact: bool, wild: str | None = None) -> None:
    """One exact or Monte Carlo equity call with `players` players: a range and hands."""
    from .front import equity

    stud = game in STUD
    board = "" if stud else "Kd 7d 2d 3s" if exact else "Kd"
    if game.startswith("omaha"):
        hands = ["AhKhQdJd", "8c7c6s5s", "AsAd9h9c", "2c3c4h5h", "TsTdJsJc", "KcQcJhTh"]
    elif stud:
        hands = ["As Ah Kd 4c 5c 6d", "Ks Kh 2c 8h 9h Td"] if exact else ["As Ah Kd", "Ks Kh 2c"]
    else:
        hands = ["QQ+,AKs", "AsAh", "KsKh", "Jc9c", "6h6s", "5d4d"]
    equity(
        hands[:players], board, deal=game, exact=exact, wild=wild, trials=None if exact else TRIALS, seed=1
    )


def _draw_game(deal: str) -> None:
    """The draw kernels of one deal's tables: exact after one draw (the last player counted at
    once, and dealt one by one: by category), Monte Carlo through the draws (one kernel per
    number of players, as in hold'em: `MC_PLAYERS`), `draw_chance` and `draw_keep` (the
    built-in policies)."""
    from .draw.chance import draw_chance
    from .draw.policy import draw_keep
    from .front import equity

    hands, target = DRAW_HANDS[deal]
    for by_category in (False, True):
        equity(hands, deal=deal, draw_rounds=1, exact=True, by_category=by_category)
    for n in MC_PLAYERS:
        equity(hands + [""] * (n - len(hands)), deal=deal, exact=False, trials=TRIALS, seed=1)
    draw_chance(hands[0], target, deal=deal, draw_rounds=1)
    draw_keep("Kd 9s 8d 7c 2h"[: 11 if deal == "badugi" else None], deal=deal)
