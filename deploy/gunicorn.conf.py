"""gunicorn's settings for Clubscore: `gunicorn -c deploy/gunicorn.conf.py clubscore.wsgi`.

Sync workers are safe only behind a buffering proxy (deploy/nginx/): nginx reads each request
whole before passing it on and takes each response at once, so a slow or stalled phone holds a
cheap nginx connection, never one of these few workers. Every number can be set from the
environment; docs/operations.md says how to size them.
"""

import gc
import os

# This computer only, unless told otherwise: docker compose binds 0.0.0.0:8000 in the web
# container, which only nginx reaches (docker-compose.yml).
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
# The proxy's addresses: X-Forwarded-Proto (here) and X-Real-IP (the app's TRUSTED_PROXIES, from
# the same variable) are believed only from these. gunicorn's own default, said out loud.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
workers = int(os.environ.get("GUNICORN_WORKERS", "3"))
# Without nginx in front (a club laptop serving the room's phones directly), give each worker
# threads (GUNICORN_THREADS=8): a stalled phone then holds one thread, not a whole worker.
threads = int(os.environ.get("GUNICORN_THREADS", "1"))
worker_class = "gthread" if threads > 1 else "sync"
# A page that takes longer than this is a bug or a stuck database: the worker is restarted
# (and the error logged) rather than lost. PostgreSQL stops a statement at 30 s too.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 30
keepalive = 5  # seconds; nginx keeps its own connections to clients
# The app is loaded once, before the workers are forked: a replaced worker starts in
# milliseconds instead of the second or more an import of Django and the app takes, during
# which the requests sent to it waited (the load runs' slowest answers were exactly those).
preload_app = True
# A worker is replaced now and then, so a slow leak cannot grow for ever. Workers share the
# load evenly, so a small jitter had all of them replaced within the same two seconds.
max_requests = 5000
max_requests_jitter = 2500


def pre_request(worker, req):
    """Remember which request the worker is on, for worker_abort to name."""
    peer = req.peer_addr[0] if isinstance(req.peer_addr, tuple) else "a local socket"
    client = next((value for name, value in req.headers if name == "X-REAL-IP"), peer)
    worker.clubscore_request = f"{req.method} {req.path} from {client}"


def worker_abort(worker):
    """A worker whose request outlasted `timeout` is stopped (SIGABRT). Say which request it
    was, and end the worker at once: left to finish, it answered the request with gunicorn's
    bare "Internal Server Error". Ended, it answers nothing, nginx shows its own page ("not
    answering": deploy/nginx/proxy.conf), and the database rolls back whatever it had begun,
    as for any client that vanished."""
    request = getattr(worker, "clubscore_request", "no request")
    worker.log.error(
        "Worker %s stopped: %s took longer than the %s s timeout", worker.pid, request, timeout
    )
    for handler in worker.log.error_log.handlers:
        handler.flush()
    os._exit(1)


def pre_fork(server, worker):
    """Freeze what the preloaded app made (Django, the app, their modules) out of the garbage
    collector: those objects live as long as the worker, and a full collection scanning them
    held one save 185 ms in a profile run of 120; frozen, it took 22 ms."""
    gc.freeze()


# One line per request on stdout (docker compose logs web), errors and tracebacks on stderr.
# X-Real-IP is the player's address as nginx saw it; %(M)s the milliseconds the page took.
accesslog = "-"
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
access_log_format = '%({x-real-ip}i)s "%(r)s" %(s)s %(b)s %(M)sms "%(a)s"'
