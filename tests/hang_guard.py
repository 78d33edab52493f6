"""A guard against hangs for the tests of inputs built to be slow: not a speed target.

The inputs these tests feed are sized so that a parser whose time grows with the square of
its input would run for minutes or hours, while a linear one finishes in milliseconds; the
guard's few seconds only stop a test that would otherwise hold the suite.
"""

import signal
import threading
from contextlib import contextmanager

import pytest

GUARD_SECONDS = 5


class _StillRunning(Exception):
    pass


@contextmanager
def finishes_within(seconds: float = GUARD_SECONDS):
    """Fail the test if the block is still running after `seconds` (Python's regular
    expression engine checks for signals, so a backtracking match is interrupted too)."""
    in_main_thread = threading.current_thread() is threading.main_thread()
    if not hasattr(signal, "setitimer") or not in_main_thread:
        yield  # no timer signal here: the test still runs, unguarded
        return

    def stop(_signal, _frame):
        raise _StillRunning

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    except _StillRunning:
        pytest.fail(
            f"still running after {seconds} s: the input is read in time that grows "
            "faster than its size"
        )
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
