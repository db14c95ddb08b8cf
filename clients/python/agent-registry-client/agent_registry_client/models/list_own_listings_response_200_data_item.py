from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.list_own_listings_response_200_data_item_currency import ListOwnListingsResponse200DataItemCurrency

if TYPE_CHECKING:
    from ..models.list_own_listings_response_200_data_item_min_offer_type_0 import (
        ListOwnListingsResponse200DataItemMinOfferType0,
    )
    from ..models.list_own_listings_response_200_data_item_price import ListOwnListingsResponse200DataItemPrice


T = TypeVar("T", bound="ListOwnListingsResponse200DataItem")


@_attrs_define
class ListOwnListingsResponse200DataItem:
    """
    Attributes:
        domain (str):
        seller_id (str): You, or an agent you claimed
        price (ListOwnListingsResponse200DataItemPrice):
        currency (ListOwnListingsResponse200DataItemCurrency):
        min_offer (ListOwnListingsResponse200DataItemMinOfferType0 | None): The seller's floor for offers (spec 2.11);
            null when not listed or no floor
        listed_at (str): ISO 8601 timestamp with milliseconds and Z
        updated_at (str): ISO 8601 timestamp with milliseconds and Z
    """

    domain: str
    seller_id: str
    price: ListOwnListingsResponse200DataItemPrice
    currency: ListOwnListingsResponse200DataItemCurrency
    min_offer: ListOwnListingsResponse200DataItemMinOfferType0 | None
    listed_at: str
    updated_at: str

    def to_dict(self) -> dict[str, Any]:
        from ..models.list_own_listings_response_200_data_item_min_offer_type_0 import (
            ListOwnListingsResponse200DataItemMinOfferType0,  # noqa: PLC0415
        )

        domain = self.domain

        seller_id = self.seller_id

        price = self.price.to_dict()

        currency = self.currency.value

        min_offer: dict[str, Any] | None
        if isinstance(self.min_offer, ListOwnListingsResponse200DataItemMinOfferType0):
            min_offer = self.min_offer.to_dict()
        else:
            min_offer = self.min_offer

        listed_at = self.listed_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "domain": domain,
                "seller_id": seller_id,
                "price": price,
                "currency": currency,
                "min_offer": min_offer,
                "listed_at": listed_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.list_own_listings_response_200_data_item_min_offer_type_0 import (
            ListOwnListingsResponse200DataItemMinOfferType0,  # noqa: PLC0415
        )
        from ..models.list_own_listings_response_200_data_item_price import ListOwnListingsResponse200DataItemPrice  # noqa: PLC0415

        d = dict(src_dict)
        domain = d.pop("domain")

        seller_id = d.pop("seller_id")

        price = ListOwnListingsResponse200DataItemPrice.from_dict(d.pop("price"))

        currency = ListOwnListingsResponse200DataItemCurrency(d.pop("currency"))

        def _parse_min_offer(data: object) -> ListOwnListingsResponse200DataItemMinOfferType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                min_offer_type_0 = ListOwnListingsResponse200DataItemMinOfferType0.from_dict(data)

                return min_offer_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ListOwnListingsResponse200DataItemMinOfferType0 | None, data)

        min_offer = _parse_min_offer(d.pop("min_offer"))

        listed_at = d.pop("listed_at")

        updated_at = d.pop("updated_at")

        list_own_listings_response_200_data_item = cls(
            domain=domain,
            seller_id=seller_id,
            price=price,
            currency=currency,
            min_offer=min_offer,
            listed_at=listed_at,
            updated_at=updated_at,
        )

        return list_own_listings_response_200_data_item
