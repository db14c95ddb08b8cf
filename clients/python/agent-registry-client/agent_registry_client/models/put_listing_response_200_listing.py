from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.put_listing_response_200_listing_currency import PutListingResponse200ListingCurrency

if TYPE_CHECKING:
    from ..models.put_listing_response_200_listing_min_offer_type_0 import PutListingResponse200ListingMinOfferType0
    from ..models.put_listing_response_200_listing_price import PutListingResponse200ListingPrice


T = TypeVar("T", bound="PutListingResponse200Listing")


@_attrs_define
class PutListingResponse200Listing:
    """
    Attributes:
        domain (str):
        price (PutListingResponse200ListingPrice):
        currency (PutListingResponse200ListingCurrency):
        min_offer (None | PutListingResponse200ListingMinOfferType0): The seller's floor for offers (spec 2.11); null
            when not listed or no floor
        listed_at (str): When the current owner listed the name (kept when the listing is replaced)
        updated_at (str): ISO 8601 timestamp with milliseconds and Z
    """

    domain: str
    price: PutListingResponse200ListingPrice
    currency: PutListingResponse200ListingCurrency
    min_offer: None | PutListingResponse200ListingMinOfferType0
    listed_at: str
    updated_at: str

    def to_dict(self) -> dict[str, Any]:
        from ..models.put_listing_response_200_listing_min_offer_type_0 import PutListingResponse200ListingMinOfferType0  # noqa: PLC0415

        domain = self.domain

        price = self.price.to_dict()

        currency = self.currency.value

        min_offer: dict[str, Any] | None
        if isinstance(self.min_offer, PutListingResponse200ListingMinOfferType0):
            min_offer = self.min_offer.to_dict()
        else:
            min_offer = self.min_offer

        listed_at = self.listed_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "domain": domain,
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
        from ..models.put_listing_response_200_listing_min_offer_type_0 import PutListingResponse200ListingMinOfferType0  # noqa: PLC0415
        from ..models.put_listing_response_200_listing_price import PutListingResponse200ListingPrice  # noqa: PLC0415

        d = dict(src_dict)
        domain = d.pop("domain")

        price = PutListingResponse200ListingPrice.from_dict(d.pop("price"))

        currency = PutListingResponse200ListingCurrency(d.pop("currency"))

        def _parse_min_offer(data: object) -> None | PutListingResponse200ListingMinOfferType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                min_offer_type_0 = PutListingResponse200ListingMinOfferType0.from_dict(data)

                return min_offer_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PutListingResponse200ListingMinOfferType0, data)

        min_offer = _parse_min_offer(d.pop("min_offer"))

        listed_at = d.pop("listed_at")

        updated_at = d.pop("updated_at")

        put_listing_response_200_listing = cls(
            domain=domain,
            price=price,
            currency=currency,
            min_offer=min_offer,
            listed_at=listed_at,
            updated_at=updated_at,
        )

        return put_listing_response_200_listing
