from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.error_input_details import ErrorInputDetails


T = TypeVar("T", bound="ErrorInput")


@_attrs_define
class ErrorInput:
    """Error

    Attributes:
        status (Literal['error']):
        code (str):
        message (str):
        details (ErrorInputDetails | Unset):
        minimum (float | Unset): offer_below_minimum only: the seller’s floor
        currency (str | Unset): offer_below_minimum only: the floor’s currency (gems or pathusd)
    """

    status: Literal["error"]
    code: str
    message: str
    details: ErrorInputDetails | Unset = UNSET
    minimum: float | Unset = UNSET
    currency: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

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
        field_dict.update(self.additional_properties)
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
        from ..models.error_input_details import ErrorInputDetails  # noqa: PLC0415

        d = dict(src_dict)
        status = cast(Literal["error"], d.pop("status"))
        if status != "error":
            raise ValueError(f"status must match const 'error', got '{status}'")

        code = d.pop("code")

        message = d.pop("message")

        _details = d.pop("details", UNSET)
        details: ErrorInputDetails | Unset
        if isinstance(_details, Unset):
            details = UNSET
        else:
            details = ErrorInputDetails.from_dict(_details)

        minimum = d.pop("minimum", UNSET)

        currency = d.pop("currency", UNSET)

        error_input = cls(
            status=status,
            code=code,
            message=message,
            details=details,
            minimum=minimum,
            currency=currency,
        )

        error_input.additional_properties = d
        return error_input

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
