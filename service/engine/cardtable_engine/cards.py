"""What every card game shares about cards: the seeded deck RNG and the one check that a
value is a list of cards."""

from __future__ import annotations

import hashlib
import random
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeGuard

from cardtable_engine.errors import InvalidState

JSON = Any

# The state holds a secret seed and a counter; every shuffle derives a fresh generator from
# both, so the whole RNG serializes as two integers and a given seed reproduces a game
# exactly. Nothing derived from the seed ever appears in a view.


def new_seed() -> int:
    """A seed from a secure source, for games created without one."""
    return secrets.randbits(128)


@dataclass
class DeckRng:
    seed: int
    counter: int = 0

    def _stream(self, purpose: str) -> random.Random:
        digest = hashlib.sha256(f"cardtable:{self.seed}:{purpose}:{self.counter}".encode()).digest()
        self.counter += 1
        return random.Random(int.from_bytes(digest, "big"))

    def shuffle(self, cards: list[int]) -> None:
        """Shuffle `cards` in place (one step of the counter)."""
        self._stream("shuffle").shuffle(cards)

    def derived(self, purpose: str) -> random.Random:
        """An independent generator for other uses, also one step of the counter."""
        return self._stream(purpose)

    def for_step(self, purpose: str, step: int) -> random.Random:
        """A generator for one numbered step (e.g. the bot move that makes version `step`),
        derived from the seed alone: the counter does not move, so the result does not
        depend on what was drawn before, nor on how the work was split between calls."""
        digest = hashlib.sha256(f"cardtable:{self.seed}:{purpose}:step:{step}".encode()).digest()
        return random.Random(int.from_bytes(digest, "big"))

    def to_dict(self) -> dict[str, JSON]:
        # The seed is written as a decimal string: secure seeds have 128 bits, more than
        # JSON libraries such as orjson (or JavaScript) carry in a number without loss.
        return {"seed": str(self.seed), "counter": self.counter}

    @classmethod
    def from_dict(cls, data: object) -> DeckRng:
        if not isinstance(data, Mapping):
            raise InvalidState("rng must be an object")
        seed, counter = data.get("seed"), data.get("counter")
        if isinstance(seed, str) and _DECIMAL.fullmatch(seed):
            seed = int(seed)
        if (
            isinstance(seed, bool)
            or not isinstance(seed, int)
            or isinstance(counter, bool)
            or not isinstance(counter, int)
            or counter < 0
        ):
            raise InvalidState("rng must hold an integer seed and a non-negative counter")
        return cls(seed=seed, counter=counter)


_DECIMAL = re.compile(r"-?[0-9]{1,80}")
_INT_TYPE = frozenset({int})


def is_card_list(value: object, values: frozenset[int]) -> TypeGuard[list[int]]:
    """Is `value` a list of cards from `values` (a bool or 1.0 is not a card)?

    Piles hold up to 162 cards and states are loaded on every request: the check is two
    C-level passes over the list (the set of types, then set membership), not a Python
    loop over the cards.
    """
    return type(value) is list and set(map(type, value)) <= _INT_TYPE and values.issuperset(value)
