"""The exact preflop tables of hold'em, computed as Dask jobs: the heads-up matrix (equity of
each of the 169 starting-hand classes against each other) and the three-way table (every
dealable triple of classes): `compute_matrix(out, n_players=2|3)`, `pokerlut matrix
--n-players 2|3`.

**Heads-up.** The equity of class A against class B is the average, over every pair of
specific hands (a in A, b in B, no card shared), each pair equally likely, of a's share of
the pot (ties split) over all C(48, 5) = 1,712,304 boards. It is kept as integers: ``win``,
``tie`` and ``lose`` count boards summed over the pairs of hands, and ``equity = numerator /
denominator`` with ``numerator = 2 win + tie`` and ``denominator = 2 * 1,712,304 *
combo_pairs``. So A against B and B against A add up to exactly 1, and A against A is exactly
1/2.

The work is cut twice. Pairs of hands that a permutation of the four suits maps onto each
other have the same equity: each class of such pairs is evaluated once (its
``canonical_pairs``) and weighted by its size. And B against A is 1 minus A against B, so
only A <= B is computed. Of the 1,624,350 ordered pairs of hands (28,561 pairs of classes,
14,365 with A <= B), 47,086 suit-distinct pairs of hands are evaluated, 34 times fewer
(``plan()`` gives the figures; 47,008 is the least possible: on the diagonal, A against A,
78 kinds are evaluated twice, once in each order):

>>> p = plan(["AA", "KK", "AKs", "72o"])
>>> p.class_pairs, p.combo_pairs, p.canonical_pairs
(10, 612, 23)

Every pair costs one exact enumeration (`pokerlut.equity`, about 0.6 ms on one thread), so
the whole matrix takes about ``T(N) = canonical_pairs * c / N + s`` on ``N`` workers, with
``c`` the seconds per pair (the run reports it as ``seconds_per_pair``) and ``s`` the start
of the cluster and the planning (a few seconds): 47,086 * 0.0006 / N s, about 30 s on one
idle core, 17 s on two (measured), a few seconds on sixteen.

**Three-way.** The equities of classes (A, B, C) are the averages, over every deal of three
specific hands (a in A, b in B, c in C, no card shared), each deal equally likely, of each
player's share of the pot (ties split) over all C(46, 5) = 1,370,754 boards. They are kept as
integers: the boards summed over the deals, by who shares the pot (``win_a``, ``win_b``,
``win_c`` alone; ``tie_ab``, ``tie_ac``, ``tie_bc``, ``tie_abc``), over ``deals * 1,370,754``
boards. Only A <= B <= C (in matrix order, `CLASSES`) is computed and stored: the other
orders are the same deals with the players renamed (`lookup` reads any order). A triple is in
the table if and only if it can be dealt (AA, AA, AKs cannot: five aces).

The lever is `kernels.triples`: the deals of a triple differ only in their suits, and a
deal's boards count as a rank part that depends on the hole ranks alone plus, per suit, a
flush correction that depends only on which hole cards are of the suit. So a triple costs
one rank part and one correction per distinct pattern (at most 27 for three offsuit hands),
not up to 1,728 deals one by one: about 1-2 ms on one thread instead of 0.1-1.3 s.

>>> r = class_triple("AA", "KK", "QQ")
>>> r.dealt, round(r.equity[0], 4)
(216, 0.6698)

**Both.** The work goes to the workers in chunks (``chunk_pairs`` evaluations of pairs of
hands, ``chunk_triples`` class triples: a few seconds each), in matrix order, on
`pokerlut.distributed`'s runner. Every finished chunk is written (atomically) into a folder
beside the output, ``<out>.parts/chunk-00042.parquet``; a run that finds that folder skips
the chunks already there, so an interrupted job resumes where it stopped. At the end the
parts are combined into one Parquet file: every ordered pair of classes (``hero``,
``villain``), or every dealable triple (``a``, ``b``, ``c``).
"""

from __future__ import annotations

# The parts, each a private module: _classes (the 169 classes and their order), _heads_up and
# _three_way (one table kind each: its plan, task, table and `TableKind`), _job (what a kind
# does for compute_matrix, and the job on Dask both share), _runs (what a run reports), _plot
# (the heatmap), _compute (compute_matrix), _preflop_order (the script behind PREFLOP_ORDER).
from ._classes import CLASSES, parse_classes
from ._compute import compute_matrix
from ._heads_up import BOARDS, CHUNK_PAIRS as CHUNK_PAIRS, Plan, canonical_pairs, plan, random_hand_equity
from ._job import FORMAT as FORMAT
from ._plot import plot_matrix
from ._runs import Matrix3Run, MatrixRun
from ._three_way import (
    BOARDS3,
    CHUNK_TRIPLES as CHUNK_TRIPLES,
    COUNT_COLUMNS,
    Plan3,
    TripleResult,
    class_arrays as class_arrays,
    class_triple,
    count_triples,
    lookup,
    plan3,
)

__all__ = [
    "BOARDS",
    "BOARDS3",
    "CLASSES",
    "COUNT_COLUMNS",
    "Matrix3Run",
    "MatrixRun",
    "Plan",
    "Plan3",
    "TripleResult",
    "canonical_pairs",
    "class_triple",
    "compute_matrix",
    "count_triples",
    "lookup",
    "parse_classes",
    "plan",
    "plan3",
    "plot_matrix",
    "random_hand_equity",
]
