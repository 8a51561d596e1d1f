"""A throwaway PostgreSQL server for tests and benchmarks: a real one, never a mock.

Debian's `postgresql` package (installed by `make test`, see the Makefile)
provides initdb and pg_ctl under /usr/lib/postgresql/<version>/bin. The
server runs on a free local port with its data and socket in a temporary
folder, trusts local connections, and is stopped and removed afterwards.
PostgreSQL refuses to run as root, so as root its programs run as the
`postgres` user (runuser), on a folder that user owns. Without the programs
the tests are skipped, except in CI (CI=true), where that is a failure.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import count
from pathlib import Path

_names = count(1)


def bin_dir() -> Path | None:
    """Where initdb and pg_ctl are: $PG_BIN, else the newest Debian install, else PATH."""
    if os.environ.get("PG_BIN"):
        return Path(os.environ["PG_BIN"])
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parent.parent.name))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    port: int

    def url(self, dbname: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{dbname}"

    def new_database(self, prefix: str = "cat") -> str:
        """A fresh empty database; its URL."""
        import psycopg

        name = f"{prefix}_{os.getpid()}_{next(_names)}"
        with psycopg.connect(self.url("postgres"), autocommit=True) as db:
            db.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def sql(self, dbname: str, statement: str) -> None:
        """Run one statement as the superuser (to set up permission faults and the like)."""
        import psycopg

        with psycopg.connect(self.url(dbname), autocommit=True) as db:
            db.execute(statement)


class Unavailable(Exception):
    """No PostgreSQL programs on this machine."""


@contextmanager
def running_server(fsync: bool = False) -> Iterator[Server]:
    """Start a server (fsync off by default: tests need no durability), stop it after."""
    bindir = bin_dir()
    if bindir is None or not (bindir / "pg_ctl").exists():
        raise Unavailable("PostgreSQL is not installed (make test installs Debian's "
                          "postgresql package)")
    as_user: list[str] = []
    root = tempfile.mkdtemp(prefix="conundrum-pg-")
    if os.geteuid() == 0:  # the server will not run as root
        as_user = ["runuser", "-u", "postgres", "--"]
        shutil.chown(root, "postgres", "postgres")
    data = os.path.join(root, "data")

    def run(*args: str) -> None:
        subprocess.run([*as_user, *args], check=True, capture_output=True, timeout=120)

    try:
        run(str(bindir / "initdb"), "-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8",
            "--no-sync")
        for tries_left in range(2, -1, -1):  # another process may take the free port first
            port = free_port()
            options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c max_connections=60"
            if not fsync:
                options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
            try:
                run(str(bindir / "pg_ctl"), "-D", data, "-o", options, "-l",
                    os.path.join(root, "log"), "-w", "-t", "60", "start")
                break
            except subprocess.CalledProcessError:
                if not tries_left:
                    raise
        try:
            yield Server(port)
        finally:
            subprocess.run([*as_user, str(bindir / "pg_ctl"), "-D", data, "-m", "immediate",
                            "-w", "stop"], capture_output=True, timeout=60)
    finally:
        remove_later(root)


def remove_later(folder: str) -> None:
    """Remove `folder` in a process of its own, not waited for: a session's data folder holds
    a database a test (176 MB after the fast set), and removing it at the session's end took
    the last test's teardown 1.5 to 20 s of wall time on a loaded machine, while the other
    xdist worker may still be running."""
    subprocess.run(["sh", "-c", 'rm -rf -- "$1" &', "sh", folder], check=False, timeout=60,
                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, start_new_session=True)
