"""The gevent worker's client socket sends a response's headers with the start of its
body, in one send (seen on a socket that keeps each send's boundary), and holds nothing
else: a file follows its headers, a send flushes them first."""

from __future__ import annotations

import socket
import tempfile
from collections.abc import Iterator

import pytest

from cardtable.server.worker import DeadlineSocket


@pytest.fixture
def pair() -> Iterator[tuple[DeadlineSocket, socket.socket]]:
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    theirs.settimeout(5)
    yield DeadlineSocket(ours, first_idle=5, idle=5, read=5, write=5), theirs
    ours.close()
    theirs.close()


def sends(peer: socket.socket) -> list[bytes]:
    """Every send received so far, one record each."""
    peer.setblocking(False)
    got = []
    try:
        while record := peer.recv(65536):
            got.append(record)
    except BlockingIOError:
        pass
    peer.setblocking(True)
    return got


def test_headers_go_out_with_the_body(pair: tuple[DeadlineSocket, socket.socket]) -> None:
    sock, peer = pair
    sock.hold_headers()
    sock.sendall(b"HTTP/1.1 200 OK\r\n\r\n")
    assert sends(peer) == []
    sock.sendall(b"body")
    sock.sendall(b"more")
    assert sends(peer) == [b"HTTP/1.1 200 OK\r\n\r\nbody", b"more"]


def test_held_headers_are_flushed_before_a_send_a_file_or_the_end(
    pair: tuple[DeadlineSocket, socket.socket],
) -> None:
    sock, peer = pair
    sock.hold_headers()
    sock.sendall(b"head")
    sock.flush()  # the response had no body
    assert sends(peer) == [b"head"]
    sock.hold_headers()
    sock.sendall(b"head")
    sock.send(b"x")
    assert sends(peer) == [b"head", b"x"]
    sock.hold_headers()
    sock.sendall(b"head")
    with tempfile.TemporaryFile() as file:
        file.write(b"file")
        file.seek(0)
        sock.sendfile(file)
    assert b"".join(sends(peer)) == b"headfile"
