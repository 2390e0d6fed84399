from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.error_details import ErrorDetails


T = TypeVar("T", bound="Error")


@_attrs_define
class Error:
    """
    Attributes:
        code (str): Stable machine-readable error code, e.g. `illegal_move`.
        message (str): What went wrong, for humans.
        status (int): The HTTP status code.
        details (ErrorDetails | Unset): Extra facts, e.g. field errors or the current version.
    """

    code: str
    message: str
    status: int
    details: ErrorDetails | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        status = self.status

        details: dict[str, Any] | Unset = UNSET
        if not isinstance(self.details, Unset):
            details = self.details.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
                "message": message,
                "status": status,
            }
        )
        if details is not UNSET:
            field_dict["details"] = details

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.error_details import ErrorDetails

        d = dict(src_dict)
        code = d.pop("code")

        message = d.pop("message")

        status = d.pop("status")

        _details = d.pop("details", UNSET)
        details: ErrorDetails | Unset
        if isinstance(_details, Unset):
            details = UNSET
        else:
            details = ErrorDetails.from_dict(_details)

        error = cls(
            code=code,
            message=message,
            status=status,
            details=details,
        )

        return error
