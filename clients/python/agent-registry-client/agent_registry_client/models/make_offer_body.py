from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.make_offer_body_currency import MakeOfferBodyCurrency

T = TypeVar("T", bound="MakeOfferBody")


@_attrs_define
class MakeOfferBody:
    """
    Attributes:
        domain (str): The full name, e.g. "scout.agent"
        amount (float): Whole gems, or USD with at most two decimals (pathusd)
        currency (MakeOfferBodyCurrency):
    """

    domain: str
    amount: float
    currency: MakeOfferBodyCurrency
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        domain = self.domain

        amount = self.amount

        currency = self.currency.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "domain": domain,
                "amount": amount,
                "currency": currency,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        domain = d.pop("domain")

        amount = d.pop("amount")

        currency = MakeOfferBodyCurrency(d.pop("currency"))

        make_offer_body = cls(
            domain=domain,
            amount=amount,
            currency=currency,
        )

        make_offer_body.additional_properties = d
        return make_offer_body

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
