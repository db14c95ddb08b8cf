from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.register_onchain_identity_response_202_status import RegisterOnchainIdentityResponse202Status

T = TypeVar("T", bound="RegisterOnchainIdentityResponse202")


@_attrs_define
class RegisterOnchainIdentityResponse202:
    """
    Attributes:
        status (RegisterOnchainIdentityResponse202Status):
        approval_id (str):
        status_url (str): GET it with the same key: pending, approved, refused or expired
        expires_at (str):
        message (str):
    """

    status: RegisterOnchainIdentityResponse202Status
    approval_id: str
    status_url: str
    expires_at: str
    message: str

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        approval_id = self.approval_id

        status_url = self.status_url

        expires_at = self.expires_at

        message = self.message

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "approval_id": approval_id,
                "status_url": status_url,
                "expires_at": expires_at,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = RegisterOnchainIdentityResponse202Status(d.pop("status"))

        approval_id = d.pop("approval_id")

        status_url = d.pop("status_url")

        expires_at = d.pop("expires_at")

        message = d.pop("message")

        register_onchain_identity_response_202 = cls(
            status=status,
            approval_id=approval_id,
            status_url=status_url,
            expires_at=expires_at,
            message=message,
        )

        return register_onchain_identity_response_202
