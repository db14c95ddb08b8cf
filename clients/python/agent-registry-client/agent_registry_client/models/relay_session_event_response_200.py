from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.relay_session_event_response_200_status import RelaySessionEventResponse200Status

T = TypeVar("T", bound="RelaySessionEventResponse200")


@_attrs_define
class RelaySessionEventResponse200:
    """
    Attributes:
        status (RelaySessionEventResponse200Status):
        message (str):
    """

    status: RelaySessionEventResponse200Status
    message: str

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        message = self.message

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = RelaySessionEventResponse200Status(d.pop("status"))

        message = d.pop("message")

        relay_session_event_response_200 = cls(
            status=status,
            message=message,
        )

        return relay_session_event_response_200
