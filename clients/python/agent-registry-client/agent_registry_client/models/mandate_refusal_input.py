from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.mandate_refusal_input_code import MandateRefusalInputCode

if TYPE_CHECKING:
    from ..models.mandate_refusal_input_details_type_0 import MandateRefusalInputDetailsType0
    from ..models.mandate_refusal_input_details_type_1 import MandateRefusalInputDetailsType1


T = TypeVar("T", bound="MandateRefusalInput")


@_attrs_define
class MandateRefusalInput:
    """A refusal by the spend mandate the person who manages the agent set

    Attributes:
        status (Literal['error']):
        code (MandateRefusalInputCode): `mandate_exceeded`: above a limit (`details.limit`); `mandate_forbids`: an
            operation, namespace or route the mandate does not allow (`details.rule`)
        message (str):
        details (MandateRefusalInputDetailsType0 | MandateRefusalInputDetailsType1):
    """

    status: Literal["error"]
    code: MandateRefusalInputCode
    message: str
    details: MandateRefusalInputDetailsType0 | MandateRefusalInputDetailsType1
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.mandate_refusal_input_details_type_0 import MandateRefusalInputDetailsType0  # noqa: PLC0415

        status = self.status

        code = self.code.value

        message = self.message

        details: dict[str, Any]
        if isinstance(self.details, MandateRefusalInputDetailsType0):
            details = self.details.to_dict()
        else:
            details = self.details.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "code": code,
                "message": message,
                "details": details,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.mandate_refusal_input_details_type_0 import MandateRefusalInputDetailsType0  # noqa: PLC0415
        from ..models.mandate_refusal_input_details_type_1 import MandateRefusalInputDetailsType1  # noqa: PLC0415

        d = dict(src_dict)
        status = cast(Literal["error"], d.pop("status"))
        if status != "error":
            raise ValueError(f"status must match const 'error', got '{status}'")

        code = MandateRefusalInputCode(d.pop("code"))

        message = d.pop("message")

        def _parse_details(data: object) -> MandateRefusalInputDetailsType0 | MandateRefusalInputDetailsType1:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                details_type_0 = MandateRefusalInputDetailsType0.from_dict(data)

                return details_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            details_type_1 = MandateRefusalInputDetailsType1.from_dict(data)

            return details_type_1

        details = _parse_details(d.pop("details"))

        mandate_refusal_input = cls(
            status=status,
            code=code,
            message=message,
            details=details,
        )

        mandate_refusal_input.additional_properties = d
        return mandate_refusal_input

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
