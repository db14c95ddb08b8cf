from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.revoke_key_response_200_status import RevokeKeyResponse200Status

T = TypeVar("T", bound="RevokeKeyResponse200")


@_attrs_define
class RevokeKeyResponse200:
    """
    Attributes:
        status (RevokeKeyResponse200Status):
    """

    status: RevokeKeyResponse200Status

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
        status = RevokeKeyResponse200Status(d.pop("status"))

        revoke_key_response_200 = cls(
            status=status,
        )

        return revoke_key_response_200
