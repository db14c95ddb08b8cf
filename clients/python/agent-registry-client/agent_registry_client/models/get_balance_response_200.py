from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.get_balance_response_200_status import GetBalanceResponse200Status

T = TypeVar("T", bound="GetBalanceResponse200")


@_attrs_define
class GetBalanceResponse200:
    """
    Attributes:
        status (GetBalanceResponse200Status):
        account_id (str):
        gems_balance (int):
    """

    status: GetBalanceResponse200Status
    account_id: str
    gems_balance: int

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        account_id = self.account_id

        gems_balance = self.gems_balance

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "account_id": account_id,
                "gems_balance": gems_balance,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = GetBalanceResponse200Status(d.pop("status"))

        account_id = d.pop("account_id")

        gems_balance = d.pop("gems_balance")

        get_balance_response_200 = cls(
            status=status,
            account_id=account_id,
            gems_balance=gems_balance,
        )

        return get_balance_response_200
