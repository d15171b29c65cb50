"""The GPU path (`device="cuda"`): numba-cuda kernels that call the CPU evaluator's own numba
functions (`pokerlut._kernels.core`), with each game's tables copied to the device once.

Nothing here is imported by `import pokerlut`: `numba.cuda` is loaded on first use, by
`_device.cuda()`. Under ``NUMBA_ENABLE_CUDASIM=1`` (numba-cuda's simulator, no GPU) the kernels
run as Python, which the tests use; ``tests/test_gpu_ptx.py`` compiles every kernel to PTX for a
real GPU (each module's ``ptx_kernels()`` lists them).
"""
