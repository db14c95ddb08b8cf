from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="HumanCheckoutBuyBody")


@_attrs_define
class HumanCheckoutBuyBody:
    """
    Attributes:
        csrf_token (str | Unset): The form token the checkout page carries
        affiliate_id (str | Unset): The referrer (an account id or a person’s username at the identity provider); earns
            5% of the sale
    """

    csrf_token: str | Unset = UNSET
    affiliate_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        csrf_token = self.csrf_token

        affiliate_id = self.affiliate_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if csrf_token is not UNSET:
            field_dict["csrf_token"] = csrf_token
        if affiliate_id is not UNSET:
            field_dict["affiliate_id"] = affiliate_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        csrf_token = d.pop("csrf_token", UNSET)

        affiliate_id = d.pop("affiliate_id", UNSET)

        human_checkout_buy_body = cls(
            csrf_token=csrf_token,
            affiliate_id=affiliate_id,
        )

        human_checkout_buy_body.additional_properties = d
        return human_checkout_buy_body

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
