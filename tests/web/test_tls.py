"""The self-signed certificate for ``serve --https``: made once, private, and made again when
the names it must cover change."""

from __future__ import annotations

from cryptography import x509

from web.tls import ensure_certificate


def _names(cert) -> tuple[list[str], list[str]]:
    """The DNS names and IP addresses a certificate file covers."""
    names = x509.load_pem_x509_certificate(cert.read_bytes()).extensions.get_extension_for_class(
        x509.SubjectAlternativeName).value
    return (names.get_values_for_type(x509.DNSName),
            [str(ip) for ip in names.get_values_for_type(x509.IPAddress)])


def test_the_certificate_is_made_once_and_reused(tmp_path):
    cert, key = ensure_certificate(tmp_path, ["192.168.1.20"])
    assert cert.read_bytes().startswith(b"-----BEGIN CERTIFICATE-----")
    assert oct(key.stat().st_mode & 0o777) == "0o600"
    names = x509.load_pem_x509_certificate(cert.read_bytes()).extensions.get_extension_for_class(
        x509.SubjectAlternativeName).value
    assert "localhost" in names.get_values_for_type(x509.DNSName)
    assert "192.168.1.20" in [str(ip) for ip in names.get_values_for_type(x509.IPAddress)]
    first = cert.read_bytes()
    ensure_certificate(tmp_path, ["192.168.1.20"])
    assert cert.read_bytes() == first


def test_the_certificate_is_made_again_when_the_lan_address_changes(tmp_path):
    cert, _key = ensure_certificate(tmp_path, ["192.168.1.20"])
    first = cert.read_bytes()
    ensure_certificate(tmp_path, ["192.168.1.20"])
    assert cert.read_bytes() == first
    ensure_certificate(tmp_path, ["10.0.0.7"])
    assert cert.read_bytes() != first
    assert "10.0.0.7" in _names(cert)[1]


def test_listening_on_every_address_names_no_wildcard(tmp_path):
    cert, _key = ensure_certificate(tmp_path, ["0.0.0.0", "::", "scores.local"])
    dns, ips = _names(cert)
    assert "scores.local" in dns and "0.0.0.0" not in ips and "::" not in ips
