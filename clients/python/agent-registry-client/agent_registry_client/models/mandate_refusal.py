from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.mandate_refusal_code import MandateRefusalCode

if TYPE_CHECKING:
    from ..models.mandate_refusal_details_type_0 import MandateRefusalDetailsType0
    from ..models.mandate_refusal_details_type_1 import MandateRefusalDetailsType1


T = TypeVar("T", bound="MandateRefusal")


@_attrs_define
class MandateRefusal:
    """A refusal by the spend mandate the person who manages the agent set

    Attributes:
        status (Literal['error']):
        code (MandateRefusalCode): `mandate_exceeded`: above a limit (`details.limit`); `mandate_forbids`: an operation,
            namespace or route the mandate does not allow (`details.rule`)
        message (str):
        details (MandateRefusalDetailsType0 | MandateRefusalDetailsType1):
    """

    status: Literal["error"]
    code: MandateRefusalCode
    message: str
    details: MandateRefusalDetailsType0 | MandateRefusalDetailsType1

    def to_dict(self) -> dict[str, Any]:
        from ..models.mandate_refusal_details_type_0 import MandateRefusalDetailsType0  # noqa: PLC0415

        status = self.status

        code = self.code.value

        message = self.message

        details: dict[str, Any]
        if isinstance(self.details, MandateRefusalDetailsType0):
            details = self.details.to_dict()
        else:
            details = self.details.to_dict()

        field_dict: dict[str, Any] = {}

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
        from ..models.mandate_refusal_details_type_0 import MandateRefusalDetailsType0  # noqa: PLC0415
        from ..models.mandate_refusal_details_type_1 import MandateRefusalDetailsType1  # noqa: PLC0415

        d = dict(src_dict)
        status = cast(Literal["error"], d.pop("status"))
        if status != "error":
            raise ValueError(f"status must match const 'error', got '{status}'")

        code = MandateRefusalCode(d.pop("code"))

        message = d.pop("message")

        def _parse_details(data: object) -> MandateRefusalDetailsType0 | MandateRefusalDetailsType1:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                details_type_0 = MandateRefusalDetailsType0.from_dict(data)

                return details_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            details_type_1 = MandateRefusalDetailsType1.from_dict(data)

            return details_type_1

        details = _parse_details(d.pop("details"))

        mandate_refusal = cls(
            status=status,
            code=code,
            message=message,
            details=details,
        )

        return mandate_refusal
