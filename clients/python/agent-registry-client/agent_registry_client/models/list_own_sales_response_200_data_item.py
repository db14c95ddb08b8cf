from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.list_own_sales_response_200_data_item_currency import ListOwnSalesResponse200DataItemCurrency
from ..models.list_own_sales_response_200_data_item_source import ListOwnSalesResponse200DataItemSource

if TYPE_CHECKING:
    from ..models.list_own_sales_response_200_data_item_payout_type_0 import ListOwnSalesResponse200DataItemPayoutType0


T = TypeVar("T", bound="ListOwnSalesResponse200DataItem")


@_attrs_define
class ListOwnSalesResponse200DataItem:
    """
    Attributes:
        sale_id (int):
        domain (str):
        seller_id (str): You, or an agent you claimed
        currency (ListOwnSalesResponse200DataItemCurrency):
        price (float): Whole gems, or USD (pathUSD) with at most two decimals
        seller_amount (float): The seller’s 90%, in the sale’s currency (whole gems, or USD)
        referrer_amount (float): The referrer’s 5% (0 without a referrer), in the sale’s currency (whole gems, or USD)
        platform_amount (float): The platform’s 5% (10% without a referrer), in the sale’s currency (whole gems, or USD)
        source (ListOwnSalesResponse200DataItemSource): Bought at the asking price, or an accepted offer
        payout (ListOwnSalesResponse200DataItemPayoutType0 | None): The pathUSD proceeds’ way out to the chain; null for
            a gems sale (paid into your balance at once)
        sold_at (str): ISO 8601 timestamp with milliseconds and Z
    """

    sale_id: int
    domain: str
    seller_id: str
    currency: ListOwnSalesResponse200DataItemCurrency
    price: float
    seller_amount: float
    referrer_amount: float
    platform_amount: float
    source: ListOwnSalesResponse200DataItemSource
    payout: ListOwnSalesResponse200DataItemPayoutType0 | None
    sold_at: str

    def to_dict(self) -> dict[str, Any]:
        from ..models.list_own_sales_response_200_data_item_payout_type_0 import (
            ListOwnSalesResponse200DataItemPayoutType0,  # noqa: PLC0415
        )

        sale_id = self.sale_id

        domain = self.domain

        seller_id = self.seller_id

        currency = self.currency.value

        price = self.price

        seller_amount = self.seller_amount

        referrer_amount = self.referrer_amount

        platform_amount = self.platform_amount

        source = self.source.value

        payout: dict[str, Any] | None
        if isinstance(self.payout, ListOwnSalesResponse200DataItemPayoutType0):
            payout = self.payout.to_dict()
        else:
            payout = self.payout

        sold_at = self.sold_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "sale_id": sale_id,
                "domain": domain,
                "seller_id": seller_id,
                "currency": currency,
                "price": price,
                "seller_amount": seller_amount,
                "referrer_amount": referrer_amount,
                "platform_amount": platform_amount,
                "source": source,
                "payout": payout,
                "sold_at": sold_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.list_own_sales_response_200_data_item_payout_type_0 import (
            ListOwnSalesResponse200DataItemPayoutType0,  # noqa: PLC0415
        )

        d = dict(src_dict)
        sale_id = d.pop("sale_id")

        domain = d.pop("domain")

        seller_id = d.pop("seller_id")

        currency = ListOwnSalesResponse200DataItemCurrency(d.pop("currency"))

        price = d.pop("price")

        seller_amount = d.pop("seller_amount")

        referrer_amount = d.pop("referrer_amount")

        platform_amount = d.pop("platform_amount")

        source = ListOwnSalesResponse200DataItemSource(d.pop("source"))

        def _parse_payout(data: object) -> ListOwnSalesResponse200DataItemPayoutType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                payout_type_0 = ListOwnSalesResponse200DataItemPayoutType0.from_dict(data)

                return payout_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ListOwnSalesResponse200DataItemPayoutType0 | None, data)

        payout = _parse_payout(d.pop("payout"))

        sold_at = d.pop("sold_at")

        list_own_sales_response_200_data_item = cls(
            sale_id=sale_id,
            domain=domain,
            seller_id=seller_id,
            currency=currency,
            price=price,
            seller_amount=seller_amount,
            referrer_amount=referrer_amount,
            platform_amount=platform_amount,
            source=source,
            payout=payout,
            sold_at=sold_at,
        )

        return list_own_sales_response_200_data_item
