from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.readiness_response_200_status import ReadinessResponse200Status

if TYPE_CHECKING:
    from ..models.readiness_response_200_parts import ReadinessResponse200Parts


T = TypeVar("T", bound="ReadinessResponse200")


@_attrs_define
class ReadinessResponse200:
    """
    Attributes:
        status (ReadinessResponse200Status):
        parts (ReadinessResponse200Parts):
    """

    status: ReadinessResponse200Status
    parts: ReadinessResponse200Parts

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        parts = self.parts.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "parts": parts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.readiness_response_200_parts import ReadinessResponse200Parts  # noqa: PLC0415

        d = dict(src_dict)
        status = ReadinessResponse200Status(d.pop("status"))

        parts = ReadinessResponse200Parts.from_dict(d.pop("parts"))

        readiness_response_200 = cls(
            status=status,
            parts=parts,
        )

        return readiness_response_200
