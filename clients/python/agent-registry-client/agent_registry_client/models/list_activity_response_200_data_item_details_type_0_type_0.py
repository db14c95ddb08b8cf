from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ListActivityResponse200DataItemDetailsType0Type0")


@_attrs_define
class ListActivityResponse200DataItemDetailsType0Type0:
    """purchase (the buyer’s order) and sale (the seller’s): the parties and the split of the price

    Attributes:
        source (str): `listing` (buy-secondary, the human checkout) or `offer`
        seller_id (str):
        buyer_id (str):
        referrer_id (None | str):
        seller_amount (str): 90% of the price
        referrer_amount (str): 5% with a referrer, else 0
        platform_amount (str): the rest: 5%, or 10% without a referrer
    """

    source: str
    seller_id: str
    buyer_id: str
    referrer_id: None | str
    seller_amount: str
    referrer_amount: str
    platform_amount: str

    def to_dict(self) -> dict[str, Any]:
        source = self.source

        seller_id = self.seller_id

        buyer_id = self.buyer_id

        referrer_id: None | str
        referrer_id = self.referrer_id

        seller_amount = self.seller_amount

        referrer_amount = self.referrer_amount

        platform_amount = self.platform_amount

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "source": source,
                "seller_id": seller_id,
                "buyer_id": buyer_id,
                "referrer_id": referrer_id,
                "seller_amount": seller_amount,
                "referrer_amount": referrer_amount,
                "platform_amount": platform_amount,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        source = d.pop("source")

        seller_id = d.pop("seller_id")

        buyer_id = d.pop("buyer_id")

        def _parse_referrer_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        referrer_id = _parse_referrer_id(d.pop("referrer_id"))

        seller_amount = d.pop("seller_amount")

        referrer_amount = d.pop("referrer_amount")

        platform_amount = d.pop("platform_amount")

        list_activity_response_200_data_item_details_type_0_type_0 = cls(
            source=source,
            seller_id=seller_id,
            buyer_id=buyer_id,
            referrer_id=referrer_id,
            seller_amount=seller_amount,
            referrer_amount=referrer_amount,
            platform_amount=platform_amount,
        )

        return list_activity_response_200_data_item_details_type_0_type_0
