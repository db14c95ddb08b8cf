from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.list_webhooks_response_200_status import ListWebhooksResponse200Status

if TYPE_CHECKING:
    from ..models.list_webhooks_response_200_subscriptions_item import ListWebhooksResponse200SubscriptionsItem


T = TypeVar("T", bound="ListWebhooksResponse200")


@_attrs_define
class ListWebhooksResponse200:
    """
    Attributes:
        status (ListWebhooksResponse200Status):
        subscriptions (list[ListWebhooksResponse200SubscriptionsItem]):
    """

    status: ListWebhooksResponse200Status
    subscriptions: list[ListWebhooksResponse200SubscriptionsItem]

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        subscriptions = []
        for subscriptions_item_data in self.subscriptions:
            subscriptions_item = subscriptions_item_data.to_dict()
            subscriptions.append(subscriptions_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "subscriptions": subscriptions,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.list_webhooks_response_200_subscriptions_item import ListWebhooksResponse200SubscriptionsItem  # noqa: PLC0415

        d = dict(src_dict)
        status = ListWebhooksResponse200Status(d.pop("status"))

        subscriptions = []
        _subscriptions = d.pop("subscriptions")
        for subscriptions_item_data in _subscriptions:
            subscriptions_item = ListWebhooksResponse200SubscriptionsItem.from_dict(subscriptions_item_data)

            subscriptions.append(subscriptions_item)

        list_webhooks_response_200 = cls(
            status=status,
            subscriptions=subscriptions,
        )

        return list_webhooks_response_200
