import random
import time

from django.core.management.base import BaseCommand, CommandError

from events.handrecords.dd import BATCH, dd_tables
from events.handrecords.stats import ParDistribution, random_deals
from scoring import par
from scoring.par import VULNERABILITIES


class Command(BaseCommand):
    help = (
        "Deal N random boards, solve them double dummy and print the distribution of their "
        "absolute par scores laid out like the tables of Pavlicek's Par Score Stats "
        "(10,485,760 deals)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--deals", type=int, required=True, metavar="N")
        parser.add_argument("--seed", type=int, help="the same seed deals the same boards")
        parser.add_argument("--vulnerability", choices=VULNERABILITIES, default="None")

    def handle(self, *args, **options):
        count, vulnerability = options["deals"], options["vulnerability"]
        if count < 1:
            raise CommandError("--deals must be at least 1")
        seed = options["seed"]
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        started, cpu = time.perf_counter(), time.process_time()
        deals = random_deals(count, seed)
        scores = []
        # DDS solves a batch with one thread per core; the CPU time printed shows it.
        for start in range(0, count, BATCH):
            tables = dd_tables(deals[start : start + BATCH])
            scores += [par(table, vulnerability).score for table in tables]
            if options["verbosity"] >= 2:
                self.stderr.write(f"{len(scores)} of {count} deals analysed")
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
        self.stdout.write(f"Par scores of {count:,} random deals, {vulnerability} vul, seed {seed}")
        self.stdout.write("")
        self.stdout.write("\n".join(ParDistribution(tuple(scores)).lines()))
        self.stdout.write(f"Elapsed: {elapsed:.1f} s (CPU {cpu:.1f} s)")
