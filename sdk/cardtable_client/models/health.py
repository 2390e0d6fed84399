from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.health_checks import HealthChecks


T = TypeVar("T", bound="Health")


@_attrs_define
class Health:
    """
    Attributes:
        status (str):
        checks (HealthChecks | Unset):
    """

    status: str
    checks: HealthChecks | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        status = self.status

        checks: dict[str, Any] | Unset = UNSET
        if not isinstance(self.checks, Unset):
            checks = self.checks.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
            }
        )
        if checks is not UNSET:
            field_dict["checks"] = checks

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.health_checks import HealthChecks

        d = dict(src_dict)
        status = d.pop("status")

        _checks = d.pop("checks", UNSET)
        checks: HealthChecks | Unset
        if isinstance(_checks, Unset):
            checks = UNSET
        else:
            checks = HealthChecks.from_dict(_checks)

        health = cls(
            status=status,
            checks=checks,
        )

        return health
