from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.pay_accepted_offer_response_200_sale_currency import PayAcceptedOfferResponse200SaleCurrency

T = TypeVar("T", bound="PayAcceptedOfferResponse200Sale")


@_attrs_define
class PayAcceptedOfferResponse200Sale:
    """
    Attributes:
        sale_id (int):
        domain (str):
        buyer_id (str):
        seller_id (str):
        currency (PayAcceptedOfferResponse200SaleCurrency):
        price (float): Whole gems, or USD
        seller_amount (float):
        referrer_amount (float):
        platform_amount (float):
        order_id (int):
        sold_at (str):
    """

    sale_id: int
    domain: str
    buyer_id: str
    seller_id: str
    currency: PayAcceptedOfferResponse200SaleCurrency
    price: float
    seller_amount: float
    referrer_amount: float
    platform_amount: float
    order_id: int
    sold_at: str

    def to_dict(self) -> dict[str, Any]:
        sale_id = self.sale_id

        domain = self.domain

        buyer_id = self.buyer_id

        seller_id = self.seller_id

        currency = self.currency.value

        price = self.price

        seller_amount = self.seller_amount

        referrer_amount = self.referrer_amount

        platform_amount = self.platform_amount

        order_id = self.order_id

        sold_at = self.sold_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "sale_id": sale_id,
                "domain": domain,
                "buyer_id": buyer_id,
                "seller_id": seller_id,
                "currency": currency,
                "price": price,
                "seller_amount": seller_amount,
                "referrer_amount": referrer_amount,
                "platform_amount": platform_amount,
                "order_id": order_id,
                "sold_at": sold_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        sale_id = d.pop("sale_id")

        domain = d.pop("domain")

        buyer_id = d.pop("buyer_id")

        seller_id = d.pop("seller_id")

        currency = PayAcceptedOfferResponse200SaleCurrency(d.pop("currency"))

        price = d.pop("price")

        seller_amount = d.pop("seller_amount")

        referrer_amount = d.pop("referrer_amount")

        platform_amount = d.pop("platform_amount")

        order_id = d.pop("order_id")

        sold_at = d.pop("sold_at")

        pay_accepted_offer_response_200_sale = cls(
            sale_id=sale_id,
            domain=domain,
            buyer_id=buyer_id,
            seller_id=seller_id,
            currency=currency,
            price=price,
            seller_amount=seller_amount,
            referrer_amount=referrer_amount,
            platform_amount=platform_amount,
            order_id=order_id,
            sold_at=sold_at,
        )

        return pay_accepted_offer_response_200_sale
