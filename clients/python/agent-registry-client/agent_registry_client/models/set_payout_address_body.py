from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SetPayoutAddressBody")


@_attrs_define
class SetPayoutAddressBody:
    """
    Attributes:
        address (None | str): The address to pay your pathUSD sale proceeds to; null clears it
    """

    address: None | str

    def to_dict(self) -> dict[str, Any]:
        address: None | str
        address = self.address

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "address": address,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_address(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        address = _parse_address(d.pop("address"))

        set_payout_address_body = cls(
            address=address,
        )

        return set_payout_address_body
