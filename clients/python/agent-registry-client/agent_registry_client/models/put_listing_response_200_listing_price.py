from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="PutListingResponse200ListingPrice")


@_attrs_define
class PutListingResponse200ListingPrice:
    """
    Attributes:
        gems (int | None):
        usd (float | None):
    """

    gems: int | None
    usd: float | None

    def to_dict(self) -> dict[str, Any]:
        gems: int | None
        gems = self.gems

        usd: float | None
        usd = self.usd

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "gems": gems,
                "usd": usd,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_gems(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        gems = _parse_gems(d.pop("gems"))

        def _parse_usd(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        usd = _parse_usd(d.pop("usd"))

        put_listing_response_200_listing_price = cls(
            gems=gems,
            usd=usd,
        )

        return put_listing_response_200_listing_price
