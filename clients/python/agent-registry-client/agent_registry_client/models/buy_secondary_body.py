from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.buy_secondary_body_payment_method import BuySecondaryBodyPaymentMethod
from ..types import UNSET, Unset

T = TypeVar("T", bound="BuySecondaryBody")


@_attrs_define
class BuySecondaryBody:
    """
    Attributes:
        domain (str): The full name, e.g. "scout.agent"
        receipt (str | Unset): Payment credential for the retry (or send Authorization: Payment)
        payment_method (BuySecondaryBodyPaymentMethod | Unset): mpp (default): pay the USD asking price in pathUSD;
            gems: pay the gems asking price from your balance
        affiliate_id (str | Unset): The referrer (an account id or a person’s username); earns 5% of the sale
    """

    domain: str
    receipt: str | Unset = UNSET
    payment_method: BuySecondaryBodyPaymentMethod | Unset = UNSET
    affiliate_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        domain = self.domain

        receipt = self.receipt

        payment_method: str | Unset = UNSET
        if not isinstance(self.payment_method, Unset):
            payment_method = self.payment_method.value

        affiliate_id = self.affiliate_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "domain": domain,
            }
        )
        if receipt is not UNSET:
            field_dict["receipt"] = receipt
        if payment_method is not UNSET:
            field_dict["payment_method"] = payment_method
        if affiliate_id is not UNSET:
            field_dict["affiliate_id"] = affiliate_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        domain = d.pop("domain")

        receipt = d.pop("receipt", UNSET)

        _payment_method = d.pop("payment_method", UNSET)
        payment_method: BuySecondaryBodyPaymentMethod | Unset
        if isinstance(_payment_method, Unset):
            payment_method = UNSET
        else:
            payment_method = BuySecondaryBodyPaymentMethod(_payment_method)

        affiliate_id = d.pop("affiliate_id", UNSET)

        buy_secondary_body = cls(
            domain=domain,
            receipt=receipt,
            payment_method=payment_method,
            affiliate_id=affiliate_id,
        )

        buy_secondary_body.additional_properties = d
        return buy_secondary_body

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
