"""How fast this machine runs Python at the moment of a load run, to read its figures against.

These machines' speed drifts by a quarter or more from one hour to the next, and the same
pages cost less under an optimised build of CPython, like the Docker image's (docker-library's
python:3.11-slim is configured `--enable-optimizations --with-lto`), than under one without,
like these machines' pyenv 3.11. A run prints the time of one fixed piece of Python before and
after its load, and a short piece every second during it: two runs are comparable when those
agree.
"""

import gc
import platform
import sys
import time

ROWS = 60_000  # about 35 ms on these machines in a fast hour
PROBE_ROWS = 3_000  # about 2 ms: timed every second during a load, beside the server


def task(size: int = ROWS) -> int:
    """Pure Python in the shapes a request is made of: dicts keyed by strings, formatting,
    a generator and a sort. Returns a checksum, so nothing is skipped."""
    rows = {}
    for number in range(size):
        key = f"row-{number}-{number % 97}"
        rows[key] = (number * 7) % 1_000
    picked = sorted(value for key, value in rows.items() if key.endswith("3"))
    return sum(picked[::7]) + len(rows)


def task_ms(repeat: int = 20, size: int = ROWS) -> float:
    """The fastest of `repeat` runs of `task`, in milliseconds: the least disturbed by what
    else the machine was doing (on these machines, even quiet, a run now and then takes
    twice as long)."""
    return min(_timed(size) for _ in range(repeat))


def probe_ms() -> float:
    """One short run, in milliseconds, as a request would feel the machine at that moment."""
    return _timed(PROBE_ROWS)


def _timed(size: int) -> float:
    # Without the garbage collector: it would scan whatever the runner holds (Django, the
    # scenario), which has nothing to do with the machine's speed.
    gc.disable()
    try:
        began = time.perf_counter()
        task(size)
        return (time.perf_counter() - began) * 1000
    finally:
        gc.enable()


def interpreter() -> str:
    """Which Python serves the run (the runner's own: gunicorn and locust come from its venv)."""
    return f"{platform.python_implementation()} {platform.python_version()} ({sys.executable})"
