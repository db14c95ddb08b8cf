from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.list_for_sale_response_200_data_item_currency import ListForSaleResponse200DataItemCurrency

if TYPE_CHECKING:
    from ..models.list_for_sale_response_200_data_item_min_offer_type_0 import (
        ListForSaleResponse200DataItemMinOfferType0,
    )
    from ..models.list_for_sale_response_200_data_item_price import ListForSaleResponse200DataItemPrice


T = TypeVar("T", bound="ListForSaleResponse200DataItem")


@_attrs_define
class ListForSaleResponse200DataItem:
    """
    Attributes:
        domain (str):
        namespace (str):
        price (ListForSaleResponse200DataItemPrice):
        currency (ListForSaleResponse200DataItemCurrency):
        min_offer (ListForSaleResponse200DataItemMinOfferType0 | None): The seller's floor for offers (spec 2.11); null
            when not listed or no floor
        listed_at (str): ISO 8601 timestamp with milliseconds and Z
        expiry_date (str): ISO 8601 timestamp with milliseconds and Z
    """

    domain: str
    namespace: str
    price: ListForSaleResponse200DataItemPrice
    currency: ListForSaleResponse200DataItemCurrency
    min_offer: ListForSaleResponse200DataItemMinOfferType0 | None
    listed_at: str
    expiry_date: str

    def to_dict(self) -> dict[str, Any]:
        from ..models.list_for_sale_response_200_data_item_min_offer_type_0 import (
            ListForSaleResponse200DataItemMinOfferType0,  # noqa: PLC0415
        )

        domain = self.domain

        namespace = self.namespace

        price = self.price.to_dict()

        currency = self.currency.value

        min_offer: dict[str, Any] | None
        if isinstance(self.min_offer, ListForSaleResponse200DataItemMinOfferType0):
            min_offer = self.min_offer.to_dict()
        else:
            min_offer = self.min_offer

        listed_at = self.listed_at

        expiry_date = self.expiry_date

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "domain": domain,
                "namespace": namespace,
                "price": price,
                "currency": currency,
                "min_offer": min_offer,
                "listed_at": listed_at,
                "expiry_date": expiry_date,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.list_for_sale_response_200_data_item_min_offer_type_0 import (
            ListForSaleResponse200DataItemMinOfferType0,  # noqa: PLC0415
        )
        from ..models.list_for_sale_response_200_data_item_price import ListForSaleResponse200DataItemPrice  # noqa: PLC0415

        d = dict(src_dict)
        domain = d.pop("domain")

        namespace = d.pop("namespace")

        price = ListForSaleResponse200DataItemPrice.from_dict(d.pop("price"))

        currency = ListForSaleResponse200DataItemCurrency(d.pop("currency"))

        def _parse_min_offer(data: object) -> ListForSaleResponse200DataItemMinOfferType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                min_offer_type_0 = ListForSaleResponse200DataItemMinOfferType0.from_dict(data)

                return min_offer_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ListForSaleResponse200DataItemMinOfferType0 | None, data)

        min_offer = _parse_min_offer(d.pop("min_offer"))

        listed_at = d.pop("listed_at")

        expiry_date = d.pop("expiry_date")

        list_for_sale_response_200_data_item = cls(
            domain=domain,
            namespace=namespace,
            price=price,
            currency=currency,
            min_offer=min_offer,
            listed_at=listed_at,
            expiry_date=expiry_date,
        )

        return list_for_sale_response_200_data_item
