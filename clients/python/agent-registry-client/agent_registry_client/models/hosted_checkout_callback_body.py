from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.hosted_checkout_callback_body_status import HostedCheckoutCallbackBodyStatus

T = TypeVar("T", bound="HostedCheckoutCallbackBody")


@_attrs_define
class HostedCheckoutCallbackBody:
    """
    Attributes:
        order_id (str):
        domain (str):
        status (HostedCheckoutCallbackBodyStatus):
        reference (str):
    """

    order_id: str
    domain: str
    status: HostedCheckoutCallbackBodyStatus
    reference: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        order_id = self.order_id

        domain = self.domain

        status = self.status.value

        reference = self.reference

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "order_id": order_id,
                "domain": domain,
                "status": status,
                "reference": reference,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        order_id = d.pop("order_id")

        domain = d.pop("domain")

        status = HostedCheckoutCallbackBodyStatus(d.pop("status"))

        reference = d.pop("reference")

        hosted_checkout_callback_body = cls(
            order_id=order_id,
            domain=domain,
            status=status,
            reference=reference,
        )

        hosted_checkout_callback_body.additional_properties = d
        return hosted_checkout_callback_body

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
