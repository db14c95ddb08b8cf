from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.register_domain_response_202_type_1_status import RegisterDomainResponse202Type1Status

T = TypeVar("T", bound="RegisterDomainResponse202Type1")


@_attrs_define
class RegisterDomainResponse202Type1:
    """
    Attributes:
        status (RegisterDomainResponse202Type1Status):
        approval_id (str):
        status_url (str): GET it with the same key: pending, approved, refused or expired
        expires_at (str):
        message (str):
    """

    status: RegisterDomainResponse202Type1Status
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
        status = RegisterDomainResponse202Type1Status(d.pop("status"))

        approval_id = d.pop("approval_id")

        status_url = d.pop("status_url")

        expires_at = d.pop("expires_at")

        message = d.pop("message")

        register_domain_response_202_type_1 = cls(
            status=status,
            approval_id=approval_id,
            status_url=status_url,
            expires_at=expires_at,
            message=message,
        )

        return register_domain_response_202_type_1
