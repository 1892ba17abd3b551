"""api/workers.py's sockets: one port for every worker, refused when anything listens there already."""

from __future__ import annotations

import socket

import pytest

from api.workers import worker_sockets


def test_every_worker_gets_a_listening_socket_on_one_port() -> None:
    sockets = worker_sockets("127.0.0.1", 0, 3, 16)
    try:
        ports = {sock.getsockname()[1] for sock in sockets}
        assert len(sockets) == 3 and len(ports) == 1 and ports != {0}
        for sock in sockets:
            assert sock.getsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT) == 1
            assert sock.getsockopt(socket.SOL_SOCKET, socket.SO_ACCEPTCONN) == 1
        with socket.create_connection(("127.0.0.1", ports.pop()), timeout=5):
            pass  # accepted into one of the queues before any worker runs
    finally:
        for sock in sockets:
            sock.close()


def test_a_port_something_listens_on_is_refused() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        with pytest.raises(OSError, match="in use"):
            worker_sockets("127.0.0.1", taken.getsockname()[1], 2, 16)


def test_a_port_held_by_workers_refuses_a_second_group() -> None:
    first = worker_sockets("127.0.0.1", 0, 2, 16)
    try:
        with pytest.raises(OSError, match="in use"):
            worker_sockets("127.0.0.1", first[0].getsockname()[1], 2, 16)
    finally:
        for sock in first:
            sock.close()
