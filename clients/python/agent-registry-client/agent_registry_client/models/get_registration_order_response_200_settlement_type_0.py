from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetRegistrationOrderResponse200SettlementType0")


@_attrs_define
class GetRegistrationOrderResponse200SettlementType0:
    """
    Attributes:
        relay_session_id (str):
        status (str): The relay's receipt status: awaiting_payment, prepared, broadcast, confirmed, failed,
            expired_unpaid; unknown when the relay cannot be asked
        tx_hash (None | str):
    """

    relay_session_id: str
    status: str
    tx_hash: None | str

    def to_dict(self) -> dict[str, Any]:
        relay_session_id = self.relay_session_id

        status = self.status

        tx_hash: None | str
        tx_hash = self.tx_hash

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "relay_session_id": relay_session_id,
                "status": status,
                "tx_hash": tx_hash,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        relay_session_id = d.pop("relay_session_id")

        status = d.pop("status")

        def _parse_tx_hash(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        tx_hash = _parse_tx_hash(d.pop("tx_hash"))

        get_registration_order_response_200_settlement_type_0 = cls(
            relay_session_id=relay_session_id,
            status=status,
            tx_hash=tx_hash,
        )

        return get_registration_order_response_200_settlement_type_0
