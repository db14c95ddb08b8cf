from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.put_listing_body_min_offer_type_0 import PutListingBodyMinOfferType0
    from ..models.put_listing_body_price import PutListingBodyPrice


T = TypeVar("T", bound="PutListingBody")


@_attrs_define
class PutListingBody:
    """
    Attributes:
        price (PutListingBodyPrice): At least one of gems and usd
        min_offer (None | PutListingBodyMinOfferType0 | Unset): The floor for offers, never above the asking price;
            absent or null: no floor
    """

    price: PutListingBodyPrice
    min_offer: None | PutListingBodyMinOfferType0 | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.put_listing_body_min_offer_type_0 import PutListingBodyMinOfferType0  # noqa: PLC0415

        price = self.price.to_dict()

        min_offer: dict[str, Any] | None | Unset
        if isinstance(self.min_offer, Unset):
            min_offer = UNSET
        elif isinstance(self.min_offer, PutListingBodyMinOfferType0):
            min_offer = self.min_offer.to_dict()
        else:
            min_offer = self.min_offer

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "price": price,
            }
        )
        if min_offer is not UNSET:
            field_dict["min_offer"] = min_offer

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.put_listing_body_min_offer_type_0 import PutListingBodyMinOfferType0  # noqa: PLC0415
        from ..models.put_listing_body_price import PutListingBodyPrice  # noqa: PLC0415

        d = dict(src_dict)
        price = PutListingBodyPrice.from_dict(d.pop("price"))

        def _parse_min_offer(data: object) -> None | PutListingBodyMinOfferType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                min_offer_type_0 = PutListingBodyMinOfferType0.from_dict(data)

                return min_offer_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PutListingBodyMinOfferType0 | Unset, data)

        min_offer = _parse_min_offer(d.pop("min_offer", UNSET))

        put_listing_body = cls(
            price=price,
            min_offer=min_offer,
        )

        return put_listing_body
