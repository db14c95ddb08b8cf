from enum import StrEnum


class RotateWebhookSecretResponse200SubscriptionStatus(StrEnum):
    ACTIVE = "active"
    DISABLED = "disabled"

    def __str__(self) -> str:
        return str(self.value)
