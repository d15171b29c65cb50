"""Buckets of the states of a street (`buckets`): percentiles of EHS2 (HS on the river), or
scikit-learn's k-means on the HS histograms or their running sums (the `abstraction` extra)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..distributed import need
from ._features import OPPONENTS, StreetFeatures
from ._indexer import HandIndexer

METHODS = ("ehs2-percentile", "kmeans-histogram", "kmeans-emd")
SAMPLE = 200_000  # states k-means fits on by default (then every state goes to its nearest centre)
_CHUNK = 1 << 18  # states assigned to their centres at a time


@dataclass(frozen=True, eq=False, repr=False)
class Buckets:
    """The bucket of every state of a street, the buckets numbered 0.. by the mean EHS of
    their hands (HS on the river), 0 the weakest.

    Attributes
    ----------
    method : str
        How the buckets were made (one of `METHODS`).
    labels : numpy.ndarray
        The bucket of every state, by its index: the smallest unsigned dtype that holds the
        bucket numbers.
    states : numpy.ndarray
        int64 per bucket: the states in it.
    hands : numpy.ndarray
        int64 per bucket: the hands its states stand for (the sum of their weights).
    ehs : numpy.ndarray
        float64 per bucket: the mean EHS of its hands (HS on the river), ascending.
    inertia : float or None
        k-means' weighted sum of squared distances of every state to its centre (None for
        percentile buckets).

    `to_dict()` gives the per-bucket arrays as lists (there are k of them) and summarises
    `labels` (one per state) by its dtype; `to_frame()` has one row per bucket.

    >>> b = Buckets("ehs2-percentile", np.array([0, 0, 1], np.uint8), np.array([2, 1]),
    ...             np.array([12, 6]), np.array([0.25, 0.75]), None)
    >>> b
    Buckets('ehs2-percentile': 2 buckets of 3 states (18 hands), labels uint8, EHS 0.25 to 0.75)
    >>> b.to_dict()["sizes"]
    {'states': [2, 1], 'hands': [12, 6]}
    """

    method: str
    labels: np.ndarray
    states: np.ndarray
    hands: np.ndarray
    ehs: np.ndarray
    inertia: float | None

    def __repr__(self) -> str:
        ehs = f", EHS {self.ehs[0]:.3g} to {self.ehs[-1]:.3g}" if len(self.ehs) else ""
        inertia = "" if self.inertia is None else f", inertia {self.inertia:.6g}"
        return (
            f"Buckets({self.method!r}: {len(self.states):,} buckets of "
            f"{int(self.states.sum()):,} states ({int(self.hands.sum()):,} hands), labels "
            f"{self.labels.dtype}{ehs}{inertia})"
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: method, buckets (how many), states and hands (in all), dtype
        (of `labels`, which is left out: one per state), inertia (k-means only: left out for
        percentile buckets), sizes (states and hands per bucket, as lists) and ehs (per
        bucket, rounded to 6 decimals)."""
        data: dict[str, Any] = {
            "method": self.method,
            "buckets": len(self.states),
            "states": int(self.states.sum()),
            "hands": int(self.hands.sum()),
            "dtype": str(self.labels.dtype),
        }
        if self.inertia is not None:
            data["inertia"] = self.inertia
        data["sizes"] = {"states": self.states.tolist(), "hands": self.hands.tolist()}
        data["ehs"] = [round(float(e), 6) for e in self.ehs]
        return data

    def to_frame(self) -> Any:
        """A pandas DataFrame, one row per bucket (index: its number): states, hands, ehs."""
        import pandas as pd

        return pd.DataFrame(
            {"states": self.states, "hands": self.hands, "ehs": self.ehs},
            index=pd.RangeIndex(len(self.states), name="bucket"),
        )


def buckets(
    features: StreetFeatures | np.ndarray,
    k: int,
    method: str = "ehs2-percentile",
    *,
    weights: Any = None,
    seed: int = 0,
    sample: int | None = SAMPLE,
) -> Buckets:
    """At most k buckets of the states of `features` (a `StreetFeatures`, or the river's
    counts of `river_hand_strengths()`), each state weighted by the hands it stands for
    (`weights`; by default, for a whole street, `HandIndexer(street,
    "imperfect").orbit_sizes()`). Methods (`METHODS`):

    - "ehs2-percentile": k buckets of equal weight by EHS2 (HS on the river); states of equal
      EHS2 are never split: they go to the bucket of the middle of their weight;
    - "kmeans-histogram": scikit-learn's k-means on the HS histograms (rows as probabilities);
    - "kmeans-emd": k-means on their running sums (the CDFs, whose L1 distance is the earth
      mover's distance; k-means itself minimises squared L2 between them).

    k-means fits on `sample` states drawn with `seed` (None: all), then puts every state in
    the bucket of its nearest centre; the same seed gives the same buckets.

    >>> ehs2 = np.array([1, 2, 3, 3, 3, 4])  # six states' sums of squares, and sums
    >>> six = StreetFeatures("turn", 46, ehs2, ehs2, np.zeros((6, 50), np.uint8))
    >>> buckets(six, 2, weights=np.ones(6, int)).labels.tolist()  # the three 3s stay together
    [0, 0, 1, 1, 1, 1]
    """
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r} (one of: {', '.join(METHODS)})")
    if type(k) is not int or k < 1:
        raise ValueError(f"k (the number of buckets) is a positive int, not {k!r}")
    if isinstance(features, StreetFeatures):
        street, strength, scale = features.street, features.sums, 2 * OPPONENTS * features.runouts
        key: np.ndarray = features.squares
    elif isinstance(features, np.ndarray) and features.ndim == 1 and features.dtype == np.uint16:
        street, strength, scale, key = "river", features, 2 * OPPONENTS, features
        if method != "ehs2-percentile":
            raise ValueError(
                f"method {method!r} clusters histograms of runouts: a river state "
                f"has one value, its HS (method 'ehs2-percentile')"
            )
    else:
        raise TypeError(
            "features are a StreetFeatures or the river's uint16 counts "
            f"(river_hand_strengths()), not {type(features).__name__}"
        )
    if not len(key):
        raise ValueError("features of no state: nothing to bucket")
    w = _weights(street, len(key), weights)
    if method == "ehs2-percentile":
        labels, inertia = _percentiles(key, w, k), None
    else:
        assert isinstance(features, StreetFeatures)
        labels, inertia = _kmeans(features, w, k, method == "kmeans-emd", seed, sample)
    return _numbered_by_strength(method, labels, w, strength, scale, inertia)


