from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ListOpenCheckoutsResponse200DataItem")


@_attrs_define
class ListOpenCheckoutsResponse200DataItem:
    """
    Attributes:
        order_id (str): The checkout: its session id, or the hosted checkout’s order id
        domain (str):
        operation (str): `registration`, `renewal` or `purchase`
        payment_method (str):
        actor_account_id (str): Who started it: you, or an agent you claimed
        created_at (str):
        expires_at (str): When the hold lapses unpaid
        pay_url (None | str): Where a person pays it (a hosted checkout); null: the agent pays it with a machine payment
        status_url (None | str): A registration’s order status (GET /api/agent/register-status/{order_id})
        cancellable (bool): A registration or renewal checkout: `POST /api/v1/domains/{domain_name}/reset-lock` ends it
            (a registration also frees the name)
    """

    order_id: str
    domain: str
    operation: str
    payment_method: str
    actor_account_id: str
    created_at: str
    expires_at: str
    pay_url: None | str
    status_url: None | str
    cancellable: bool

    def to_dict(self) -> dict[str, Any]:
        order_id = self.order_id

        domain = self.domain

        operation = self.operation

        payment_method = self.payment_method

        actor_account_id = self.actor_account_id

        created_at = self.created_at

        expires_at = self.expires_at

        pay_url: None | str
        pay_url = self.pay_url

        status_url: None | str
        status_url = self.status_url

        cancellable = self.cancellable

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "order_id": order_id,
                "domain": domain,
                "operation": operation,
                "payment_method": payment_method,
                "actor_account_id": actor_account_id,
                "created_at": created_at,
                "expires_at": expires_at,
                "pay_url": pay_url,
                "status_url": status_url,
                "cancellable": cancellable,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        order_id = d.pop("order_id")

        domain = d.pop("domain")

        operation = d.pop("operation")

        payment_method = d.pop("payment_method")

        actor_account_id = d.pop("actor_account_id")

        created_at = d.pop("created_at")

        expires_at = d.pop("expires_at")

        def _parse_pay_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        pay_url = _parse_pay_url(d.pop("pay_url"))

        def _parse_status_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        status_url = _parse_status_url(d.pop("status_url"))

        cancellable = d.pop("cancellable")

        list_open_checkouts_response_200_data_item = cls(
            order_id=order_id,
            domain=domain,
            operation=operation,
            payment_method=payment_method,
            actor_account_id=actor_account_id,
            created_at=created_at,
            expires_at=expires_at,
            pay_url=pay_url,
            status_url=status_url,
            cancellable=cancellable,
        )

        return list_open_checkouts_response_200_data_item
