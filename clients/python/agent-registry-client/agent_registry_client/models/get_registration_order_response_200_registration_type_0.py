from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetRegistrationOrderResponse200RegistrationType0")


@_attrs_define
class GetRegistrationOrderResponse200RegistrationType0:
    """
    Attributes:
        domain_id (int):
        order_id (int):
        owner_id (str):
        expiry_date (str):
        payment_reference (str):
    """

    domain_id: int
    order_id: int
    owner_id: str
    expiry_date: str
    payment_reference: str

    def to_dict(self) -> dict[str, Any]:
        domain_id = self.domain_id

        order_id = self.order_id

        owner_id = self.owner_id

        expiry_date = self.expiry_date

        payment_reference = self.payment_reference

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "domain_id": domain_id,
                "order_id": order_id,
                "owner_id": owner_id,
                "expiry_date": expiry_date,
                "payment_reference": payment_reference,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        domain_id = d.pop("domain_id")

        order_id = d.pop("order_id")

        owner_id = d.pop("owner_id")

        expiry_date = d.pop("expiry_date")

        payment_reference = d.pop("payment_reference")

        get_registration_order_response_200_registration_type_0 = cls(
            domain_id=domain_id,
            order_id=order_id,
            owner_id=owner_id,
            expiry_date=expiry_date,
            payment_reference=payment_reference,
        )

        return get_registration_order_response_200_registration_type_0
