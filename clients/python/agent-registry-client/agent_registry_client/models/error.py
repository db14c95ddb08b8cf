from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.error_details import ErrorDetails


T = TypeVar("T", bound="Error")


@_attrs_define
class Error:
    """Error

    Attributes:
        status (Literal['error']):
        code (str):
        message (str):
        details (ErrorDetails | Unset):
        minimum (float | Unset): offer_below_minimum only: the seller’s floor
        currency (str | Unset): offer_below_minimum only: the floor’s currency (gems or pathusd)
    """

    status: Literal["error"]
    code: str
    message: str
    details: ErrorDetails | Unset = UNSET
    minimum: float | Unset = UNSET
    currency: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        status = self.status

        code = self.code

        message = self.message

        details: dict[str, Any] | Unset = UNSET
        if not isinstance(self.details, Unset):
            details = self.details.to_dict()

        minimum = self.minimum

        currency = self.currency

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "code": code,
                "message": message,
            }
        )
        if details is not UNSET:
            field_dict["details"] = details
        if minimum is not UNSET:
            field_dict["minimum"] = minimum
        if currency is not UNSET:
            field_dict["currency"] = currency

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.error_details import ErrorDetails  # noqa: PLC0415

        d = dict(src_dict)
        status = cast(Literal["error"], d.pop("status"))
        if status != "error":
            raise ValueError(f"status must match const 'error', got '{status}'")

        code = d.pop("code")

        message = d.pop("message")

        _details = d.pop("details", UNSET)
        details: ErrorDetails | Unset
        if isinstance(_details, Unset):
            details = UNSET
        else:
            details = ErrorDetails.from_dict(_details)

        minimum = d.pop("minimum", UNSET)

        currency = d.pop("currency", UNSET)

        error = cls(
            status=status,
            code=code,
            message=message,
            details=details,
            minimum=minimum,
            currency=currency,
        )

        return error
