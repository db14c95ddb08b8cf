from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.list_own_sales_response_200_data_item_payout_type_0_status import (
    ListOwnSalesResponse200DataItemPayoutType0Status,
)

T = TypeVar("T", bound="ListOwnSalesResponse200DataItemPayoutType0")


@_attrs_define
class ListOwnSalesResponse200DataItemPayoutType0:
    """
    Attributes:
        status (ListOwnSalesResponse200DataItemPayoutType0Status): pending: being paid on chain; held: no payout
            address, kept as a balance; paid
        address (None | str): Where it is (or will be) paid; null while held
        tx_hash (None | str): The payout transaction once mined; null before
    """

    status: ListOwnSalesResponse200DataItemPayoutType0Status
    address: None | str
    tx_hash: None | str

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        address: None | str
        address = self.address

        tx_hash: None | str
        tx_hash = self.tx_hash

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "address": address,
                "tx_hash": tx_hash,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = ListOwnSalesResponse200DataItemPayoutType0Status(d.pop("status"))

        def _parse_address(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        address = _parse_address(d.pop("address"))

        def _parse_tx_hash(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        tx_hash = _parse_tx_hash(d.pop("tx_hash"))

        list_own_sales_response_200_data_item_payout_type_0 = cls(
            status=status,
            address=address,
            tx_hash=tx_hash,
        )

        return list_own_sales_response_200_data_item_payout_type_0
