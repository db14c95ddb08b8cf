from enum import StrEnum


class SubscribeWebhookResponse200SubscriptionStatus(StrEnum):
    ACTIVE = "active"
    DISABLED = "disabled"

    def __str__(self) -> str:
        return str(self.value)
