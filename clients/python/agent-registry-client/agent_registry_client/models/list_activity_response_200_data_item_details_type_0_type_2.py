from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ListActivityResponse200DataItemDetailsType0Type2")


@_attrs_define
class ListActivityResponse200DataItemDetailsType0Type2:
    """offer_escrow / offer_release: the offer whose gems were held or given back, and why

    Attributes:
        offer_id (str):
        reason (None | str):
    """

    offer_id: str
    reason: None | str

    def to_dict(self) -> dict[str, Any]:
        offer_id = self.offer_id

        reason: None | str
        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "offer_id": offer_id,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        offer_id = d.pop("offer_id")

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

        list_activity_response_200_data_item_details_type_0_type_2 = cls(
            offer_id=offer_id,
            reason=reason,
        )

        return list_activity_response_200_data_item_details_type_0_type_2
