from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

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
        request_id (str | Unset): The request's id (also in the X-Request-ID header and the server's logs): quote it
            when reporting a problem.
    """

    code: str
    message: str
    status: int
    details: ErrorDetails | Unset = UNSET
    request_id: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.error_details import ErrorDetails  # noqa: PLC0415

        code = self.code

        message = self.message

        status = self.status

        details: dict[str, Any] | Unset = UNSET
        if not isinstance(self.details, Unset):
            details = self.details.to_dict()

        request_id = self.request_id

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
        if request_id is not UNSET:
            field_dict["request_id"] = request_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.error_details import ErrorDetails  # noqa: PLC0415

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

        request_id = d.pop("request_id", UNSET)

        error = cls(
            code=code,
            message=message,
            status=status,
            details=details,
            request_id=request_id,
        )

        return error
