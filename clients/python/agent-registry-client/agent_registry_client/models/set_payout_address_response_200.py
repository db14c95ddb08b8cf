from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.set_payout_address_response_200_status import SetPayoutAddressResponse200Status

T = TypeVar("T", bound="SetPayoutAddressResponse200")


@_attrs_define
class SetPayoutAddressResponse200:
    """
    Attributes:
        status (SetPayoutAddressResponse200Status):
        payout_address (None | str):
    """

    status: SetPayoutAddressResponse200Status
    payout_address: None | str

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        payout_address: None | str
        payout_address = self.payout_address

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "payout_address": payout_address,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = SetPayoutAddressResponse200Status(d.pop("status"))

        def _parse_payout_address(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        payout_address = _parse_payout_address(d.pop("payout_address"))

        set_payout_address_response_200 = cls(
            status=status,
            payout_address=payout_address,
        )

        return set_payout_address_response_200
