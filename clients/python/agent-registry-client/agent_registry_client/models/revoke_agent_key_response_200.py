from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.revoke_agent_key_response_200_status import RevokeAgentKeyResponse200Status

if TYPE_CHECKING:
    from ..models.revoke_agent_key_response_200_key import RevokeAgentKeyResponse200Key


T = TypeVar("T", bound="RevokeAgentKeyResponse200")


@_attrs_define
class RevokeAgentKeyResponse200:
    """
    Attributes:
        status (RevokeAgentKeyResponse200Status):
        message (str):
        key (RevokeAgentKeyResponse200Key):
    """

    status: RevokeAgentKeyResponse200Status
    message: str
    key: RevokeAgentKeyResponse200Key

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        message = self.message

        key = self.key.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "message": message,
                "key": key,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.revoke_agent_key_response_200_key import RevokeAgentKeyResponse200Key  # noqa: PLC0415

        d = dict(src_dict)
        status = RevokeAgentKeyResponse200Status(d.pop("status"))

        message = d.pop("message")

        key = RevokeAgentKeyResponse200Key.from_dict(d.pop("key"))

        revoke_agent_key_response_200 = cls(
            status=status,
            message=message,
            key=key,
        )

        return revoke_agent_key_response_200
