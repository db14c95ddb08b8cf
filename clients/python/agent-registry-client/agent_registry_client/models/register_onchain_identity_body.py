from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.register_onchain_identity_body_payment_method import RegisterOnchainIdentityBodyPaymentMethod
from ..types import UNSET, Unset

T = TypeVar("T", bound="RegisterOnchainIdentityBody")


@_attrs_define
class RegisterOnchainIdentityBody:
    """
    Attributes:
        payment_method (RegisterOnchainIdentityBodyPaymentMethod | Unset): Default mpp (a 402 challenge, as
            registration’s); gems takes the price from your balance at once
        receipt (str | Unset): Payment credential for the retry (or send Authorization: Payment)
    """

    payment_method: RegisterOnchainIdentityBodyPaymentMethod | Unset = UNSET
    receipt: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        payment_method: str | Unset = UNSET
        if not isinstance(self.payment_method, Unset):
            payment_method = self.payment_method.value

        receipt = self.receipt

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if payment_method is not UNSET:
            field_dict["payment_method"] = payment_method
        if receipt is not UNSET:
            field_dict["receipt"] = receipt

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _payment_method = d.pop("payment_method", UNSET)
        payment_method: RegisterOnchainIdentityBodyPaymentMethod | Unset
        if isinstance(_payment_method, Unset):
            payment_method = UNSET
        else:
            payment_method = RegisterOnchainIdentityBodyPaymentMethod(_payment_method)

        receipt = d.pop("receipt", UNSET)

        register_onchain_identity_body = cls(
            payment_method=payment_method,
            receipt=receipt,
        )

        register_onchain_identity_body.additional_properties = d
        return register_onchain_identity_body

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
