"""nginx in front of a local gunicorn, with the production rules of deploy/nginx/.

docker compose runs nginx with deploy/nginx/http.conf, which includes upstream.conf (where the
app is, the poll cache) and proxy.conf (buffering, timeouts, headers, caching). Here the same
two files serve a throw-away nginx on 127.0.0.1: upstream.conf with the app's address and the
cache's folder put in, proxy.conf with deploy/nginx's own folder for its error pages.
Debian's nginx-light is enough.

    with local_nginx(app_port=8000, folder=Path("/tmp/x")) as front:
        urllib.request.urlopen(f"http://127.0.0.1:{front.port}/")
"""

import getpass
import os
import shutil
import socket
import subprocess
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "deploy" / "nginx"
COMPOSE_APP = "server web:8000;"
COMPOSE_CACHE = "/var/cache/nginx/clubscore"
COMPOSE_RULES = "/etc/nginx/clubscore/"  # where compose mounts deploy/nginx
SBIN_FOLDERS = (Path("/usr/sbin"), Path("/usr/local/sbin"))  # often not on a user's PATH


@dataclass
class Front:
    port: int
    process: subprocess.Popen
    error_log: Path


def nginx_binary() -> str | None:
    """The nginx to run: the one CLUBSCORE_NGINX names (a path, or a name on PATH) when it is
    set, else nginx on PATH or in the sbin folders packages and source builds install it in.
    None when there is none."""
    named = os.environ.get("CLUBSCORE_NGINX")
    if named is not None:
        return shutil.which(named)
    return shutil.which("nginx") or next(
        (str(folder / "nginx") for folder in SBIN_FOLDERS if (folder / "nginx").exists()), None
    )


def nginx_missing() -> str:
    """Why nginx_binary() found none, in plain words, with what to do."""
    named = os.environ.get("CLUBSCORE_NGINX")
    if named is not None:
        return f"CLUBSCORE_NGINX={named!r} names no program here"
    return "nginx is not installed (Debian: apt-get install nginx-light)"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def config(app_port: int, port: int, folder: Path) -> str:
    """A whole nginx.conf: deploy/nginx's upstream and proxy rules on loopback ports."""
    upstream = (RULES / "upstream.conf").read_text()
    if COMPOSE_APP not in upstream or COMPOSE_CACHE not in upstream:
        raise ValueError("deploy/nginx/upstream.conf no longer names web:8000 and its cache")
    upstream = upstream.replace(COMPOSE_APP, f"server 127.0.0.1:{app_port};")
    upstream = upstream.replace(COMPOSE_CACHE, str(folder / "cache"))
    proxy = (RULES / "proxy.conf").read_text()
    if COMPOSE_RULES not in proxy:
        raise ValueError(
            f"deploy/nginx/proxy.conf no longer finds its error pages in {COMPOSE_RULES}"
        )
    (folder / "proxy.conf").write_text(proxy.replace(COMPOSE_RULES, f"{RULES}/"))
    temp = {name: folder / name for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi")}
    # Run by root (as in a container), nginx's workers would drop to nobody, who cannot write
    # in the run's private folder: they stay the user that started them.
    user = f"user {getpass.getuser()};" if os.geteuid() == 0 else ""
    return f"""
daemon off;
{user}
worker_processes 1;
pid {folder / "nginx.pid"};
error_log {folder / "nginx-error.log"} warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {temp["body"]};
    proxy_temp_path {temp["proxy"]};
    fastcgi_temp_path {temp["fastcgi"]};
    uwsgi_temp_path {temp["uwsgi"]};
    scgi_temp_path {temp["scgi"]};
{upstream}
    server {{
        listen 127.0.0.1:{port};
        include {folder / "proxy.conf"};
    }}
}}
"""


@contextmanager
def local_nginx(app_port: int, folder: Path):
    """nginx on a free loopback port in front of 127.0.0.1:`app_port`, stopped afterwards."""
    binary = nginx_binary()
    if binary is None:
        raise RuntimeError(nginx_missing())
    folder.mkdir(parents=True, exist_ok=True)
    port = _free_port()
    conf = folder / "nginx.conf"
    conf.write_text(config(app_port, port, folder))
    process = subprocess.Popen(
        [binary, "-c", str(conf), "-p", str(folder)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    front = Front(port, process, folder / "nginx-error.log")
    try:
        _wait_for(front)
        yield front
    finally:
        stop(process, seconds=10)


def stop(process: subprocess.Popen, seconds: float) -> None:
    """Ask a server to stop, and make it after `seconds`."""
    process.terminate()
    try:
        process.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _wait_for(front: Front) -> None:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if front.process.poll() is not None:
            message = front.process.stderr.read().decode(errors="replace")
            raise RuntimeError(f"nginx stopped at start: {message.strip()}")
        try:
            with socket.create_connection(("127.0.0.1", front.port), timeout=1):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("nginx did not listen within 10 s")