def _weights(street: str, n: int, weights: Any) -> np.ndarray:
    """The weight of each of n states: `weights` checked, or the street's orbit sizes."""
    if weights is None:
        indexer = HandIndexer(street, "imperfect")
        if n != indexer.size:
            raise ValueError(
                f"features of {n:,} states (the {street} has {indexer.size:,}) need their weights (weights=)"
            )
        return indexer.orbit_sizes()
    w = np.asarray(weights)
    if w.shape != (n,) or not np.issubdtype(w.dtype, np.integer) or (n and w.min() < 1):
        raise ValueError(f"weights are {n:,} positive ints (one per state), not {w.dtype} of shape {w.shape}")
    return w


def _percentiles(key: np.ndarray, w: np.ndarray, k: int) -> np.ndarray:
    """Buckets of equal weight by key, ascending: each group of equal keys goes whole to the
    bucket i whose share of the weight, [i / k, (i + 1) / k), holds the middle of the group;
    the buckets left empty are dropped (numbers without gaps)."""
    order = np.argsort(key, kind="stable")
    ordered = key[order]
    ends = np.append(np.flatnonzero(ordered[1:] != ordered[:-1]), len(key) - 1)
    upto = np.cumsum(w[order], dtype=np.int64)[ends]  # weight up to each group's end
    before = np.append(0, upto[:-1])
    bucket = k * (before + upto) // (2 * int(upto[-1]))  # exact: the middle's bucket
    starts = ordered[ends][np.flatnonzero(np.diff(bucket, prepend=-1))]
    return np.asarray(np.searchsorted(starts, key, side="right") - 1)


def _kmeans(
    features: StreetFeatures, w: np.ndarray, k: int, cumulative: bool, seed: int, sample: int | None
) -> tuple[np.ndarray, float]:
    """k-means (scikit-learn's KMeans, k-means++ from `seed`) on the histograms as
    probabilities or their running sums, fitted on a sample of states, weighted; every state
    then labelled with its nearest centre. Returns the labels and the inertia of all states."""
    cluster = need("sklearn.cluster", "abstraction")
    n = len(features.sums)
    if sample is not None and (type(sample) is not int or sample < 1):
        raise ValueError(f"sample is a positive int (states to fit on) or None, not {sample!r}")
    fit = (
        np.arange(n)
        if sample is None or sample >= n
        else np.sort(np.random.default_rng(seed).choice(n, sample, replace=False))
    )
    if k > len(fit):
        raise ValueError(f"k = {k:,} buckets is more than the {len(fit):,} states fitted")
    model = cluster.KMeans(n_clusters=k, n_init=1, random_state=seed)
    model.fit(
        _points(features.histogram[fit], features.runouts, cumulative),
        sample_weight=w[fit].astype(np.float64),
    )
    labels = np.zeros(n, np.int64)
    inertia = 0.0
    for first in range(0, n, _CHUNK):
        points = _points(features.histogram[first : first + _CHUNK], features.runouts, cumulative)
        nearest = labels[first : first + _CHUNK] = model.predict(points)
        distance = ((points - model.cluster_centers_[nearest]) ** 2).sum(axis=1)
        inertia += float(w[first : first + _CHUNK].astype(np.float64) @ distance)
    return labels, inertia


def _points(histogram: np.ndarray, runouts: int, cumulative: bool) -> np.ndarray:
    """Histogram rows as probabilities (float32), or their running sums (the CDFs)."""
    counts = np.cumsum(histogram, axis=1, dtype=np.int32) if cumulative else histogram
    points: np.ndarray = counts.astype(np.float32) / np.float32(runouts)
    return points


def _numbered_by_strength(
    method: str, labels: np.ndarray, w: np.ndarray, strength: np.ndarray, scale: int, inertia: float | None
) -> Buckets:
    """The buckets that hold states renumbered 0.. by the weighted mean of strength / scale
    (EHS, or HS) of their states, ties by their first number."""
    hands = np.bincount(labels, weights=w)
    used = np.flatnonzero(hands)
    mean = np.bincount(labels, weights=w * strength.astype(np.float64))[used] / hands[used] / scale
    order = np.lexsort((used, mean))
    number = np.zeros(len(hands), np.int64)
    number[used[order]] = np.arange(len(used))
    out = number[labels].astype(np.min_scalar_type(max(len(used) - 1, 0)))
    return Buckets(
        method,
        out,
        np.bincount(out, minlength=len(used)).astype(np.int64),
        hands[used[order]].astype(np.int64),
        mean[order],
        inertia,
    )
