"""Persistence in Redis: versioned documents written by compare-and-set (games, score sheets)."""

from cardtable.store.connection import RedisClient, connect
from cardtable.store.documents import (
    DocumentStore,
    DocumentTooNew,
    DuplicateId,
    NotFound,
    Stored,
    StoreError,
    VersionConflict,
)

__all__ = [
    "DocumentStore",
    "DocumentTooNew",
    "DuplicateId",
    "NotFound",
    "RedisClient",
    "StoreError",
    "Stored",
    "VersionConflict",
    "connect",
]
