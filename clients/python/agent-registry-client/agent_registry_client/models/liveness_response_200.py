from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.liveness_response_200_status import LivenessResponse200Status

T = TypeVar("T", bound="LivenessResponse200")


@_attrs_define
class LivenessResponse200:
    """
    Attributes:
        status (LivenessResponse200Status):
    """

    status: LivenessResponse200Status

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = LivenessResponse200Status(d.pop("status"))

        liveness_response_200 = cls(
            status=status,
        )

        return liveness_response_200
