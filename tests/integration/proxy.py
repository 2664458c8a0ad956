"""Debian's nginx in front of `dicepool serve` processes, with the site the project ships
(``deploy/nginx.conf``), for the proxy tests and benchmarks/many_tables.py."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from .servers import STARTUP_SECONDS, free_port

SITE = Path(__file__).resolve().parents[2] / "deploy" / "nginx.conf"
"""The nginx configuration the project ships."""


def nginx_binary() -> str | None:
    """Debian's nginx, or None where it is not installed (the test command installs it)."""
    found = shutil.which("nginx")
    return found or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)


def site_for(port: int, upstreams: list[int]) -> str:
    """The shipped site, listening on ``port`` of the loopback, in front of ``upstreams``."""
    site = SITE.read_text(encoding="utf-8")
    servers = re.findall(r"server 127\.0\.0\.1:\d+", site)
    assert len(servers) == 2, "the shipped file's upstream servers changed"
    lines = "\n".join(f"    server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;" for p in upstreams)
    site = re.sub(r"(    server 127\.0\.0\.1:\d+[^\n]*\n)+", lines + "\n", site, count=1)
    listening = site.replace("listen 80;", f"listen 127.0.0.1:{port};")
    assert listening != site, "the shipped file listens on port 80 no more"
    return listening


@dataclass
class Proxy:
    """nginx in front of the servers, as a process of its own."""

    port: int
    process: subprocess.Popen[bytes]

    def stop(self) -> None:
        """Stop nginx (it finishes the requests under way)."""
        self.process.terminate()
        self.process.wait(10)


def start_nginx(folder: Path, upstreams: list[int], connections: int = 1024) -> Proxy:
    """nginx with the shipped site in ``folder``, ``connections`` a worker, once it answers."""
    binary = nginx_binary()
    assert binary is not None, "nginx is not installed: ./scripts/test installs Debian's nginx"
    port = free_port()
    (folder / "dicepool.conf").write_text(site_for(port, upstreams), encoding="utf-8")
    user = "user root;" if os.geteuid() == 0 else ""  # its workers read the test's folders
    temp = " ".join(
        f"{kind}_temp_path {folder / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    (folder / "nginx.conf").write_text(
        f"{user} daemon off; pid {folder / 'nginx.pid'}; error_log {folder / 'error.log'};\n"
        f"worker_rlimit_nofile {4 * connections};\n"
        f"events {{ worker_connections {connections}; }}\n"
        f"http {{ access_log off; {temp} include {folder / 'dicepool.conf'}; }}\n",
        encoding="utf-8",
    )
    process = subprocess.Popen(
        [binary, "-p", str(folder), "-c", str(folder / "nginx.conf")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline and process.poll() is None:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/openapi.json", timeout=5):
                return Proxy(port, process)
        except OSError:
            time.sleep(0.1)
    process.kill()
    log = (folder / "error.log").read_text() if (folder / "error.log").exists() else ""
    raise AssertionError(f"nginx did not start (status {process.returncode}):\n{log}")
