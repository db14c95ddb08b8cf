from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.register_onchain_identity_response_200_order_payment_method import (
    RegisterOnchainIdentityResponse200OrderPaymentMethod,
)

T = TypeVar("T", bound="RegisterOnchainIdentityResponse200Order")


@_attrs_define
class RegisterOnchainIdentityResponse200Order:
    """
    Attributes:
        order_id (int):
        payment_method (RegisterOnchainIdentityResponse200OrderPaymentMethod):
        amount_gems (int):
        amount (None | str):
        currency (str):
        payment_reference (str):
    """

    order_id: int
    payment_method: RegisterOnchainIdentityResponse200OrderPaymentMethod
    amount_gems: int
    amount: None | str
    currency: str
    payment_reference: str

    def to_dict(self) -> dict[str, Any]:
        order_id = self.order_id

        payment_method = self.payment_method.value

        amount_gems = self.amount_gems

        amount: None | str
        amount = self.amount

        currency = self.currency

        payment_reference = self.payment_reference

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "order_id": order_id,
                "payment_method": payment_method,
                "amount_gems": amount_gems,
                "amount": amount,
                "currency": currency,
                "payment_reference": payment_reference,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        order_id = d.pop("order_id")

        payment_method = RegisterOnchainIdentityResponse200OrderPaymentMethod(d.pop("payment_method"))

        amount_gems = d.pop("amount_gems")

        def _parse_amount(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        amount = _parse_amount(d.pop("amount"))

        currency = d.pop("currency")

        payment_reference = d.pop("payment_reference")

        register_onchain_identity_response_200_order = cls(
            order_id=order_id,
            payment_method=payment_method,
            amount_gems=amount_gems,
            amount=amount,
            currency=currency,
            payment_reference=payment_reference,
        )

        return register_onchain_identity_response_200_order
