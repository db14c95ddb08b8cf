from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.rotate_webhook_secret_response_200_status import RotateWebhookSecretResponse200Status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rotate_webhook_secret_response_200_subscription import RotateWebhookSecretResponse200Subscription


T = TypeVar("T", bound="RotateWebhookSecretResponse200")


@_attrs_define
class RotateWebhookSecretResponse200:
    """
    Attributes:
        status (RotateWebhookSecretResponse200Status):
        subscription (RotateWebhookSecretResponse200Subscription):
        secret (str | Unset): Only when the service generated it: shown this once
    """

    status: RotateWebhookSecretResponse200Status
    subscription: RotateWebhookSecretResponse200Subscription
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
        from ..models.rotate_webhook_secret_response_200_subscription import RotateWebhookSecretResponse200Subscription  # noqa: PLC0415

        d = dict(src_dict)
        status = RotateWebhookSecretResponse200Status(d.pop("status"))

        subscription = RotateWebhookSecretResponse200Subscription.from_dict(d.pop("subscription"))

        secret = d.pop("secret", UNSET)

        rotate_webhook_secret_response_200 = cls(
            status=status,
            subscription=subscription,
            secret=secret,
        )

        return rotate_webhook_secret_response_200
