from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.subscribe_webhook_response_200_subscription_status import SubscribeWebhookResponse200SubscriptionStatus

T = TypeVar("T", bound="SubscribeWebhookResponse200Subscription")


@_attrs_define
class SubscribeWebhookResponse200Subscription:
    """
    Attributes:
        subscription_id (str):
        target_url (str):
        events (list[str]):
        status (SubscribeWebhookResponse200SubscriptionStatus):
        disabled_reason (None | str): Why deliveries stopped (410 Gone, or days of failures)
        previous_secret_expires_at (None | str):
        created_at (str):
    """

    subscription_id: str
    target_url: str
    events: list[str]
    status: SubscribeWebhookResponse200SubscriptionStatus
    disabled_reason: None | str
    previous_secret_expires_at: None | str
    created_at: str

    def to_dict(self) -> dict[str, Any]:
        subscription_id = self.subscription_id

        target_url = self.target_url

        events = self.events

        status = self.status.value

        disabled_reason: None | str
        disabled_reason = self.disabled_reason

        previous_secret_expires_at: None | str
        previous_secret_expires_at = self.previous_secret_expires_at

        created_at = self.created_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "subscription_id": subscription_id,
                "target_url": target_url,
                "events": events,
                "status": status,
                "disabled_reason": disabled_reason,
                "previous_secret_expires_at": previous_secret_expires_at,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        subscription_id = d.pop("subscription_id")

        target_url = d.pop("target_url")

        events = cast(list[str], d.pop("events"))

        status = SubscribeWebhookResponse200SubscriptionStatus(d.pop("status"))

        def _parse_disabled_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabled_reason"))

        def _parse_previous_secret_expires_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        previous_secret_expires_at = _parse_previous_secret_expires_at(d.pop("previous_secret_expires_at"))

        created_at = d.pop("created_at")

        subscribe_webhook_response_200_subscription = cls(
            subscription_id=subscription_id,
            target_url=target_url,
            events=events,
            status=status,
            disabled_reason=disabled_reason,
            previous_secret_expires_at=previous_secret_expires_at,
            created_at=created_at,
        )

        return subscribe_webhook_response_200_subscription
