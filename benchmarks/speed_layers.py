"""What the save path's speed layers buy: benchmarks/save_latency.py run with each switched off.

Two layers sit on the save path: `@prepared` querysets (events/core/prepared.py: SQL compiled
once) and the scorer's caches (events/standings/scorer.py: scored sections kept per session
version, and the lines built from stored rows). Each configuration runs in a process of its own,
on a fresh test database, so nothing warmed by one run helps the next.

    .venv/bin/python benchmarks/speed_layers.py [TABLES]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/clubscore_bench \\
        .venv/bin/python benchmarks/speed_layers.py 15
"""

import os
import runpy
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
CONFIGURATIONS = ["", "prepared", "scorer-caches", "prepared,scorer-caches"]


def switch_off(layers: set[str]) -> None:
    if "prepared" in layers:
        from events.core.prepared import prepared

        # The plain queryset each time: built and compiled by Django on every call.
        prepared.__call__ = lambda self, *values: list(self.queryset(*values))
    if "scorer-caches" in layers:
        from events.standings import scorer

        scorer._CACHE_SIZE = 0  # every scored section forgotten as soon as it is stored
        scorer._line = scorer._line.__wrapped__  # lines built afresh from every row


if __name__ == "__main__":
    off = os.environ.get("SPEED_LAYERS_OFF")
    if off is None:
        for configuration in CONFIGURATIONS:
            print(f"\n== without: {configuration or 'nothing (all layers on)'}", flush=True)
            env = {**os.environ, "SPEED_LAYERS_OFF": configuration}
            subprocess.run([sys.executable, __file__, *sys.argv[1:]], env=env, check=True)
    else:
        sys.path.insert(0, str(HERE.parent))
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubscore.settings")
        import django

        django.setup()
        switch_off({layer for layer in off.split(",") if layer})
        runpy.run_path(str(HERE / "save_latency.py"), run_name="__main__")
