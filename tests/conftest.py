"""Shared pytest setup: this directory on sys.path, so its helpers import (the references:
`from reference.high import best_key`); `cluster`, one 2-worker Dask LocalCluster for the runs
of a module."""

import logging
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))


@pytest.fixture(scope="module")
def cluster():
    """One 2-worker LocalCluster (one numba thread per worker) for the runs of this module."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.ERROR,
        env={"NUMBA_NUM_THREADS": "1"},
        scheduler_kwargs={"dashboard": False, "dashboard_address": ":0"},
    ) as c:
        yield c
