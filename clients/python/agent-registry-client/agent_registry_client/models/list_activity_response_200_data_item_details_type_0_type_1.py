from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ListActivityResponse200DataItemDetailsType0Type1")


@_attrs_define
class ListActivityResponse200DataItemDetailsType0Type1:
    """payout: the sale whose pathUSD proceeds were sent on chain, and where (`payment_reference`: the tx)

    Attributes:
        sale_id (int | None):
        payout_address (None | str):
    """

    sale_id: int | None
    payout_address: None | str

    def to_dict(self) -> dict[str, Any]:
        sale_id: int | None
        sale_id = self.sale_id

        payout_address: None | str
        payout_address = self.payout_address

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "sale_id": sale_id,
                "payout_address": payout_address,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_sale_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        sale_id = _parse_sale_id(d.pop("sale_id"))

        def _parse_payout_address(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        payout_address = _parse_payout_address(d.pop("payout_address"))

        list_activity_response_200_data_item_details_type_0_type_1 = cls(
            sale_id=sale_id,
            payout_address=payout_address,
        )

        return list_activity_response_200_data_item_details_type_0_type_1
