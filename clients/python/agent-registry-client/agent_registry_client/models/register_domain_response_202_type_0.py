from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.register_domain_response_202_type_0_status import RegisterDomainResponse202Type0Status

T = TypeVar("T", bound="RegisterDomainResponse202Type0")


@_attrs_define
class RegisterDomainResponse202Type0:
    """
    Attributes:
        status (RegisterDomainResponse202Type0Status):
        order_id (str):
        checkout_url (str):
        status_url (str):
        expires_at (str):
        message (str):
    """

    status: RegisterDomainResponse202Type0Status
    order_id: str
    checkout_url: str
    status_url: str
    expires_at: str
    message: str

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        order_id = self.order_id

        checkout_url = self.checkout_url

        status_url = self.status_url

        expires_at = self.expires_at

        message = self.message

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "order_id": order_id,
                "checkout_url": checkout_url,
                "status_url": status_url,
                "expires_at": expires_at,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = RegisterDomainResponse202Type0Status(d.pop("status"))

        order_id = d.pop("order_id")

        checkout_url = d.pop("checkout_url")

        status_url = d.pop("status_url")

        expires_at = d.pop("expires_at")

        message = d.pop("message")

        register_domain_response_202_type_0 = cls(
            status=status,
            order_id=order_id,
            checkout_url=checkout_url,
            status_url=status_url,
            expires_at=expires_at,
            message=message,
        )

        return register_domain_response_202_type_0
