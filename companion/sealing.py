"""Secrets at rest: the fields of a step the table may not see (Big Bang's rune solution, a hashed PIN,
Dungeon Twister's combat card chosen in secret) are sealed in the save file, so reading the file is
not a way round the game master's PIN.

Sealing is encrypt-then-MAC with the standard library only: the keystream is HMAC-SHA256(key, nonce ‖
counter), the tag HMAC-SHA256 over nonce and ciphertext, each with its own key derived from the file's
key. That key is random, one per save file, kept in `<save file>.key` beside it (mode 0600, written
before the first sealed step is committed); a save file copied without it keeps its secrets. A field
is sealed as `{"sealed": "<base64 of nonce, ciphertext, tag>"}`; older saves hold their fields in clear
and still load. Only fields a record's `visibility` hides from anyone are sealed or unsealed.
"""
from __future__ import annotations

import base64
import binascii
import contextlib
import hmac
import json
import os
import secrets
import weakref
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from companion.messages import M
from companion.records import EVERYONE, Rule
from companion.store import EventStore, StoreError, os_reason

KEY_BYTES = 32
NONCE_BYTES = 16
TAG_BYTES = 32
SEALED = "sealed"

#: the key of each save file held in memory (":memory:"), for as long as its store lives
_MEMORY_KEYS: weakref.WeakKeyDictionary[EventStore, bytes] = weakref.WeakKeyDictionary()


class SealBroken(ValueError):
    """A sealed field that this key does not open (another file's key, or a changed field)."""


class Sealer:
    """Seals and unseals JSON values with one save file's key."""

    def __init__(self, key: bytes):
        self._stream_key = hmac.digest(key, b"companion seal: keystream", "sha256")
        self._tag_key = hmac.digest(key, b"companion seal: tag", "sha256")

    def seal(self, value: Any) -> dict[str, str]:
        plain = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        nonce = secrets.token_bytes(NONCE_BYTES)
        body = _xor(plain, self._keystream(nonce, len(plain)))
        tag = hmac.digest(self._tag_key, nonce + body, "sha256")
        return {SEALED: base64.b64encode(nonce + body + tag).decode("ascii")}

    def unseal(self, sealed: str) -> Any:
        try:
            raw = base64.b64decode(sealed.encode("ascii"), validate=True)
        except (binascii.Error, UnicodeEncodeError) as exc:
            raise SealBroken("not a sealed value") from exc
        nonce, body, tag = raw[:NONCE_BYTES], raw[NONCE_BYTES:-TAG_BYTES], raw[-TAG_BYTES:]
        if len(raw) < NONCE_BYTES + TAG_BYTES or not hmac.compare_digest(tag, hmac.digest(self._tag_key, nonce + body, "sha256")):
            raise SealBroken("the key does not open it")
        return json.loads(_xor(body, self._keystream(nonce, len(body))).decode("utf-8"))

    def _keystream(self, nonce: bytes, length: int) -> bytes:
        blocks = (hmac.digest(self._stream_key, nonce + n.to_bytes(8, "big"), "sha256") for n in range(-(-length // 32)))
        return b"".join(blocks)[:length]


def _xor(data: bytes, stream: bytes) -> bytes:
    return (int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")).to_bytes(len(data), "big")


def hidden(visibility: Mapping[str, Rule]) -> frozenset[str]:
    """The fields some viewer may not see: the ones sealed at rest."""
    return frozenset(name for name, rule in visibility.items() if rule is not EVERYONE)


def sealed(data: dict[str, Any], visibility: Mapping[str, Rule], sealer: Callable[[], Sealer]) -> dict[str, Any]:
    """`data` (a command or event as JSON) with its hidden fields sealed."""
    fields = hidden(visibility) & data.keys()
    if not fields:
        return data
    seal = sealer().seal
    return {key: seal(value) if key in fields else value for key, value in data.items()}


def unsealed(data: dict[str, Any], visibility: Mapping[str, Rule], sealer: Callable[[], Sealer]) -> dict[str, Any]:
    """`data` with its sealed hidden fields opened (fields stored in clear by older saves stay as they are).
    Raises SealBroken when the key does not open one."""
    fields = {key for key in hidden(visibility) & data.keys() if _is_sealed(data[key])}
    if not fields:
        return data
    unseal = sealer().unseal
    return {key: unseal(value[SEALED]) if key in fields else value for key, value in data.items()}


def _is_sealed(value: Any) -> bool:
    return isinstance(value, dict) and value.keys() == {SEALED} and isinstance(value[SEALED], str)


# -- the key beside the save file ----------------------------------------------------------------------
def key_path(store: EventStore) -> Path:
    """Beside the real file: a save file opened through a symlink has the same key."""
    return Path(f"{os.path.realpath(store.path)}.key")


def store_key(store: EventStore, create: bool) -> bytes | None:
    """The key that seals `store`'s secrets; made (durably, before any step uses it) when `create`
    and there is none yet; None when there is none and `create` is false."""
    if store.path == ":memory:":
        if create and store not in _MEMORY_KEYS:
            _MEMORY_KEYS[store] = secrets.token_bytes(KEY_BYTES)
        return _MEMORY_KEYS.get(store)
    path = key_path(store)
    key = _read_key(path)
    if key is None and create:
        _write_key(path)
        key = _read_key(path)
    return key


def _read_key(path: Path) -> bytes | None:
    try:
        text = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise StoreError("BAD_SEAL_KEY", M("The key file {path} cannot be read: {reason}.", path=str(path), reason=str(exc))) from exc
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) != KEY_BYTES:
        raise StoreError("BAD_SEAL_KEY", M("The key file {path} is damaged: it does not hold a key.", path=str(path)))
    return key


def _write_key(path: Path) -> None:
    """A new random key, whole or not at all: written to a private temporary file, synced, then linked
    into place — never over a key another process made first."""
    temporary = path.with_name(f"{path.name}.{os.getpid()}.new")
    try:
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(handle, secrets.token_bytes(KEY_BYTES).hex().encode("ascii") + b"\n")
            os.fsync(handle)
        finally:
            os.close(handle)
        with contextlib.suppress(FileExistsError):
            os.link(temporary, path)
        directory = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)
    except OSError as exc:
        raise StoreError("SAVE_FAILED", M("Could not save to {path}: {reason}.", path=str(path), reason=os_reason(exc))) from exc
    finally:
        temporary.unlink(missing_ok=True)
