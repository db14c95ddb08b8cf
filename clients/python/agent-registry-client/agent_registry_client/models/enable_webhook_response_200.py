from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.enable_webhook_response_200_status import EnableWebhookResponse200Status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.enable_webhook_response_200_subscription import EnableWebhookResponse200Subscription


T = TypeVar("T", bound="EnableWebhookResponse200")


@_attrs_define
class EnableWebhookResponse200:
    """
    Attributes:
        status (EnableWebhookResponse200Status):
        subscription (EnableWebhookResponse200Subscription):
        secret (str | Unset): Only when the service generated it: shown this once
    """

    status: EnableWebhookResponse200Status
    subscription: EnableWebhookResponse200Subscription
    secret: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        subscription = self.subscription.to_dict()

        secret = self.secret

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "subscription": subscription,
            }
        )
        if secret is not UNSET:
            field_dict["secret"] = secret

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.enable_webhook_response_200_subscription import EnableWebhookResponse200Subscription  # noqa: PLC0415

        d = dict(src_dict)
        status = EnableWebhookResponse200Status(d.pop("status"))

        subscription = EnableWebhookResponse200Subscription.from_dict(d.pop("subscription"))

        secret = d.pop("secret", UNSET)

        enable_webhook_response_200 = cls(
            status=status,
            subscription=subscription,
            secret=secret,
        )

        return enable_webhook_response_200
