from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.list_sold_response_200_data_item_currency import ListSoldResponse200DataItemCurrency
from ..models.list_sold_response_200_data_item_source import ListSoldResponse200DataItemSource

T = TypeVar("T", bound="ListSoldResponse200DataItem")


@_attrs_define
class ListSoldResponse200DataItem:
    """
    Attributes:
        sale_id (int):
        domain (str):
        currency (ListSoldResponse200DataItemCurrency):
        price (float): Whole gems, or USD (pathUSD) with at most two decimals
        source (ListSoldResponse200DataItemSource): Bought at the asking price, or an accepted offer
        sold_at (str): ISO 8601 timestamp with milliseconds and Z
    """

    sale_id: int
    domain: str
    currency: ListSoldResponse200DataItemCurrency
    price: float
    source: ListSoldResponse200DataItemSource
    sold_at: str

    def to_dict(self) -> dict[str, Any]:
        sale_id = self.sale_id

        domain = self.domain

        currency = self.currency.value

        price = self.price

        source = self.source.value

        sold_at = self.sold_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "sale_id": sale_id,
                "domain": domain,
                "currency": currency,
                "price": price,
                "source": source,
                "sold_at": sold_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        sale_id = d.pop("sale_id")

        domain = d.pop("domain")

        currency = ListSoldResponse200DataItemCurrency(d.pop("currency"))

        price = d.pop("price")

        source = ListSoldResponse200DataItemSource(d.pop("source"))

        sold_at = d.pop("sold_at")

        list_sold_response_200_data_item = cls(
            sale_id=sale_id,
            domain=domain,
            currency=currency,
            price=price,
            source=source,
            sold_at=sold_at,
        )

        return list_sold_response_200_data_item
