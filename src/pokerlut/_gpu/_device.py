"""numba-cuda, loaded on first use; each game's tables on the device; launch sizes.

The one place that imports `numba.cuda` (`cuda()`). On first use it registers, for numba-cuda's
target, the overloads of `pokerlut._kernels.core` that numba inlines (`core.CUDA_OVERLOADS`:
numba's generic registration of an ``inline="always"`` overload fails in CUDA code, and
`core.nth_bit` deals by a search there, not by the x86 pdep), so that GPU kernels call the CPU
evaluator's own functions. It also decides, in one place, how arrays reach a kernel: device
arrays on a GPU; under numba-cuda's simulator (``NUMBA_ENABLE_CUDASIM=1``) the host arrays
themselves, since simulated kernels are Python calling the CPU's compiled functions, which take
numpy arrays (a namedtuple of simulated device arrays does not unbox there).

Kernels launched with `launch` sizes must loop over their items with a grid stride (``for i in
range(cuda.grid(1), n, cuda.gridsize(1))``): the grid is sized to fill the GPU, not to the data.
"""

from __future__ import annotations

import importlib.util
import math
import os
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

if TYPE_CHECKING:
    from ..rules import Rules

PIP = "pip install 'pokerlut[gpu]'"
DEVICES = ("cpu", "cuda")
THREADS = 256  # threads per block
BLOCKS_PER_SM = 32  # blocks per multiprocessor: enough resident warps to hide memory latency
SIM_THREADS, SIM_BLOCKS = 16, 2  # the simulator runs each thread as a Python thread

_T = TypeVar("_T", bound=tuple[Any, ...])
_lock = threading.RLock()
_state: dict[str, Any] = {}  # "cuda": the module; "available": whether a GPU (or the simulator) is there
_on_device: dict[tuple[Rules, int], Any] = {}  # (game, device id) -> tables on the device


class NoGPUError(RuntimeError):
    """``device="cuda"`` where numba-cuda sees no CUDA GPU (and the simulator is off)."""


def wants_gpu(device: object) -> bool:
    """True for ``device="cuda"``, False for ``"cpu"``: the check of every public ``device=``
    keyword (TypeError for a value that is not a str, ValueError for another str). Imports
    nothing.

    >>> wants_gpu("cpu"), wants_gpu("cuda")
    (False, True)
    >>> wants_gpu("gpu")
    Traceback (most recent call last):
    ...
    ValueError: device must be 'cpu' or 'cuda', not 'gpu'
    """
    if not isinstance(device, str):
        raise TypeError(f"device must be 'cpu' or 'cuda', not {type(device).__name__}: {device!r}")
    if device not in DEVICES:
        raise ValueError(f"device must be 'cpu' or 'cuda', not {device!r}")
    return device == "cuda"


def cuda(require: bool = True) -> Any:
    """The `numba.cuda` module (numba-cuda's), imported on the first call, with core's inlined
    overloads registered for its target.

    `require` (default): also check that a CUDA GPU is there (or the simulator is on), raising
    NoGPUError (a RuntimeError) if not; False only loads the module (compiling to PTX needs no GPU).
    ImportError, naming the pip line, when numba-cuda is not installed.
    """
    module = _state.get("cuda")
    if module is None:
        with _lock:
            module = _state.get("cuda")
            if module is None:
                module = _load()
                _state["cuda"] = module
    if require and not _available(module):
        raise NoGPUError(
            "no CUDA GPU: device='cuda' needs an NVIDIA GPU and its driver (numba.cuda.detect() "
            "says what numba-cuda sees); set NUMBA_ENABLE_CUDASIM=1 for numba-cuda's simulator "
            "(no GPU: kernels run as slow Python, for tests)"
        )
    return module


def _load() -> Any:
    if importlib.util.find_spec("numba_cuda") is None:
        raise ImportError(f"device='cuda' needs numba-cuda (NVIDIA's CUDA target for numba): {PIP}")
    try:
        from numba import cuda as module
    except ImportError as error:
        raise ImportError(
            f"device='cuda' needs numba-cuda, which does not load here ({error}): {PIP}"
        ) from error
    from numba.cuda.core import config  # type: ignore[import-not-found]

    if not config.ENABLE_CUDASIM:
        from numba.cuda.extending import overload  # type: ignore[attr-defined]

        from .._kernels import core

        for func, generator in core.CUDA_OVERLOADS:
            overload(func, target="cuda", inline="always")(generator)
        # a small batch is a fine launch here: no warning that it leaves the GPU idle (pytest
        # turns warnings into errors), unless the environment asks for them
        if "NUMBA_CUDA_LOW_OCCUPANCY_WARNINGS" not in os.environ:
            config.CUDA_LOW_OCCUPANCY_WARNINGS = 0
    return module


def _available(module: Any) -> bool:
    available = _state.get("available")
    if available is None:
        available = _state["available"] = bool(module.is_available())
    return bool(available)


def simulator() -> bool:
    """Whether numba-cuda runs its simulator (``NUMBA_ENABLE_CUDASIM=1`` when it was
    imported): kernels run as Python, without a GPU."""
    cuda(require=False)
    from numba.cuda.core import config

    return bool(config.ENABLE_CUDASIM)


