from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.put_listing_response_200_status import PutListingResponse200Status

if TYPE_CHECKING:
    from ..models.put_listing_response_200_listing import PutListingResponse200Listing


T = TypeVar("T", bound="PutListingResponse200")


@_attrs_define
class PutListingResponse200:
    """
    Attributes:
        status (PutListingResponse200Status):
        listing (PutListingResponse200Listing):
    """

    status: PutListingResponse200Status
    listing: PutListingResponse200Listing

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        listing = self.listing.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "listing": listing,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.put_listing_response_200_listing import PutListingResponse200Listing  # noqa: PLC0415

        d = dict(src_dict)
        status = PutListingResponse200Status(d.pop("status"))

        listing = PutListingResponse200Listing.from_dict(d.pop("listing"))

        put_listing_response_200 = cls(
            status=status,
            listing=listing,
        )

        return put_listing_response_200
