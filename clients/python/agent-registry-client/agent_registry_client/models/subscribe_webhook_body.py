from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.subscribe_webhook_body_events_item import SubscribeWebhookBodyEventsItem
from ..types import UNSET, Unset

T = TypeVar("T", bound="SubscribeWebhookBody")


@_attrs_define
class SubscribeWebhookBody:
    """
    Attributes:
        target_url (str): https URL receiving the events (public addresses only)
        events (list[SubscribeWebhookBodyEventsItem]):
        secret (str | Unset): Shared HMAC secret; omit it and one is generated and shown once
    """

    target_url: str
    events: list[SubscribeWebhookBodyEventsItem]
    secret: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        target_url = self.target_url

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.value
            events.append(events_item)

        secret = self.secret

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "target_url": target_url,
                "events": events,
            }
        )
        if secret is not UNSET:
            field_dict["secret"] = secret

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        target_url = d.pop("target_url")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = SubscribeWebhookBodyEventsItem(events_item_data)

            events.append(events_item)

        secret = d.pop("secret", UNSET)

        subscribe_webhook_body = cls(
            target_url=target_url,
            events=events,
            secret=secret,
        )

        subscribe_webhook_body.additional_properties = d
        return subscribe_webhook_body

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
