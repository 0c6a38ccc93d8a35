"""A self-signed certificate for ``phase10 serve --https``, kept in the instance folder.

Phones grant camera access only to secure pages; on a LAN that means HTTPS, and a self-signed
certificate is accepted after one warning. The certificate names localhost, the host name and
the given addresses, and is reused until it expires or the names it must cover change (a new
LAN address after moving to another network).
"""

from __future__ import annotations

import datetime
import ipaddress
import os
import socket
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

CERT_NAME = "selfsigned-cert.pem"
KEY_NAME = "selfsigned-key.pem"


def ensure_certificate(folder: str | Path, hosts: list[str]) -> tuple[Path, Path]:
    """``(cert_path, key_path)``: the existing files while unexpired and covering every name,
    otherwise a new self-signed pair."""
    folder = Path(folder)
    cert_path, key_path = folder / CERT_NAME, folder / KEY_NAME
    now = datetime.datetime.now(datetime.UTC)
    names = _unique(_general_names([*hosts, "127.0.0.1", *local_addresses()]))
    if cert_path.exists() and key_path.exists():
        cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
        if cert.not_valid_after_utc > now + datetime.timedelta(days=1) and set(names) <= set(
            _names_of(cert)
        ):
            return cert_path, key_path
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "phase10 scoreboard")])
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=365))
        .add_extension(x509.SubjectAlternativeName(names), critical=False)
        .sign(key, hashes.SHA256())
    )
    folder.mkdir(parents=True, exist_ok=True)
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    fd = os.open(key_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(
            key.private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8,
                serialization.NoEncryption(),
            )
        )
    return cert_path, key_path


def _general_names(hosts: list[str]) -> list:
    """The certificate's subject alternative names: localhost, this computer's name, ``hosts``."""
    names: list[x509.GeneralName] = [x509.DNSName("localhost"), x509.DNSName(socket.gethostname())]
    for host in sorted(set(hosts) - {"", "0.0.0.0", "::"}):
        try:
            names.append(x509.IPAddress(ipaddress.ip_address(host)))
        except ValueError:
            names.append(x509.DNSName(host))
    return names


def _names_of(cert: object) -> list:
    try:
        return list(cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value)
    except x509.ExtensionNotFound:
        return []


def local_addresses() -> list[str]:
    """This machine's LAN address as seen when routing outwards (no packet is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))
            return [probe.getsockname()[0]]
    except OSError:
        return []


def _unique(names: list) -> list:
    seen, result = set(), []
    for name in names:
        if name not in seen:
            seen.add(name)
            result.append(name)
    return result
