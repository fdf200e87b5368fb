"""The host's certificate, and the pin a guest checks it against.

On first use ``uno-tui host`` (or ``serve``) makes a self-signed certificate and its key in
the data directory (``host-cert.pem``, ``host-key.pem``, the key readable by the user alone)
and keeps them: ``host resume`` and every later host present the same one. Nobody vouches
for a self-signed certificate, so a guest checks it the way SSH checks a host key: the host
prints a short fingerprint of it beside each code, the guest's ``uno-tui join`` is given it
(``--fingerprint``), and a certificate whose SHA-256 does not match is refused before
anything but the TLS handshake has crossed.

The short fingerprint is the first 80 bits of the certificate's SHA-256 in Crockford's
base 32 (no I, L, O or U; typed in any case, with or without dashes): ``4F2K-9QXB-ZC7M-H0TD``.
Making another certificate whose hash begins with the same 80 bits takes about 2^80 tries.
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import hmac
import ipaddress
import os
import socket
import ssl
import stat
from dataclasses import dataclass
from pathlib import Path

from uno_tui.store.files import FileRefused, data_dir, read_limited, write_atomic

CERT_NAME = "host-cert.pem"
KEY_NAME = "host-key.pem"
PEM_MAX_BYTES = 100_000
"""The largest certificate or key file read (ours are under 2 KB)."""
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
SHORT_BITS = 80
VALID_DAYS = 3650 * 3
"""Thirty years: a guest pins this certificate, so it should outlive the friendship."""


class CertificateError(Exception):
    """The certificate files cannot be used: one line saying which and what to do."""


def short_fingerprint(der: bytes) -> str:
    """``4F2K-9QXB-ZC7M-H0TD``: the first 80 bits of SHA-256(``der``), Crockford base 32."""
    digest = int.from_bytes(hashlib.sha256(der).digest()[: SHORT_BITS // 8], "big")
    symbols = "".join(CROCKFORD[(digest >> shift) & 31] for shift in range(SHORT_BITS - 5, -1, -5))
    return "-".join(symbols[i : i + 4] for i in range(0, len(symbols), 4))


def full_fingerprint(der: bytes) -> str:
    """The SHA-256 of the certificate as browsers show it: ``AB:CD:...`` (32 pairs)."""
    return ":".join(f"{byte:02X}" for byte in hashlib.sha256(der).digest())


def normal_fingerprint(text: str) -> str:
    """A typed fingerprint as its 16 symbols (``ValueError`` if it cannot be one): case,
    spaces and dashes do not matter, and O, I and L are read as 0, 1 and 1."""
    raw = "".join(text.split()).replace("-", "").upper()
    raw = raw.translate(str.maketrans("OIL", "011"))
    if len(raw) != SHORT_BITS // 5 or any(c not in CROCKFORD for c in raw):
        raise ValueError(
            f"{text[:40]!r} is not a fingerprint (16 letters and digits, as "
            "4F2K-9QXB-ZC7M-H0TD, as the host printed it)"
        )
    return raw


def matches(der: bytes, fingerprint: str) -> bool:
    """Whether the certificate ``der`` is the one ``fingerprint`` names."""
    seen = normal_fingerprint(short_fingerprint(der)).encode()
    return hmac.compare_digest(seen, normal_fingerprint(fingerprint).encode())


@dataclass(frozen=True, slots=True)
class Certificate:
    """The host's certificate and key files, and the certificate's fingerprints."""

    cert_path: Path
    key_path: Path
    der: bytes

    @property
    def fingerprint(self) -> str:
        return short_fingerprint(self.der)

    @property
    def sha256(self) -> str:
        return full_fingerprint(self.der)

    def server_context(self) -> ssl.SSLContext:
        """A TLS server context presenting this certificate (TLS 1.2 at least)."""
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.minimum_version = ssl.TLSVersion.TLSv1_2
        try:
            context.load_cert_chain(self.cert_path, self.key_path)
        except (OSError, ssl.SSLError) as error:
            raise CertificateError(
                f"the certificate in {self.cert_path.parent} cannot be used ({error}); "
                f"remove {CERT_NAME} and {KEY_NAME} there to make new ones (guests then need "
                "the new fingerprint)"
            ) from None
        return context


def pinning_context() -> ssl.SSLContext:
    """A TLS client context that takes any certificate: the caller checks its fingerprint
    (``matches``) before sending anything. No name is checked, as no authority signed it."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def host_certificate(directory: Path | None = None) -> Certificate:
    """The host's certificate, made on first use and kept in ``directory`` (the data
    directory). ``CertificateError`` if the files are there but unusable."""
    directory = directory or data_dir()
    cert_path, key_path = directory / CERT_NAME, directory / KEY_NAME
    if not cert_path.exists() and not key_path.exists():
        _make(cert_path, key_path)
    return _load(cert_path, key_path)


def _load(cert_path: Path, key_path: Path) -> Certificate:
    from cryptography import x509
    from cryptography.hazmat.primitives.serialization import Encoding, load_pem_private_key

    try:
        # Read as every outside file is (a regular file, a size limit: a FIFO or a link to a
        # device is refused at once), and only then tightened: never chmod what is not ours.
        certificate = x509.load_pem_x509_certificate(read_limited(cert_path, PEM_MAX_BYTES))
        key = load_pem_private_key(read_limited(key_path, PEM_MAX_BYTES), password=None)
        info = key_path.stat()
        if info.st_mode & (stat.S_IRWXG | stat.S_IRWXO):
            key_path.chmod(0o600)  # someone loosened it: the key is the user's alone
    except (OSError, FileRefused, ValueError, TypeError) as error:
        raise CertificateError(
            f"the host's certificate in {cert_path.parent} cannot be read ({error}); "
            f"remove {CERT_NAME} and {KEY_NAME} there to make new ones (guests then need the "
            "new fingerprint)"
        ) from None
    if key.public_key() != certificate.public_key():
        raise CertificateError(
            f"{KEY_NAME} is not the key of {CERT_NAME} in {cert_path.parent}; remove both to "
            "make new ones (guests then need the new fingerprint)"
        )
    return Certificate(cert_path, key_path, certificate.public_bytes(Encoding.DER))


def _make(cert_path: Path, key_path: Path) -> None:
    """A P-256 key (readable by the user alone) and a self-signed certificate for it, naming
    this machine and the loopback addresses (no guest checks names: they pin)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.serialization import (
        Encoding,
        NoEncryption,
        PrivateFormat,
    )
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "uno-tui host")])
    now = datetime.datetime.now(datetime.UTC)
    names: list[x509.GeneralName] = [
        x509.DNSName("localhost"),
        x509.IPAddress(ipaddress.ip_address("127.0.0.1")),
        x509.IPAddress(ipaddress.ip_address("::1")),
    ]
    with contextlib.suppress(OSError, ValueError, UnicodeError):
        hostname = socket.gethostname()
        if hostname and hostname.isascii() and hostname != "localhost":
            names.append(x509.DNSName(hostname))
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=VALID_DAYS))
        .add_extension(x509.SubjectAlternativeName(names), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    key_pem = key.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption())
    # write_atomic's temporary file is made 0600 before a byte is written; the key goes
    # first, so a certificate on disk always has its key beside it.
    write_atomic(key_path, key_pem.decode("ascii"))
    os.chmod(key_path, 0o600)
    write_atomic(cert_path, certificate.public_bytes(Encoding.PEM).decode("ascii"))
    os.chmod(cert_path, 0o644)
