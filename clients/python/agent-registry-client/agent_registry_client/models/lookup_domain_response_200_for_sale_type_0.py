from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.lookup_domain_response_200_for_sale_type_0_currency import LookupDomainResponse200ForSaleType0Currency

T = TypeVar("T", bound="LookupDomainResponse200ForSaleType0")


@_attrs_define
class LookupDomainResponse200ForSaleType0:
    """
    Attributes:
        gems (int | None):
        usd (float | None):
        currency (LookupDomainResponse200ForSaleType0Currency): The listing currency marker
    """

    gems: int | None
    usd: float | None
    currency: LookupDomainResponse200ForSaleType0Currency

    def to_dict(self) -> dict[str, Any]:
        gems: int | None
        gems = self.gems

        usd: float | None
        usd = self.usd

        currency = self.currency.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "gems": gems,
                "usd": usd,
                "currency": currency,
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

        currency = LookupDomainResponse200ForSaleType0Currency(d.pop("currency"))

        lookup_domain_response_200_for_sale_type_0 = cls(
            gems=gems,
            usd=usd,
            currency=currency,
        )

        return lookup_domain_response_200_for_sale_type_0
