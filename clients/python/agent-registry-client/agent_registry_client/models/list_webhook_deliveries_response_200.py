from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.list_webhook_deliveries_response_200_status import ListWebhookDeliveriesResponse200Status

if TYPE_CHECKING:
    from ..models.list_webhook_deliveries_response_200_attempts_item import ListWebhookDeliveriesResponse200AttemptsItem


T = TypeVar("T", bound="ListWebhookDeliveriesResponse200")


@_attrs_define
class ListWebhookDeliveriesResponse200:
    """
    Attributes:
        status (ListWebhookDeliveriesResponse200Status):
        attempts (list[ListWebhookDeliveriesResponse200AttemptsItem]): Newest first
        next_ (None | str): Pass as `before` for the next page; null on the last
    """

    status: ListWebhookDeliveriesResponse200Status
    attempts: list[ListWebhookDeliveriesResponse200AttemptsItem]
    next_: None | str

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        attempts = []
        for attempts_item_data in self.attempts:
            attempts_item = attempts_item_data.to_dict()
            attempts.append(attempts_item)

        next_: None | str
        next_ = self.next_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "attempts": attempts,
                "next": next_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.list_webhook_deliveries_response_200_attempts_item import (
            ListWebhookDeliveriesResponse200AttemptsItem,  # noqa: PLC0415
        )

        d = dict(src_dict)
        status = ListWebhookDeliveriesResponse200Status(d.pop("status"))

        attempts = []
        _attempts = d.pop("attempts")
        for attempts_item_data in _attempts:
            attempts_item = ListWebhookDeliveriesResponse200AttemptsItem.from_dict(attempts_item_data)

            attempts.append(attempts_item)

        def _parse_next_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_ = _parse_next_(d.pop("next"))

        list_webhook_deliveries_response_200 = cls(
            status=status,
            attempts=attempts,
            next_=next_,
        )

        return list_webhook_deliveries_response_200