def to_device(values: _T, stream: Any = 0) -> _T:
    """A tuple (a namedtuple: its class kept) with each numpy array copied to the device, for
    a kernel argument; under the simulator the tuple itself (see the module's docstring)."""
    module = cuda()
    if simulator():
        return values
    copied = [
        module.to_device(np.ascontiguousarray(v), stream=stream) if isinstance(v, np.ndarray) else v
        for v in values
    ]
    return type(values)(*copied) if hasattr(values, "_fields") else type(values)(copied)


def argument_type(values: tuple[Any, ...]) -> Any:
    """numba's type of a kernel argument made by `to_device` from `values` (a tuple or a
    namedtuple of arrays and scalars), for compiling without a GPU (`ptx_kernels`): each array
    as a device array has it, mutable and C-contiguous."""
    import numba

    items = [np.empty((0,) * v.ndim, v.dtype) if isinstance(v, np.ndarray) else v for v in values]
    return numba.typeof(type(values)(*items) if hasattr(values, "_fields") else tuple(items))  # type: ignore[no-untyped-call]


def device_tables(game: Rules) -> Any:
    """The tables of a game (`pokerlut._tables.kernel_tables(game)`, a namedtuple whose class is
    the kind of tables) on the current device: copied once per process, game and device."""
    from .. import _tables

    module = cuda()
    key = (game, 0 if simulator() else int(module.get_current_device().id))
    found = _on_device.get(key)
    if found is None:
        with _lock:
            found = _on_device.get(key)
            if found is None:
                found = _on_device[key] = to_device(_tables.kernel_tables(game))
    return found


def multiprocessors() -> int:
    """The current GPU's number of multiprocessors (SMs); 1 under the simulator."""
    if simulator():
        return 1
    count = _state.get("sms")
    if count is None:
        count = _state["sms"] = int(cuda().get_current_device().MULTIPROCESSOR_COUNT)
    return int(count)


def launch(n: int, threads: int = THREADS) -> tuple[int, int]:
    """(blocks, threads per block) for a grid-stride kernel over `n` items: blocks enough to
    fill the GPU (`BLOCKS_PER_SM` per multiprocessor) but no more than `n` needs, at least one.
    Under the simulator a couple of small blocks (each thread is a Python thread there)."""
    if simulator():
        threads = min(threads, SIM_THREADS)
        return max(1, min(SIM_BLOCKS, math.ceil(n / threads))), threads
    return max(1, min(BLOCKS_PER_SM * multiprocessors(), math.ceil(n / threads))), threads


def is_device_array(obj: object) -> bool:
    """Whether `obj` is an array on a CUDA device (a numba device array, an object with
    ``__cuda_array_interface__`` or a DLPack provider on a CUDA device), without loading
    numba.cuda for plain host data (numpy arrays, lists, text)."""
    if isinstance(obj, (np.ndarray, list, tuple, str, bytes)) or np.isscalar(obj):
        return False
    if getattr(obj, "__cuda_ndarray__", False):  # numba's device arrays (and the simulator's)
        return True
    try:
        if getattr(obj, "__cuda_array_interface__", None) is not None:
            return True
    except Exception:  # e.g. a CPU tensor's property refuses
        return False
    return _dlpack_on_cuda(obj)


def _dlpack_on_cuda(obj: object) -> bool:
    """Whether obj exports DLPack from a CUDA device (kDLCUDA 2, kDLCUDAManaged 13)."""
    where = getattr(obj, "__dlpack_device__", None)
    if where is None or getattr(obj, "__dlpack__", None) is None:
        return False
    try:
        kind = int(where()[0])
    except Exception:
        return False
    return kind in (2, 13)


def as_device_array(obj: Any) -> Any:
    """A CUDA array as a numba device array, no copy (`is_device_array` says which objects are
    CUDA arrays): a numba device array as it is; an object with ``__cuda_array_interface__``
    (CuPy, PyTorch, ...) through `numba.cuda.as_cuda_array`, which first waits for the producer's
    stream (the interface's "stream"); a DLPack provider through cuda.core's
    StridedMemoryView, asking the producer to order its work before the legacy default stream
    (the one this module's kernels run on). A numba device array bound to a stream has that
    stream synchronized."""
    module = cuda()
    if getattr(obj, "__cuda_ndarray__", False):
        stream: Any = getattr(obj, "stream", 0)
        if stream and not simulator():
            stream.synchronize()
        return obj
    try:
        interface = getattr(obj, "__cuda_array_interface__", None)
    except Exception:
        interface = None
    if interface is not None:
        return module.as_cuda_array(obj, sync=True)
    if _dlpack_on_cuda(obj):
        return _from_dlpack(module, obj)
    raise TypeError(f"not an array on a CUDA device: {type(obj).__name__}")


def _from_dlpack(module: Any, obj: Any) -> Any:
    from cuda.core.utils import StridedMemoryView  # type: ignore[import-untyped]
    from numba.cuda.core import config

    # the default stream, in DLPack's numbering: 1 the legacy one, 2 the per-thread one
    view = StridedMemoryView.from_dlpack(obj, stream_ptr=2 if config.CUDA_PER_THREAD_DEFAULT_STREAM else 1)
    dtype = np.dtype(view.dtype)
    strides: Sequence[int] | None = view.strides
    interface = {
        "shape": tuple(view.shape),
        "strides": None if strides is None else tuple(int(s) * dtype.itemsize for s in strides),
        "data": (int(view.ptr), bool(view.readonly)),
        "typestr": dtype.str,
        "version": 3,
    }
    return module.from_cuda_array_interface(interface, owner=view, sync=False)
