from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.quote_domain_response_200_price_currency import QuoteDomainResponse200PriceCurrency
from ..models.quote_domain_response_200_price_price_class import QuoteDomainResponse200PricePriceClass

T = TypeVar("T", bound="QuoteDomainResponse200Price")


@_attrs_define
class QuoteDomainResponse200Price:
    """
    Attributes:
        currency (QuoteDomainResponse200PriceCurrency):
        amount (str): Decimal amount in the currency, e.g. "15.00"
        amount_minor (str): Amount in minor units (6 decimals)
        decimals (int):
        gems (int):
        unit_price_gems (int):
        price_class (QuoteDomainResponse200PricePriceClass):
        asset (None | str): The token contract paid: USDC on chain 8453 for base-mainnet, the TIP-20 token (pathUSD) on
            Tempo
    """

    currency: QuoteDomainResponse200PriceCurrency
    amount: str
    amount_minor: str
    decimals: int
    gems: int
    unit_price_gems: int
    price_class: QuoteDomainResponse200PricePriceClass
    asset: None | str

    def to_dict(self) -> dict[str, Any]:
        currency = self.currency.value

        amount = self.amount

        amount_minor = self.amount_minor

        decimals = self.decimals

        gems = self.gems

        unit_price_gems = self.unit_price_gems

        price_class = self.price_class.value

        asset: None | str
        asset = self.asset

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "currency": currency,
                "amount": amount,
                "amount_minor": amount_minor,
                "decimals": decimals,
                "gems": gems,
                "unit_price_gems": unit_price_gems,
                "price_class": price_class,
                "asset": asset,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        currency = QuoteDomainResponse200PriceCurrency(d.pop("currency"))

        amount = d.pop("amount")

        amount_minor = d.pop("amount_minor")

        decimals = d.pop("decimals")

        gems = d.pop("gems")

        unit_price_gems = d.pop("unit_price_gems")

        price_class = QuoteDomainResponse200PricePriceClass(d.pop("price_class"))

        def _parse_asset(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        asset = _parse_asset(d.pop("asset"))

        quote_domain_response_200_price = cls(
            currency=currency,
            amount=amount,
            amount_minor=amount_minor,
            decimals=decimals,
            gems=gems,
            unit_price_gems=unit_price_gems,
            price_class=price_class,
            asset=asset,
        )

        return quote_domain_response_200_price
